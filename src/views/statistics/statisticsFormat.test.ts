import { expect, it } from 'vitest';
import { statisticsFormat } from './statisticsFormat.ts';

it('formats numbers and hours in the interface language, hours in the statistics time zone', () => {
  const ru = statisticsFormat('ru', 'Europe/Moscow');
  expect(ru.number(12345.5).replace(/\s/g, ' ')).toBe('12 345,5');
  expect(ru.hour('2026-11-22T10:00:00Z')).toBe('22.11.2026, 13:00');
  const en = statisticsFormat('en', 'UTC');
  expect(en.number(12345.5)).toBe('12,345.5');
  // English in the Date field's order (month/day), a 24-hour clock as in Russian.
  expect(en.hour('2026-11-22T10:00:00Z')).toBe('11/22/2026, 10:00');
  expect(en.axisHour(new Date('2026-11-22T23:00:00Z'))).toBe('11/22, 23:00');
  expect(ru.axisHour(new Date('2026-11-22T23:00:00Z'))).toBe('23.11, 02:00');
  // The live report's moments in the statistics zone too, not the reader's.
  expect(ru.time('2026-11-22T10:00:05Z')).toBe('13:00:05');
  // An unknown zone falls back to the reader's own instead of throwing.
  expect(() => statisticsFormat('en', 'Mars/Olympus').hour('2026-11-22T10:00:00Z')).not.toThrow();
});
