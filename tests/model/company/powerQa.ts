// Helpers for the power schedule forms' catalogues (issue 41): the hours as the spec gives them, in the editor's fields.
import { powerProblems, type PowerSpan } from '../../../src/services/schemas/power.ts';
import type { FormFields } from '../../../src/machines/form/form.machine.ts';
import { text } from '../qa/screen.ts';

/** Seven days of the same spans, Monday first. */
export const everyDay = (...spans: PowerSpan[]): PowerSpan[][] => Array.from({ length: 7 }, () => spans.map((span) => ({ ...span })));
/** The week with Monday's spans replaced. */
export const mondays = (week: PowerSpan[][], ...spans: PowerSpan[]): PowerSpan[][] => week.map((day, i) => (i === 0 ? spans : day));

/** From the spec (docs/api.md "Power schedules"), not from the machine: hours are sent when they break no rule. */
export function powerErrorsOf(fields: FormFields): Record<string, string> {
  if (fields.mode !== 'hours' && fields.mode !== 'own') return {};
  const problem = powerProblems({ week: fields.week as PowerSpan[][], exceptions: fields.exceptions as never });
  return problem ? Object.fromEntries(Object.keys(problem.fields).map((field) => [field, problem.code])) : {};
}

/** Each error as the editor shows it: in red under the span's time (or the day), its message. */
export const POWER_ERRORS = (errors: Record<string, string>): string[] =>
  Object.entries(errors).map(([field, code]) => `under ${field.replace(/^week\.(\d)\.(\d)\.(on|off)$/, (_, day, span, part) => `day ${Number(day) + 1}, span ${Number(span) + 1}, ${part}`)}, in red: ${text(`company:power.errors.${code}`)}`);
