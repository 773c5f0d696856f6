import { Temporal } from 'temporal-polyfill';
import { powerMinutes, type PowerSchedule, type PowerSpan, type PowerWindow } from '../../src/services/schemas/power.ts';
import { windowBounds, type ScheduleWindow } from './occurrences.ts';

/*
 * Screen power in a compiled schedule (issue 41): the instants the screen is on within the schedule's window, from the
 * office's (or the device's own) weekly hours and exceptions, in the device's zone.
 *
 * Wall times become instants by the events' rule (server/domain/occurrences.ts, Temporal's 'compatible'): a time a
 * spring-forward switch skips moves forward by the gap (02:30 on 2026-03-29 in Berlin is 03:30 summer time), and a time
 * an autumn switch repeats takes the earlier instant (02:30 on 2026-10-25 in Berlin is 00:30Z, summer time). 24:00 is
 * the start of the next day, so a day on 00:00-24:00 lasts 23 or 25 hours across a switch. Spans that touch or overlap
 * once resolved (Monday until 24:00, Tuesday from 00:00) are one span; a span with no time on the clock once resolved
 * (02:30-03:00 on 2026-03-29 in Berlin: its start moves to 03:30, after its end) is left out.
 */

/** The instant of `HH:MM` (00:00 to 24:00) on `date` in `timeZone`. */
function instantAt(date: Temporal.PlainDate, time: string, timeZone: string): Temporal.Instant {
  const minutes = powerMinutes(time) ?? 0;
  if (minutes >= 24 * 60) return date.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant();
  const clock = new Temporal.PlainTime(Math.floor(minutes / 60), minutes % 60);
  return date.toPlainDateTime(clock).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).toInstant();
}

/** The spans of a date: its exception's, else its weekday's. */
export function spansOn(schedule: PowerSchedule, date: Temporal.PlainDate): readonly PowerSpan[] {
  const text = date.toString();
  const exception = schedule.exceptions.find((e) => e.date === text);
  return exception ? exception.spans : (schedule.week[date.dayOfWeek - 1] ?? []);
}

/**
 * The on spans of `schedule` within the window, as instants (ISO 8601, `Z`), in time order, merged where they touch,
 * cut to the window. Null for no schedule (always on).
 */
export function powerWindows(schedule: PowerSchedule | null, timeZone: string, window: ScheduleWindow): PowerWindow[] | null {
  if (!schedule) return null;
  const { from, until } = windowBounds(window, timeZone);
  const spans: { on: Temporal.Instant; off: Temporal.Instant }[] = [];
  let date = from.toZonedDateTimeISO(timeZone).toPlainDate();
  const last = until.toZonedDateTimeISO(timeZone).toPlainDate();
  for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    for (const span of spansOn(schedule, date)) {
      const on = instantAt(date, span.on, timeZone);
      const off = instantAt(date, span.off, timeZone);
      if (Temporal.Instant.compare(off, on) > 0) spans.push({ on, off });
    }
  }
  spans.sort((a, b) => Temporal.Instant.compare(a.on, b.on));
  const merged: { on: Temporal.Instant; off: Temporal.Instant }[] = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous && Temporal.Instant.compare(span.on, previous.off) <= 0) {
      if (Temporal.Instant.compare(span.off, previous.off) > 0) previous.off = span.off;
    } else merged.push({ ...span });
  }
  const later = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) >= 0 ? a : b);
  const earlier = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) <= 0 ? a : b);
  return merged
    .map((span) => ({ on: later(span.on, from), off: earlier(span.off, until) }))
    .filter((span) => Temporal.Instant.compare(span.off, span.on) > 0)
    .map((span) => ({ on: span.on.toString(), off: span.off.toString() }));
}

/** Whether `power` (dev2's) has the screen off at `at` (ms): inside its window and in no on span. */
export function powerOffAt(power: readonly PowerWindow[] | null, validUntil: string | null, at: number): boolean {
  if (!power || !validUntil || at >= Date.parse(validUntil)) return false;
  return !power.some((span) => at >= Date.parse(span.on) && at < Date.parse(span.off));
}

/** The start of the on span `at` (ms) lies in, or null when the screen is off then (or always on). */
export function onSince(power: readonly PowerWindow[] | null, at: number): number | null {
  const span = power?.find((one) => at >= Date.parse(one.on) && at < Date.parse(one.off));
  return span ? Date.parse(span.on) : null;
}
