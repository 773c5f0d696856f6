import { describe, expect, it } from 'vitest';
import { answerMatchesList, hourRows, shownSeries } from './compare.selectors.ts';

const hours = (plays: number[]) => plays.map((count, index) => ({ hour: `2026-11-21T0${index}:00:00Z`, plays: count, seconds: count * 10 }));
const series = (entity: string, name: string, plays: number[]) => {
  const [kind, id] = entity.split(':') as ['device' | 'campaign' | 'media', string];
  return { entity, kind, id: Number(id), name, total: { plays: plays.reduce((a, b) => a + b, 0), seconds: 0 }, hours: hours(plays) };
};
const answer = { date: '2026-11-21', period: 2, time_zone: 'UTC', series: [series('device:1', 'Lobby', [1, 2]), series('device:2', 'Lobby', [0, 5]), series('media:3', 'Lobby', [4, 0])] };
const kind = (value: string) => ({ device: 'Device', campaign: 'Campaign', media: 'Media' })[value]!;

describe('compare selectors', () => {
  it('gives each series a legend of its own: two devices of one name get their ids, another kind of that name does not', () => {
    expect(shownSeries(answer, kind).map((item) => [item.legend, item.total])).toEqual([
      ['Device: Lobby #1', 3],
      ['Device: Lobby #2', 5],
      ['Media: Lobby', 4],
    ]);
    expect(shownSeries(null, kind)).toEqual([]);
  });

  it('lays the series out as one row per hour with a column per entity', () => {
    expect(hourRows(shownSeries(answer, kind))).toEqual([
      { hour: new Date('2026-11-21T00:00:00Z'), plays: [1, 0, 4] },
      { hour: new Date('2026-11-21T01:00:00Z'), plays: [2, 5, 0] },
    ]);
  });

  it('tells whether the answer on screen is for the list as it is now', () => {
    const entities = [{ kind: 'device' as const, id: 1, name: 'Lobby' }, { kind: 'device' as const, id: 2, name: 'Lobby' }, { kind: 'media' as const, id: 3, name: 'Lobby' }];
    expect(answerMatchesList({ data: answer, entities })).toBe(true);
    expect(answerMatchesList({ data: answer, entities: entities.slice(0, 2) })).toBe(false);
    expect(answerMatchesList({ data: null, entities: [] })).toBe(true);
  });
});
