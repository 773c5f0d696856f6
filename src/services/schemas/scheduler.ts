import { array, boolean, enums, integer, max, min, nullable, object, optional, pattern, record, refine, size, string, type, unknown, type Infer } from 'superstruct';
import { Id, IdParam, inDateSpan, isRealDate, MAX_EVENT_PRIORITY, Page } from './common.ts';
import { PowerWindow } from './power.ts';
import { PublishWarning, Rendition } from './playback.ts';
import { WIDGET_KINDS } from './widgets.ts';

/*
 * The scheduler (issue 11): campaign events, publishing, and the compiled device schedule players download.
 * Request bodies are strict `object`s; answers are `type`s (a newer server may add fields).
 *
 * Event times are wall-clock times in each device's office time zone: "08:00" plays at 08:00 local in every store,
 * on both sides of a daylight-saving switch. See docs/api.md, "Scheduler".
 */

export const MAX_EVENT_TITLE = 200;
export { MAX_EVENT_PRIORITY };
/** The longest an event's `duration` (seconds one showing lasts) may be: one day. */
export const MAX_EVENT_DURATION = 86400;
/** FullCalendar's default event colour. */
export const DEFAULT_EVENT_COLOR = '#3788d8';
/** ISO weekdays: 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The most devices one event may name. */
export const MAX_EVENT_DEVICES = 100_000;

/** `YYYY-MM-DD`, a real calendar date. */
export const EventDate = inDateSpan(refine(pattern(string(), /^\d{4}-\d{2}-\d{2}$/), 'date', isRealDate));
/** `HH:MM`, 00:00 to 23:59 (wall clock in the device's zone). */
export const EventTime = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);
export const EventColor = pattern(string(), /^#[0-9a-fA-F]{6}$/);
/** `YYYY-MM-DDTHH:MM`, a real date and a wall-clock time in the device's zone: an event's validity bound (issue 42). */
export const EventLocalDateTime = refine(pattern(string(), /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/), 'local_date_time', (value) => isRealDate(value.slice(0, 10)));
export const Weekday = min(max(integer(), 7), 1);
const Priority = min(max(integer(), MAX_EVENT_PRIORITY), 0);
const Duration = min(max(integer(), MAX_EVENT_DURATION), 1);
const UserField = optional(nullable(min(max(integer(), 2147483647), 0)));

/*
 * The rules with their own messages (section 5 and 8) are checked by `eventProblems` rather than by the struct, so
 * that the server answers their own codes and the event form runs the same rule as a guard. The struct only checks
 * shapes: a missing title, media, playlist or device list passes it and is named by `eventProblems`.
 */
const eventFields = {
  title: optional(size(string(), 0, MAX_EVENT_TITLE)),
  media: optional(nullable(Id)),
  playlist: optional(nullable(Id)),
  /** A layout (issue 36): an event plays exactly one of media, playlist and layout. */
  layout: optional(nullable(Id)),
  start_date: EventDate,
  /** Required unless `all_day`. */
  start_time: optional(nullable(EventTime)),
  end_date: EventDate,
  /** Required unless `all_day`. */
  end_time: optional(nullable(EventTime)),
  all_day: optional(boolean()),
  color: optional(EventColor),
  /** Seconds one showing lasts (null: the media's or playlist's own duration). */
  duration: optional(nullable(Duration)),
  /** Weekly repeat (default: true when `weekdays` is not empty). `repeat: false` clears `weekdays`. */
  repeat: optional(boolean()),
  /** ISO days the event repeats on; at least one when `repeat` is true. */
  weekdays: optional(size(array(Weekday), 0, 7)),
  /** A non-empty subset of the campaign's devices. */
  devices: optional(size(array(Id), 0, MAX_EVENT_DEVICES)),
  priority: optional(Priority),
  /** Plays from (issue 42): a wall-clock date-time in each device's zone; null or absent: no bound. */
  valid_from: optional(nullable(EventLocalDateTime)),
  /** Plays until (exclusive), the same way; after `valid_from`. */
  valid_until: optional(nullable(EventLocalDateTime)),
  user: UserField,
};

/** POST /scheduler/events/create/ */
export const EventCreateBody = object({ campaign: Id, ...eventFields });
export type EventCreateBody = Infer<typeof EventCreateBody>;

/** PUT /scheduler/events/{id}: any subset of the fields (the campaign does not change); the result must pass the same rules. */
export const EventUpdateBody = object({
  ...eventFields,
  start_date: optional(EventDate),
  end_date: optional(EventDate),
});
export type EventUpdateBody = Infer<typeof EventUpdateBody>;

export const Event = type({
  id: Id,
  campaign: Id,
  campaign_name: string(),
  title: string(),
  media: nullable(Id),
  media_name: nullable(string()),
  playlist: nullable(Id),
  playlist_name: nullable(string()),
  /** The playlist's tracks equal its last committed version (null for a media event). Publish needs every one true. */
  playlist_committed: nullable(boolean()),
  /** A layout event's layout (issue 36; null otherwise, absent from older servers), its name and whether its draft equals its last committed version. */
  layout: optional(nullable(Id)),
  layout_name: optional(nullable(string())),
  layout_committed: optional(nullable(boolean())),
  start_date: string(),
  /** `HH:MM`; `00:00` for an all-day event. */
  start_time: string(),
  end_date: string(),
  end_time: string(),
  all_day: boolean(),
  color: string(),
  duration: nullable(integer()),
  repeat: boolean(),
  weekdays: array(integer()),
  devices: array(Id),
  /** False from any create, edit or delete in the campaign until the campaign is published again. */
  published: boolean(),
  priority: integer(),
  /** Its validity (issue 42), `YYYY-MM-DDTHH:MM` in each device's zone; null for no bound (absent from older servers). */
  valid_from: optional(nullable(string())),
  valid_until: optional(nullable(string())),
  created_at: string(),
  updated_at: string(),
});
export type Event = Infer<typeof Event>;
export const EventPage = Page(Event);

/**
 * The same test as `Event.is`, written out (a property test holds the two equal): superstruct took a good part of the
 * month view's time to check 500 events. Lists check the page with `EventPageEnvelope` and each event with this.
 */
export function isEvent(value: unknown): value is Event {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const id = (field: unknown) => Number.isInteger(field) && (field as number) >= 1 && (field as number) <= 2147483647;
  const text = (field: unknown) => typeof field === 'string';
  const flag = (field: unknown) => typeof field === 'boolean';
  const integers = (field: unknown, each: (item: unknown) => boolean) => Array.isArray(field) && field.every(each);
  return (
    id(e.id) &&
    id(e.campaign) &&
    text(e.campaign_name) &&
    text(e.title) &&
    (e.media === null || id(e.media)) &&
    (e.media_name === null || text(e.media_name)) &&
    (e.playlist === null || id(e.playlist)) &&
    (e.playlist_name === null || text(e.playlist_name)) &&
    (e.playlist_committed === null || flag(e.playlist_committed)) &&
    text(e.start_date) &&
    text(e.start_time) &&
    text(e.end_date) &&
    text(e.end_time) &&
    flag(e.all_day) &&
    text(e.color) &&
    (e.duration === null || Number.isInteger(e.duration)) &&
    flag(e.repeat) &&
    integers(e.weekdays, Number.isInteger) &&
    integers(e.devices, id) &&
    flag(e.published) &&
    Number.isInteger(e.priority) &&
    text(e.created_at) &&
    text(e.updated_at)
  );
}
/** EventPage with its events left to `isEvent`. */
export const EventPageEnvelope = Page(unknown());

/** An instant or a date, as FullCalendar sends its range (`2026-11-01` or `2026-11-01T00:00:00+01:00`): the date part counts. */
const RangeBound = inDateSpan(pattern(string(), /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/));

/** GET /scheduler/events/?campaign=&start=&end=: events that overlap [start, end) (dates, both optional). page_size defaults to 500 here. */
export const EventListQuery = type({
  campaign: optional(IdParam),
  start: optional(RangeBound),
  end: optional(RangeBound),
});
export type EventListQuery = Infer<typeof EventListQuery>;

/** One file a schedule item plays: download `url` with the player's serial and key headers. */
export const ScheduleMedia = type({
  id: Id,
  url: string(),
  /** The SHA-256 of the file's bytes (lower-case hex; an opaque tag for an older upload not hashed yet); changes whenever the file does. */
  checksum: string(),
  /** Seconds this file plays each time its turn comes. */
  duration: min(integer(), 1),
  /** Which file this device downloads (docs/api.md, "Renditions"): source, render:<queryId> or fallback. */
  rendition: optional(Rendition),
});
export type ScheduleMedia = Infer<typeof ScheduleMedia>;

/** A zone of a layout item: its rectangle in layout pixels, its stacking order and its files in play order. */
export const ScheduleZone = type({
  id: Id,
  x: integer(),
  y: integer(),
  width: integer(),
  height: integer(),
  z: integer(),
  items: array(ScheduleMedia),
  /**
   * A widget zone (issue 38; `items` empty): its kind, its settings as committed, and the dataset it shows as the
   * server last read it (`url` answers {id, version, checksum, columns, rows} to the player; `checksum` moves with it).
   */
  widget: optional(
    type({
      kind: enums(WIDGET_KINDS),
      settings: record(string(), unknown()),
      data: nullable(type({ id: Id, url: string(), version: integer(), checksum: string() })),
    }),
  ),
});
export type ScheduleZone = Infer<typeof ScheduleZone>;

export const ScheduleLayout = type({
  id: Id,
  version: min(integer(), 1),
  width: integer(),
  height: integer(),
  /** `color` `#rrggbb` (also the letterbox); `image`: a file drawn over it covering the canvas, or null. */
  background: type({ color: string(), image: nullable(ScheduleMedia) }),
  zones: array(ScheduleZone),
});
export type ScheduleLayout = Infer<typeof ScheduleLayout>;

/** One occurrence of an event on the device. */
export const ScheduleItem = type({
  event: Id,
  title: string(),
  /** UTC instants, ISO 8601 with Z. */
  starts_at: string(),
  ends_at: string(),
  /** The office's wall clock, ISO 8601 without offset. */
  local_start: string(),
  local_end: string(),
  priority: integer(),
  playlist: nullable(Id),
  /** The committed playlist version the media list comes from (null for a media event). */
  playlist_version: nullable(integer()),
  /**
   * A layout event's (issue 36): the committed version's canvas and zones, each zone with its files for this device
   * (chosen per device as `media` is); `media` is then empty. See docs/api.md, "Layouts on the screens".
   */
  layout: optional(ScheduleLayout),
  /** In play order. */
  media: array(ScheduleMedia),
  /**
   * Set on an emergency override's item (its id, also in `event`): it plays above every event (priority 101) from
   * `starts_at` to `ends_at`; players record no proof of play for it.
   */
  override: optional(Id),
});
export type ScheduleItem = Infer<typeof ScheduleItem>;

/**
 * GET /scheduler/dev2/{id}: the compiled schedule. `items` are the occurrences from the start of today (office time)
 * until `valid_until` (7 days later and more), in play order. Where occurrences overlap, the higher priority plays;
 * equal priorities take turns (one media each, in ascending event id). `version` changes only when `items` change
 * (0: nothing compiled yet, with empty items).
 */
export const DeviceSchedule = type({
  device: Id,
  version: min(integer(), 0),
  timezone: string(),
  generated_at: nullable(string()),
  valid_until: nullable(string()),
  /**
   * Screen power (issue 41): the instants the screen is on within the window, in time order; outside them (and before
   * valid_until) it is off. Null: always on (no power schedule applies). Absent from servers before issue 41.
   */
  power: optional(nullable(array(PowerWindow))),
  items: array(ScheduleItem),
});
export type DeviceSchedule = Infer<typeof DeviceSchedule>;

/** POST /scheduler/publish/{campaignId}/: 200 with counts. */
export const PublishResult = type({
  campaign: Id,
  /** Events marked published. */
  events: min(integer(), 0),
  /** Devices whose schedule was compiled (or queued for compiling). */
  devices: min(integer(), 0),
  /** Of those compiled before the answer, devices whose schedule version changed. */
  changed: min(integer(), 0),
  /** Devices queued for the compilers, compiled after the answer (a publish reaching more than 250; issue 35.20). */
  queued: optional(min(integer(), 0)),
  published_at: string(),
  /** Issue 41: the screens taking part now (hand-picked or through smart groups), and how many only through smart groups. */
  screens: optional(min(integer(), 0)),
  via_smart_groups: optional(min(integer(), 0)),
  /** Files some of the campaign's screens cannot play yet (a render is on its way) or at all. */
  warnings: array(PublishWarning),
});
export type PublishResult = Infer<typeof PublishResult>;

/** The 409 of publish: "Uncommited playlists found!" with the playlists to commit first. */
export const PublishConflict = type({
  detail: string(),
  code: enums(['uncommitted_playlists', 'uncommitted_layouts']),
  playlists: array(type({ id: Id, name: string() })),
  /** Layouts whose draft differs from their last committed version (issue 36); absent from older servers. */
  layouts: optional(array(type({ id: Id, name: string() }))),
});
export type PublishConflict = Infer<typeof PublishConflict>;

/* The rules with messages of their own (section 5, section 8 "Events and playlists"). */

/** Error code -> the spec's message key: the SPA translates by code. */
export const EVENT_PROBLEM_CODES = [
  /** "You must select event title" */
  'title_required',
  /** "You must select media or playlist" (none, or more than one of media, playlist and layout) */
  'media_or_playlist_required',
  /** "Device selection is required" */
  'devices_required',
  /** A weekly repeat needs at least one day per week. */
  'weekdays_required',
  /** A start or end time is missing on an event that is not all day. */
  'time_required',
  /** The end comes before the start (a one-off event), or end_date before start_date. */
  'end_before_start',
  /** "Valid until" is not after "valid from" (issue 42). */
  'valid_until_before_from',
] as const;
export type EventProblemCode = (typeof EVENT_PROBLEM_CODES)[number];

export interface EventDraft {
  title?: string | null;
  media?: number | null;
  playlist?: number | null;
  layout?: number | null;
  start_date?: string;
  start_time?: string | null;
  end_date?: string;
  end_time?: string | null;
  all_day?: boolean;
  repeat?: boolean;
  weekdays?: readonly number[];
  devices?: readonly number[];
  valid_from?: string | null;
  valid_until?: string | null;
}

/** Whether the draft repeats weekly: `repeat` when given, else whether it names weekdays. */
export function repeatsWeekly(draft: Pick<EventDraft, 'repeat' | 'weekdays'>): boolean {
  return draft.repeat ?? (draft.weekdays?.length ?? 0) > 0;
}

/**
 * The problems of an event draft in the order the form shows them: `{field: code}` with the first one's code as the
 * answer's `code`. Empty when the event may be saved. The server answers 400 with these; the form uses it as its guard.
 */
export function eventProblems(draft: EventDraft): { code: EventProblemCode; fields: Record<string, EventProblemCode> } | null {
  const fields: Record<string, EventProblemCode> = {};
  if (!draft.title || !draft.title.trim()) fields.title = 'title_required';
  if ([draft.media, draft.playlist, draft.layout].filter((content) => content != null).length !== 1) fields.media = 'media_or_playlist_required';
  if (!draft.devices || draft.devices.length === 0) fields.devices = 'devices_required';
  if (repeatsWeekly(draft) && (draft.weekdays?.length ?? 0) === 0) fields.weekdays = 'weekdays_required';
  if (!draft.all_day) {
    if (!draft.start_time) fields.start_time = 'time_required';
    if (!draft.end_time) fields.end_time = 'time_required';
  }
  if (draft.start_date && draft.end_date && !fields.start_time && !fields.end_time) {
    const repeats = repeatsWeekly(draft);
    const start = `${draft.start_date}T${draft.all_day || repeats ? '00:00' : draft.start_time}`;
    const end = `${draft.end_date}T${draft.all_day || repeats ? '00:00' : draft.end_time}`;
    // A one-off event must end after it starts; a repeat (or an all-day event) needs end_date >= start_date.
    if (draft.all_day || repeats ? end < start : end <= start) fields.end_date = 'end_before_start';
  }
  if (draft.valid_from && draft.valid_until && draft.valid_until <= draft.valid_from) fields.valid_until = 'valid_until_before_from';
  const first = Object.values(fields)[0];
  return first ? { code: first, fields } : null;
}

/* The event form's pickers (POST /scheduler/options/{campaignId}/): the campaign's devices, and the playlists and ready
 * media of its screen position, searched on the server. */

export const EVENT_OPTION_KINDS = ['devices', 'playlists', 'media', 'layouts'] as const;
export type EventOptionKind = (typeof EVENT_OPTION_KINDS)[number];
/** The most options one answer lists. */
export const EVENT_OPTIONS_PAGE = 100;
/** The most ids a picker sends as chosen (a campaign holds at most this many devices). */
export const EVENT_OPTIONS_CHOSEN = 20_000;

export const EventOptionsBody = object({
  kind: enums(EVENT_OPTION_KINDS),
  /** Part of the name (devices: of the name, serial number or office). */
  search: optional(size(string(), 0, 100)),
  /** What the form holds chosen: listed first, and the only ones listed with `only_chosen`. */
  chosen: optional(size(array(Id), 0, EVENT_OPTIONS_CHOSEN)),
  only_chosen: optional(boolean()),
  /** Devices: also every id that matches (for "select all" of a search). */
  match_ids: optional(boolean()),
  page_size: optional(min(max(integer(), EVENT_OPTIONS_PAGE), 1)),
});
export type EventOptionsBody = Infer<typeof EventOptionsBody>;

export const EventOption = type({
  id: Id,
  name: string(),
  /** Devices: their office's name. */
  office_name: optional(nullable(string())),
  /** Playlists and layouts: whether their draft is committed. */
  committed: optional(boolean()),
});
export type EventOption = Infer<typeof EventOption>;

export const EventOptionsPage = type({
  /** How many match in all (the results are the first of them, chosen first). */
  count: integer(),
  results: array(EventOption),
  /** With `match_ids` (devices): every matching id. */
  ids: optional(array(Id)),
});
export type EventOptionsPage = Infer<typeof EventOptionsPage>;
