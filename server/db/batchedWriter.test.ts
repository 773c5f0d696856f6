import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedWriter } from './batchedWriter.ts';

/** A writer over a recording `write` that fails while `failing` is set; the clock is the test's. */
function writerOf(options: { spacingMs?: number; merge?: (older: number, newer: number) => number } = {}) {
  let now = 0;
  let failing = false;
  const batches: [string, number][][] = [];
  const failures: [string, number][] = [];
  const writer = new BatchedWriter<string, number>({
    write: async (batch) => {
      if (failing) throw new Error('database unreachable');
      batches.push(batch);
    },
    onError: (error, dropped) => failures.push([(error as Error).message, dropped]),
    flushMs: 1000,
    now: () => now,
    ...options,
  });
  return {
    writer,
    batches,
    failures,
    advance: (ms: number) => (now += ms),
    fail: (on: boolean) => (failing = on),
  };
}

afterEach(() => vi.useRealTimers());

describe('BatchedWriter', () => {
  it('writes the newest value of each key in one batch, at most every flushMs', async () => {
    vi.useFakeTimers();
    const { writer, batches } = writerOf();
    writer.note('a', 1);
    writer.note('b', 2);
    writer.note('a', 3);
    expect(writer.get('a')).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[['a', 3], ['b', 2]]]);
    expect(writer.size).toBe(0);
  });

  it('merges a newer value into the waiting one when told how', async () => {
    const { writer, batches } = writerOf({ merge: (older, newer) => older + newer });
    writer.note('a', 1);
    writer.note('a', 2);
    await writer.flush();
    expect(batches).toEqual([[['a', 3]]]);
  });

  it('keeps a failed batch for one more try (merged with what came since), then drops and reports it', async () => {
    const { writer, batches, failures, fail } = writerOf({ merge: (older, newer) => older + newer });
    writer.note('a', 1);
    fail(true);
    await writer.flush();
    expect(failures).toEqual([['database unreachable', 0]]);
    writer.note('a', 2);
    writer.note('b', 5);
    fail(false);
    await writer.flush();
    expect(batches).toEqual([[['a', 3], ['b', 5]]]);

    writer.note('c', 1);
    fail(true);
    await writer.flush();
    await writer.flush();
    expect(failures).toEqual([['database unreachable', 0], ['database unreachable', 0], ['database unreachable', 1]]);
    fail(false);
    await writer.flush();
    expect(batches).toHaveLength(1);
  });

  it('holds a key written less than spacingMs ago until its time, writing its newest value; flush() writes it at once', async () => {
    vi.useFakeTimers();
    const { writer, batches, advance } = writerOf({ spacingMs: 5000 });
    writer.note('a', 1);
    await writer.flush();
    writer.note('a', 2);
    writer.note('b', 1);
    advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([[['a', 1]], [['b', 1]]]);
    writer.note('a', 3);
    advance(3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(batches).toHaveLength(2);
    advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([[['a', 1]], [['b', 1]], [['a', 3]]]);

    writer.note('a', 4);
    await writer.flush();
    expect(batches.at(-1)).toEqual([['a', 4]]);
    // A forgotten key is not held.
    writer.forget('a');
    writer.note('a', 5);
    advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches.at(-1)).toEqual([['a', 5]]);
  });

  it('close() writes what waits, trying a failed batch once more before dropping it', async () => {
    const { writer, batches, failures, fail } = writerOf();
    writer.note('a', 1);
    await writer.close();
    expect(batches).toEqual([[['a', 1]]]);
    writer.note('b', 1);
    fail(true);
    await writer.close();
    expect(failures).toEqual([['database unreachable', 0], ['database unreachable', 1]]);
    expect(writer.size).toBe(0);
  });
});
