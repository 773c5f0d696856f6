/*
 * The screen's map (issue 16's navigation, shown by the web player): what `GET /player/navigation/` answers, read by
 * hand so the player bundle stays small, and the layout image fetched with it. Both are kept in IndexedDB, so a
 * screen that restarts without its server still shows its map.
 */

export const MARKER_KINDS = ['device', 'none', 'toilet', 'atm', 'mother_care_room', 'disabled_room'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

/** A rectangle in fractions of the screen (0..1). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapMarker {
  id: number;
  kind: MarkerKind;
  device: number | null;
  x: number;
  y: number;
  color: string;
  description: string;
}

export interface PlayerMap {
  /** The sent version (0: nothing was ever sent to this device). */
  version: number;
  object: { name: string; layout: string; width: number; height: number } | null;
  position: { x: number; y: number };
  comment: string;
  /** Where the scheduled content plays, in fractions of the screen. */
  placeholder: Rect;
  markers: MapMarker[];
}

/** The map as kept by the player: the answer and its layout image. */
export interface KeptMap {
  map: PlayerMap;
  layout: Blob | null;
}

export const FULL_SCREEN: Rect = { x: 0, y: 0, width: 1, height: 1 };

const fraction = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The answer of GET /player/navigation/ in the shape the player keeps (anything malformed falls back or is dropped). */
export function normalizeMap(body: unknown): PlayerMap {
  const answer = record(body);
  const object = answer.object && typeof answer.object === 'object' ? record(answer.object) : null;
  const position = record(answer.position);
  const placeholder = record(answer.placeholder);
  const width = fraction(placeholder.width, 1);
  const height = fraction(placeholder.height, 1);
  return {
    version: typeof answer.version === 'number' && Number.isInteger(answer.version) ? answer.version : 0,
    object:
      object && typeof object.layout === 'string' && typeof object.width === 'number' && typeof object.height === 'number' && object.width > 0 && object.height > 0
        ? { name: typeof object.name === 'string' ? object.name : '', layout: object.layout, width: object.width, height: object.height }
        : null,
    position: { x: fraction(position.x, 0.5), y: fraction(position.y, 0.5) },
    comment: typeof answer.comment === 'string' ? answer.comment : '',
    placeholder: width > 0 && height > 0 ? { x: Math.min(fraction(placeholder.x, 0), 1 - width), y: Math.min(fraction(placeholder.y, 0), 1 - height), width, height } : FULL_SCREEN,
    markers: (Array.isArray(answer.markers) ? answer.markers : [])
      .map(record)
      .filter((marker) => typeof marker.id === 'number' && (MARKER_KINDS as readonly unknown[]).includes(marker.kind))
      .map((marker) => ({
        id: marker.id as number,
        kind: marker.kind as MarkerKind,
        device: typeof marker.device === 'number' ? marker.device : null,
        x: fraction(marker.x, 0.5),
        y: fraction(marker.y, 0.5),
        color: typeof marker.color === 'string' && /^#[0-9a-f]{3,8}$/i.test(marker.color) ? marker.color : '#0f6cbd',
        description: typeof marker.description === 'string' ? marker.description : '',
      })),
  };
}

/** Whether a kept map is shown: something was sent and it has a layout to draw. */
export const showsMap = (kept: KeptMap | null): kept is KeptMap & { map: PlayerMap & { object: NonNullable<PlayerMap['object']> } } =>
  !!kept && kept.map.version > 0 && kept.map.object !== null;

/**
 * Where the map goes on a screen of `screenWidth` x `screenHeight` px around the content's `placeholder`: the largest
 * strip beside, above or below it; the whole screen when no strip holds a fifth of it (the content then covers part
 * of the map). Fractions of the screen.
 */
export function mapArea(placeholder: Rect, screenWidth = 16, screenHeight = 9): Rect {
  const strips: Rect[] = [
    { x: 0, y: 0, width: placeholder.x, height: 1 },
    { x: placeholder.x + placeholder.width, y: 0, width: 1 - placeholder.x - placeholder.width, height: 1 },
    { x: 0, y: 0, width: 1, height: placeholder.y },
    { x: 0, y: placeholder.y + placeholder.height, width: 1, height: 1 - placeholder.y - placeholder.height },
  ];
  const area = (rect: Rect) => rect.width * screenWidth * rect.height * screenHeight;
  const best = strips.reduce((a, b) => (area(b) > area(a) ? b : a));
  return area(best) >= area(FULL_SCREEN) / 5 ? best : FULL_SCREEN;
}

/** The largest box of `width`:`height` inside `bounds` (px), centred. */
export function fitBox(width: number, height: number, bounds: { x: number; y: number; width: number; height: number }) {
  const scale = Math.min(bounds.width / width, bounds.height / height);
  const w = width * scale;
  const h = height * scale;
  return { x: bounds.x + (bounds.width - w) / 2, y: bounds.y + (bounds.height - h) / 2, width: w, height: h };
}
