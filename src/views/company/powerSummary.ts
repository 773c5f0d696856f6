import type { PowerSchedule, PowerSpan } from '../../services/schemas/power.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A weekday's name in the interface language (index 0: Monday), long or short. */
export function weekdayName(day: number, language: string, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)));
}

const hoursOf = (spans: readonly PowerSpan[], t: T) => (spans.length ? spans.map((span) => `${span.on}–${span.off}`).join(', ') : t('company:power.summary.off'));

/** The hours in words, e.g. "Every day 08:00–20:00" or "Mon 08:00–20:00; Sat off; ...", and the exceptions' count. */
export function powerSummary(schedule: PowerSchedule | null, t: T, language: string): string {
  if (!schedule) return t('company:power.summary.alwaysOn');
  const days = schedule.week.map((spans) => hoursOf(spans, t));
  const week = days.every((text) => text === days[0])
    ? t('company:power.summary.everyDay', { hours: days[0] })
    : days.map((text, day) => `${weekdayName(day, language, 'short')} ${text}`).join('; ');
  return schedule.exceptions.length ? `${week}; ${t('company:power.summary.exceptions', { count: schedule.exceptions.length })}` : week;
}
