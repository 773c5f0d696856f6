import { array, coerce, enums, integer, max, min, nullable, number, optional, pattern, refine, size, string, type, type Infer } from 'superstruct';
import { Id, instantTime, stripUnsafeCharacters, UNSAFE_REPORTED_CHARACTERS } from './common.ts';

/*
 * Delivery (issue 24): what a player can play (capabilities), what it plays now and the files it had to skip.
 * The server picks each device's rendition of every scheduled file from its capabilities (docs/api.md, "Renditions").
 */

export const VIDEO_CODECS = ['h264', 'hevc', 'vp8', 'vp9', 'av1'] as const;
export type VideoCodec = (typeof VIDEO_CODECS)[number];
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'bmp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const SCREEN_ORIENTATIONS = ['landscape', 'portrait'] as const;
export const PLAYBACK_ERROR_KINDS = ['decode', 'download', 'checksum'] as const;
export type PlaybackErrorKind = (typeof PLAYBACK_ERROR_KINDS)[number];
/** Where a schedule item's file comes from: the upload itself, a Directory preset's render, or a fallback render. */
export const RENDITION_PATTERN = /^(source|fallback|render:[1-9]\d{0,9})$/;

/** Pixels: a video or screen side, at most 16K. */
const Side = min(max(integer(), 16384), 1);
export const Size = type({ width: Side, height: Side });

/** An instant of the API's rule (common.ts, instantTime) between the years 2000 and 9999 in UTC. */
export function isTimestamp(value: string): boolean {
  const time = instantTime(value);
  return time >= Date.UTC(2000, 0, 1) && time < Date.UTC(10000, 0, 1);
}
export const Timestamp = refine(size(string(), 1, 40), 'pattern', isTimestamp);

/** What a player decodes and shows; absent parts are taken from its device type's defaults. */
export const DeviceCapabilities = type({
  codecs: size(array(enums(VIDEO_CODECS)), 0, VIDEO_CODECS.length),
  images: optional(size(array(enums(IMAGE_FORMATS)), 0, IMAGE_FORMATS.length)),
  /** The largest video it plays (either way round). */
  max_video: optional(Size),
  screen: optional(type({ width: Side, height: Side, orientation: enums(SCREEN_ORIENTATIONS) })),
});
export type DeviceCapabilities = Infer<typeof DeviceCapabilities>;

/** A layout zone's current file as a player reports it (issue 36): `media_id` null while the zone shows no file (a widget, nothing yet). */
export const NowPlayingZone = type({ id: Id, media_id: nullable(Id), started_at: Timestamp });
/** The most zones a layout holds, and so a now_playing report. */
export const MAX_NOW_PLAYING_ZONES = 16;
/**
 * What a player plays now: the event and its file; while a layout item plays, `media` is one zone's current file (null
 * when no zone shows a file, a layout of widgets: issue 38), `layout` the version drawn and `zones` each zone's current
 * file (issue 36).
 */
export const NowPlaying = refine(
  type({
    event: Id,
    media: nullable(Id),
    started_at: Timestamp,
    layout: optional(type({ id: Id, version: Id })),
    zones: optional(size(array(NowPlayingZone), 0, MAX_NOW_PLAYING_ZONES)),
  }),
  'media_or_layout',
  // A layout of widgets alone shows no file (issue 38): `media` is null only while a layout plays.
  (value) => value.media !== null || value.layout !== undefined,
);
export type NowPlaying = Infer<typeof NowPlaying>;

/**
 * Why a file was skipped, in the player's words: control and bidi characters are stripped (a decoder's message may carry
 * line breaks; refusing them would drop the whole heartbeat). A body sent with them fails the plain check and is parsed
 * again with coercion, which strips them.
 */
export const PlaybackErrorDetail = refine(
  coerce(size(string(), 0, 300), string(), stripUnsafeCharacters),
  'characters',
  (value) => !UNSAFE_REPORTED_CHARACTERS.test(value),
);

export const PlaybackError = type({
  media: Id,
  kind: enums(PLAYBACK_ERROR_KINDS),
  count: min(max(integer(), 1_000_000), 1),
  last_at: Timestamp,
  detail: optional(PlaybackErrorDetail),
});
export type PlaybackError = Infer<typeof PlaybackError>;
export const PlaybackErrors = size(array(PlaybackError), 0, 100);

/** The capabilities the server works with: declared ones, or its type's defaults (`source`). */
export const EffectiveCapabilities = type({
  codecs: array(string()),
  images: array(string()),
  max_video: type({ width: number(), height: number() }),
  screen: nullable(type({ width: number(), height: number(), orientation: string() })),
  source: enums(['declared', 'defaults']),
});
export type EffectiveCapabilities = Infer<typeof EffectiveCapabilities>;

/** GET /tvpi/devices/{id}/playback/: what a device can play, what it plays now and its latest skips. */
/**
 * The file a device downloads for what it plays (issue 35), from its compiled schedule: the source as uploaded, the
 * render of a Directory query (`name`: the query's), or a fallback render (`size`: "1280x720").
 */
export const PlayingRendition = type({ kind: enums(['source', 'render', 'fallback']), name: nullable(string()), size: nullable(string()) });
export type PlayingRendition = Infer<typeof PlayingRendition>;

/** A zone of the layout a device plays (issue 36): its name in that version, its file (null: none) and the rendition. */
export const PlayingZone = type({
  id: Id,
  name: nullable(string()),
  media: nullable(Id),
  media_name: nullable(string()),
  started_at: string(),
  rendition: nullable(PlayingRendition),
  /** The kind of widget the zone shows in that version (issue 38: clock, ticker, ...), null for a zone of files. */
  widget: optional(nullable(string())),
});
export type PlayingZone = Infer<typeof PlayingZone>;

export const DevicePlayback = type({
  device: Id,
  capabilities: EffectiveCapabilities,
  now_playing: nullable(
    type({
      event: Id,
      /** Null while a layout whose zones show no file plays (widgets only). */
      media: nullable(Id),
      name: nullable(string()),
      started_at: string(),
      reported_at: string(),
      preview: nullable(string()),
      /** Null when the device's schedule no longer holds the file (compiled again since it reported). */
      rendition: optional(nullable(PlayingRendition)),
      /** A layout item (issue 36): the layout drawn (`name` null once deleted) and each zone's current file. */
      layout: optional(nullable(type({ id: Id, version: integer(), name: nullable(string()) }))),
      zones: optional(array(PlayingZone)),
    }),
  ),
  errors: array(type({ media: Id, name: nullable(string()), kind: enums(PLAYBACK_ERROR_KINDS), count: integer(), last_at: string(), detail: string() })),
});
export type DevicePlayback = Infer<typeof DevicePlayback>;

/** GET /media/files/{id}/playback/: devices playing the file now and the devices that failed to play it. */
export const MediaPlayback = type({
  media: Id,
  playing_devices: integer(),
  failures: array(type({ device: Id, device_name: string(), kind: enums(PLAYBACK_ERROR_KINDS), count: integer(), last_at: string(), detail: string() })),
});
export type MediaPlayback = Infer<typeof MediaPlayback>;

/**
 * A publish (or commit) warning: `devices` screens cannot play `media` yet (rendering), or at all (cannot_play), or every
 * one of its screens reported failing to decode it (decode_failed, issue 35). `screens`: the first of their names (previews).
 */
export const PUBLISH_WARNING_REASONS = ['rendering', 'cannot_play', 'decode_failed', 'expired', 'expires'] as const;
/**
 * Issue 42: `expired`, the file's `valid_until` has passed (its screens do not play it); `expires`, it ends (`until`)
 * before the last occurrence of an event that shows it on `devices` screens.
 */
export const PublishWarning = type({
  media: Id,
  name: string(),
  devices: min(integer(), 1),
  reason: enums(PUBLISH_WARNING_REASONS),
  screens: optional(array(string())),
  /** expired / expires: the file's valid_until (ISO instant). */
  until: optional(string()),
});

/** GET /scheduler/publish/{campaignId}/preview/ and GET /media/play_lists/{id}/commit/preview/: what would not play, before confirming. */
export const Preflight = type({
  /** The screens the publish or commit reaches. */
  devices: integer(),
  warnings: array(PublishWarning),
  /** Publish only: playlists not committed (the publish would be refused). */
  uncommitted: optional(array(type({ id: Id, name: string() }))),
  /** Publish only: layouts not committed (issue 36; the publish would be refused too). */
  uncommitted_layouts: optional(array(type({ id: Id, name: string() }))),
});
export type Preflight = Infer<typeof Preflight>;
export type PublishWarning = Infer<typeof PublishWarning>;

export const Rendition = pattern(string(), RENDITION_PATTERN);
