import type { SchedulerEvent } from '../../services/scheduler.ts';

/*
 * Dragging and resizing a weekly repeat on the calendar (issue 11). A repeat is one series: dragging any of its
 * occurrences moves the whole series by the same amount, resizing one changes the length of every occurrence.
 *
 * - Move by a delta (days and minutes): every occurrence starts that much later or earlier. The start time moves by the
 *   minutes; whole days carried over midnight (and the delta's days) move the start and end dates and every weekday by
 *   the same number of days, wrapping from Sunday (7) to Monday (1) and back. The length of an occurrence is kept, so
 *   the end time moves with the start (an occurrence may come to end after midnight: the end time then lies at or
 *   before the start time, which the scheduler reads as the next day).
 * - Resize by a delta (minutes) of the end: every occurrence ends that much later or earlier; the start, the dates and
 *   the weekdays stay. An occurrence must last more than 0 minutes and at most 24 hours (one day's start and end times
 *   can say no more), and an all-day repeat keeps one day: such a resize is refused.
 * - An all-day repeat moves by whole days only; dropping an occurrence into the time grid (or a timed one onto the
 *   all-day row) is refused: the form changes whether it is all day.
 */

const DAY = 1440;

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const timeOf = (minutes: number) => {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** `YYYY-MM-DD` moved by whole days (calendar arithmetic in UTC, so no clock change gets in the way). */
export function shiftDate(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** An ISO weekday (1 Monday ... 7 Sunday) moved by whole days, wrapping around the week. */
export function shiftWeekday(day: number, days: number): number {
  return ((((day - 1 + days) % 7) + 7) % 7) + 1;
}

/** How long one occurrence of a timed repeat lasts, in minutes (an end at or before the start: the next day). */
export function occurrenceMinutes(event: Pick<SchedulerEvent, 'start_time' | 'end_time'>): number {
  const length = (minutesOf(event.end_time) - minutesOf(event.start_time) + DAY) % DAY;
  return length === 0 ? DAY : length;
}

export type SeriesChange =
  /** An occurrence dragged: by `minutes` (a whole number of days times 1440 for an all-day or month-view drag). */
  | { kind: 'move'; minutes: number; allDay: boolean }
  /** An occurrence's end dragged by `minutes`. */
  | { kind: 'resize'; minutes: number };

/** The repeat after the change, or null when the change cannot be a repeat (see above); a non-repeat: null. */
export function changeSeries(event: SchedulerEvent, change: SeriesChange): SchedulerEvent | null {
  if (!event.repeat || !Number.isInteger(change.minutes)) return null;
  if (change.kind === 'resize') {
    if (event.all_day) return null;
    const length = occurrenceMinutes(event) + change.minutes;
    if (length <= 0 || length > DAY) return null;
    return { ...event, end_time: timeOf(minutesOf(event.start_time) + length) };
  }
  if (change.allDay !== event.all_day) return null;
  if (event.all_day && change.minutes % DAY !== 0) return null;
  const start = (event.all_day ? 0 : minutesOf(event.start_time)) + change.minutes;
  const days = Math.floor(start / DAY);
  const moved = {
    ...event,
    start_date: shiftDate(event.start_date, days),
    end_date: shiftDate(event.end_date, days),
    weekdays: event.weekdays.map((day) => shiftWeekday(day, days)).sort((a, b) => a - b),
  };
  if (event.all_day) return moved;
  return { ...moved, start_time: timeOf(start), end_time: timeOf(start + occurrenceMinutes(event)) };
}
