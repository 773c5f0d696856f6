import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_PAGE_SIZE, type PageOf } from '../../src/services/schemas/common.ts';
import { badRequest } from '../errors.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

/** A page number or size as written in a query string: digits only ("1e300" and "0x10" are numbers to Number(), not here). */
const DIGITS = /^\d{1,10}$/;

function positiveInt(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1) throw badRequest('validation_error', `${name} must be a positive integer.`, { [name]: 'invalid' });
  if (value > MAX_ID) throw badRequest('validation_error', `${name} must be at most ${MAX_ID}.`, { [name]: 'out_of_range' });
  return value;
}

/** Reads `page` and `page_size` (default 20) from a query string. */
export function pageRequest(query: Record<string, unknown>): PageRequest {
  const page = positiveInt(query.page, 'page', 1);
  const pageSize = Math.min(positiveInt(query.page_size, 'page_size', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Builds the `{count, next, previous, results}` envelope with links relative to the request URL. */
export function pageOf<T>(url: string, request: PageRequest, count: number, results: T[]): PageOf<T> {
  const link = (page: number) => {
    const target = new URL(url, 'http://local');
    target.searchParams.set('page', String(page));
    target.searchParams.set('page_size', String(request.pageSize));
    return `${target.pathname}${target.search}`;
  };
  return {
    count,
    next: request.offset + results.length < count ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(request.page - 1) : null,
    results,
  };
}

/** The same envelope as pageOf around results that are already JSON text (`size` of them). */
export function pageJson(url: string, request: PageRequest, count: number, size: number, resultsJson: string): string {
  const { next, previous } = pageOf(url, request, count, new Array<never>(size));
  return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${resultsJson}}`;
}
