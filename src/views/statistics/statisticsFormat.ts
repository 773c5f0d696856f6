/** Numbers and hours of the statistics in the interface language (Intl), hours in the statistics time zone. */
export interface StatisticsFormat {
  number: (value: number) => string;
  /** An hour of the period: date and time, as the server's statistics zone counts it. */
  hour: (iso: string) => string;
  /** An hour as a chart axis shows it: short. */
  axisHour: (date: Date) => string;
  /** A moment of the live report, in the reader's own zone. */
  time: (iso: string) => string;
}

const locales = { en: 'en-GB', ru: 'ru-RU' } as const;

export function localeOf(language: string): string {
  return language.startsWith('ru') ? locales.ru : locales.en;
}

export function statisticsFormat(language: string, timeZone?: string): StatisticsFormat {
  const locale = localeOf(language);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const zone = timeZone && isZone(timeZone) ? timeZone : undefined;
  const hours = new Intl.DateTimeFormat(locale, { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const axis = new Intl.DateTimeFormat(locale, { timeZone: zone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const times = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
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
