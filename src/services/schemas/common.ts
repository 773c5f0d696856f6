import { array, coerce, define, integer, max, min, nullable, number, object, string, type Describe, type Struct } from 'superstruct';

/** A string with at least one non-blank character. */
export const requiredString = define<string>('requiredString', (value) => typeof value === 'string' && value.trim().length > 0);

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2147483647;

/** A positive integer id within the database's integer range. */
export const Id = min(max(integer(), MAX_ID), 1);

/** An id as it arrives in a path or query string ("12"), coerced to a number. */
export const IdParam = coerce(Id, string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : value));

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
