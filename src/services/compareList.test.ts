import { beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_LIST_KEY, compareListKey, readCompareList, writeCompareList } from './compareList.ts';

beforeEach(() => localStorage.clear());

describe('the stored compare list', () => {
  it('comes back as it was written, in order', () => {
    const list = [
      { kind: 'device' as const, id: 7, name: 'Lobby' },
      { kind: 'campaign' as const, id: 2, name: 'Зимняя распродажа' },
    ];
    writeCompareList(list);
    expect(readCompareList()).toEqual(list);
  });

  it('an empty list removes the key', () => {
    writeCompareList([{ kind: 'media', id: 1, name: 'clip' }]);
    writeCompareList([]);
    expect(localStorage.getItem(COMPARE_LIST_KEY)).toBeNull();
    expect(readCompareList()).toEqual([]);
  });

  it('drops a stored value that is not a list of entities: not JSON, another shape, an unknown kind, a bad id', () => {
    for (const stored of ['{', '{"kind":"device"}', '[{"kind":"playlist","id":1,"name":"x"}]', '[{"kind":"device","id":0,"name":"x"}]', '[{"kind":"device","id":"1","name":"x"}]', 'null']) {
      localStorage.setItem(COMPARE_LIST_KEY, stored);
      expect(readCompareList(), stored).toEqual([]);
    }
  });

  it('keeps a repeated entity once and at most ten entities', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => ({ kind: 'device', id: index + 1, name: `D${index + 1}` }));
    localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify([twelve[0], ...twelve]));
    expect(readCompareList()).toEqual(twelve.slice(0, 10));
  });

  it('keeps one list per user', () => {
    writeCompareList([{ kind: 'device', id: 7, name: 'Lobby' }], 2);
    expect(localStorage.getItem(compareListKey(2))).not.toBeNull();
    expect(readCompareList(3)).toEqual([]);
    expect(readCompareList(2)).toEqual([{ kind: 'device', id: 7, name: 'Lobby' }]);
  });
});
