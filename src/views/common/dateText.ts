/**
 * Calendar dates typed and shown in the interface language ("31.12.2026" in Russian, "12/31/2026" in English) and
 * kept as ISO "YYYY-MM-DD" for the API. The order of day, month and year and the separator come from Intl.
 */

interface DateShape {
  order: ('day' | 'month' | 'year')[];
  separator: string;
}

const shapes = new Map<string, DateShape>();

function shapeOf(language: string): DateShape {
  let shape = shapes.get(language);
  if (!shape) {
    const parts = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 11, 31)));
    const order = parts.filter((part) => part.type === 'day' || part.type === 'month' || part.type === 'year').map((part) => part.type as DateShape['order'][number]);
    const separator = parts.find((part) => part.type === 'literal')?.value ?? '.';
    shape = { order, separator };
    shapes.set(language, shape);
  }
  return shape;
}

/** The pattern to show as a placeholder, with the language's letters for day, month and year. */
export function datePattern(language: string, letters: { day: string; month: string; year: string }): string {
  const { order, separator } = shapeOf(language);
  return order.map((part) => (part === 'year' ? letters.year.repeat(4) : letters[part].repeat(2))).join(separator);
}

/** An ISO date as the language writes it; anything else is returned unchanged (an unfinished entry). */
export function formatDateText(iso: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const values = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = shapeOf(language);
  return order.map((part) => values[part]).join(separator);
}

/**
 * What was typed, read in the language's order, as an ISO date: '' for nothing; the text itself when it is not a
 * date in that shape (the form then says "Not a date"). Any of . / - and spaces separate; day and month may be one digit.
 */
export function parseDateText(text: string, language: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return isCalendarDate(trimmed) ? trimmed : text;
  const pieces = trimmed.split(/[./\-\s]+/);
  const { order } = shapeOf(language);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d+$/.test(piece))) return text;
  const values = Object.fromEntries(order.map((part, index) => [part, pieces[index]!])) as Record<DateShape['order'][number], string>;
  if (values.year.length !== 4 || values.month.length > 2 || values.day.length > 2) return text;
  const iso = `${values.year}-${values.month.padStart(2, '0')}-${values.day.padStart(2, '0')}`;
  // 13/45/2027 has the shape of a date but names no day: handed back as typed, so the form says "Not a date".
  return isCalendarDate(iso) ? iso : text;
}

/** Whether an ISO "YYYY-MM-DD" names a real day of the calendar (month 1 to 12, day within the month, year 1 to 9999). */
export function isCalendarDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
