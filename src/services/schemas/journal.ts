import { assign, boolean, enums, integer, nullable, number, object, optional, pattern, record, refine, size, string, tuple, type, unknown, type Infer } from 'superstruct';
import { instantTime, IdParam, inDateSpan, isRealDate, isWithinDateSpan, isWithinInstantSpan, MAX_INSTANT_LENGTH, Page, SHEET_LANGUAGES, TimeZoneName } from './common.ts';

/** What changed in one write: field -> [before, after] (null where the field did not exist). Never secrets. */
export const JournalChanges = record(string(), tuple([unknown(), unknown()]));
export type JournalChanges = Infer<typeof JournalChanges>;

/** One journal entry as GET /journal/ answers it. */
export const JournalEntry = object({
  id: number(),
  user: nullable(integer()),
  username: nullable(string()),
  action: string(),
  entity: string(),
  entity_id: nullable(string()),
  changes: JournalChanges,
  /** The API token the change was made with (issue 40), by name; null for a signed-in session or the system. */
  via: nullable(string()),
  created_at: string(),
});
export type JournalEntry = Infer<typeof JournalEntry>;

/** A page of entries: `count` is exact up to 10,000 matches; past that it is 10,000 and `count_exact` is false. */
export const JournalPage = assign(Page(JournalEntry), object({ count_exact: boolean() }));
export type JournalPage = Infer<typeof JournalPage>;

/**
 * An instant in a query string: a date (`2026-11-22`, midnight UTC; the date rule) or an instant of the API's rule
 * (common.ts, ApiInstant).
 */
export const Instant = refine(
  refine(size(string(), 10, MAX_INSTANT_LENGTH), 'pattern', (value) => (value.length === 10 ? isRealDate(value) : !Number.isNaN(instantTime(value)))),
  'max',
  (value) => (value.length === 10 ? isWithinDateSpan(value) : isWithinInstantSpan(value)),
);

/** The entities the journal names (the filter accepts any short name; these are the ones the panel offers). */
export const JOURNAL_ENTITIES = [
  'device', 'device_config', 'media_file', 'playlist', 'layout', 'dataset', 'track', 'campaign', 'event', 'directory_query', 'company', 'department',
  'office', 'user', 'group', 'session', 'pending_client', 'navigation_object', 'navigation_marker',
  'device_navigation', 'override', 'api_token', 'oidc_group_mapping',
] as const;
export const JOURNAL_ACTIONS = ['create', 'update', 'delete', 'activate', 'deactivate', 'command', 'login', 'logout'] as const;

const FilterName = pattern(size(string(), 1, 64), /^[a-z0-9_]+$/);

export const JournalQuery = type({
  user: optional(IdParam),
  entity: optional(FilterName),
  action: optional(FilterName),
  from: optional(Instant),
  to: optional(Instant),
});
export type JournalQuery = Infer<typeof JournalQuery>;

export const JournalSheetQuery = type({
  ...JournalQuery.schema,
  lang: optional(enums(SHEET_LANGUAGES)),
  tz: optional(TimeZoneName),
});
export type JournalSheetQuery = Infer<typeof JournalSheetQuery>;
