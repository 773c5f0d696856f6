import { GRID_STEP, type Rect, type Size } from './layoutGeometry.ts';

/** The screen positions a layout is made for (a layout has a size, so never "unknown"). */
export const LAYOUT_POSITIONS = ['horizontal', 'vertical'] as const;
export type LayoutPosition = (typeof LAYOUT_POSITIONS)[number];

export const LAYOUT_TEMPLATES = ['empty', 'full', 'mainSide', 'mainTicker', 'mainSideTicker', 'grid'] as const;
export type LayoutTemplate = (typeof LAYOUT_TEMPLATES)[number];

/** The role of a template's zone: its default name is `templates.zones.<role>` in the layouts namespace. */
export type ZoneRole = 'main' | 'side' | 'ticker' | 'cell';

export interface TemplateZone extends Rect {
  role: ZoneRole;
  /** The cell's number in a grid (1..4), for its name. */
  index?: number;
}

/** A layout's size by screen position (issue 36: 1920 x 1080 horizontal, 1080 x 1920 vertical). */
export function layoutSize(position: LayoutPosition): Size {
  return position === 'horizontal' ? { width: 1920, height: 1080 } : { width: 1080, height: 1920 };
}

const onGrid = (value: number) => Math.round(value / GRID_STEP) * GRID_STEP;

/**
 * A template's zones for a canvas. Horizontal: the side panel is a quarter of the width on the right, the ticker a
 * ninth of the height along the bottom. Vertical: the "side" panel sits under the main zone (a third of the height
 * above the ticker), the ticker a twelfth of the height. Every edge lies on the 8 px grid.
 */
export function templateZones(template: LayoutTemplate, size: Size): TemplateZone[] {
  const { width, height } = size;
  const horizontal = width >= height;
  const ticker = onGrid(horizontal ? height / 9 : height / 12);
  const full = (role: ZoneRole, rect: Rect): TemplateZone => ({ role, ...rect });
  switch (template) {
    case 'empty':
      return [];
    case 'full':
      return [full('main', { x: 0, y: 0, width, height })];
    case 'mainSide': {
      if (horizontal) {
        const side = onGrid(width / 4);
        return [full('main', { x: 0, y: 0, width: width - side, height }), full('side', { x: width - side, y: 0, width: side, height })];
      }
      const side = onGrid(height / 3);
      return [full('main', { x: 0, y: 0, width, height: height - side }), full('side', { x: 0, y: height - side, width, height: side })];
    }
    case 'mainTicker':
      return [full('main', { x: 0, y: 0, width, height: height - ticker }), full('ticker', { x: 0, y: height - ticker, width, height: ticker })];
    case 'mainSideTicker': {
      const above = height - ticker;
      if (horizontal) {
        const side = onGrid(width / 4);
        return [
          full('main', { x: 0, y: 0, width: width - side, height: above }),
          full('side', { x: width - side, y: 0, width: side, height: above }),
          full('ticker', { x: 0, y: above, width, height: ticker }),
        ];
      }
      const side = onGrid(above / 3);
      return [
        full('main', { x: 0, y: 0, width, height: above - side }),
        full('side', { x: 0, y: above - side, width, height: side }),
        full('ticker', { x: 0, y: above, width, height: ticker }),
      ];
    }
    case 'grid': {
      const half = { width: onGrid(width / 2), height: onGrid(height / 2) };
      return [0, 1, 2, 3].map((i) => ({
        role: 'cell' as const,
        index: i + 1,
        x: i % 2 === 0 ? 0 : half.width,
        y: i < 2 ? 0 : half.height,
        width: i % 2 === 0 ? half.width : width - half.width,
        height: i < 2 ? half.height : height - half.height,
      }));
    }
  }
}
