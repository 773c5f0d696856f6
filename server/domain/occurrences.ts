import { Temporal } from 'temporal-polyfill';
import { badRequest } from '../errors.ts';

/**
 * Occurrence expansion for the scheduler (issue 11): plain functions, no database.
 *
 * Event times are wall-clock times in the device's IANA time zone ("08:00 in every store"), so a daily 08:00-09:00
 * event stays 08:00-09:00 local on both sides of a daylight-saving switch (its UTC instants move by the offset change).
 *
 * Wall times that do not map to exactly one instant follow Temporal's `'compatible'` disambiguation:
 * - a time that does not exist (skipped by a spring-forward switch, e.g. 02:30 in Europe/Berlin on 2026-03-29) moves
 *   forward by the length of the gap: 02:30 becomes 03:30 local, and `local_start` says 03:30;
 * - an ambiguous time (repeated by a fall-back switch, e.g. 02:30 in Europe/Berlin on 2026-10-25) takes the earlier of
 *   its two instants (02:30 summer time, 00:30Z).
 * The same rule applies to an occurrence's end. An occurrence whose end does not fall after its start once both are
 * resolved has no time on the clock that day and is left out (e.g. 02:30-03:00 on 2026-03-29 in Berlin: the start
 * moves to 03:30, after the end at 03:00).
 */

/** The timing fields of a scheduler event (dates `YYYY-MM-DD`, times `HH:MM`, wall clock in the device's zone). */
export interface EventTiming {
  id: number;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  all_day: boolean;
  /** Weekly repeat as ISO day numbers, 1 (Monday) to 7 (Sunday); empty for an event that does not repeat. */
  weekdays: readonly number[];
  priority: number;
}

/** One time an event plays on a device. */
export interface Occurrence {
  event: number;
  /** UTC instant, ISO 8601 with `Z`. */
  starts_at: string;
  ends_at: string;
  /** Wall clock in the device's zone, ISO 8601 without offset (`2026-03-29T08:00:00`). */
  local_start: string;
  local_end: string;
  priority: number;
}

/** The period a schedule covers: from an instant, a number of calendar days in the device's zone. */
export interface ScheduleWindow {
  /** ISO 8601 instant with an offset or `Z`. */
  from: string;
  days: number;
}

/** A span of time on one device and the events that play during it (see {@link resolvePlayback}). */
export interface PlaybackSlot {
  starts_at: string;
  ends_at: string;
  local_start: string;
  local_end: string;
  priority: number;
  /** The events that share the slot, in ascending event id: the order they take turns in. */
  events: number[];
}

interface Span {
  start: Temporal.ZonedDateTime;
  end: Temporal.ZonedDateTime;
}

/** The default schedule length: the device schedule covers the next 7 days. */
export const SCHEDULE_DAYS = 7;

/** True when `timeZone` is an IANA zone Temporal knows (callers validate an office's zone with it before storing). */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The server's own zone (`TZ`, else the system's): the zone of an office that has none stored. */
export function serverTimeZone(): string {
  return Temporal.Now.timeZoneId();
}

/**
 * The zone to store for an office: the given IANA name, or the server's zone when left out. A name Temporal does
 * not know throws 400 `invalid_timezone` (fields `{timezone: 'invalid'}`); office create and update both use it.
 */
export function officeTimeZone(timezone: string | null | undefined): string {
  if (timezone === undefined || timezone === null) return serverTimeZone();
  // IANA names only: a fixed offset (`+02:00`) is a zone to Temporal but knows no daylight-saving switch.
  if (/^[+-]/.test(timezone) || !isTimeZone(timezone)) {
    throw badRequest('invalid_timezone', `Unknown time zone: ${timezone.slice(0, 64)}.`, { timezone: 'invalid' });
  }
  return Temporal.Now.zonedDateTimeISO(timezone).timeZoneId;
}

/**
 * The instants a window covers: `[from, from + days)` where the days are calendar days in `timeZone`, so a 7-day
 * window across a switch is 167 or 169 hours long.
 */
export function windowBounds(window: ScheduleWindow, timeZone: string): { from: Temporal.Instant; until: Temporal.Instant } {
  const from = Temporal.Instant.from(window.from);
  const until = from.toZonedDateTimeISO(timeZone).add({ days: window.days }).toInstant();
  return { from, until };
}

function at(date: Temporal.PlainDate, time: string, timeZone: string): Temporal.ZonedDateTime {
  return date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(timeZone, { disambiguation: 'compatible' });
}

function startOfDay(date: Temporal.PlainDate, timeZone: string): Temporal.ZonedDateTime {
  return date.toZonedDateTime({ timeZone });
}

/** The fields that say when an event plays (no id, no priority). */
export type EventWhen = Pick<EventTiming, 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'all_day' | 'weekdays'>;

function oneOffSpan(event: EventWhen, timeZone: string): Span {
  const startDate = Temporal.PlainDate.from(event.start_date);
  const endDate = Temporal.PlainDate.from(event.end_date);
  if (event.all_day) return { start: startOfDay(startDate, timeZone), end: startOfDay(endDate.add({ days: 1 }), timeZone) };
  return { start: at(startDate, event.start_time, timeZone), end: at(endDate, event.end_time, timeZone) };
}

function repeatSpan(event: EventWhen, date: Temporal.PlainDate, timeZone: string): Span {
  const nextDay = date.add({ days: 1 });
  if (event.all_day) return { start: startOfDay(date, timeZone), end: startOfDay(nextDay, timeZone) };
  const overnight = Temporal.PlainTime.compare(Temporal.PlainTime.from(event.end_time), Temporal.PlainTime.from(event.start_time)) <= 0;
  return { start: at(date, event.start_time, timeZone), end: at(overnight ? nextDay : date, event.end_time, timeZone) };
}

/**
 * The dates a repeating event may start on and still reach the window: each day of the window in local time, plus the
 * day before (an occurrence that starts the evening before and ends after midnight), within start_date..end_date.
 */
function repeatDates(event: EventTiming, from: Temporal.Instant, until: Temporal.Instant, timeZone: string): Temporal.PlainDate[] {
  const first = Temporal.PlainDate.from(event.start_date);
  const last = Temporal.PlainDate.from(event.end_date);
  const windowFirst = from.toZonedDateTimeISO(timeZone).toPlainDate().subtract({ days: 1 });
  const windowLast = until.toZonedDateTimeISO(timeZone).toPlainDate();
  let date = Temporal.PlainDate.compare(first, windowFirst) > 0 ? first : windowFirst;
  const stop = Temporal.PlainDate.compare(last, windowLast) < 0 ? last : windowLast;
  const dates: Temporal.PlainDate[] = [];
  for (; Temporal.PlainDate.compare(date, stop) <= 0; date = date.add({ days: 1 })) {
    if (event.weekdays.includes(date.dayOfWeek)) dates.push(date);
  }
  return dates;
}

function toOccurrence(event: EventTiming, span: Span): Occurrence {
  return {
    event: event.id,
    starts_at: span.start.toInstant().toString(),
    ends_at: span.end.toInstant().toString(),
    local_start: span.start.toPlainDateTime().toString(),
    local_end: span.end.toPlainDateTime().toString(),
    priority: event.priority,
  };
}

/**
 * When the last occurrence of an event ends on a device in `timeZone`, by the same rules as {@link expandEvent}; null
 * when the event has no occurrence at all (a weekly repeat none of whose weekdays falls between its dates, or spans
 * with no time on the clock). It is the one definition of "ended": the campaigns' `expired` (every event's last
 * occurrence over, in the zone of each of its devices: server/db/eventEnds.ts) and the compile, which leaves out events
 * already over before the window, both use it.
 *
 * - Without `weekdays`: the end of the one span (end_date at end_time; all day: the start of the day after end_date).
 * - With `weekdays`: the occurrence of the last listed weekday on or before end_date (and not before start_date), which
 *   ends that date at end_time, or the next day when end_time is at or before start_time (an overnight repeat), or at
 *   the next start of day when all day. A weekday the period's last days do not fall on ends the series earlier.
 */
export function lastOccurrenceEnd(event: EventWhen, timeZone: string): Temporal.Instant | null {
  if (event.weekdays.length === 0) {
    const span = oneOffSpan(event, timeZone);
    return Temporal.ZonedDateTime.compare(span.end, span.start) > 0 ? span.end.toInstant() : null;
  }
  const first = Temporal.PlainDate.from(event.start_date);
  let date = Temporal.PlainDate.from(event.end_date);
  // Backwards from end_date: the first listed weekday whose occurrence has time on the clock (one week and a day
  // covers every weekday and a skipped spring-forward occurrence; earlier ones, were there any, end earlier).
  for (let i = 0; i < 15 && Temporal.PlainDate.compare(date, first) >= 0; i++, date = date.subtract({ days: 1 })) {
    if (!event.weekdays.includes(date.dayOfWeek)) continue;
    const span = repeatSpan(event, date, timeZone);
    if (Temporal.ZonedDateTime.compare(span.end, span.start) > 0) return span.end.toInstant();
  }
  return null;
}

/** The latest {@link lastOccurrenceEnd} over the zones an event's devices are in; null when it plays in none of them. */
export function lastOccurrenceEndIn(event: EventWhen, timeZones: Iterable<string>): Temporal.Instant | null {
  let latest: Temporal.Instant | null = null;
  for (const zone of new Set(timeZones)) {
    const end = lastOccurrenceEnd(event, zone);
    if (end && (!latest || Temporal.Instant.compare(end, latest) > 0)) latest = end;
  }
  return latest;
}

/** Play order: earlier start first; at the same start the higher priority, then the lower event id, then the earlier end. */
export function comparePlayOrder(a: Occurrence, b: Occurrence): number {
  return (
    Temporal.Instant.compare(a.starts_at, b.starts_at) ||
    b.priority - a.priority ||
    a.event - b.event ||
    Temporal.Instant.compare(a.ends_at, b.ends_at)
  );
}

/**
 * The occurrences of one event on a device in `timeZone` that overlap the window.
 *
 * - Without `weekdays`: one span from start_date + start_time to end_date + end_time (all day: from the start of
 *   start_date to the start of the day after end_date).
 * - With `weekdays`: one occurrence on every date from start_date to end_date (both included) whose ISO weekday is
 *   listed, from start_time to end_time that date; an end_time at or before the start_time ends the next day
 *   (22:00-02:00, and 08:00-08:00 is 24 hours). All day: that whole local date.
 * - An all-day occurrence covers the local day from its start of day to the next one (23 or 25 hours across a switch).
 * - Window clipping keeps every occurrence that overlaps `[from, until)` (it ends after `from` and starts before
 *   `until`) with its true start and end, so an occurrence already on at `from` is listed from its real start.
 */
export function expandEvent(event: EventTiming, timeZone: string, window: ScheduleWindow): Occurrence[] {
  const { from, until } = windowBounds(window, timeZone);
  const spans =
    event.weekdays.length === 0
      ? [oneOffSpan(event, timeZone)]
      : repeatDates(event, from, until, timeZone).map((date) => repeatSpan(event, date, timeZone));
  return spans
    .filter(
      ({ start, end }) =>
        Temporal.ZonedDateTime.compare(end, start) > 0 &&
        Temporal.Instant.compare(end.toInstant(), from) > 0 &&
        Temporal.Instant.compare(start.toInstant(), until) < 0,
    )
    .map((span) => toOccurrence(event, span));
}

/** The occurrences of all of a device's events in the window, in play order ({@link comparePlayOrder}). */
export function expandEvents(events: readonly EventTiming[], timeZone: string, window: ScheduleWindow): Occurrence[] {
  return events.flatMap((event) => expandEvent(event, timeZone, window)).sort(comparePlayOrder);
}

/**
 * What plays when on one device: the occurrences cut at every start and end into slots, in time order.
 *
 * - Where occurrences overlap, the highest priority wins the overlapped span; lower ones do not play there and resume
 *   for what is left of them afterwards.
 * - Equal top priorities play in turn: the slot lists all of them in ascending event id, and the player rotates
 *   through that list in that order (the first event's content, then the next one's, wrapping around) from the slot's
 *   start until its end; a slot with one event plays it alone.
 * - Adjacent slots with the same events and priority are merged; times nothing is on get no slot.
 */
export function resolvePlayback(occurrences: readonly Occurrence[], timeZone: string): PlaybackSlot[] {
  const bounds = [...new Set(occurrences.flatMap((o) => [o.starts_at, o.ends_at]))]
    .map((text) => Temporal.Instant.from(text))
    .sort(Temporal.Instant.compare);
  const timed = occurrences.map((o) => ({ o, start: Temporal.Instant.from(o.starts_at), end: Temporal.Instant.from(o.ends_at) }));
  const slots: PlaybackSlot[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i]!;
    const until = bounds[i + 1]!;
    const on = timed.filter((t) => Temporal.Instant.compare(t.start, from) <= 0 && Temporal.Instant.compare(t.end, until) >= 0);
    if (on.length === 0) continue;
    const priority = Math.max(...on.map((t) => t.o.priority));
    const events = [...new Set(on.filter((t) => t.o.priority === priority).map((t) => t.o.event))].sort((a, b) => a - b);
    const previous = slots.at(-1);
    if (previous && previous.ends_at === from.toString() && previous.priority === priority && sameIds(previous.events, events)) {
      previous.ends_at = until.toString();
      previous.local_end = until.toZonedDateTimeISO(timeZone).toPlainDateTime().toString();
      continue;
    }
    slots.push({
      starts_at: from.toString(),
      ends_at: until.toString(),
      local_start: from.toZonedDateTimeISO(timeZone).toPlainDateTime().toString(),
      local_end: until.toZonedDateTimeISO(timeZone).toPlainDateTime().toString(),
      priority,
      events,
    });
  }
  return slots;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
