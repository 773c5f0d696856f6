import { MAX_LAYOUT_ZONES, MIN_ZONE_SIDE, type ZoneContent as StoredContent } from '../../services/schemas/layouts.ts';

/** A rectangle in the layout's own pixels (1920 x 1080 for a horizontal layout). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** What a zone plays: a playlist (its committed version), one media file or a widget (issue 38); null until chosen. */
export type ZoneContent = StoredContent | null;

/** A zone as the editor holds it; `key` tells zones apart before the server has given them ids. */
export interface ZoneDraft extends Rect {
  key: string;
  id: number | null;
  name: string;
  z: number;
  content: ZoneContent;
}

/** Issue 36: a zone is at least 32 px on each side, at most 16 zones (the server's rules), on a grid of 8 px (on by default). */
export { MIN_ZONE_SIDE };
export const MAX_ZONES = MAX_LAYOUT_ZONES;
export const GRID_STEP = 8;
/** Arrow keys move a zone by one pixel, with Shift by ten. */
export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;
/** How near (in layout pixels) an edge must come to another zone's or the canvas's edge to snap to it. */
export const EDGE_SNAP_DISTANCE = 12;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** A rectangle with whole pixels, at least the minimum size, no larger than the canvas and inside it. */
export function clampRect(rect: Rect, canvas: Size): Rect {
  const width = clamp(Math.round(rect.width), Math.min(MIN_ZONE_SIDE, canvas.width), canvas.width);
  const height = clamp(Math.round(rect.height), Math.min(MIN_ZONE_SIDE, canvas.height), canvas.height);
  return { x: clamp(Math.round(rect.x), 0, canvas.width - width), y: clamp(Math.round(rect.y), 0, canvas.height - height), width, height };
}

/** The rectangle spanned by two corners (a drag in any direction), clamped to the canvas. */
export function rectFromCorners(a: { x: number; y: number }, b: { x: number; y: number }, canvas: Size): Rect {
  const x = clamp(Math.min(a.x, b.x), 0, canvas.width);
  const y = clamp(Math.min(a.y, b.y), 0, canvas.height);
  const right = clamp(Math.max(a.x, b.x), 0, canvas.width);
  const bottom = clamp(Math.max(a.y, b.y), 0, canvas.height);
  return { x, y, width: right - x, height: bottom - y };
}

export interface SnapOptions {
  grid: boolean;
  /** The other zones, whose edges attract. */
  others: readonly Rect[];
  distance?: number;
}

/** The edges a value may snap to along one axis: the canvas's and every other zone's. */
function targetsOf(axis: 'x' | 'y', canvas: Size, others: readonly Rect[]): number[] {
  const length = axis === 'x' ? canvas.width : canvas.height;
  const targets = [0, length];
  for (const other of others) {
    const start = axis === 'x' ? other.x : other.y;
    targets.push(start, start + (axis === 'x' ? other.width : other.height));
  }
  return targets;
}

/** The nearest target within `distance` of the value, or null. On a tie the earlier target wins. */
function nearest(value: number, targets: readonly number[], distance: number): number | null {
  let best: number | null = null;
  for (const target of targets) {
    const gap = Math.abs(target - value);
    if (gap <= distance && (best === null || gap < Math.abs(best - value))) best = target;
  }
  return best;
}

const toGrid = (value: number) => Math.round(value / GRID_STEP) * GRID_STEP;

/**
 * Where a moved zone lands: along each axis, whichever of its two edges comes nearest another zone's or the canvas's
 * edge (within the snap distance) snaps there; otherwise its left/top edge goes to the grid (when on); then it is
 * kept inside the canvas.
 */
export function snapMove(rect: Rect, canvas: Size, options: SnapOptions): Rect {
  const distance = options.distance ?? EDGE_SNAP_DISTANCE;
  const axis = (start: number, length: number, targets: number[]) => {
    const toStart = nearest(start, targets, distance);
    const toEnd = nearest(start + length, targets, distance);
    const startGap = toStart === null ? Infinity : Math.abs(toStart - start);
    const endGap = toEnd === null ? Infinity : Math.abs(toEnd - (start + length));
    if (toStart !== null && startGap <= endGap) return toStart;
    if (toEnd !== null) return toEnd - length;
    return options.grid ? toGrid(start) : start;
  };
  const x = axis(rect.x, rect.width, targetsOf('x', canvas, options.others));
  const y = axis(rect.y, rect.height, targetsOf('y', canvas, options.others));
  return clampRect({ ...rect, x, y }, canvas);
}

/**
 * Where a resized zone lands: each edge the resize moved (compared with `before`) snaps to the nearest other edge
 * within the snap distance, else to the grid (when on); the edges it did not move stay; then the minimum size
 * and the canvas hold, the unmoved edges kept where they were.
 */
export function snapResize(before: Rect, after: Rect, canvas: Size, options: SnapOptions): Rect {
  const distance = options.distance ?? EDGE_SNAP_DISTANCE;
  const snapEdge = (value: number, targets: number[]) => nearest(value, targets, distance) ?? (options.grid ? toGrid(value) : value);
  const xs = targetsOf('x', canvas, options.others);
  const ys = targetsOf('y', canvas, options.others);
  let left = after.x;
  let top = after.y;
  let right = after.x + after.width;
  let bottom = after.y + after.height;
  const leftMoved = Math.round(left) !== before.x;
  const topMoved = Math.round(top) !== before.y;
  const rightMoved = Math.round(right) !== before.x + before.width;
  const bottomMoved = Math.round(bottom) !== before.y + before.height;
  if (leftMoved) left = clamp(snapEdge(left, xs), 0, right - MIN_ZONE_SIDE);
  if (rightMoved) right = clamp(snapEdge(right, xs), left + MIN_ZONE_SIDE, canvas.width);
  if (topMoved) top = clamp(snapEdge(top, ys), 0, bottom - MIN_ZONE_SIDE);
  if (bottomMoved) bottom = clamp(snapEdge(bottom, ys), top + MIN_ZONE_SIDE, canvas.height);
  return clampRect({ x: left, y: top, width: right - left, height: bottom - top }, canvas);
}

/**
 * The zone drawn by dragging from `start` to `end`: both corners snap (to the nearest other edge within the snap
 * distance, else to the grid when on), then the rectangle they span is clamped to the canvas.
 */
export function snapDrawn(start: { x: number; y: number }, end: { x: number; y: number }, canvas: Size, options: SnapOptions): Rect {
  const distance = options.distance ?? EDGE_SNAP_DISTANCE;
  const xs = targetsOf('x', canvas, options.others);
  const ys = targetsOf('y', canvas, options.others);
  const snap = (value: number, targets: number[]) => nearest(value, targets, distance) ?? (options.grid ? toGrid(value) : value);
  const corner = (point: { x: number; y: number }) => ({ x: Math.round(snap(point.x, xs)), y: Math.round(snap(point.y, ys)) });
  return rectFromCorners(corner(start), corner(end), canvas);
}

/** A zone moved by the arrow keys (no snapping: a nudge is exact), kept inside the canvas. */
export function nudgeRect(rect: Rect, dx: number, dy: number, canvas: Size): Rect {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, canvas);
}

export type RectField = 'x' | 'y' | 'width' | 'height';

/**
 * A typed value for one field: null when it is not a whole number; otherwise the rectangle with that value, clamped
 * (a width beyond the canvas shrinks to fit from where the zone starts, an x beyond the canvas stops at its edge).
 */
export function setRectField(rect: Rect, field: RectField, value: number, canvas: Size): Rect | null {
  if (!Number.isFinite(value) || !Number.isInteger(value)) return null;
  if (field === 'width') return clampRect({ ...rect, width: clamp(value, MIN_ZONE_SIDE, canvas.width - rect.x) }, canvas);
  if (field === 'height') return clampRect({ ...rect, height: clamp(value, MIN_ZONE_SIDE, canvas.height - rect.y) }, canvas);
  return clampRect({ ...rect, [field]: value }, canvas);
}

/** Whether a drawn rectangle is big enough to become a zone (a click is no zone). */
export const isZoneSized = (rect: Rect) => rect.width >= MIN_ZONE_SIDE && rect.height >= MIN_ZONE_SIDE;

/** Zones with z numbered 0..n-1 in their current order (ties by their place in the list). */
export function normaliseOrder<T extends { z: number }>(zones: readonly T[]): T[] {
  const order = zones.map((zone, index) => ({ zone, index })).sort((a, b) => a.zone.z - b.zone.z || a.index - b.index);
  const rank = new Map(order.map(({ zone }, z) => [zone, z]));
  return zones.map((zone) => ({ ...zone, z: rank.get(zone)! }));
}

/** One step up (`forward`) or down (`backward`) in the drawing order: the zone swaps places with its neighbour. */
export function reorder<T extends { key: string; z: number }>(zones: readonly T[], key: string, direction: 'forward' | 'backward'): T[] {
  const ordered = normaliseOrder(zones);
  const zone = ordered.find((item) => item.key === key);
  if (!zone) return ordered;
  const target = direction === 'forward' ? zone.z + 1 : zone.z - 1;
  if (target < 0 || target >= ordered.length) return ordered;
  return ordered.map((item) => (item.key === key ? { ...item, z: target } : item.z === target ? { ...item, z: zone.z } : item));
}

/** Zones from the top of the drawing order down (what a click hits first, what the text alternative lists first). */
export const topFirst = <T extends { z: number }>(zones: readonly T[]): T[] => [...zones].sort((a, b) => b.z - a.z);

/** The top zone under a point, if any. */
export function zoneAt<T extends Rect & { z: number }>(zones: readonly T[], point: { x: number; y: number }): T | undefined {
  return topFirst(zones).find((zone) => point.x >= zone.x && point.x <= zone.x + zone.width && point.y >= zone.y && point.y <= zone.y + zone.height);
}

/** How a layout of `layout` size fits a box: the scale and the offsets that centre it (letterboxed). */
export function fitScale(layout: Size, box: Size): { scale: number; offsetX: number; offsetY: number } {
  const scale = Math.min(box.width / layout.width, box.height / layout.height);
  return { scale, offsetX: (box.width - layout.width * scale) / 2, offsetY: (box.height - layout.height * scale) / 2 };
}
