import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import type Konva from 'konva';
import { Image as KonvaImage, Layer, Shape, Stage } from 'react-konva';
import { useTranslation } from '../../i18n.ts';
import type { MarkerKind } from '../../services/schemas/navigation.ts';
import { useLayoutStageStyles } from './Navigation.styles.ts';
import { useMarkerIcons } from './markerIcons.ts';

export interface StageMarker {
  id: number;
  kind: MarkerKind;
  x: number;
  y: number;
  /** A colour (#rrggbb) or a resolved token value. */
  color: string;
  draggable?: boolean;
  selected?: boolean;
}

export interface LayoutStageProps {
  image: HTMLImageElement | null;
  markers: StageMarker[];
  /** Placement mode: the cursor is a crosshair and a click on the layout reports where, also over a marker (markers take no clicks or drags then). */
  crosshair?: boolean;
  label: string;
  onLayoutClick?: (x: number, y: number) => void;
  onMarkerClick?: (id: number) => void;
  onMarkerDrag?: (id: number, x: number, y: number) => void;
  onKey?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

const MARKER_RADIUS = 14;
const ICON_SIZE = 18;
/** A marker's bitmap: the circle with its widest (selected) stroke and a pixel of margin. */
const SPRITE_SIZE = 2 * (MARKER_RADIUS + 3);
const MIN_SCALE = 0.05;
const MAX_SCALE = 20;
const STAGE_HEIGHT = 480;
/** Pointer travel (px) below which a press and release is a click rather than a drag or a pan. */
const CLICK_SLOP = 3;

type Icons = Partial<Record<MarkerKind, HTMLImageElement>>;

/**
 * Each marker look (kind, colour, selected) drawn once into a small canvas at the device's pixel ratio; the stage then
 * draws every marker as one drawImage of its look (no per-marker Konva node, path or SVG rasterisation per frame).
 */
function spriteOf(cache: Map<string, HTMLCanvasElement>, marker: StageMarker, icons: Icons, ratio: number): HTMLCanvasElement {
  const key = `${marker.kind}|${marker.color}|${marker.selected ? 1 : 0}`;
  let sprite = cache.get(key);
  if (sprite) return sprite;
  sprite = document.createElement('canvas');
  sprite.width = sprite.height = Math.ceil(SPRITE_SIZE * ratio);
  const context = sprite.getContext('2d')!;
  context.scale(ratio, ratio);
  context.translate(SPRITE_SIZE / 2, SPRITE_SIZE / 2);
  context.beginPath();
  context.arc(0, 0, MARKER_RADIUS, 0, Math.PI * 2);
  context.fillStyle = marker.color;
  context.fill();
  context.lineWidth = marker.selected ? 4 : 1.5;
  context.strokeStyle = marker.selected ? '#ffffff' : 'rgba(0,0,0,0.45)';
  context.stroke();
  const icon = icons[marker.kind];
  if (icon) context.drawImage(icon, -ICON_SIZE / 2, -ICON_SIZE / 2, ICON_SIZE, ICON_SIZE);
  cache.set(key, sprite);
  return sprite;
}

type Gesture =
  | { kind: 'press'; pointer: number; startX: number; startY: number; marker: StageMarker | null; moved: boolean }
  | { kind: 'pan'; pointer: number; startX: number; startY: number; stageX: number; stageY: number }
  | { kind: 'drag'; pointer: number; startX: number; startY: number; marker: StageMarker };

/**
 * The layout on a Konva stage with its markers. Konva only draws: the layout is one image node and all markers are one
 * shape whose scene function draws each marker's pre-rendered bitmap at a fixed size on screen (markers outside the view
 * are skipped). Nothing listens on the canvas (no hit graph is drawn): pointer input on the container is hit-tested
 * against the markers' screen positions, and zoom (wheel, buttons, pinch) and pan (drag the background) move and scale
 * the stage node itself, redrawn once per frame (batchDraw), without rendering React. Pointer and keyboard input
 * become the callbacks (the screens turn them into machine events) and nothing more.
 */
export function LayoutStage({ image, markers, crosshair, label, onLayoutClick, onMarkerClick, onMarkerDrag, onKey }: LayoutStageProps) {
  const { t } = useTranslation('navigation');
  const styles = useLayoutStageStyles();
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const markerLayer = useRef<Konva.Layer>(null);
  const icons = useMarkerIcons();
  const [width, setWidth] = useState(320);
  const width0 = image?.naturalWidth || image?.width || 1;
  const height0 = image?.naturalHeight || image?.height || 1;

  // What the scene function and the pointer handlers read: refs, so that a pan or a zoom renders no React.
  const sprites = useRef(new Map<string, HTMLCanvasElement>());
  const markersRef = useRef(markers);
  const sizeRef = useRef({ width0, height0, width, image: !!image });
  const gesture = useRef<Gesture | null>(null);
  /** Where a dragged marker is (fractions) until the screen's next markers arrive. */
  const dragged = useRef<{ id: number; x: number; y: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<number | null>(null);
  const callbacks = useRef({ onLayoutClick, onMarkerClick, onMarkerDrag, crosshair });
  callbacks.current = { onLayoutClick, onMarkerClick, onMarkerDrag, crosshair };
  sizeRef.current = { width0, height0, width, image: !!image };

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, Math.floor(element.clientWidth))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** Publishes the transform (the browser tests find layout points with it) and asks for one redraw on the next frame. */
  const redraw = useCallback(() => {
    const node = stage.current;
    const element = container.current;
    if (!node || !element) return;
    element.dataset.scale = String(node.scaleX());
    element.dataset.offsetX = String(node.x());
    element.dataset.offsetY = String(node.y());
    node.batchDraw();
  }, []);

  useEffect(() => {
    sprites.current.clear();
    markerLayer.current?.batchDraw();
  }, [icons]);

  useEffect(() => {
    markersRef.current = markers;
    dragged.current = null;
    markerLayer.current?.batchDraw();
  }, [markers]);

  const fit = useCallback(() => {
    const node = stage.current;
    if (!node) return;
    const scale = Math.min(width / width0, STAGE_HEIGHT / height0);
    node.scale({ x: scale, y: scale });
    node.position({ x: (width - width0 * scale) / 2, y: (STAGE_HEIGHT - height0 * scale) / 2 });
    if (container.current) {
      container.current.dataset.layoutWidth = String(width0);
      container.current.dataset.layoutHeight = String(height0);
    }
    redraw();
  }, [width, width0, height0, redraw]);

  useEffect(fit, [fit, image]);

  const zoomAt = useCallback(
    (factor: number, center?: { x: number; y: number }) => {
      const node = stage.current;
      if (!node) return;
      const old = node.scaleX();
      const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, old * factor));
      const point = center ?? { x: sizeRef.current.width / 2, y: STAGE_HEIGHT / 2 };
      const anchor = { x: (point.x - node.x()) / old, y: (point.y - node.y()) / old };
      node.scale({ x: scale, y: scale });
      node.position({ x: point.x - anchor.x * scale, y: point.y - anchor.y * scale });
      redraw();
    },
    [redraw],
  );

  /** Draws every marker (the dragged one where it is, selected and dragged ones on top) at its screen position. */
  const drawMarkers = useCallback(
    (context: Konva.Context) => {
      const node = stage.current;
      const element = container.current;
      if (!node) return;
      const native = context._context;
      const ratio = context.canvas.getPixelRatio();
      const { width0: w, height0: h, width: viewWidth, image: hasImage } = sizeRef.current;
      const scale = node.scaleX();
      const ox = node.x();
      const oy = node.y();
      const all = markersRef.current;
      const drag = dragged.current;
      const half = SPRITE_SIZE / 2;
      native.save();
      native.setTransform(ratio, 0, 0, ratio, 0, 0);
      const top: StageMarker[] = [];
      const draw = (marker: StageMarker) => {
        const fx = drag && drag.id === marker.id ? drag.x : marker.x;
        const fy = drag && drag.id === marker.id ? drag.y : marker.y;
        const sx = Math.round(ox + fx * w * scale - half);
        const sy = Math.round(oy + fy * h * scale - half);
        if (sx < -SPRITE_SIZE || sy < -SPRITE_SIZE || sx > viewWidth || sy > STAGE_HEIGHT) return;
        native.drawImage(spriteOf(sprites.current, marker, icons, ratio), sx, sy, SPRITE_SIZE, SPRITE_SIZE);
      };
      for (const marker of all) {
        if (marker.selected || (drag && drag.id === marker.id)) top.push(marker);
        else draw(marker);
      }
      for (const marker of top) draw(marker);
      native.restore();
      // Published once drawn, so "every marker is on the canvas" can be observed (the bench's first render).
      if (element && hasImage && element.dataset.markers !== String(all.length)) element.dataset.markers = String(all.length);
    },
    [icons],
  );

  /** The topmost marker under a point of the container (px), by the markers' screen positions. */
  const markerAt = (px: number, py: number): StageMarker | null => {
    const node = stage.current;
    if (!node) return null;
    const { width0: w, height0: h } = sizeRef.current;
    const scale = node.scaleX();
    const all = markersRef.current;
    const reach = (MARKER_RADIUS + 2) ** 2;
    let found: StageMarker | null = null;
    for (const marker of all) {
      const dx = node.x() + marker.x * w * scale - px;
      const dy = node.y() + marker.y * h * scale - py;
      if (dx * dx + dy * dy <= reach && (!found || marker.selected || !found.selected)) found = marker;
    }
    return found;
  };

  const localPoint = (event: { clientX: number; clientY: number }) => {
    const rect = container.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const toLayout = (point: { x: number; y: number }) => {
    const node = stage.current!;
    const { width0: w, height0: h } = sizeRef.current;
    return { x: (point.x - node.x()) / node.scaleX() / w, y: (point.y - node.y()) / node.scaleY() / h };
  };

  const cursorFor = (marker: StageMarker | null) =>
    callbacks.current.crosshair ? 'crosshair' : marker?.draggable ? 'move' : marker && callbacks.current.onMarkerClick ? 'pointer' : 'grab';

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !stage.current) return;
    const point = localPoint(event);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size > 1) {
      gesture.current = null;
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // While placing, a click on a marker is a click on the layout under it: the new marker goes there.
    const marker = callbacks.current.crosshair ? null : markerAt(point.x, point.y);
    gesture.current = { kind: 'press', pointer: event.pointerId, startX: point.x, startY: point.y, marker, moved: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const node = stage.current;
    const element = container.current;
    if (!node || !element) return;
    const point = localPoint(event);
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (pinch.current) zoomAt(distance / pinch.current, { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 });
      pinch.current = distance;
      return;
    }
    const current = gesture.current;
    if (!current) {
      const cursor = cursorFor(markerAt(point.x, point.y));
      if (element.style.cursor !== cursor) element.style.cursor = cursor;
      return;
    }
    if (current.pointer !== event.pointerId) return;
    const dx = point.x - current.startX;
    const dy = point.y - current.startY;
    if (current.kind === 'press') {
      if (Math.hypot(dx, dy) < CLICK_SLOP) return;
      if (current.marker?.draggable) gesture.current = { kind: 'drag', pointer: current.pointer, startX: current.startX, startY: current.startY, marker: current.marker };
      else if (!callbacks.current.crosshair) gesture.current = { kind: 'pan', pointer: current.pointer, startX: current.startX, startY: current.startY, stageX: node.x(), stageY: node.y() };
      else {
        current.moved = true;
        return;
      }
    }
    const active = gesture.current!;
    if (active.kind === 'pan') {
      node.position({ x: active.stageX + dx, y: active.stageY + dy });
      redraw();
    } else if (active.kind === 'drag') {
      const { width0: w, height0: h } = sizeRef.current;
      const scale = node.scaleX();
      dragged.current = { id: active.marker.id, x: active.marker.x + dx / scale / w, y: active.marker.y + dy / scale / h };
      markerLayer.current?.batchDraw();
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    const current = gesture.current;
    if (!current || current.pointer !== event.pointerId) return;
    gesture.current = null;
    const { onLayoutClick: layoutClick, onMarkerClick: markerClick, onMarkerDrag: markerDrag } = callbacks.current;
    if (current.kind === 'drag') {
      const at = dragged.current;
      if (at && markerDrag) markerDrag(at.id, at.x, at.y);
      else dragged.current = null;
      return;
    }
    if (current.kind !== 'press' || current.moved) return;
    if (current.marker) markerClick?.(current.marker.id);
    else if (layoutClick) {
      const at = toLayout(localPoint(event));
      layoutClick(at.x, at.y);
    }
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    pinch.current = null;
    gesture.current = null;
    dragged.current = null;
    markerLayer.current?.batchDraw();
  };

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomAt(event.deltaY < 0 ? 1.1 : 1 / 1.1, localPoint(event));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('stage.zoom')}>
        <Button icon={<ZoomInRegular />} aria-label={t('stage.zoomIn')} onClick={() => zoomAt(1.25)} />
        <Button icon={<ZoomOutRegular />} aria-label={t('stage.zoomOut')} onClick={() => zoomAt(0.8)} />
        <Button icon={<ArrowMaximizeRegular />} aria-label={t('stage.fit')} onClick={fit} />
      </div>
      <div
        ref={container}
        className={styles.canvas}
        style={{ cursor: crosshair ? 'crosshair' : 'grab', background: tokens.colorNeutralBackground3, touchAction: 'none' }}
        role="application"
        aria-label={label}
        tabIndex={0}
        data-testid="layout-stage"
        data-placing={crosshair ? 'true' : 'false'}
        onKeyDown={onKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <Stage ref={stage} width={width} height={STAGE_HEIGHT} listening={false}>
          <Layer listening={false}>{image ? <KonvaImage image={image} width={width0} height={height0} listening={false} perfectDrawEnabled={false} /> : null}</Layer>
          <Layer ref={markerLayer} listening={false}>
            <Shape sceneFunc={drawMarkers} listening={false} perfectDrawEnabled={false} shadowForStrokeEnabled={false} />
          </Layer>
        </Stage>
      </div>
    </div>
  );
}
