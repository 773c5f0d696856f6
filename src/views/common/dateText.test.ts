import { describe, expect, it } from 'vitest';
import { datePattern, formatDateText, parseDateText } from './dateText.ts';

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
});
