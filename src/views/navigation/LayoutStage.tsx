import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import type Konva from 'konva';
import { Circle, Group, Image as KonvaImage, Layer, Stage } from 'react-konva';
import { useTranslation } from 'react-i18next';
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
  /** Placement mode: the cursor is a crosshair and a click on the layout reports where. */
  crosshair?: boolean;
  label: string;
  onLayoutClick?: (x: number, y: number) => void;
  onMarkerClick?: (id: number) => void;
  onMarkerDrag?: (id: number, x: number, y: number) => void;
  onKey?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

const MARKER_RADIUS = 14;
const MIN_SCALE = 0.05;
const MAX_SCALE = 20;
const STAGE_HEIGHT = 480;

const MarkerShape = memo(function MarkerShape({ marker, icon, width, height, onClick, onDrag }: {
  marker: StageMarker;
  icon: HTMLImageElement | undefined;
  width: number;
  height: number;
  onClick?: (id: number) => void;
  onDrag?: (id: number, x: number, y: number) => void;
}) {
  return (
    <Group
      name="marker"
      x={marker.x * width}
      y={marker.y * height}
      draggable={!!marker.draggable}
      onClick={() => onClick?.(marker.id)}
      onTap={() => onClick?.(marker.id)}
      onDragEnd={(event) => onDrag?.(marker.id, event.target.x() / width, event.target.y() / height)}
    >
      <Circle radius={MARKER_RADIUS} fill={marker.color} stroke={marker.selected ? '#ffffff' : 'rgba(0,0,0,0.45)'} strokeWidth={marker.selected ? 4 : 1.5} perfectDrawEnabled={false} />
      {icon ? <KonvaImage image={icon} x={-9} y={-9} width={18} height={18} listening={false} perfectDrawEnabled={false} /> : null}
    </Group>
  );
});

/**
 * The layout on a Konva stage with its markers. Zoom (wheel, buttons, pinch) and pan (drag the background) change the
 * stage imperatively, without rendering React; markers keep their size on screen. Pointer input becomes the callbacks
 * (the screens turn them into machine events) and nothing more.
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
  const pinch = useRef<number | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, Math.floor(element.clientWidth))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const publish = useCallback(() => {
    const node = stage.current;
    if (!node || !container.current) return;
    const scale = node.scaleX();
    container.current.dataset.scale = String(scale);
    container.current.dataset.offsetX = String(node.x());
    container.current.dataset.offsetY = String(node.y());
    container.current.dataset.layoutWidth = String(width0);
    container.current.dataset.layoutHeight = String(height0);
    const groups = markerLayer.current?.getChildren() ?? [];
    for (const group of groups) group.scale({ x: 1 / scale, y: 1 / scale });
    node.batchDraw();
    container.current.dataset.markers = String(groups.length);
  }, [width0, height0]);

  const fit = useCallback(() => {
    const node = stage.current;
    if (!node) return;
    const scale = Math.min(width / width0, STAGE_HEIGHT / height0);
    node.scale({ x: scale, y: scale });
    node.position({ x: (width - width0 * scale) / 2, y: (STAGE_HEIGHT - height0 * scale) / 2 });
    publish();
  }, [width, width0, height0, publish]);

  useEffect(fit, [fit, image]);
  useEffect(publish, [publish, markers]);

  const zoomAt = useCallback(
    (factor: number, center?: { x: number; y: number }) => {
      const node = stage.current;
      if (!node) return;
      const old = node.scaleX();
      const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, old * factor));
      const point = center ?? { x: width / 2, y: STAGE_HEIGHT / 2 };
      const anchor = { x: (point.x - node.x()) / old, y: (point.y - node.y()) / old };
      node.scale({ x: scale, y: scale });
      node.position({ x: point.x - anchor.x * scale, y: point.y - anchor.y * scale });
      publish();
    },
    [width, publish],
  );

  const layoutPoint = () => {
    const node = stage.current;
    const pointer = node?.getPointerPosition();
    if (!node || !pointer) return null;
    return { x: (pointer.x - node.x()) / node.scaleX() / width0, y: (pointer.y - node.y()) / node.scaleY() / height0 };
  };

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
        style={{ cursor: crosshair ? 'crosshair' : 'grab', background: tokens.colorNeutralBackground3 }}
        role="application"
        aria-label={label}
        tabIndex={0}
        data-testid="layout-stage"
        data-placing={crosshair ? 'true' : 'false'}
        onKeyDown={onKey}
      >
        <Stage
          ref={stage}
          width={width}
          height={STAGE_HEIGHT}
          draggable={!crosshair}
          onDragEnd={(event) => event.target === stage.current && publish()}
          onWheel={(event) => {
            event.evt.preventDefault();
            zoomAt(event.evt.deltaY < 0 ? 1.1 : 1 / 1.1, stage.current?.getPointerPosition() ?? undefined);
          }}
          onTouchMove={(event) => {
            const touches = event.evt.touches;
            if (touches.length !== 2) return;
            event.evt.preventDefault();
            const distance = Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
            if (pinch.current) zoomAt(distance / pinch.current);
            pinch.current = distance;
          }}
          onTouchEnd={() => {
            pinch.current = null;
          }}
          onClick={(event) => {
            if (event.target.findAncestor('.marker', true)) return;
            const point = layoutPoint();
            if (point && onLayoutClick) onLayoutClick(point.x, point.y);
          }}
        >
          <Layer listening={false}>{image ? <KonvaImage image={image} width={width0} height={height0} /> : null}</Layer>
          <Layer ref={markerLayer}>
            {markers.map((marker) => (
              <MarkerShape key={marker.id} marker={marker} icon={icons[marker.kind]} width={width0} height={height0} onClick={onMarkerClick} onDrag={onMarkerDrag} />
            ))}
          </Layer>
        </Stage>
      </div>
    </div>
  );
}
