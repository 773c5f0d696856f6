import { describe, expect, it } from 'vitest';
import { datePattern, formatDateText, isCalendarDate, parseDateText } from './dateText.ts';
import { formatDate, formatDateTime, formatDateTimeText, parseDateTimeText, parseTimeText } from './dateTime.ts';

describe('dates typed in the interface language', () => {
  it('show the language\'s pattern instead of the browser\'s "mm/dd/yyyy"', () => {
    expect(datePattern('ru', { day: 'Д', month: 'М', year: 'Г' })).toBe('ДД.ММ.ГГГГ');
    expect(datePattern('en', { day: 'D', month: 'M', year: 'Y' })).toBe('MM/DD/YYYY');
  });

  it('write ISO dates the way the language does and read them back', () => {
    expect([formatDateText('2026-03-01', 'ru'), formatDateText('2026-03-01', 'en'), formatDateText('', 'ru'), formatDateText('31.1', 'ru')]).toEqual(['01.03.2026', '03/01/2026', '', '31.1']);
    expect(['01.03.2026', '1.3.2026', '1 3 2026', '2026-03-01', '', '  '].map((text) => parseDateText(text, 'ru'))).toEqual(['2026-03-01', '2026-03-01', '2026-03-01', '2026-03-01', '', '']);
    expect(parseDateText('03/01/2026', 'en')).toBe('2026-03-01');
  });

  it('hand anything else back as typed, so that the form can say "Not a date"', () => {
    expect(['31.12', 'завтра', '1.2.26', '123.1.2026'].map((text) => parseDateText(text, 'ru'))).toEqual(['31.12', 'завтра', '1.2.26', '123.1.2026']);
  });

  it('refuse dates of the right shape that name no day (13/45/2027, 29 February of a common year)', () => {
    expect(['13/45/2027', '02/29/2027', '02/30/2028', '2027-13-01', '00/10/2027'].map((text) => parseDateText(text, 'en'))).toEqual(['13/45/2027', '02/29/2027', '02/30/2028', '2027-13-01', '00/10/2027']);
    expect(['02/29/2028', '12/31/2027', '04/30/2027'].map((text) => parseDateText(text, 'en'))).toEqual(['2028-02-29', '2027-12-31', '2027-04-30']);
    expect(['2000-02-29', '1900-02-29', '2027-04-31', '0000-01-01', '9999-12-31'].map(isCalendarDate)).toEqual([true, false, false, false, true]);
  });
});

describe('dates and times in one format per language (dateTime.ts)', () => {
  it('writes an instant the same way for every screen, and the override end in the app language, not the browser\'s', () => {
    const at = '2026-11-21T08:30:00Z';
    expect(formatDateTime(at, 'ru', '')).toBe(new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)));
    expect(formatDateTime(null, 'en', 'never')).toBe('never');
    expect(formatDateTime('nonsense', 'en', '-')).toBe('-');
    expect(formatDate('2024-03-01', 'en', '')).toBe('Mar 1, 2024');
    expect(formatDateTimeText('2026-12-31T15:30', 'ru')).toBe('31.12.2026 15:30');
    expect(formatDateTimeText('2026-12-31T15:30', 'en')).toBe('12/31/2026 3:30 PM');
    expect(formatDateTimeText('2026-12-31T00:05', 'en')).toBe('12/31/2026 12:05 AM');
    expect(parseDateTimeText('31.12.2026 15:30', 'ru')).toBe('2026-12-31T15:30');
    expect(parseDateTimeText('12/31/2026 3:30 pm', 'en')).toBe('2026-12-31T15:30');
    expect(parseDateTimeText('12/31/2026 12:05 AM', 'en')).toBe('2026-12-31T00:05');
    expect(parseDateTimeText('1.3.2027 9:00', 'ru')).toBe('2027-03-01T09:00');
    for (const unfinished of ['31.12.2026', '31.12.2026 25:00', '31.02.2026 10:00', '12/31/2026 13:00 PM']) {
      expect(parseDateTimeText(unfinished, unfinished.includes('/') ? 'en' : 'ru')).toBe(unfinished);
    }
    expect(parseDateTimeText('  ', 'ru')).toBe('');
    expect(parseTimeText('7.45')).toBe('07:45');
  });
});
