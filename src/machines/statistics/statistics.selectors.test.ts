import { describe, expect, it } from 'vitest';
import { rankedRows, wholeTicks } from './statistics.selectors.ts';

describe('statistics selectors', () => {
  it('keys the rows of a ranking by id and tells rows of one name apart by their ids', () => {
    const rows = [
      { id: 7, name: 'promo', plays: 5, seconds: 50 },
      { id: 3, name: 'Lobby', plays: 4, seconds: 40 },
      { id: 6, name: 'promo', plays: 3, seconds: 30 },
    ];
    expect(rankedRows(rows, 'm')).toEqual([
      { key: 'm7', id: 7, name: 'promo', label: 'promo #7', plays: 5, seconds: 50 },
      { key: 'm3', id: 3, name: 'Lobby', label: 'Lobby', plays: 4, seconds: 40 },
      { key: 'm6', id: 6, name: 'promo', label: 'promo #6', plays: 3, seconds: 30 },
    ]);
    expect(new Set(rankedRows(rows, 'm').map((row) => row.label)).size).toBe(3);
  });

  it('counts a plays axis in whole steps that reach the largest value', () => {
    expect(wholeTicks(0)).toEqual([0, 1]);
    expect(wholeTicks(3)).toEqual([0, 1, 2, 3]);
    expect(wholeTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(wholeTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(wholeTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(wholeTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [1, 9, 11, 99, 101, 4321]) {
      const ticks = wholeTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
