import { array, coerce, enums, integer, max, min, nullable, number, object, optional, refine, size, string, type, type Infer } from 'superstruct';
import { ApiDate, Id, IdParam } from './common.ts';

/** The statistics period is counted in hours (spec section 9): one hour up to a 31-day month. */
export const MIN_PERIOD_HOURS = 1;
export const MAX_PERIOD_HOURS = 744;
/** Entities one comparison shows side by side. */
export const MAX_COMPARE_ENTITIES = 10;
/** Plays one `POST /player/plays/` batch may carry. */
export const MAX_PLAYS_PER_BATCH = 1000;
/** Days an unload may cover (both ends included). */
export const MAX_UNLOAD_DAYS = 366;

export const COMPARE_KINDS = ['campaign', 'device', 'media'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];
export const UNLOAD_GRANULARITIES = ['raw', 'hourly'] as const;
export type UnloadGranularity = (typeof UNLOAD_GRANULARITIES)[number];

/** Why a play of a batch was not stored. */
export const PLAY_REFUSALS = ['invalid', 'in_future', 'too_old', 'unknown_event', 'unknown_media', 'not_scheduled'] as const;
export type PlayRefusal = (typeof PLAY_REFUSALS)[number];
/**
 * How a play ended (issue 35.3): played through, cut short by the schedule (an override, a publish), or failed (the
 * file could not be decoded or shown). A failed play is no play: statistics count it apart, and only its seconds on
 * screen. A play without `outcome` (players before this field) is completed.
 */
export const PLAY_OUTCOMES = ['completed', 'partial', 'failed'] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];

export const isoDate = ApiDate();

const PeriodParam = coerce(min(max(integer(), MAX_PERIOD_HOURS), MIN_PERIOD_HOURS), string(), (value) => (/^\d{1,6}$/.test(value) ? Number(value) : value));

/** GET /statistics/?campaign=&date=&period= */
export const StatisticsQuery = type({ campaign: IdParam, date: isoDate, period: PeriodParam, layout: optional(IdParam) });
export type StatisticsQuery = Infer<typeof StatisticsQuery>;

/** One entity of a comparison: `campaign:12`, `device:3`, `media:7`. */
export const ENTITY_PATTERN = /^(campaign|device|media):(\d{1,10})$/;
export const entityKey = (kind: CompareKind, id: number) => `${kind}:${id}`;

/** GET /statistics/compare/?entities=campaign:1,device:2&date=&period= (entities checked by the route: count and shape) */
export const CompareQuery = type({ entities: string(), date: isoDate, period: PeriodParam });

/** GET /statistics/unloads/?granularity=&from=&to=&campaign=&device=&media=&lang= */
export const UnloadQuery = type({
  granularity: enums(UNLOAD_GRANULARITIES),
  from: isoDate,
  to: isoDate,
  campaign: optional(IdParam),
  device: optional(IdParam),
  media: optional(IdParam),
  /** Plays of events that show this layout (issue 36). */
  layout: optional(IdParam),
  lang: optional(enums(['en', 'ru'])),
});
export type UnloadQuery = Infer<typeof UnloadQuery>;

/** The matches one search of the statistics pickers answers: 20 by default, 1 to 100. */
export const ENTITY_SEARCH_LIMIT = 20;
export const MAX_ENTITY_SEARCH_LIMIT = 100;
/** Characters of a picker's search text. */
export const MAX_ENTITY_SEARCH_LENGTH = 200;

/** GET /statistics/entities/?kind=campaign|device|media&search=&limit= */
export const EntitySearchQuery = type({
  kind: enums(COMPARE_KINDS),
  search: optional(size(string(), 0, MAX_ENTITY_SEARCH_LENGTH)),
  limit: optional(coerce(min(max(integer(), MAX_ENTITY_SEARCH_LIMIT), 1), string(), (value) => (/^\d{1,6}$/.test(value) ? Number(value) : value))),
});
export type EntitySearchQuery = Infer<typeof EntitySearchQuery>;

/** What GET /statistics/entities/ answers: the matches the caller may see, in their list's order. */
export const EntitySearchAnswer = array(object({ kind: enums(COMPARE_KINDS), id: Id, name: string() }));
export type EntitySearchAnswer = Infer<typeof EntitySearchAnswer>;

const Count = min(integer(), 0);
const Totals = object({ plays: Count, seconds: number() });
const HourRow = object({ hour: string(), plays: Count, seconds: number() });

export const StatisticsAnswer = object({
  campaign: object({ id: Id, name: string() }),
  date: string(),
  period: integer(),
  time_zone: string(),
  total: Totals,
  hours: array(HourRow),
  devices: array(object({ device: Id, name: string(), plays: Count, seconds: number() })),
  media: array(object({ media: Id, name: string(), plays: Count, seconds: number() })),
  /** Widget showings (issue 38) per layout, zone and kind: plays (failed ones not counted) and seconds on screen. */
  widgets: array(object({ layout: Id, zone: Id, widget: string(), plays: Count, seconds: number() })),
});
export type StatisticsAnswer = Infer<typeof StatisticsAnswer>;

export const CompareAnswer = object({
  date: string(),
  period: integer(),
  time_zone: string(),
  series: array(object({ entity: string(), kind: enums(COMPARE_KINDS), id: Id, name: string(), total: Totals, hours: array(HourRow) })),
});
export type CompareAnswer = Infer<typeof CompareAnswer>;

export const LiveAnswer = object({
  since: string(),
  until: string(),
  time_zone: string(),
  total: Totals,
  minutes: array(object({ minute: string(), plays: Count })),
  recent: array(
    object({
      device: Id,
      device_name: string(),
      media: Id,
      media_name: string(),
      campaign: Id,
      campaign_name: string(),
      started_at: string(),
      duration: number(),
    }),
  ),
});
export type LiveAnswer = Infer<typeof LiveAnswer>;

export const PlaysAnswer = object({
  accepted: Count,
  duplicates: Count,
  refused: array(object({ id: nullable(string()), reason: enums(PLAY_REFUSALS) })),
});
export type PlaysAnswer = Infer<typeof PlaysAnswer>;
