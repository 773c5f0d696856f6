import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type Konva from 'konva';
import { Group, Image as KonvaImage, Layer, Rect, Stage, Text as KonvaText, Transformer } from 'react-konva';
import { useActorRef, useSelector } from '@xstate/react';
import { layoutCanvasMachine, type CanvasScene } from '../../machines/layouts/layoutCanvas.machine.ts';
import type { Rect as ZoneRect, ZoneDraft } from '../../machines/layouts/layoutGeometry.ts';
import { othersOf } from '../../machines/layouts/layoutEditor.selectors.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ThemeContext } from '../app/actors.ts';
import { getMediaPreview } from '../../services/media.service.ts';
import { tokenValue } from '../navigation/useFetch.ts';

/** Fluent tokens (`var(--colorX)`), resolved against the canvas's own element (the theme it sits in). */
export interface CanvasColors {
  background: string;
  zone: string;
  selected: string;
  stroke: string;
  text: string;
}

export interface LayoutCanvasProps {
  width: number;
  height: number;
  /** The zones in drawing order (lowest z first). */
  zones: ZoneDraft[];
  selected: string | null;
  grid: boolean;
  readOnly: boolean;
  colors: CanvasColors;
  /** The canvas's accessible name (what it is and which keys work). */
  label: string;
  describedBy: string;
  /** Each zone's label on the canvas (its name and content). */
  caption: (zone: ZoneDraft) => string;
  /** The media file whose preview fills a zone (its content's first item), if any. */
  previewOf: (zone: ZoneDraft) => number | null;
  onSelect: (key: string | null) => void;
  onDraw: (rect: ZoneRect) => void;
  onPlace: (key: string, rect: ZoneRect) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>, gesture: boolean) => void;
  /** The canvas machine's Escape: a gesture under way goes back to where it began. */
  cancelRef: { current: (() => boolean) | null };
}

/** Preview pictures already fetched (with the JWT), by media id: a file shown by several zones is fetched once. */
const pictures = new Map<number, Promise<HTMLImageElement | null>>();

function pictureOf(mediaId: number): Promise<HTMLImageElement | null> {
  let picture = pictures.get(mediaId);
  if (!picture) {
    picture = getMediaPreview(mediaId).then(
      (blob) =>
        new Promise<HTMLImageElement | null>((resolve) => {
          const image = new window.Image();
          image.onload = () => resolve(image);
          image.onerror = () => resolve(null);
          image.src = URL.createObjectURL(blob);
        }),
      () => null,
    );
    pictures.set(mediaId, picture);
  }
  return picture;
}

/** The preview pictures of these media ids, as they arrive (a missing one is simply not drawn). */
function usePictures(ids: readonly number[]): Map<number, HTMLImageElement> {
  const [loaded, setLoaded] = useState(() => new Map<number, HTMLImageElement>());
  const wanted = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    let live = true;
    for (const id of wanted ? wanted.split(',').map(Number) : []) {
      void pictureOf(id).then((image) => {
        if (live && image) setLoaded((known) => (known.get(id) === image ? known : new Map(known).set(id, image)));
      });
    }
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

/** The part of a picture that covers a zone without distortion (centred, as CSS object-fit: cover). */
function coverCrop(image: HTMLImageElement, width: number, height: number) {
  const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const cropWidth = width / scale;
  const cropHeight = height / scale;
  return { x: (image.naturalWidth - cropWidth) / 2, y: (image.naturalHeight - cropHeight) / 2, width: cropWidth, height: cropHeight };
}

/** How tall the canvas may be (CSS px): a vertical layout stays on screen. */
const MAX_HEIGHT = 560;

/**
 * The layout on a Konva stage scaled to the width available, zones as rectangles in drawing order, the selected one
 * with Konva's Transformer for its handles. Pointer and Transformer input become events of the canvas machine
 * (layoutCanvas.machine.ts: drawing, moving, resizing, with snapping); its outcomes reach the editor through the
 * callbacks. Konva only draws.
 */
export function LayoutCanvas(props: LayoutCanvasProps) {
  const { width, height, zones, selected, grid, readOnly, colors, label, describedBy, caption, previewOf, onKey, cancelRef } = props;
  const container = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(320);
  const callbacks = useRef(props);
  callbacks.current = props;
  const logic = useMemo(
    () =>
      layoutCanvasMachine.provide({
        actions: {
          zoneDrawn: (_, { rect }) => callbacks.current.onDraw(rect),
          zonePlaced: (_, { key, rect }) => callbacks.current.onPlace(key, rect),
          canvasClicked: () => callbacks.current.onSelect(null),
        },
      }),
    [],
  );
  const tool = useActorRef(logic);
  const drawing = useSelector(tool, (s) => (s.matches('drawing') ? s.context.preview : null));
  const nodes = useRef(new Map<string, Konva.Group>());
  const images = usePictures(zones.map(previewOf).filter((id): id is number => id !== null));
  const transformer = useRef<Konva.Transformer>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setBoxWidth(Math.max(160, Math.floor(element.clientWidth))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Konva paints with values, not CSS variables: the tokens are read in the theme around the canvas once it is in the
  // page, and again after every change of theme (the provider's variables are in place by then).
  const theme = ThemeContext.useSelector(selectTheme);
  const [color, setColor] = useState<CanvasColors>(colors);
  useLayoutEffect(() => {
    setColor(Object.fromEntries(Object.entries(colors).map(([name, token]) => [name, tokenValue(container.current, token)])) as unknown as CanvasColors);
  }, [theme, colors]);
  const scale = Math.min(boxWidth / width, MAX_HEIGHT / height);
  const stageWidth = Math.round(width * scale);
  const stageHeight = Math.round(height * scale);
  const zonesRef = useRef(zones);
  zonesRef.current = zones;
  const scene = (key: string | null): CanvasScene => ({ canvas: { width, height }, others: othersOf(zonesRef.current, key), grid });

  useEffect(() => {
    const node = selected ? nodes.current.get(selected) : undefined;
    transformer.current?.nodes(node && !readOnly ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [selected, zones, readOnly]);

  /** Puts each zone's node back where the editor has it (after a cancelled gesture or a snapped resize). */
  const resetNodes = () => {
    for (const zone of zonesRef.current) {
      const node = nodes.current.get(zone.key);
      if (!node) continue;
      node.stopDrag();
      node.setAttrs({ x: zone.x, y: zone.y, scaleX: 1, scaleY: 1 });
      node.findOne('Rect')?.setAttrs({ width: zone.width, height: zone.height });
    }
    transformer.current?.forceUpdate();
    transformer.current?.getLayer()?.batchDraw();
  };

  cancelRef.current = () => {
    if (!tool.getSnapshot().hasTag('gesture') && !tool.getSnapshot().matches('pointing')) return false;
    tool.send({ type: 'gesture.cancel' });
    resetNodes();
    return true;
  };

  const pointer = (stage: Konva.Stage | null) => {
    const at = stage?.getPointerPosition();
    return at ? { x: at.x / scale, y: at.y / scale } : null;
  };

  return (
    <div
      ref={container}
      tabIndex={0}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      onKeyDown={(event) => onKey(event, tool.getSnapshot().hasTag('gesture'))}
      style={{ width: '100%', outlineOffset: 2 }}
    >
      <Stage
        width={stageWidth}
        height={stageHeight}
        scaleX={scale}
        scaleY={scale}
        onMouseMove={(event) => {
          const at = pointer(event.target.getStage());
          if (at) tool.send({ type: 'pointer.move', ...at });
        }}
        onTouchMove={(event) => {
          const at = pointer(event.target.getStage());
          if (at) tool.send({ type: 'pointer.move', ...at });
        }}
        onMouseUp={() => tool.send({ type: 'pointer.up' })}
        onTouchEnd={() => tool.send({ type: 'pointer.up' })}
      >
        <Layer>
          <Rect
            name="background"
            width={width}
            height={height}
            fill={color.background}
            onMouseDown={(event) => {
              const at = pointer(event.target.getStage());
              if (at && !readOnly) tool.send({ type: 'pointer.down', ...at, scene: scene(null) });
              else callbacks.current.onSelect(null);
            }}
            onTouchStart={(event) => {
              const at = pointer(event.target.getStage());
              if (at && !readOnly) tool.send({ type: 'pointer.down', ...at, scene: scene(null) });
            }}
          />
          {zones.map((zone) => (
            <Group
              key={zone.key}
              ref={(node) => {
                if (node) nodes.current.set(zone.key, node);
                else nodes.current.delete(zone.key);
              }}
              x={zone.x}
              y={zone.y}
              draggable={!readOnly}
              onMouseDown={() => callbacks.current.onSelect(zone.key)}
              onTouchStart={() => callbacks.current.onSelect(zone.key)}
              onDragStart={() => tool.send({ type: 'drag.start', key: zone.key, rect: zone, scene: scene(zone.key) })}
              dragBoundFunc={(position) => {
                const snapshot = tool.getSnapshot();
                if (!snapshot.matches('translating')) return position;
                tool.send({ type: 'drag.move', rect: { x: position.x / scale, y: position.y / scale, width: zone.width, height: zone.height } });
                const preview = tool.getSnapshot().context.preview!;
                return { x: preview.x * scale, y: preview.y * scale };
              }}
              onDragEnd={() => tool.send({ type: 'drag.end' })}
              onTransformStart={() => tool.send({ type: 'resize.start', key: zone.key, rect: zone, scene: scene(zone.key) })}
              onTransformEnd={() => {
                const preview = tool.getSnapshot().context.preview;
                tool.send({ type: 'resize.end' });
                if (preview) {
                  const node = nodes.current.get(zone.key);
                  node?.setAttrs({ x: preview.x, y: preview.y, scaleX: 1, scaleY: 1 });
                  node?.findOne('Rect')?.setAttrs({ width: preview.width, height: preview.height });
                }
              }}
            >
              {(() => {
                const media = previewOf(zone);
                const image = media === null ? undefined : images.get(media);
                return image ? <KonvaImage image={image} width={zone.width} height={zone.height} crop={coverCrop(image, zone.width, zone.height)} listening={false} /> : null;
              })()}
              <Rect
                width={zone.width}
                height={zone.height}
                fill={zone.key === selected ? color.selected : color.zone}
                stroke={color.stroke}
                strokeWidth={(zone.key === selected ? 3 : 1) / scale}
                opacity={previewOf(zone) === null ? 0.85 : 0.3}
              />
              <KonvaText text={caption(zone)} x={8 / scale} y={6 / scale} fontSize={12 / scale} fill={color.text} listening={false} />
            </Group>
          ))}
          {drawing ? <Rect {...drawing} stroke={color.stroke} strokeWidth={1 / scale} dash={[4 / scale, 4 / scale]} listening={false} /> : null}
          <Transformer
            ref={transformer}
            rotateEnabled={false}
            keepRatio={false}
            ignoreStroke
            flipEnabled={false}
            boundBoxFunc={(old, box) => {
              if (!tool.getSnapshot().matches('resizing')) return old;
              tool.send({ type: 'resize.move', rect: { x: box.x / scale, y: box.y / scale, width: box.width / scale, height: box.height / scale } });
              const preview = tool.getSnapshot().context.preview!;
              return { x: preview.x * scale, y: preview.y * scale, width: preview.width * scale, height: preview.height * scale, rotation: 0 };
            }}
          />
        </Layer>
      </Stage>
    </div>
  );
}
