import type { EventTiming, SchedulerEvent } from '../../services/scheduler.ts';

/** `YYYY-MM-DD` of a date in the browser's wall clock (event times are wall-clock times). */
export function ymd(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `HH:MM` of a date in the browser's wall clock. */
/**
 * The day a new event starts on when it is added without a clicked day: today when the shown period holds it, else the
 * period's first day (its month, week or list period: [start, end), ISO dates), never a leading day of the grid.
 */
export function newEventDate(today: string, period: { start: string; end: string }): string {
  return today >= period.start && today < period.end ? today : period.start;
}

export function hm(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return ymd(new Date(y, m - 1, d + days));
}

/** The range FullCalendar's month view shows for `date`: six weeks from the first day of the week on or before the 1st. */
export function monthGridRange(date: Date, firstDay: number): { start: string; end: string } {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const back = (first.getDay() - firstDay + 7) % 7;
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - back);
  return { start: ymd(start), end: ymd(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 42)) };
}

/** Black or white, whichever reads better on the event's colour (WCAG relative luminance). */
export function contrastOn(color: string): '#000000' | '#ffffff' {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#ffffff';
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** What FullCalendar draws for an event (its `extendedProps.event` is the event itself). */
export interface CalendarEventInput {
  id: string;
  title: string;
  color: string;
  contrastColor: string;
  className?: string;
  editable: boolean;
  extendedProps: { event: SchedulerEvent };
  allDay: boolean;
  start?: string;
  end?: string;
  daysOfWeek?: number[];
  startTime?: string;
  endTime?: string;
  startRecur?: string;
  endRecur?: string;
}

/**
 * An event as FullCalendar draws it: a one-off event is one span from its start to its end; a weekly repeat is
 * drawn on its weekdays between its dates, start to end time each day (FullCalendar counts Sunday as 0, ISO as 7).
 * Dragging or resizing an occurrence of a repeat changes the whole series (src/machines/scheduler/series.ts).
 */
export function toCalendarEvent(event: SchedulerEvent, unpublishedClass: string, editable: boolean): CalendarEventInput {
  const base = {
    id: String(event.id),
    // The unpublished marker leads the title, so it shows in every view and is read out with it.
    title: event.published ? event.title : `* ${event.title}`,
    color: event.color,
    contrastColor: contrastOn(event.color),
    className: event.published ? undefined : unpublishedClass,
    extendedProps: { event },
    allDay: event.all_day,
  };
  if (event.repeat) {
    return {
      ...base,
      editable,
      daysOfWeek: event.weekdays.map((day) => day % 7),
      startRecur: event.start_date,
      endRecur: addDays(event.end_date, 1),
      ...(event.all_day ? {} : { startTime: event.start_time, endTime: event.end_time }),
    };
  }
  return event.all_day
    ? { ...base, editable, start: event.start_date, end: addDays(event.end_date, 1) }
    : { ...base, editable, start: `${event.start_date}T${event.start_time}`, end: `${event.end_date}T${event.end_time}` };
}

/** The dates and times of an event FullCalendar moved or resized (an all-day end is exclusive there, inclusive here). */
export function timingOf(start: Date, end: Date | null, allDay: boolean): EventTiming {
  if (allDay) {
    const last = end ? new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1) : start;
    return { start_date: ymd(start), start_time: '00:00', end_date: ymd(last < start ? start : last), end_time: '00:00', all_day: true };
  }
  const finish = end ?? new Date(start.getTime() + 3_600_000);
  return { start_date: ymd(start), start_time: hm(start), end_date: ymd(finish), end_time: hm(finish), all_day: false };
}

/** Wall-clock minutes from `from` to `to` (whole days between their dates, plus the difference of their times of day). */
export function wallMinutesBetween(from: Date, to: Date): number {
  const days = Math.round((Date.UTC(to.getFullYear(), to.getMonth(), to.getDate()) - Date.UTC(from.getFullYear(), from.getMonth(), from.getDate())) / 86_400_000);
  return days * 1440 + (to.getHours() * 60 + to.getMinutes()) - (from.getHours() * 60 + from.getMinutes());
}
