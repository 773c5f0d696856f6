import { array, enums, nullable, optional, size, string, type, type Infer } from 'superstruct';
import { Id, isRealDate } from './common.ts';

/*
 * Screen power schedules (issue 41): the hours an office's screens are on, per weekday, in the office's time zone, with
 * exceptions by date; a device may follow its office, be always on, or have its own. One definition serves the server
 * (routes, compiler) and the panel (editor): the structure here, the rules in powerProblems.
 */

/** Spans a day (or an exception's day) may hold, and exceptions a schedule may hold. */
export const POWER_MAX_SPANS = 6;
export const POWER_MAX_EXCEPTIONS = 60;

/** One on span of a day: wall clock `HH:MM`, `on` from 00:00 to 23:59, `off` after it, up to 24:00 (the day's end). */
export const PowerSpan = type({ on: size(string(), 0, 8), off: size(string(), 0, 8) });
export type PowerSpan = Infer<typeof PowerSpan>;

/** A date whose hours differ from its weekday's: no spans is off all day (a holiday). */
export const PowerException = type({ date: size(string(), 0, 16), spans: size(array(PowerSpan), 0, 50) });
export type PowerException = Infer<typeof PowerException>;

/**
 * A weekly power schedule: `week` holds seven days, Monday first (ISO order), each the spans the screens are on (none:
 * off all day); `exceptions` replace their date's weekday.
 */
export const PowerSchedule = type({
  week: size(array(size(array(PowerSpan), 0, 50)), 7, 7),
  exceptions: size(array(PowerException), 0, 1000),
});
export type PowerSchedule = Infer<typeof PowerSchedule>;

/** How a device takes its hours: its office's schedule, always on, or its own. */
export const DEVICE_POWER_MODES = ['office', 'always_on', 'own'] as const;
export type DevicePowerMode = (typeof DEVICE_POWER_MODES)[number];

/** PUT /branch-offices/{id}/power/: the office's schedule, or null for always on (the default). */
export const OfficePowerBody = type({ schedule: nullable(PowerSchedule) });
export type OfficePowerBody = Infer<typeof OfficePowerBody>;

/** PUT /tvpi/devices/{id}/power/: `schedule` is needed (and kept) only with mode `own`. */
export const DevicePowerBody = type({ mode: enums(DEVICE_POWER_MODES), schedule: optional(nullable(PowerSchedule)) });
export type DevicePowerBody = Infer<typeof DevicePowerBody>;

export const OfficePower = type({ office: Id, timezone: string(), schedule: nullable(PowerSchedule) });
export type OfficePower = Infer<typeof OfficePower>;

/** A device's power settings: its own (mode, schedule), its office's, and the one that applies (null: always on). */
export const DevicePower = type({
  device: Id,
  timezone: string(),
  mode: enums(DEVICE_POWER_MODES),
  schedule: nullable(PowerSchedule),
  office_schedule: nullable(PowerSchedule),
  effective: nullable(PowerSchedule),
});
export type DevicePower = Infer<typeof DevicePower>;

/** dev2's `power`: the instants the screen is on within the schedule's window (null: always on). */
export const PowerWindow = type({ on: string(), off: string() });
export type PowerWindow = Infer<typeof PowerWindow>;

/** The stable codes of a refused schedule (400), each with `fields` naming the place (`week.0.1.on`, `exceptions.2.date`). */
export type PowerProblemCode =
  | 'power_time_invalid'
  | 'power_span_empty'
  | 'power_spans_overlap'
  | 'power_too_many_spans'
  | 'power_too_many_exceptions'
  | 'power_date_invalid'
  | 'power_exception_duplicate';

export interface PowerProblems {
  code: PowerProblemCode;
  fields: Record<string, string>;
}

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of a `HH:MM` from 00:00 to 24:00, or null when it is not one. */
export function powerMinutes(time: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** The problems of one day's spans, with `at` the day's field path (`week.0`, `exceptions.3.spans`). */
function spanProblems(spans: readonly PowerSpan[], at: string): PowerProblems | null {
  if (spans.length > POWER_MAX_SPANS) return { code: 'power_too_many_spans', fields: { [at]: 'too_many' } };
  const timed: { on: number; off: number; index: number }[] = [];
  for (const [index, span] of spans.entries()) {
    const on = powerMinutes(span.on);
    const off = powerMinutes(span.off);
    if (on === null || on >= 24 * 60) return { code: 'power_time_invalid', fields: { [`${at}.${index}.on`]: 'invalid' } };
    if (off === null) return { code: 'power_time_invalid', fields: { [`${at}.${index}.off`]: 'invalid' } };
    if (off <= on) return { code: 'power_span_empty', fields: { [`${at}.${index}.off`]: 'before_on' } };
    timed.push({ on, off, index });
  }
  timed.sort((a, b) => a.on - b.on);
  for (let i = 1; i < timed.length; i++) {
    if (timed[i]!.on < timed[i - 1]!.off) return { code: 'power_spans_overlap', fields: { [`${at}.${timed[i]!.index}.on`]: 'overlap' } };
  }
  return null;
}

/**
 * What is wrong with a schedule, first problem first (null: nothing). Spans may touch (08:00-12:00 and 12:00-18:00 are
 * one span on the screen) but not overlap; 24:00 is only an end.
 */
export function powerProblems(schedule: PowerSchedule): PowerProblems | null {
  for (const [day, spans] of schedule.week.entries()) {
    const problem = spanProblems(spans, `week.${day}`);
    if (problem) return problem;
  }
  if (schedule.exceptions.length > POWER_MAX_EXCEPTIONS) return { code: 'power_too_many_exceptions', fields: { exceptions: 'too_many' } };
  const dates = new Set<string>();
  for (const [index, exception] of schedule.exceptions.entries()) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(exception.date) || !isRealDate(exception.date)) return { code: 'power_date_invalid', fields: { [`exceptions.${index}.date`]: 'invalid' } };
    if (dates.has(exception.date)) return { code: 'power_exception_duplicate', fields: { [`exceptions.${index}.date`]: 'duplicate' } };
    dates.add(exception.date);
    const problem = spanProblems(exception.spans, `exceptions.${index}.spans`);
    if (problem) return problem;
  }
  return null;
}

/** The schedule as stored: each day's spans in time order, exceptions by date. */
export function normalPowerSchedule(schedule: PowerSchedule): PowerSchedule {
  const ordered = (spans: readonly PowerSpan[]) => [...spans].map(({ on, off }) => ({ on, off })).sort((a, b) => (powerMinutes(a.on) ?? 0) - (powerMinutes(b.on) ?? 0));
  return {
    week: schedule.week.map(ordered),
    exceptions: [...schedule.exceptions].map((e) => ({ date: e.date, spans: ordered(e.spans) })).sort((a, b) => a.date.localeCompare(b.date)),
  };
}
