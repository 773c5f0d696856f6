import { array, coerce, define, integer, max, min, nullable, number, object, refine, string, type Describe, type Struct } from 'superstruct';

/** A string with at least one non-blank character. */
export const requiredString = define<string>('requiredString', (value) => typeof value === 'string' && value.trim().length > 0);

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2147483647;

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
