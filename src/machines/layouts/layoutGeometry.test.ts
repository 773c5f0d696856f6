import { describe, expect, it } from 'vitest';
import {
  clampRect,
  fitScale,
  nudgeRect,
  rectFromCorners,
  reorder,
  setRectField,
  snapDrawn,
  snapMove,
  snapResize,
  topFirst,
  zoneAt,
  type Rect,
} from './layoutGeometry.ts';
import { LAYOUT_TEMPLATES, layoutSize, templateZones } from './layoutTemplates.ts';

const HD = { width: 1920, height: 1080 };
const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

describe('clampRect', () => {
  it.each([
    ['inside stays', rect(100, 100, 400, 300), rect(100, 100, 400, 300)],
    ['dragged past the right and bottom edges', rect(1800, 1000, 400, 300), rect(1520, 780, 400, 300)],
    ['dragged past the left and top edges', rect(-50, -10, 400, 300), rect(0, 0, 400, 300)],
    ['below the minimum size', rect(10, 10, 5, 20), rect(10, 10, 32, 32)],
    ['larger than the canvas', rect(0, 0, 4000, 2000), rect(0, 0, 1920, 1080)],
    ['fractions rounded', rect(10.4, 10.6, 100.5, 99.4), rect(10, 11, 101, 99)],
  ])('%s', (_, input, expected) => expect(clampRect(input, HD)).toEqual(expected));
});

describe('snapMove', () => {
  const others = [rect(1440, 0, 480, 960)];
  it.each([
    ['left edge to the grid', rect(103, 205, 200, 100), { grid: true, others: [] }, rect(104, 208, 200, 100)],
    ['grid off: stays where dropped', rect(103, 205, 200, 100), { grid: false, others: [] }, rect(103, 205, 200, 100)],
    ['right edge to another zone\'s left edge', rect(1235, 300, 200, 100), { grid: true, others }, rect(1240, 304, 200, 100)],
    ['left edge to the canvas', rect(7, 7, 200, 100), { grid: false, others: [] }, rect(0, 0, 200, 100)],
    ['nearest of two edges wins', rect(1444, 953, 200, 100), { grid: false, others }, rect(1440, 960, 200, 100)],
    ['bottom edge to the canvas', rect(50, 975, 200, 100), { grid: false, others: [] }, rect(50, 980, 200, 100)],
    ['past the edge: kept inside', rect(1900, 1000, 200, 100), { grid: true, others: [] }, rect(1720, 980, 200, 100)],
  ])('%s', (_, input, options, expected) => expect(snapMove(input, HD, options)).toEqual(expected));
});

describe('snapResize', () => {
  const before = rect(100, 100, 400, 300);
  it.each([
    ['the moved right edge to the grid, the left edge stays', rect(100, 100, 413, 300), { grid: true, others: [] }, rect(100, 100, 412, 300)],
    ['the moved left edge to another zone', rect(295, 100, 205, 300), { grid: false, others: [rect(0, 0, 290, 200)] }, rect(290, 100, 210, 300)],
    ['below the minimum: the unmoved edge holds', rect(100, 100, 4, 300), { grid: true, others: [] }, rect(100, 100, 32, 300)],
    ['top edge moved past the bottom: minimum size', rect(100, 390, 400, 10), { grid: true, others: [] }, rect(100, 368, 400, 32)],
    ['past the canvas edge', rect(100, 100, 2000, 300), { grid: true, others: [] }, rect(100, 100, 1820, 300)],
    ['bottom edge to the canvas edge', rect(100, 100, 400, 975), { grid: false, others: [] }, rect(100, 100, 400, 980)],
  ])('%s', (_, after, options, expected) => expect(snapResize(before, after, HD, options)).toEqual(expected));
});

describe('snapDrawn', () => {
  it.each([
    ['both corners to the grid, dragged up and left', { x: 497, y: 401 }, { x: 100, y: 100 }, [], rect(104, 104, 392, 296)],
    ['a corner to another zone\'s edge before the grid', { x: 100, y: 100 }, { x: 1435, y: 955 }, [rect(1440, 0, 480, 960)], rect(104, 104, 1336, 856)],
    ['past the canvas: clamped', { x: 1800, y: 1000 }, { x: 2400, y: 1300 }, [], rect(1800, 1000, 120, 80)],
  ])('%s', (_, start, end, others, expected) => expect(snapDrawn(start, end, HD, { grid: true, others })).toEqual(expected));
});

describe('nudgeRect and setRectField', () => {
  it('nudges by the step and stops at the edges', () => {
    expect(nudgeRect(rect(0, 0, 100, 100), 10, -10, HD)).toEqual(rect(10, 0, 100, 100));
    expect(nudgeRect(rect(1815, 0, 100, 100), 10, 0, HD)).toEqual(rect(1820, 0, 100, 100));
  });

  it.each([
    ['x typed in', 'x', 250, rect(250, 100, 400, 300)],
    ['x beyond the canvas stops at the edge', 'x', 5000, rect(1520, 100, 400, 300)],
    ['width beyond the canvas fits from where the zone starts', 'width', 5000, rect(100, 100, 1820, 300)],
    ['height below the minimum', 'height', 3, rect(100, 100, 400, 32)],
    ['negative y', 'y', -40, rect(100, 0, 400, 300)],
  ] as const)('%s', (_, field, value, expected) => expect(setRectField(rect(100, 100, 400, 300), field, value, HD)).toEqual(expected));

  it('refuses what is not a whole number', () => {
    expect(setRectField(rect(0, 0, 100, 100), 'x', Number.NaN, HD)).toBeNull();
    expect(setRectField(rect(0, 0, 100, 100), 'width', 10.5, HD)).toBeNull();
  });
});

describe('corners, order and hits', () => {
  it('spans a drag in any direction, clamped to the canvas', () => {
    expect(rectFromCorners({ x: 300, y: 200 }, { x: 100, y: 50 }, HD)).toEqual(rect(100, 50, 200, 150));
    expect(rectFromCorners({ x: 1800, y: 1000 }, { x: 2500, y: 1200 }, HD)).toEqual(rect(1800, 1000, 120, 80));
  });

  it('brings forward and sends back one step, and stops at the ends', () => {
    const zones = [
      { key: 'a', z: 0 },
      { key: 'b', z: 5 },
      { key: 'c', z: 9 },
    ];
    expect(reorder(zones, 'a', 'forward')).toEqual([
      { key: 'a', z: 1 },
      { key: 'b', z: 0 },
      { key: 'c', z: 2 },
    ]);
    expect(reorder(zones, 'c', 'forward')).toEqual([
      { key: 'a', z: 0 },
      { key: 'b', z: 1 },
      { key: 'c', z: 2 },
    ]);
    expect(reorder(zones, 'b', 'backward')).toEqual([
      { key: 'a', z: 1 },
      { key: 'b', z: 0 },
      { key: 'c', z: 2 },
    ]);
  });

  it('hits the top zone under a point', () => {
    const zones = [
      { key: 'under', z: 0, ...rect(0, 0, 500, 500) },
      { key: 'over', z: 1, ...rect(100, 100, 100, 100) },
    ];
    expect(zoneAt(zones, { x: 150, y: 150 })?.key).toBe('over');
    expect(zoneAt(zones, { x: 400, y: 400 })?.key).toBe('under');
    expect(zoneAt(zones, { x: 900, y: 900 })).toBeUndefined();
    expect(topFirst(zones).map((zone) => zone.key)).toEqual(['over', 'under']);
  });

  it('fits a layout into a box, letterboxed', () => {
    expect(fitScale(HD, { width: 960, height: 960 })).toEqual({ scale: 0.5, offsetX: 0, offsetY: 210 });
  });
});

describe('templates', () => {
  it('main + side + ticker in both orientations', () => {
    expect(templateZones('mainSideTicker', layoutSize('horizontal'))).toEqual([
      { role: 'main', x: 0, y: 0, width: 1440, height: 960 },
      { role: 'side', x: 1440, y: 0, width: 480, height: 960 },
      { role: 'ticker', x: 0, y: 960, width: 1920, height: 120 },
    ]);
    expect(templateZones('mainSideTicker', layoutSize('vertical'))).toEqual([
      { role: 'main', x: 0, y: 0, width: 1080, height: 1176 },
      { role: 'side', x: 0, y: 1176, width: 1080, height: 584 },
      { role: 'ticker', x: 0, y: 1760, width: 1080, height: 160 },
    ]);
  });

  it.each(LAYOUT_TEMPLATES.flatMap((template) => (['horizontal', 'vertical'] as const).map((position) => [template, position] as const)))(
    '%s (%s) tiles the canvas exactly, on the grid, each zone at least 32 px',
    (template, position) => {
      const size = layoutSize(position);
      const zones = templateZones(template, size);
      expect(zones.reduce((sum, zone) => sum + zone.width * zone.height, 0)).toBe(template === 'empty' ? 0 : size.width * size.height);
      for (const zone of zones) {
        expect(clampRect(zone, size)).toEqual({ x: zone.x, y: zone.y, width: zone.width, height: zone.height });
        expect([zone.x % 8, zone.y % 8, zone.width % 8, zone.height % 8]).toEqual([0, 0, 0, 0]);
      }
    },
  );
});
