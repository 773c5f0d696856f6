import { describe, expect, it } from 'vitest';
import { PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';
import { isPlainHeartbeat } from './heartbeatBody.ts';

const schemaAccepts = (body: Record<string, unknown>) => PlayerHeartbeatBody.validate(body)[0] === undefined;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Values a field may take: the usual ones, and edge cases and wrong ones (picked one time in four).
type Pool = { usual: readonly unknown[]; odd: readonly unknown[] };
const SERIALS: Pool = { usual: ['BENCH-000001', 'A', 'a'.repeat(64), 'X.1:2_3-4'], odd: ['a'.repeat(65), '', ' ', ' X1', 'X1 ', '-X1', 'Ж1', 'X1\n', 12, null, undefined, ['X1'], {}] };
const KEYS: Pool = { usual: ['k', 'bench-key-1', 'k'.repeat(200), ' '], odd: ['k'.repeat(201), '', 7, null, undefined, true] };
const VERSIONS: Pool = { usual: [undefined, '1.4.2', '', 'v'.repeat(64)], odd: ['v'.repeat(65), 1.4, null, ['1'], '1.0\u202E', 'beep\u0007', '\u2066x'] };
const STATES: Pool = { usual: [undefined, 'playing', 'waiting', 'not_found', 'playback_errors'], odd: ['PLAYING', '', null, 0] };
const CONFIG_VERSIONS: Pool = { usual: [undefined, 0, 1, 2147483647], odd: [2147483648, 1e20, -1, 1.5, '1', null, Number.NaN, Number.POSITIVE_INFINITY] };
const IPS: Pool = {
  usual: [undefined, null, '10.20.0.1', '192.168.1.254', '::1', 'fe80::1', '::ffff:10.0.0.1'],
  odd: ['nope', '', ' ', '256.0.0.1', '10.0.0', '01.2.3.4', ' 10.0.0.1', '10.0.0.1 ', '1::2::3', ':::', 'g::1', 10, ['10.0.0.1'], {}],
};
const EXTRAS: Pool = {
  usual: [{}, { other: 'x' }, { now_playing: null }, { now_playing: { event: 1, media: 2, started_at: '2031-01-01T00:00:00.000Z' } }],
  odd: [
    { schedule_expiry: null },
    { schedule_expiry: '2031-01-01T00:00:00Z' },
    { acknowledged: [1] },
    { capabilities: { codecs: ['h264'] } },
    { playback_errors: [] },
    { now_playing: { event: 0, media: 2, started_at: '2031-01-01T00:00:00Z' } },
    { now_playing: { event: 1, media: 2.5, started_at: '2031-01-01T00:00:00Z' } },
    { now_playing: { event: 1, media: 2147483648, started_at: '2031-01-01T00:00:00Z' } },
    { now_playing: { event: 1, media: 2, started_at: '1999-12-31T23:59:59Z' } },
    { now_playing: { event: 1, media: 2, started_at: '2031-01-01' } },
    { now_playing: { event: 1, media: 2, started_at: `2031-01-01T00:00:00${'0'.repeat(40)}Z` } },
    { now_playing: { event: 1, media: 2 } },
    { now_playing: [1, 2] },
    { now_playing: 'x' },
  ],
};

describe('isPlainHeartbeat', () => {
  it('accepts the common heartbeat', () => {
    expect(isPlainHeartbeat({ serial: 'BENCH-000001', key: 'bench-key-1', version: '1.4.2', schedule_state: 'playing', config_version: 1 })).toBe(true);
    expect(isPlainHeartbeat({ serial: 'SN1', key: 'k' })).toBe(true);
    // what the simulator's players send: their own address
    expect(isPlainHeartbeat({ serial: 'SIM-1', key: 'k', ip: '10.20.0.1', version: '1.4.2', schedule_state: 'playing' })).toBe(true);
    // what the web player sends while it plays (issue 24)
    expect(isPlainHeartbeat({ serial: 'WEB-1', key: 'k', schedule_state: 'playing', now_playing: { event: 3, media: 4, started_at: '2031-01-01T10:00:00.000Z' } })).toBe(true);
    expect(isPlainHeartbeat({ serial: 'WEB-1', key: 'k', schedule_state: 'playback_errors', now_playing: null })).toBe(true);
  });

  it('never accepts a body the schema refuses (20,000 generated bodies)', () => {
    const next = random(20261121);
    const pick = (pool: Pool) => {
      const values = next() < 0.75 ? pool.usual : pool.odd;
      return values[Math.floor(next() * values.length)]!;
    };
    let accepted = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const body: Record<string, unknown> = {
        serial: pick(SERIALS),
        key: pick(KEYS),
        version: pick(VERSIONS),
        schedule_state: pick(STATES),
        config_version: pick(CONFIG_VERSIONS),
        ip: pick(IPS),
        ...(pick(EXTRAS) as Record<string, unknown>),
      };
      for (const name of Object.keys(body)) if (body[name] === undefined && next() < 0.5) delete body[name];
      if (isPlainHeartbeat(body)) {
        accepted += 1;
        expect({ body, accepted: schemaAccepts(body) }).toEqual({ body, accepted: true });
      }
    }
    // The shortcut must actually serve: a good share of the generated bodies are plain and valid.
    expect(accepted).toBeGreaterThan(2000);
  });
});
