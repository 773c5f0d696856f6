import { array, boolean, define, enums, integer, max, min, nullable, number, object, optional, partial, size, string, type Infer } from 'superstruct';
import { ApiInstant, Id, Page } from './common.ts';
import { MediaKind, MediaStatus, ScreenPosition } from './media.ts';

/** Section 5 / 9: a playlist name is required and at most 30 characters (code points: Cyrillic counts like Latin). */
export const PLAYLIST_NAME_MAX = 30;

/** An image track plays this long unless the operator sets another duration (seconds). */
export const DEFAULT_IMAGE_SECONDS = 10;
/** The longest an image track may be set to play (seconds): one day. */
export const MAX_TRACK_SECONDS = 86400;

/** Field error code of a playlist name, or null when it may be saved. */
export function playlistNameError(name: unknown): 'required' | 'too_long' | 'invalid' | null {
  if (typeof name !== 'string') return name === undefined ? 'required' : 'invalid';
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return [...trimmed].length > PLAYLIST_NAME_MAX ? 'too_long' : null;
}

export const PlaylistName = define<string>('PlaylistName', (value) => playlistNameError(value) === null);

/** `user` is accepted (the panel's other create calls send the signed-in user) and ignored: the journal names the caller. */
export const PlaylistCreateBody = object({ name: PlaylistName, screen_position: ScreenPosition, user: optional(Id), company: optional(nullable(Id)) });
export type PlaylistCreateBody = Infer<typeof PlaylistCreateBody>;
/** PUT /media/play_lists/{id}; `valid_from` / `valid_until` (issue 42): instants with an offset, null removes a bound. */
export const PlaylistUpdateBody = partial(
  object({ name: PlaylistName, screen_position: ScreenPosition, user: optional(Id), valid_from: nullable(ApiInstant()), valid_until: nullable(ApiInstant()) }),
);
export type PlaylistUpdateBody = Infer<typeof PlaylistUpdateBody>;

export const TrackSeconds = min(max(integer(), MAX_TRACK_SECONDS), 1);

/** POST /media/play_list_tracks/create/: `duration` only for images (default 10 s); a video takes its media's duration. */
export const TrackCreateBody = object({ playlist: Id, media: Id, duration: optional(TrackSeconds), user: optional(Id) });
export type TrackCreateBody = Infer<typeof TrackCreateBody>;
/** PUT /media/play_list_tracks/{id}: an image track's duration. */
export const TrackUpdateBody = object({ duration: TrackSeconds });
/** PUT /media/play_lists/{id}/change_position_tracks/: every track id of the playlist, in the new order. */
export const TrackPositionsBody = object({ positions: size(array(Id), 0, 100000) });

export const Playlist = object({
  id: Id,
  name: string(),
  screen_position: ScreenPosition,
  /** Seconds: the sum of the tracks. */
  duration: number(),
  /** The tracks equal the last committed version. */
  committed: boolean(),
  /** The last committed version (0: never committed). */
  version: min(integer(), 0),
  tracks_count: min(integer(), 0),
  /** Media ids in play order (a file twice in the list appears twice). */
  media: array(Id),
  /** The path of media/play_list_detail/{id}. */
  details: string(),
  /** The path of /media/play_list_with_tracks/{id}/device_groups/. */
  device_groups: string(),
  /** The owning company; null for playlists from before companies owned them (only the administrator sees those). */
  company: optional(nullable(Id)),
  /** Screens play it from and until these instants (issue 42); null: no bound (absent from older servers). */
  valid_from: optional(nullable(string())),
  valid_until: optional(nullable(string())),
  created_at: string(),
  updated_at: string(),
});
export type Playlist = Infer<typeof Playlist>;
export const PlaylistPage = Page(Playlist);

export const Track = object({ id: Id, playlist: Id, media: Id, position: min(integer(), 1), duration: number() });
export type Track = Infer<typeof Track>;

/** The media of a track as the editor shows it. */
export const TrackMedia = object({
  id: Id,
  name: string(),
  kind: MediaKind,
  status: MediaStatus,
  screen_position: ScreenPosition,
  duration: nullable(number()),
  preview: nullable(string()),
});
export type TrackMedia = Infer<typeof TrackMedia>;

export const TrackDetail = object({ id: Id, playlist: Id, media: Id, position: min(integer(), 1), duration: number(), media_detail: TrackMedia });
export type TrackDetail = Infer<typeof TrackDetail>;

/** media/play_list_detail/{id} and each item of /media/play_list_with_tracks/. */
export const PlaylistDetail = object({ ...Playlist.schema, tracks: array(TrackDetail) });
export type PlaylistDetail = Infer<typeof PlaylistDetail>;
export const PlaylistDetailPage = Page(PlaylistDetail);

/** GET media/play_lists/{id}/commit/. */
export const CommitResult = object({ changed: boolean(), version: min(integer(), 0) });
export type CommitResult = Infer<typeof CommitResult>;

/** One campaign that plays the playlist: its events and devices (from /media/play_list_with_tracks/{id}/device_groups/). */
export const DeviceGroup = object({
  campaign: object({ id: Id, name: string() }),
  events: array(object({ id: Id, title: string(), start: string(), end: string() })),
  devices_count: min(integer(), 0),
  devices: array(object({ id: Id, name: string() })),
});
export type DeviceGroup = Infer<typeof DeviceGroup>;
export const DeviceGroupPage = Page(DeviceGroup);

export const PLAYLIST_ORDERINGS = ['created', '-created', 'name', '-name', 'duration', '-duration'] as const;

/** GET /media/play_lists/ (and /media/play_list_with_tracks/) query parameters besides paging. */
export const PlaylistListQuery = object({
  search: optional(size(string(), 0, 200)),
  screen_position: optional(ScreenPosition),
  committed: optional(enums(['true', 'false'])),
  ordering: optional(enums(PLAYLIST_ORDERINGS)),
});
export type PlaylistListQuery = Infer<typeof PlaylistListQuery>;

/** GET /tracks (all tracks across playlists): each track with its playlist's and media's names. */
export const TrackRow = object({
  id: Id,
  playlist: Id,
  playlist_name: string(),
  media: Id,
  media_name: string(),
  position: min(integer(), 1),
  duration: number(),
});
export type TrackRow = Infer<typeof TrackRow>;
export const TrackRowPage = Page(TrackRow);
