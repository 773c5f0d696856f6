import { layoutSize, templateZones, type LayoutPosition, type LayoutTemplate } from '../../machines/layouts/layoutTemplates.ts';
import { useLayoutsStyles } from './Layouts.styles.ts';

const pct = (part: number, whole: number) => `${(part / whole) * 100}%`;

/** A small drawing of a template's zones at the layout's aspect ratio (decorative: the radio's label names it). */
export function TemplateSketch({ template, position }: { template: LayoutTemplate; position: LayoutPosition }) {
  const styles = useLayoutsStyles();
  const size = layoutSize(position);
  const width = position === 'horizontal' ? 96 : 40;
  return (
    <span aria-hidden className={styles.sketch} style={{ width, aspectRatio: `${size.width} / ${size.height}` }}>
      {templateZones(template, size).map((zone, i) => (
        <span
          key={i}
          className={styles.sketchZone}
          style={{ left: pct(zone.x, size.width), top: pct(zone.y, size.height), width: pct(zone.width, size.width), height: pct(zone.height, size.height) }}
        />
      ))}
    </span>
  );
}
