import { useEffect, useRef } from 'react';
import type Konva from 'konva';
import { Layer, Rect, Stage, Text as KonvaText, Transformer } from 'react-konva';
import { useTranslation } from '../../i18n.ts';
import type { Placeholder } from '../../services/schemas/navigation.ts';

const WIDTH = 256;
const HEIGHT = 144;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * The screen (16:9) with the media placeholder drawn as a rectangle to drag and resize: where the player keeps
 * showing its scheduled content beside the map. Changes are reported as fractions of the screen. `readOnly` (a user
 * who may only view) draws it without the handles and without dragging.
 */
export function PlaceholderEditor({ value, colors, onChange, readOnly = false }: { value: Placeholder; colors: { screen: string; rect: string; text: string }; onChange: (placeholder: Placeholder) => void; readOnly?: boolean }) {
  const { t } = useTranslation('navigation');
  const rect = useRef<Konva.Rect>(null);
  const transformer = useRef<Konva.Transformer>(null);
  useEffect(() => {
    if (rect.current && transformer.current) transformer.current.nodes([rect.current]);
  }, [readOnly]);
  const report = () => {
    const node = rect.current;
    if (!node) return;
    const width = clamp((node.width() * node.scaleX()) / WIDTH);
    const height = clamp((node.height() * node.scaleY()) / HEIGHT);
    node.scale({ x: 1, y: 1 });
    const x = Math.min(clamp(node.x() / WIDTH), clamp(1 - width));
    const y = Math.min(clamp(node.y() / HEIGHT), clamp(1 - height));
    onChange({ x, y, width, height });
  };
  return (
    <div role="img" aria-label={t('placeholder.label', { x: Math.round(value.x * 100), y: Math.round(value.y * 100), width: Math.round(value.width * 100), height: Math.round(value.height * 100) })}>
      <Stage width={WIDTH} height={HEIGHT}>
        <Layer>
          <Rect width={WIDTH} height={HEIGHT} fill={colors.screen} />
          <KonvaText text={t('placeholder.map')} x={8} y={8} fill={colors.text} />
          <Rect
            ref={rect}
            x={value.x * WIDTH}
            y={value.y * HEIGHT}
            width={value.width * WIDTH}
            height={value.height * HEIGHT}
            fill={colors.rect}
            opacity={0.75}
            draggable={!readOnly}
            dragBoundFunc={(pos) => ({ x: Math.min(Math.max(0, pos.x), WIDTH - value.width * WIDTH), y: Math.min(Math.max(0, pos.y), HEIGHT - value.height * HEIGHT) })}
            onDragEnd={report}
            onTransformEnd={report}
          />
          {readOnly ? null : <Transformer ref={transformer} rotateEnabled={false} keepRatio={false} boundBoxFunc={(old, box) => (box.width < 10 || box.height < 10 || box.x < -1 || box.y < -1 || box.x + box.width > WIDTH + 1 || box.y + box.height > HEIGHT + 1 ? old : box)} />}
        </Layer>
      </Stage>
    </div>
  );
}
