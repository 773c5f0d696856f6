import { array, boolean, define, dynamic, enums, integer, literal, min, nullable, number, object, optional, pattern, record, size, string, type, union, unknown, type Infer, type Struct } from 'superstruct';
import { Id, Page } from './common.ts';
import { MediaKind, MediaStatus, ScreenPosition } from './media.ts';
import { WIDGET_KINDS, WidgetContentBody, type WidgetKind } from './widgets.ts';

/*
 * Layouts (issue 36): several zones on one screen. Request bodies are strict `object`s; answers are `type`s (a newer
 * server may add fields). The geometry rules are `layoutProblems`, run by the server on every write and by the editor
 * before it saves, so both refuse the same drafts with the same codes.
 */

/** A layout's name: required, at most this many characters (code points). */
export const LAYOUT_NAME_MAX = 60;
/** A zone's name: at most this many characters (empty is allowed: the editor shows "Zone N"). */
export const ZONE_NAME_MAX = 60;
export const MAX_LAYOUT_ZONES = 16;
/** The smallest side of a zone, in layout pixels. */
export const MIN_ZONE_SIDE = 32;
/** The canvas: 32 to 7680 layout pixels each side (8K). */
export const MIN_LAYOUT_SIDE = 32;
export const MAX_LAYOUT_SIDE = 7680;
/** Zones stack by `z`, an integer from 0 to this (higher is drawn above; equal z: the later zone of the list above). */
export const MAX_ZONE_Z = 1000;
export const DEFAULT_BACKGROUND = '#000000';

/** The canvas a new layout gets when the create body names no size. */
export function defaultCanvas(screenPosition: ScreenPosition): { width: number; height: number } {
  return screenPosition === 'vertical' ? { width: 1080, height: 1920 } : { width: 1920, height: 1080 };
}

/** Field error code of a layout name, or null when it may be saved. */
export function layoutNameError(name: unknown): 'required' | 'too_long' | 'invalid' | null {
  if (typeof name !== 'string') return name === undefined ? 'required' : 'invalid';
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return [...trimmed].length > LAYOUT_NAME_MAX ? 'too_long' : null;
}
export const LayoutName = define<string>('LayoutName', (value) => layoutNameError(value) === null);

export const ZONE_CONTENT_KINDS = ['playlist', 'media'] as const;
export type ZoneContentKind = (typeof ZONE_CONTENT_KINDS)[number];
/** A playlist (its last committed version) or one media file. */
export const FileContent = object({ kind: enums(ZONE_CONTENT_KINDS), id: Id });
export type FileContent = Infer<typeof FileContent>;
/** What a zone plays: a playlist or one media file, or a widget (issue 38: src/services/schemas/widgets.ts). */
export const ZoneContent = dynamic<FileContent | WidgetContentBody>((value) =>
  ((value as { kind?: unknown } | null)?.kind === 'widget' ? WidgetContentBody : FileContent) as Struct<FileContent | WidgetContentBody, any>,
) as unknown as Struct<
  FileContent | WidgetContentBody,
  null
>;
/** A zone's content as stored (a widget's settings whole: WidgetContent says which for each kind). */
export type ZoneContent = FileContent | { kind: 'widget'; widget: WidgetKind; settings: Record<string, unknown> };

const Coordinate = integer();
/** Lower-case `#rrggbb` (upper case is accepted and stored lower case). */
export const BackgroundColor = pattern(string(), /^#[0-9a-fA-F]{6}$/);
export const Background = object({ color: BackgroundColor, media: optional(nullable(Id)) });

/** One zone as a body sends it: with `id` it is that zone of the layout (kept, moved, renamed); without, a new one. */
export const ZoneBody = object({
  id: optional(Id),
  name: optional(size(string(), 0, ZONE_NAME_MAX)),
  x: Coordinate,
  y: Coordinate,
  width: Coordinate,
  height: Coordinate,
  z: optional(Coordinate),
  content: optional(nullable(ZoneContent)),
});
export type ZoneBody = Infer<typeof ZoneBody>;
/** More than MAX_LAYOUT_ZONES passes the struct and is named by `layoutProblems` (too_many_zones). */
const Zones = size(array(ZoneBody), 0, 1000);

/**
 * POST /layouts/create/. `width`/`height` default to the screen position's canvas (1920 x 1080, or 1080 x 1920 for
 * vertical); `zones` to none. `user` is accepted and ignored (the journal names the caller), as for playlists.
 */
export const LayoutCreateBody = object({
  name: LayoutName,
  screen_position: ScreenPosition,
  width: optional(Coordinate),
  height: optional(Coordinate),
  background: optional(Background),
  zones: optional(Zones),
  company: optional(nullable(Id)),
  user: optional(Id),
});
export type LayoutCreateBody = Infer<typeof LayoutCreateBody>;

/** PUT /layouts/{id}: any of the fields; `zones` replaces the whole set (zones left out are removed). */
export const LayoutUpdateBody = object({
  name: optional(LayoutName),
  screen_position: optional(ScreenPosition),
  width: optional(Coordinate),
  height: optional(Coordinate),
  background: optional(Background),
  zones: optional(Zones),
  user: optional(Id),
});
export type LayoutUpdateBody = Infer<typeof LayoutUpdateBody>;

export const Zone = type({
  id: Id,
  name: string(),
  x: integer(),
  y: integer(),
  width: integer(),
  height: integer(),
  z: integer(),
  content: nullable(union([type({ kind: enums(ZONE_CONTENT_KINDS), id: Id }), type({ kind: literal('widget'), widget: enums(WIDGET_KINDS), settings: record(string(), unknown()) })])),
});
export type Zone = Infer<typeof Zone>;

export const Layout = type({
  id: Id,
  name: string(),
  /** The owning company; null only for the administrator's layouts made without one. */
  company: nullable(Id),
  screen_position: ScreenPosition,
  width: integer(),
  height: integer(),
  /** `color` always (`#rrggbb`, also the letterbox); `media`: an image drawn over it, covering the canvas, or null. */
  background: type({ color: string(), media: nullable(Id) }),
  /** In the editor's order (the order of the last save). */
  zones: array(Zone),
  /** The last committed version (0: never committed). */
  version: min(integer(), 0),
  /** The draft equals the last committed version. */
  committed: boolean(),
  /** The path of GET /layouts/{id}/detail/. */
  details: string(),
  created_at: string(),
  updated_at: string(),
});
export type Layout = Infer<typeof Layout>;
export const LayoutPage = Page(Layout);

/** A zone's playlist or media file as the editor shows it. */
export const FileContentDetail = type({
  kind: enums(ZONE_CONTENT_KINDS),
  id: Id,
  name: string(),
  /** A preview image link: the media's, or a playlist's first track's; null when there is none. */
  preview: nullable(string()),
  /** Seconds: the media's own (null for an image) or the playlist's total. */
  duration: nullable(number()),
  /** Media: its kind and status. Null for a playlist. */
  media_kind: nullable(MediaKind),
  status: nullable(MediaStatus),
  /** Playlists: whether the tracks equal the last committed version (a commit needs it). Null for media. */
  committed: nullable(boolean()),
  /** Playlists: how many tracks. Null for media. */
  tracks_count: nullable(integer()),
});
export type FileContentDetail = Infer<typeof FileContentDetail>;

/** A widget as the editor shows it: its settings, and the dataset it shows (name, rows, where its reads stand). */
export const WidgetContentDetail = type({
  kind: literal('widget'),
  widget: enums(WIDGET_KINDS),
  settings: record(string(), unknown()),
  dataset: nullable(type({ id: Id, name: string(), row_count: integer(), version: integer(), failed_since: nullable(string()) })),
});
export type WidgetContentDetail = Infer<typeof WidgetContentDetail>;

/** A zone's content as the editor shows it. */
export const ZoneContentDetail = union([FileContentDetail, WidgetContentDetail]);
export type ZoneContentDetail = FileContentDetail | WidgetContentDetail;

/** GET /layouts/{id}/detail/: the layout with each zone's content (and the background image) described. */
/**
 * A layout with a map widget (issue 38): of the screens that show it (published events, running overrides), how many
 * have no navigation map ("you are here" needs the device placed on one), the first ten named; null without a map zone.
 */
export const MapScreens = type({ screens: number(), without_map: number(), names: array(string()) });
export type MapScreens = Infer<typeof MapScreens>;

export const LayoutDetail = type({
  ...Layout.schema,
  map_screens: optional(nullable(MapScreens)),
  background: type({ color: string(), media: nullable(Id), media_detail: nullable(FileContentDetail) }),
  zones: array(type({ ...Zone.schema, content: nullable(ZoneContentDetail) })),
});
export type LayoutDetail = Infer<typeof LayoutDetail>;

/** POST /layouts/{id}/commit/. */
export const LayoutCommitResult = type({ changed: boolean(), version: min(integer(), 0) });
export type LayoutCommitResult = Infer<typeof LayoutCommitResult>;

/** One committed version (GET /layouts/{id}/versions/), newest first. */
export const LayoutVersion = type({
  version: min(integer(), 1),
  committed_at: string(),
  committed_by: nullable(Id),
  width: integer(),
  height: integer(),
  background: type({ color: string(), media: nullable(Id) }),
  zones: array(Zone),
});
export type LayoutVersion = Infer<typeof LayoutVersion>;
export const LayoutVersionPage = Page(LayoutVersion);

export const LAYOUT_ORDERINGS = ['created', '-created', 'name', '-name'] as const;

/** GET /layouts/ query parameters besides paging. */
export const LayoutListQuery = object({
  search: optional(size(string(), 0, 200)),
  screen_position: optional(ScreenPosition),
  committed: optional(enums(['true', 'false'])),
  ordering: optional(enums(LAYOUT_ORDERINGS)),
});
export type LayoutListQuery = Infer<typeof LayoutListQuery>;

/** The geometry a rule looks at: a draft's canvas and zones (what a body sends, or the stored layout after a patch). */
export interface LayoutDraft {
  width: number;
  height: number;
  zones: readonly Pick<ZoneBody, 'id' | 'x' | 'y' | 'width' | 'height' | 'z'>[];
}

export type LayoutProblemCode =
  | 'canvas_out_of_range'
  | 'too_many_zones'
  | 'zone_too_small'
  | 'zone_outside_canvas'
  | 'zone_z_out_of_range'
  | 'zone_duplicate';

/**
 * The rules of a layout's geometry, each with its code, keyed by field path (`width`, `zones`, `zones.2.width`,
 * `zones.2.x`, ...); null when the draft may be saved. The answer's `code` is the first field's.
 * - `canvas_out_of_range`: width or height outside 32..7680;
 * - `too_many_zones`: more than 16 zones;
 * - `zone_too_small`: a zone's width or height under 32 px;
 * - `zone_outside_canvas`: x or y below 0, or the zone past the right or bottom edge;
 * - `zone_z_out_of_range`: z outside 0..1000;
 * - `zone_duplicate`: two zones with the same id.
 */
export function layoutProblems(draft: LayoutDraft): { code: LayoutProblemCode; fields: Record<string, LayoutProblemCode> } | null {
  const fields: Record<string, LayoutProblemCode> = {};
  for (const side of ['width', 'height'] as const) {
    if (draft[side] < MIN_LAYOUT_SIDE || draft[side] > MAX_LAYOUT_SIDE) fields[side] = 'canvas_out_of_range';
  }
  if (draft.zones.length > MAX_LAYOUT_ZONES) fields.zones = 'too_many_zones';
  const seen = new Set<number>();
  draft.zones.slice(0, MAX_LAYOUT_ZONES + 1).forEach((zone, index) => {
    const at = `zones.${index}`;
    if (zone.width < MIN_ZONE_SIDE) fields[`${at}.width`] = 'zone_too_small';
    if (zone.height < MIN_ZONE_SIDE) fields[`${at}.height`] = 'zone_too_small';
    if (zone.x < 0 || (!fields.width && zone.x + zone.width > draft.width)) fields[`${at}.x`] = 'zone_outside_canvas';
    if (zone.y < 0 || (!fields.height && zone.y + zone.height > draft.height)) fields[`${at}.y`] = 'zone_outside_canvas';
    if (zone.z !== undefined && (zone.z < 0 || zone.z > MAX_ZONE_Z)) fields[`${at}.z`] = 'zone_z_out_of_range';
    if (zone.id !== undefined) {
      if (seen.has(zone.id)) fields[`${at}.id`] = 'zone_duplicate';
      seen.add(zone.id);
    }
  });
  const first = Object.values(fields)[0];
  return first ? { code: first, fields } : null;
}
