import { array, boolean, enums, integer, min, nullable, object, optional, pattern, refine, size, string, type, type Infer } from 'superstruct';
import { ApiInstant, Id, IdParam, MAX_EVENT_PRIORITY } from './common.ts';

/*
 * Emergency overrides (issue 25): one media file or playlist on chosen devices, offices or a whole company, above every
 * schedule, until cleared or until `ends_at`. See docs/api.md, "Overrides".
 */

/** The priority of an override's item in a compiled schedule: above any event's (0 to MAX_EVENT_PRIORITY). */
export const OVERRIDE_PRIORITY = MAX_EVENT_PRIORITY + 1;
/** The most devices or offices one override may name. */
export const MAX_OVERRIDE_TARGETS = 100_000;

export const OVERRIDE_TARGET_KINDS = ['devices', 'offices', 'company'] as const;
export type OverrideTargetKind = (typeof OVERRIDE_TARGET_KINDS)[number];

/** An ISO 8601 instant with a zone (`2026-11-26T18:00:00Z`, `2026-11-26T21:00:00+03:00`): the API's instant rule. */
export const Instant = ApiInstant();

/**
 * POST /overrides/create/: exactly one of `devices`, `offices` or `company` (the targets, all of one company), exactly
 * one of `media` and `playlist` (its last committed version plays), and an optional end (an instant in the future).
 */
export const OverrideCreateBody = object({
  devices: optional(size(array(Id), 1, MAX_OVERRIDE_TARGETS)),
  offices: optional(size(array(Id), 1, MAX_OVERRIDE_TARGETS)),
  company: optional(Id),
  media: optional(nullable(Id)),
  playlist: optional(nullable(Id)),
  /** A layout (issue 36): exactly one of media, playlist and layout. */
  layout: optional(nullable(Id)),
  ends_at: optional(nullable(Instant)),
});
export type OverrideCreateBody = Infer<typeof OverrideCreateBody>;

/** GET /overrides/?device=: the running overrides of the caller's scope, or those reaching one device. */
export const OverrideListQuery = type({ device: optional(IdParam) });

export const Override = type({
  id: Id,
  /** The company of its targets (null: the administrator's devices outside any office). */
  company: nullable(Id),
  targets: type({ kind: enums(OVERRIDE_TARGET_KINDS), ids: array(Id) }),
  /** The targets' names, in the order of `targets.ids` (a target deleted since is left out). */
  target_names: array(string()),
  /** Devices it reaches now. */
  devices: min(integer(), 0),
  media: nullable(Id),
  media_name: nullable(string()),
  playlist: nullable(Id),
  playlist_name: nullable(string()),
  /** A layout override's layout and its name (issue 36); absent from older servers. */
  layout: optional(nullable(Id)),
  layout_name: optional(nullable(string())),
  starts_at: string(),
  ends_at: nullable(string()),
  created_by: nullable(Id),
  created_by_name: nullable(string()),
  cleared_at: nullable(string()),
  cleared_by: nullable(Id),
  cleared_by_name: nullable(string()),
  /** Not cleared and not past its end. */
  active: boolean(),
  /** Devices whose player reported showing it (POST /player/channel/switched/, issue 35). */
  switched: min(integer(), 0),
  /** With `GET /overrides/?device=`: when that device's player reported showing it, null while it has not. */
  switched_at: optional(nullable(string())),
});
export type Override = Infer<typeof Override>;

/** POST /player/channel/switched/: the override whose first play the player shows now. */
export const OverrideSwitchBody = object({ override: Id });

/** Error codes of the override routes (the SPA translates them). */
export const OVERRIDE_ERROR_CODES = [
  'override_target_required',
  'override_mixed_companies',
  'media_or_playlist_required',
  'override_end_in_past',
  'playlist_not_committed',
  'unknown_media',
  'unknown_playlist',
  'unknown_layout',
  'layout_not_committed',
  'override_not_active',
] as const;
