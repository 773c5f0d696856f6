import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompareAnswer, StatisticsAnswer, parseEntityKey, statisticsProblems, unloadQuery } from './statistics.ts';

const hours = (n: number) => Array.from({ length: n }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), plays: i, seconds: i * 10 }));
const answer = {
  campaign: { id: 3, name: 'Winter' },
  date: '2026-11-01',
  period: 744,
  time_zone: 'UTC',
  total: { plays: 5, seconds: 50 },
  hours: hours(744),
  devices: [{ device: 1, name: 'Lobby', plays: 5, seconds: 50 }],
  media: [{ media: 2, name: 'clip', plays: 5, seconds: 50 }],
  widgets: [],
};

describe('statistics answers', () => {
  it('accepts a month of hours and refuses a malformed hour', () => {
    expect(StatisticsAnswer.is(answer)).toBe(true);
    expect(StatisticsAnswer.is({ ...answer, hours: [...hours(3), { hour: 'x', plays: -1, seconds: 0 }] })).toBe(false);
    expect(StatisticsAnswer.is({ ...answer, hours: [{ hour: 'x', plays: 1.5, seconds: 0 }] })).toBe(false);
    expect(StatisticsAnswer.is({ ...answer, devices: [{ device: 1, plays: 1, seconds: 1 }] })).toBe(false);
  });
  it('checks every series of a compare', () => {
    const series = { entity: 'device:1', kind: 'device', id: 1, name: 'Lobby', total: { plays: 1, seconds: 1 }, hours: hours(24) };
    expect(CompareAnswer.is({ date: '2026-11-01', period: 24, time_zone: 'UTC', series: [series, { ...series, entity: 'media:2', kind: 'media', id: 2 }] })).toBe(true);
    expect(CompareAnswer.is({ date: '2026-11-01', period: 24, time_zone: 'UTC', series: [{ ...series, kind: 'office' }] })).toBe(false);
    expect(CompareAnswer.is({ date: '2026-11-01', period: 24, time_zone: 'UTC', series: [{ ...series, hours: [{ hour: 1 }] }] })).toBe(false);
  });
});

describe('statistics parameters', () => {
  it('require a campaign and a date, and a period of 1 to 744 hours', () => {
    expect(statisticsProblems({ campaign: 3, date: '2026-11-01', period: 24 })).toEqual({});
    expect(statisticsProblems({ campaign: null, date: '', period: 24 })).toEqual({ campaign: 'required', date: 'required' });
    expect(statisticsProblems({ campaign: 3, date: '2026-02-30', period: 24 })).toEqual({ date: 'required' });
    expect(statisticsProblems({ campaign: 3, date: '2024-02-29', period: 24 })).toEqual({});
    expect(statisticsProblems({ campaign: 3, date: '2026-13-45', period: 1 })).toEqual({ date: 'required' });
    expect(statisticsProblems({ campaign: 3, date: '2026-11-01', period: 0 })).toEqual({ period: 'out_of_range' });
    expect(statisticsProblems({ campaign: 3, date: '2026-11-01', period: 745 })).toEqual({ period: 'out_of_range' });
    expect(statisticsProblems({ campaign: 3, date: '2026-11-01', period: 744 })).toEqual({});
    expect(statisticsProblems({ campaign: 3, date: '2026-11-01', period: 1.5 })).toEqual({ period: 'out_of_range' });
  });
  it('read compare entities and build unload queries', () => {
    expect(parseEntityKey('device:7')).toEqual({ kind: 'device', id: 7 });
    expect(parseEntityKey('office:7')).toBeNull();
    expect(parseEntityKey('media:0')).toBeNull();
    expect(unloadQuery({ granularity: 'raw', from: '2026-11-01', to: '2026-11-02', device: 4, lang: 'ru' })).toEqual({ granularity: 'raw', from: '2026-11-01', to: '2026-11-02', device: 4, lang: 'ru' });
  });
});

const LOCALES = path.resolve(import.meta.dirname, '../../locales');
const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value !== 'object' || value === null
    ? { [prefix]: String(value) }
    : Object.entries(value).reduce<Record<string, string>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
const PLURAL = /_(zero|one|two|few|many|other)$/;

it('the statistics namespace has the same words in English and Russian, with Russian one/few/many/other plurals', () => {
  const bundle = (lng: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'statistics.json'), 'utf8')));
  const en = bundle('en');
  const ru = bundle('ru');
  const stems = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();
  expect(stems(Object.keys(ru))).toEqual(stems(Object.keys(en)));
  for (const key of Object.keys(en).filter((k) => k.endsWith('_other'))) {
    const stem = key.replace(PLURAL, '');
    expect([`${stem}_one`, `${stem}_few`, `${stem}_many`, `${stem}_other`].every((k) => k in ru), stem).toBe(true);
  }
  for (const text of [...Object.values(en), ...Object.values(ru)]) expect(text.trim().length).toBeGreaterThan(0);
  expect(en['errors.parametersRequired']).toBe('Statistics require a date and a campaign');
  expect(en['errors.loadFailed']).toBe('Error while getting statistics');
  expect(en['errors.fileFailed']).toBe('Error generating the file, try again');
  expect(en['errors.alreadyInCompare']).toBe('This entity already in compare');
});
