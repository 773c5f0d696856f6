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
  usual: [
    {},
    { other: 'x' },
    { now_playing: null },
    { now_playing: { event: 1, media: 2, started_at: '2031-01-01T00:00:00.000Z' } },
    { playback_errors: [] },
    { playback_errors: [{ media: 2, kind: 'decode', count: 1, last_at: '2031-01-01T00:00:00.000Z', detail: 'video_error 3 PIPELINE_ERROR_DECODE' }] },
    { playback_errors: [{ media: 2, kind: 'checksum', count: 1_000_000, last_at: '2031-01-01T00:00:00Z' }, { media: 3, kind: 'download', count: 2, last_at: '2031-01-01T00:00:00+02:00', other: 1 }] },
  ],
  odd: [
    { schedule_expiry: null },
    { schedule_expiry: '2031-01-01T00:00:00Z' },
    { acknowledged: [1] },
    { capabilities: { codecs: ['h264'] } },
    { playback_errors: [{ media: 0, kind: 'decode', count: 1, last_at: '2031-01-01T00:00:00Z' }] },
    { playback_errors: [{ media: 2, kind: 'crash', count: 1, last_at: '2031-01-01T00:00:00Z' }] },
    { playback_errors: [{ media: 2, kind: 'decode', count: 0, last_at: '2031-01-01T00:00:00Z' }] },
    { playback_errors: [{ media: 2, kind: 'decode', count: 1, last_at: '2031-02-30T00:00:00Z', detail: null }] },
    { playback_errors: [{ media: 2, kind: 'decode', count: 1, last_at: '2031-01-01T00:00:00Z', detail: 'line\nbreak' }] },
    { playback_errors: Array.from({ length: 101 }, () => ({ media: 2, kind: 'decode', count: 1, last_at: '2031-01-01T00:00:00Z' })) },
    { playback_errors: 'x' },
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
    // and while a layout plays (issue 36): the layout drawn and each zone's file, a widget zone without one
    const zones = [{ id: 8, media_id: 4, started_at: '2031-01-01T10:00:00.000Z' }, { id: 9, media_id: null, started_at: '2031-01-01T10:00:00.000Z' }];
    expect(isPlainHeartbeat({ serial: 'WEB-1', key: 'k', now_playing: { event: 3, media: 4, started_at: '2031-01-01T10:00:00.000Z', layout: { id: 5, version: 2 }, zones } })).toBe(true);
    // a layout of widgets alone shows no file (issue 38): media null, only with the layout
    expect(isPlainHeartbeat({ serial: 'WEB-1', key: 'k', now_playing: { event: 3, media: null, started_at: '2031-01-01T10:00:00.000Z', layout: { id: 5, version: 2 }, zones } })).toBe(true);
    expect(isPlainHeartbeat({ serial: 'WEB-1', key: 'k', now_playing: { event: 3, media: null, started_at: '2031-01-01T10:00:00.000Z' } })).toBe(false);
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

  it('judges now_playing and playback_errors exactly as the schema does (30,000 generated bodies)', () => {
    const next = random(20261127);
    const pickOf = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const two = (n: number) => String(n).padStart(2, '0');
    // Dates written as players write them, and near misses: days past their month, leap days, hour 24, offsets, fractions.
    const timestamp = () => {
      const year = pickOf([1999, 2000, 2024, 2031, 2100, 9999]);
      const text = `${year}-${two(pickOf([0, 1, 2, 4, 12, 13]))}-${two(pickOf([0, 1, 28, 29, 30, 31, 32]))}T${two(pickOf([0, 23, 24]))}:${two(pickOf([0, 59, 60]))}:${two(pickOf([0, 59, 60]))}`;
      return text + pickOf(['', '.', '.1', '.12', '.123', '.1234']) + pickOf(['Z', 'Z', 'Z', '', '+02:00', 'z', ' ']);
    };
    const report = () => {
      const fields: Record<string, unknown> = {
        media: pickOf([1, 2, 0, 2.5, '2']),
        kind: pickOf(['decode', 'download', 'checksum', 'Decode']),
        count: pickOf([1, 7, 1_000_000, 1_000_001, 0, 1.5]),
        last_at: next() < 0.9 ? timestamp() : pickOf([null, 5, '', 'x'.repeat(41)]),
        detail: pickOf([undefined, undefined, '', 'video_error 3', 'x'.repeat(300), 'x'.repeat(301), 'tab\there', 'bidi\u202Eevil', null, 3]),
      };
      if (fields.detail === undefined) delete fields.detail;
      return next() < 0.97 ? fields : pickOf([null, [fields], 'x']);
    };
    // A layout item's parts (issue 36): the layout drawn and each zone's file, and near misses.
    const zone = () => {
      const fields: Record<string, unknown> = { id: pickOf([7, 7, 0, '7']), media_id: pickOf([4, 4, null, 0, undefined]), started_at: next() < 0.9 ? timestamp() : pickOf([null, undefined]) };
      for (const name of Object.keys(fields)) if (fields[name] === undefined) delete fields[name];
      return next() < 0.97 ? fields : pickOf([null, [fields], 'x']);
    };
    const layoutPart = (): Record<string, unknown> => {
      const part: Record<string, unknown> = {};
      if (next() < 0.3) part.layout = next() < 0.9 ? { id: pickOf([5, 5, 0]), version: pickOf([1, 1, 0, 1.5, null]) } : pickOf([null, [5, 1], 'x']);
      if (next() < 0.3) part.zones = next() < 0.95 ? Array.from({ length: pickOf([0, 1, 2, 16, 17]) }, zone) : pickOf([null, {}, 'x']);
      return part;
    };
    let accepted = 0;
    for (let i = 0; i < 30_000; i += 1) {
      const body: Record<string, unknown> = { serial: 'WEB-1', key: 'k', schedule_state: 'playing' };
      if (next() < 0.7) body.now_playing = next() < 0.95 ? { event: pickOf([1, 3, 0]), media: pickOf([4, 2147483647, 2147483648, null]), started_at: timestamp(), ...layoutPart() } : pickOf([null, [], 'x']);
      if (next() < 0.5) body.playback_errors = Array.from({ length: pickOf([0, 1, 1, 2, 3]) }, report);
      const plain = isPlainHeartbeat(body);
      if (plain) accepted += 1;
      if (plain !== schemaAccepts(body)) expect({ body, plain }).toEqual({ body, plain: schemaAccepts(body) });
    }
    expect(accepted).toBeGreaterThan(3000);
  });
});
