import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelHub, NOTICE_SLICE_MS, NOTICE_SPREAD_FROM, NOTICE_SPREAD_MAX_MS, type ChannelConnection } from './hub.ts';
import type { DeviceChange, DeviceChangeKind } from '../db/deviceChanges.ts';

/*
 * The hub's notices (issue 35.20): a delivery to many connected devices is written over a short window, so the screens
 * it reaches do not all heartbeat and fetch in the same millisecond; what a later delivery names for a device still
 * waiting joins its one notice; a small delivery (a command for one screen) goes out at once.
 */

let hub: ChannelHub;
/** Each device's notice frames as written, with the fake clock's time. */
let written: Map<number, { kinds: string[]; at: number }[]>;
let seq = 0;

function connect(deviceId: number): ChannelConnection {
  return {
    deviceId,
    serial: `S-${deviceId}`,
    key: 'k',
    write(frame) {
      const kinds = (JSON.parse(/data: (.*)\n/.exec(frame)![1]!) as { kinds: string[] }).kinds;
      written.set(deviceId, [...(written.get(deviceId) ?? []), { kinds, at: Date.now() }]);
      return true;
    },
    close: () => undefined,
  };
}

const changes = (ids: number[], kind: DeviceChangeKind): DeviceChange[] => ids.map((deviceId) => ({ seq: (seq += 1), deviceId, kind }));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

beforeEach(() => {
  vi.useFakeTimers();
  written = new Map();
  hub = new ChannelHub(async () => null);
});
afterEach(() => {
  hub.closeAll();
  vi.useRealTimers();
});

describe('ChannelHub notices', () => {
  it('tells a few devices at once', () => {
    const ids = range(1, NOTICE_SPREAD_FROM);
    for (const id of ids) hub.add(connect(id));
    hub.deliver(changes(ids, 'command'));
    expect(ids.every((id) => written.get(id)?.length === 1)).toBe(true);
  });

  it(`spreads a delivery to 1,000 devices over at most ${NOTICE_SPREAD_MAX_MS} ms, and what comes meanwhile joins the notice of a device still waiting`, () => {
    const ids = range(1, 1000);
    for (const id of ids) hub.add(connect(id));
    const start = Date.now();
    hub.deliver(changes(ids, 'schedule'));
    const first = written.size;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(100);
    // The override's own entries, read a moment later: one notice for every device not told yet.
    vi.advanceTimersByTime(20);
    const told = new Set(written.keys());
    hub.deliver(changes(ids, 'override'));
    // A command for one device meanwhile is not held behind the others.
    hub.add(connect(5000));
    hub.deliver(changes([5000], 'command'));
    expect(written.get(5000)).toEqual([{ kinds: ['command'], at: Date.now() }]);
    vi.advanceTimersByTime(NOTICE_SPREAD_MAX_MS);
    // Each device is told within the window of each delivery that named it.
    expect(ids.every((id) => written.has(id))).toBe(true);
    expect(Math.max(...ids.map((id) => written.get(id)![0]!.at)) - start).toBeLessThanOrEqual(NOTICE_SPREAD_MAX_MS);
    expect(Math.max(...ids.map((id) => written.get(id)!.at(-1)!.at)) - (start + 20)).toBeLessThanOrEqual(NOTICE_SPREAD_MAX_MS);
    // Spread evenly: no tenth of the window told more than a fifth of the devices.
    const byTenth = new Map<number, number>();
    for (const id of ids) {
      const tenth = Math.floor(((written.get(id)![0]!.at - start) / NOTICE_SPREAD_MAX_MS) * 10);
      byTenth.set(tenth, (byTenth.get(tenth) ?? 0) + 1);
    }
    expect(Math.max(...byTenth.values())).toBeLessThanOrEqual(200);
    for (const id of ids) {
      expect(written.get(id)).toEqual(told.has(id) ? [expect.objectContaining({ kinds: ['schedule'] }), expect.objectContaining({ kinds: ['override'] })] : [expect.objectContaining({ kinds: ['schedule', 'override'] })]);
    }
  });

  it('keeps to its window when the timers fire late (a busy event loop): what is due goes out in the next slice', () => {
    const ids = range(1, 1000);
    for (const id of ids) hub.add(connect(id));
    const start = Date.now();
    hub.deliver(changes(ids, 'schedule'));
    // The event loop was held for the whole window: the first timer after it writes every device.
    vi.setSystemTime(start + NOTICE_SPREAD_MAX_MS);
    vi.advanceTimersByTime(NOTICE_SLICE_MS);
    expect(written.size).toBe(1000);
    expect(Math.max(...ids.map((id) => written.get(id)![0]!.at)) - start).toBeLessThanOrEqual(NOTICE_SPREAD_MAX_MS + NOTICE_SLICE_MS);
  });
});
