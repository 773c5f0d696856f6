import { describe, expect, it } from 'vitest';
import { flushPlays, PLAYS_PER_BATCH, ShowingClock, WidgetShowings } from './proofOfPlay.ts';
import type { Play } from './schedule.ts';
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

  it('records a play when it ends, with its real seconds on screen and how it ended (issue 35.3)', () => {
    const clip = (media: number, serial: number, override?: number): Play => ({
      event: 7,
      media: { id: media, kind: 'video', duration: 10 } as unknown as Play['media'],
      index: 0,
      playlist: null,
      serial,
      ...(override ? { override } : {}),
    });
    const clock = new ShowingClock();
    const t0 = Date.UTC(2026, 10, 22, 9, 0, 0);
    const corrupt = clip(1, 1);
    expect(clock.started(corrupt, t0)).toBeNull();
    // The decoder fails 4 s in: a failed play of 4 s, not a full play of 10.
    expect(clock.failed(corrupt, t0 + 4_000)).toMatchObject({ event: 7, media: 1, started_at: '2026-11-22T09:00:00.000Z', duration: 4, outcome: 'failed' });
    // A file that fails before it shows was never on screen.
    expect(clock.failed(clip(2, 2), t0 + 5_000)).toBeNull();
    const whole = clip(3, 3);
    clock.started(whole, t0 + 5_000);
    expect(clock.ended(whole, t0 + 15_010)).toMatchObject({ media: 3, duration: 10.01, outcome: 'completed' });
    // An override cuts the next one short after 2.5 s; the override itself proves nothing.
    const cut = clip(4, 4);
    clock.started(cut, t0 + 16_000);
    const override = clip(5, 5, 9);
    expect(clock.started(override, t0 + 18_500)).toMatchObject({ media: 4, duration: 2.5, outcome: 'partial' });
    expect(clock.ended(override, t0 + 28_500)).toBeNull();
    // An old "ended" of a play no longer on screen records nothing; an emptied screen cuts the play on it.
    const last = clip(6, 6);
    clock.started(last, t0 + 30_000);
    expect(clock.ended(whole, t0 + 31_000)).toBeNull();
    expect(clock.cleared(t0 + 31_000)).toMatchObject({ media: 6, duration: 1, outcome: 'partial' });
    expect(clock.cleared(t0 + 32_000)).toBeNull();
  });

  it("records each widget zone's showing per layout turn with its real seconds, the layout's leaving as partial, none for an override", () => {
    const layoutPlay = { event: 7, media: { id: 0, url: '', checksum: '', duration: 0, type: '' }, index: 0, playlist: null, serial: 1 } as Play;
    const showings = new WidgetShowings();
    const widgets = [
      { zone: 3, kind: 'clock' },
      { zone: 4, kind: 'ticker' },
    ];
    expect(showings.started(layoutPlay, widgets, 1_000)).toEqual([]);
    const turn = showings.turn(11_000);
    expect(turn.map(({ kind, event, zone, widget, duration, outcome }) => ({ kind, event, zone, widget, duration, outcome }))).toEqual([
      { kind: 'widget', event: 7, zone: 3, widget: 'clock', duration: 10, outcome: 'completed' },
      { kind: 'widget', event: 7, zone: 4, widget: 'ticker', duration: 10, outcome: 'completed' },
    ]);
    expect(turn[0]!.started_at).toBe(new Date(1_000).toISOString());
    expect(showings.cleared(14_500).map((record) => [record.duration, record.outcome, record.started_at])).toEqual([
      [3.5, 'partial', new Date(11_000).toISOString()],
      [3.5, 'partial', new Date(11_000).toISOString()],
    ]);
    expect(showings.cleared(20_000)).toEqual([]);
    showings.started({ ...layoutPlay, override: 2 }, widgets, 0);
    expect(showings.turn(10_000)).toEqual([]);
  });
});
