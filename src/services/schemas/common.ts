import { array, coerce, define, integer, max, min, nullable, number, object, refine, size, string, type Describe, type Struct } from 'superstruct';

/** A string with at least one non-blank character. */
export const requiredString = define<string>('requiredString', (value) => typeof value === 'string' && value.trim().length > 0);

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2147483647;
/** Priorities run from 0 (default) to 100; where occurrences overlap on a device the higher one plays (here, not in scheduler.ts: overrides use it too). */
export const MAX_EVENT_PRIORITY = 100;

/** A positive integer id within the database's integer range. */
export const Id = min(max(integer(), MAX_ID), 1);

/** An id as it arrives in a path or query string ("12"), coerced to a number. */
export const IdParam = coerce(Id, string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : value));

/** Control and bidirectional-override characters: a player's free text with them is refused or stripped (issue 26.7). */
export const UNSAFE_REPORTED_CHARACTERS = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const UNSAFE_REPORTED_CHARACTERS_ALL = new RegExp(UNSAFE_REPORTED_CHARACTERS.source, 'g');

/** `text` without UNSAFE_REPORTED_CHARACTERS (a line break becomes a space, the others go). */
export function stripUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_REPORTED_CHARACTERS_ALL, (character) => (character === '\n' || character === '\r' ? ' ' : ''));
}

/** The paged list envelope every list endpoint answers with. */
export function Page<T>(item: Struct<T>) {
  return object({
    count: min(integer(), 0),
    next: nullable(string()),
    previous: nullable(string()),
    results: array(item),
  });
}
export type PageOf<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** The error body of every 4xx/5xx answer. `code` is stable; the SPA translates it. */
export const ApiErrorBody = object({
  detail: string(),
  code: string(),
});
export interface ApiErrorShape {
  detail: string;
  code: string;
  /** Field path -> error code (required, invalid, too_long, ...). */
  fields?: Record<string, string>;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export type { Describe };
export { number };

/*
 * The API's one date rule. A date is `YYYY-MM-DD`, a real calendar day, from FIRST_DATE to LAST_DATE: the years 1 to
 * 9999 less their first and last day, so that any range built on a date (its end is the next midnight; a zone moves
 * it by up to 14 hours) stays an instant PostgreSQL holds and JavaScript writes as four-digit years. Year 0 (which
 * PostgreSQL refuses) and 10000 answer 400 with the field named: out_of_range, or the format code of each schema.
 */
export const FIRST_DATE = '0001-01-02';
export const LAST_DATE = '9999-12-30';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is `YYYY-MM-DD` and names a day that exists (2026-02-30 does not). */
export function isRealDate(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** Whether the date part (the first ten characters) of a date or date-time lies within FIRST_DATE..LAST_DATE. */
export function isWithinDateSpan(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= FIRST_DATE && day <= LAST_DATE;
}

/** A struct of strings narrowed to the date span (failure code out_of_range). */
export function inDateSpan<T extends string | null | undefined, S>(struct: Struct<T, S>): Struct<T, S> {
  return refine(struct, 'max', (value) => value == null || isWithinDateSpan(value));
}

/** The date of the API: a real `YYYY-MM-DD` (failure code `invalid_format`, or the refinement `name`) within the span. */
export const ApiDate = (name = 'pattern') => inDateSpan(refine(string(), name, isRealDate));

/*
 * The API's one instant rule (issue 35.13, 35.16): an instant is an ISO 8601 date-time with its zone,
 * `YYYY-MM-DDTHH:MM[:SS[.fraction of 1 to 9 digits]]` then `Z` or `+HH:MM` / `-HH:MM`: a real calendar day (2027-02-30
 * is not one), hours 00-23, minutes and seconds 00-59, an offset of at most 14 hours (the widest any zone uses; +16:00
 * is refused, as PostgreSQL refuses it), and, read in UTC, a day within FIRST_DATE..LAST_DATE like the date rule
 * (9999-12-31T23:59:59-14:00 is the year 10000 in UTC). Every route that takes an instant checks it with this rule
 * before it stores anything: the format failures answer `invalid_format`, the span `out_of_range`.
 */
const INSTANT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
/** The longest instant text the rule reads (nine fraction digits and an offset). */
export const MAX_INSTANT_LENGTH = 35;
const MAX_OFFSET_MINUTES = 14 * 60;
const FIRST_INSTANT = Date.parse(`${FIRST_DATE}T00:00:00Z`);
const AFTER_LAST_INSTANT = Date.parse(`${LAST_DATE}T00:00:00Z`) + 86_400_000;

/**
 * The milliseconds since 1970 of an instant that follows the format part of the rule (any year), or NaN. Date.parse
 * alone is not the rule: it takes 2027-02-30 as 2027-03-02 and offsets up to 23:59, which PostgreSQL refuses.
 */
export function instantTime(value: unknown): number {
  if (typeof value !== 'string' || value.length > MAX_INSTANT_LENGTH) return Number.NaN;
  const match = INSTANT_PATTERN.exec(value);
  if (!match) return Number.NaN;
  const [, , , , hour, minute, second, sign, offsetHours, offsetMinutes] = match;
  if (!isRealDate(value.slice(0, 10)) || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return Number.NaN;
  if (sign && (Number(offsetMinutes) > 59 || Number(offsetHours) * 60 + Number(offsetMinutes) > MAX_OFFSET_MINUTES)) return Number.NaN;
  return Date.parse(value);
}

/** Whether an instant of the right format lies, in UTC, within the span of the date rule. */
export function isWithinInstantSpan(value: string): boolean {
  const time = instantTime(value);
  return Number.isNaN(time) || (time >= FIRST_INSTANT && time < AFTER_LAST_INSTANT);
}

/** Whether `value` follows the whole instant rule (format and span). */
export function isApiInstant(value: unknown): value is string {
  const time = instantTime(value);
  return time >= FIRST_INSTANT && time < AFTER_LAST_INSTANT;
}

/** The instant of the API (the rule above): `invalid_format` for the format, `out_of_range` outside the span. */
export const ApiInstant = () => refine(refine(string(), 'pattern', (value) => !Number.isNaN(instantTime(value))), 'max', isWithinInstantSpan);

/** The languages of a downloaded sheet (the devices' and the journal's). */
export const SHEET_LANGUAGES = ['en', 'ru'] as const;

/** An IANA time zone name the runtime knows ("Europe/Moscow", "UTC"). */
export const TimeZoneName = refine(size(string(), 1, 64), 'timeZone', (zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
});
