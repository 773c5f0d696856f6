import { describe, expect, it } from 'vitest';
import { flushPlays, PLAYS_PER_BATCH } from './proofOfPlay.ts';
import { PlayerOffline, type PlayRecord } from './protocol.ts';
import { memoryPlays, newPlayId } from './storage.ts';

const play = (n: number): PlayRecord => ({ id: newPlayId(), event: 1, media: 2, started_at: new Date(Date.UTC(2026, 10, 22, 9, 0, n)).toISOString(), duration: 10 });

describe('proof of play', () => {
  it('makes unique play ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newPlayId()));
    expect(ids.size).toBe(10_000);
    expect([...ids][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends in batches oldest first, keeps what failed, and after a lost answer re-sends it without counting twice', async () => {
    const store = memoryPlays();
    for (let n = 0; n < PLAYS_PER_BATCH + 20; n++) await store.add(play(n));
    const server = new Set<string>();
    let loseAnswer = true;
    const send = async (plays: PlayRecord[]) => {
      const fresh = plays.filter((p) => !server.has(p.id));
      fresh.forEach((p) => server.add(p.id));
      // The first batch reaches the server but its answer is lost on the way back.
      if (loseAnswer) {
        loseAnswer = false;
        throw new PlayerOffline('connection reset');
      }
      return { ok: true as const, settled: plays.map((p) => p.id) };
    };
    await expect(flushPlays(store, send)).rejects.toThrow('connection reset');
    expect(await store.count()).toBe(PLAYS_PER_BATCH + 20);
    expect(await flushPlays(store, send)).toBe(PLAYS_PER_BATCH + 20);
    expect([await store.count(), server.size]).toEqual([0, PLAYS_PER_BATCH + 20]);
  });

  it('keeps plays while the key is refused and drops a batch the server cannot read', async () => {
    const store = memoryPlays();
    await store.add(play(1));
    expect(await flushPlays(store, async () => ({ ok: false, reason: 'key_refused', code: 'invalid_device_key' }))).toBe(0);
    expect(await store.count()).toBe(1);
    await flushPlays(store, async () => ({ ok: false, reason: 'rejected', code: 'validation_error' }));
    expect(await store.count()).toBe(0);
  });
});
