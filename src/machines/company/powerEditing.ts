import { POWER_MAX_EXCEPTIONS, POWER_MAX_SPANS, powerMinutes, powerProblems, type PowerException, type PowerSchedule, type PowerSpan } from '../../services/schemas/power.ts';
import type { FieldErrors } from '../form/form.machine.ts';

/*
 * The power schedule editor's changes (issue 41): pure functions over the week and the exceptions, so the form machine
 * stays the house's form (one `form.change` per edit) and each rule is tested with a table of cases.
 */

/** What the editor edits: `mode` (an office: `always_on` or `hours`; a device: `office`, `always_on` or `own`), the week and the exceptions. */
export type PowerFields = {
  mode: string;
  week: PowerSpan[][];
  exceptions: PowerException[];
};

/** The hours a new schedule starts with: 08:00-20:00 every day. */
export const DEFAULT_SPAN: PowerSpan = { on: '08:00', off: '20:00' };
export const defaultWeek = (): PowerSpan[][] => Array.from({ length: 7 }, () => [{ ...DEFAULT_SPAN }]);

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A span after the last one (an hour after its end, for an hour), or the default on an empty day; none past the limit. */
export function addSpan(spans: readonly PowerSpan[]): PowerSpan[] {
  if (spans.length >= POWER_MAX_SPANS) return [...spans];
  const last = spans.at(-1);
  if (!last) return [{ ...DEFAULT_SPAN }];
  const end = powerMinutes(last.off) ?? 0;
  const on = Math.min(end + 60, 23 * 60);
  return [...spans, { on: clock(on), off: clock(Math.min(on + 60, 24 * 60)) }];
}

export const removeSpan = (spans: readonly PowerSpan[], index: number): PowerSpan[] => spans.filter((_, i) => i !== index);

export const setSpan = (spans: readonly PowerSpan[], index: number, part: 'on' | 'off', value: string): PowerSpan[] =>
  spans.map((span, i) => (i === index ? { ...span, [part]: value } : span));

export const setDay = (week: readonly PowerSpan[][], day: number, spans: PowerSpan[]): PowerSpan[][] => week.map((old, i) => (i === day ? spans : old));

/** Every weekday takes the spans of `day`. */
export const copyToAllDays = (week: readonly PowerSpan[][], day: number): PowerSpan[][] => week.map(() => (week[day] ?? []).map((span) => ({ ...span })));

/** A new exception for `date` (off all day: a holiday), kept in date order; a date already there or past the limit changes nothing. */
export function addException(exceptions: readonly PowerException[], date: string): PowerException[] {
  if (!date || exceptions.some((e) => e.date === date) || exceptions.length >= POWER_MAX_EXCEPTIONS) return [...exceptions];
  return [...exceptions, { date, spans: [] }].sort((a, b) => a.date.localeCompare(b.date));
}

export const removeException = (exceptions: readonly PowerException[], index: number): PowerException[] => exceptions.filter((_, i) => i !== index);

export const setExceptionSpans = (exceptions: readonly PowerException[], index: number, spans: PowerSpan[]): PowerException[] =>
  exceptions.map((e, i) => (i === index ? { ...e, spans } : e));

/** Whether the fields hold hours to check and send (not always on, not the office's). */
export const hasHours = (fields: PowerFields) => fields.mode === 'hours' || fields.mode === 'own';

/** The schedule the fields describe, or null when the screens are always on (or follow their office). */
export const scheduleOf = (fields: PowerFields): PowerSchedule | null => (hasHours(fields) ? { week: fields.week, exceptions: fields.exceptions } : null);

/** The form's errors: the schedule's first problem, at its place (`week.0.1.on`: the code). */
export function powerFieldErrors(fields: PowerFields): FieldErrors {
  const schedule = scheduleOf(fields);
  const problem = schedule && powerProblems(schedule);
  return problem ? Object.fromEntries(Object.keys(problem.fields).map((field) => [field, problem.code])) : {};
}

/** The server's field errors (`schedule.week.0.1.on`) at the editor's places (`week.0.1.on`), each with the refusal's code. */
export function serverPowerErrors(code: string, fields: Record<string, string>): FieldErrors {
  return Object.fromEntries(Object.keys(fields).map((field) => [field.replace(/^schedule\./, ''), code]));
}

/** Every error name under `week` or `exceptions`: a change of either clears its errors (the form's errorFieldsOf). */
export function powerErrorNames(field: string): string[] {
  const spanNames = (at: string) => [at, ...Array.from({ length: POWER_MAX_SPANS + 1 }, (_, i) => [`${at}.${i}.on`, `${at}.${i}.off`]).flat()];
  if (field === 'week') return Array.from({ length: 7 }, (_, day) => spanNames(`week.${day}`)).flat();
  if (field === 'exceptions') {
    return ['exceptions', ...Array.from({ length: POWER_MAX_EXCEPTIONS + 1 }, (_, i) => [`exceptions.${i}.date`, ...spanNames(`exceptions.${i}.spans`)]).flat()];
  }
  return [field];
}
