import { formatDateText, parseDateText } from './dateText.ts';

/**
 * The one way the panel writes instants and days, per interface language ("Nov 21, 2026, 8:30 AM" in English,
 * "21 нояб. 2026 г., 08:30" in Russian): every screen goes through these, never `toLocaleString` or an Intl format of
 * its own, so a delivery, a device and a media file show the same time alike. Formatters are made once per language.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, kind: 'dateTime' | 'day' | 'calendarDay' | 'time'): Intl.DateTimeFormat {
  const key = `${language}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'dateTime' ? { dateStyle: 'medium', timeStyle: 'short' } : kind === 'time' ? { timeStyle: 'short' } : { dateStyle: 'medium', ...(kind === 'calendarDay' ? { timeZone: 'UTC' } : {}) };
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

const instant = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** An instant as date and time to the minute in the interface language; `fallback` for none. */
export function formatDateTime(value: string | null | undefined, language: string, fallback: string): string {
  const date = instant(value);
  return date ? formatOf(language, 'dateTime').format(date) : fallback;
}

/** The day of an instant (in the browser's zone) in the interface language, as formatDateTime writes it. */
export function formatDay(value: string | null | undefined, language: string, fallback: string): string {
  const date = instant(value);
  return date ? formatOf(language, 'day').format(date) : fallback;
}

/** A calendar date ("2024-03-01", no time, no zone) in the interface language, as formatDateTime writes its day. */
export function formatDate(value: string | null | undefined, language: string, fallback: string): string {
  if (!value) return fallback;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? fallback : formatOf(language, 'calendarDay').format(date);
}

/** Whether the language writes hours 1 to 12 with AM/PM ("en") or 0 to 23 ("ru"). */
export function usesDayPeriod(language: string): boolean {
  const cycle = formatOf(language, 'time').resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

/** A wall-clock time "HH:MM" (24 h) as the language writes it: "3:05 PM" in English, "15:05" in Russian. */
export function formatTimeText(time: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const [hours, minutes] = [Number(match[1]), match[2]!];
  if (!usesDayPeriod(language)) return `${match[1]}:${minutes}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A typed time as "HH:MM" (24 h), or null when it is none: "15:05", "15.05", "3:05 pm", "3:05PM" and "9:00" all read
 * (AM/PM is taken in either language; without it the hours are 0 to 23).
 */
export function parseTimeText(text: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})\s*([ap])?\.?\s*m?\.?$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const period = match[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (period) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (period === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A local date and time "YYYY-MM-DDTHH:MM" (what a datetime-local input holds) as the language writes it. */
export function formatDateTimeText(value: string, language: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? `${formatDateText(match[1]!, language)} ${formatTimeText(match[2]!, language)}` : value;
}

/**
 * What was typed as a local date and time, read in the language's order ("31.12.2026 15:30", "12/31/2026 3:30 PM"), as
 * "YYYY-MM-DDTHH:MM"; '' for nothing; the text itself when it is not one (the form then says so).
 */
export function parseDateTimeText(text: string, language: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(trimmed)) return trimmed;
  const match = /^(\S+)\s+(.+)$/.exec(trimmed);
  if (!match) return text;
  const day = parseDateText(match[1]!, language);
  const time = parseTimeText(match[2]!);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && time ? `${day}T${time}` : text;
}
