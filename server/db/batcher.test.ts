import { describe, expect, it } from 'vitest';
import { batcher } from './batcher.ts';

/*
 * The batcher behind heartbeats and dev2 (issue 35.20): the requests that arrive together share one statement, each
 * gets its own answer, and one that fails fails alone.
 */
function recorded(fails: (items: number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const run = batcher(
    async (items: number[]) => {
      batches.push(items);
      if (fails(items)) throw new Error(`statement failed for ${items.join(',')}`);
      return items.map((item) => `answer ${item}`);
    },
    (item) => String(item % 100),
    3,
  );
  return { run, batches };
}

describe('batcher', () => {
  it('answers the items that arrive together from one run, each its own, at most maxBatch a run', async () => {
    const { run, batches } = recorded();
    expect(await Promise.all([1, 2, 3, 4].map(run))).toEqual(['answer 1', 'answer 2', 'answer 3', 'answer 4']);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('puts items of one key in different runs', async () => {
    const { run, batches } = recorded();
    expect(await Promise.all([5, 105, 6].map(run))).toEqual(['answer 5', 'answer 105', 'answer 6']);
    expect(batches).toEqual([[5, 6], [105]]);
  });

  it('fails only the item that fails: the others of its run are answered', async () => {
    const { run, batches } = recorded((items) => items.includes(2));
    const answers = await Promise.allSettled([1, 2, 3].map(run));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'answer 1' },
      { status: 'rejected', reason: new Error('statement failed for 2') },
      { status: 'fulfilled', value: 'answer 3' },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
