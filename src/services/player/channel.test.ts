import { describe, expect, it } from 'vitest';
import { channelEvent, reconnectDelay, RECONNECT_MAX_MS, SseParser } from './channel.ts';

describe('SseParser', () => {
  it('splits frames fed in arbitrary pieces, skips comments, and joins data lines', () => {
    const events: [string, string][] = [];
    const parser = new SseParser((event, data) => events.push([event, data]));
    const stream = ': keepalive\n\nevent: ready\ndata: {"device":7,"schedule_version":3}\n\nevent: notice\ndata: {"kinds":\ndata: ["schedule"]}\n\n';
    for (let i = 0; i < stream.length; i += 5) parser.push(stream.slice(i, i + 5));
    expect(events).toEqual([
      ['ready', '{"device":7,"schedule_version":3}'],
      ['notice', '{"kinds":\n["schedule"]}'],
    ]);
    expect(events.map(([event, data]) => channelEvent(event, data))).toEqual([
      { type: 'ready', device: 7, scheduleVersion: 3 },
      { type: 'notice', kinds: ['schedule'] },
    ]);
  });

  it('reads a close frame and ignores frames it does not know', () => {
    expect(channelEvent('close', '{"code":"device_disabled"}')).toEqual({ type: 'close', code: 'device_disabled' });
    expect(channelEvent('later', '{"x":1}')).toBeNull();
    expect(channelEvent('notice', 'not json')).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('doubles from about a second up to a minute, jittered over the upper half of each step', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(30, () => 0.5)).toBe(RECONNECT_MAX_MS * 0.75);
    // A thousand players that lost the same server do not come back in the same millisecond.
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const delays = new Set(Array.from({ length: 1000 }, () => reconnectDelay(0, random)));
    expect(delays.size).toBeGreaterThan(300);
  });
});
