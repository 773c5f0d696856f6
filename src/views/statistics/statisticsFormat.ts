/**
 * Numbers and hours of the statistics in the interface language (Intl), hours in the statistics time zone: one format for
 * the Charts and Compare tabs and the live report, so an hour reads alike on each, in the order of the Date field
 * ("11/22/2026" in English, "22.11.2026" in Russian: see common/dateText.ts).
 */
export interface StatisticsFormat {
  number: (value: number) => string;
  /** An hour of the period: date and time, as the server's statistics zone counts it. */
  hour: (iso: string) => string;
  /** An hour as a chart axis shows it: short. */
  axisHour: (date: Date) => string;
  /** A moment of the live report, in the statistics time zone too. */
  time: (iso: string) => string;
}

/** The Intl locale of an interface language: the same tags the Date field reads and writes dates in. */
export function localeOf(language: string): string {
  return language.startsWith('ru') ? 'ru' : 'en';
}

export function statisticsFormat(language: string, timeZone?: string): StatisticsFormat {
  const locale = localeOf(language);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const zone = timeZone && isZone(timeZone) ? timeZone : undefined;
  const hours = new Intl.DateTimeFormat(locale, { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const axis = new Intl.DateTimeFormat(locale, { timeZone: zone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const times = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return {
    number: (value) => numbers.format(value),
    hour: (iso) => hours.format(new Date(iso)),
    axisHour: (date) => axis.format(date),
    time: (iso) => times.format(new Date(iso)),
  };
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
