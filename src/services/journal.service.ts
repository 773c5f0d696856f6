import { api, parseResponse } from './http.ts';
import { JournalPage } from './schemas/journal.ts';

export type { JournalEntry, JournalPage } from './schemas/journal.ts';

/** The journal's filters as the screen holds them: ids and names, and the period as calendar dates (YYYY-MM-DD). */
export interface JournalFilters {
  user?: number;
  entity?: string;
  action?: string;
  /** First day of the period, in the reader's own calendar. */
  from?: string;
  /** Last day of the period (included). */
  to?: string;
}

export interface JournalListParams extends JournalFilters {
  page: number;
  page_size: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a calendar day starts in the reader's time zone (days later with `plusDays`), or undefined. */
export function localDayStart(date: string | undefined, plusDays = 0): string | undefined {
  const match = date ? ISO_DATE.exec(date) : null;
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).toISOString();
}

/** The query string of a filter set: the period runs from the first day's local midnight to the midnight after the last. */
export function journalQuery(filters: JournalFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.user !== undefined) query.user = filters.user;
  if (filters.entity) query.entity = filters.entity;
  if (filters.action) query.action = filters.action;
  const from = localDayStart(filters.from);
  const to = localDayStart(filters.to, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** GET /journal/ (paged, newest first, filtered). */
export async function listJournal(params: JournalListParams): Promise<JournalPage> {
  return parseResponse(JournalPage, await api('/journal/', { query: { ...journalQuery(params), page: params.page, page_size: params.page_size } }));
}

/** GET /journal/xlsx/: the filtered entries as a spreadsheet in the reader's language and time zone. */
export async function downloadJournal(filters: JournalFilters & { lang: string }): Promise<Blob> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api<Blob, 'blob'>('/journal/xlsx/', { query: { ...journalQuery(filters), lang: filters.lang, ...(tz ? { tz } : {}) }, responseType: 'blob' });
}
