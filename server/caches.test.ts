import { describe, expect, it } from 'vitest';
import { ActiveUserCache, PlayerCache, type CachedPlayer } from './caches.ts';

const clock = () => {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('ActiveUserCache', () => {
  it('trusts a confirmed user for the TTL from the start of the read, then asks again', () => {
    const time = clock();
    const cache = new ActiveUserCache(2000, time.now);
    const read = cache.begin();
    time.advance(500);
    cache.confirm(7, read);
    expect(cache.isActive(7)).toBe(true);
    time.advance(1499);
    expect(cache.isActive(7)).toBe(true);
    time.advance(1);
    expect(cache.isActive(7)).toBe(false);
  });

  it('drops a user at once, and ignores a read that was under way meanwhile', () => {
    const cache = new ActiveUserCache(2000, clock().now);
    cache.confirm(7, cache.begin());
    const read = cache.begin();
    cache.forget(7);
    cache.confirm(7, read);
    expect(cache.isActive(7)).toBe(false);
    cache.confirm(7, cache.begin());
    expect(cache.isActive(7)).toBe(true);
  });
});

describe('ActiveUserCache token generations', () => {
  it('accepts the current generation and the kept family, refuses older ones, and reads again for newer ones', () => {
    const cache = new ActiveUserCache(2000, clock().now);
    expect(cache.accepts(7, 0, 'f1')).toBeUndefined();
    cache.confirm(7, cache.begin(), { generation: 2, keptFamily: 'f1' });
    expect([cache.accepts(7, 2, 'f9'), cache.accepts(7, 1, 'f1'), cache.accepts(7, 1, 'f9'), cache.accepts(7, 1, undefined)]).toEqual([true, true, false, false]);
    expect(cache.accepts(7, 3, 'f9')).toBeUndefined();
  });
});

describe('PlayerCache', () => {
  const player = (fields: Partial<CachedPlayer> = {}): CachedPlayer => ({
    id: 1,
    serial: 'SN-1',
    key: 'k',
    isActive: true,
    scheduleVersion: 0,
    configVersion: 1,
    ip: null,
    version: '',
    scheduleState: 'playing',
    scheduleExpiry: null,
    playingEvent: null,
    playingMedia: null,
    display: null,
    contactAt: 0,
    signedOff: false,
    commandsPending: false,
    readAt: 0,
    ...fields,
  });

  it('is fresh for the TTL after the read', () => {
    const time = clock();
    const cache = new PlayerCache(2000, time.now);
    const entry = player({ readAt: time.now() });
    cache.store(entry, cache.begin());
    expect(cache.isFresh(cache.get('SN-1')!)).toBe(true);
    time.advance(2000);
    expect(cache.isFresh(cache.get('SN-1')!)).toBe(false);
  });

  it('forgets a device by id (its serial may have changed), and ignores reads under way meanwhile', () => {
    const cache = new PlayerCache(2000, clock().now);
    cache.store(player(), cache.begin());
    const read = cache.begin();
    cache.forgetDevice(1);
    expect(cache.get('SN-1')).toBeUndefined();
    cache.store(player(), read);
    expect(cache.get('SN-1')).toBeUndefined();
  });

  it('marks a queued command on the entry it keeps, and ignores an answer begun before that says none waits', () => {
    const cache = new PlayerCache(2000, clock().now);
    cache.store(player({ readAt: 10 }), cache.begin());
    const write = cache.begin();
    cache.commandQueued(1);
    expect(cache.get('SN-1')).toMatchObject({ id: 1, commandsPending: true });
    cache.store(player({ readAt: 20, commandsPending: false }), write);
    expect(cache.get('SN-1')).toMatchObject({ readAt: 10, commandsPending: true });
    cache.commandQueued(99);
    expect(cache.get('SN-1')?.id).toBe(1);
  });

  it('keeps the entry of a device whose schedule moved, with the new version (issue 35.20), and ignores an answer begun before', () => {
    const cache = new PlayerCache(2000, clock().now);
    cache.store(player({ readAt: 10, scheduleVersion: 4 }), cache.begin());
    expect(cache.holds(1)).toBe(true);
    expect(cache.holds(2)).toBe(false);
    const read = cache.begin();
    cache.scheduleMoved(1, 6);
    expect(cache.get('SN-1')).toMatchObject({ readAt: 10, scheduleVersion: 6 });
    cache.store(player({ readAt: 20, scheduleVersion: 5 }), read);
    expect(cache.get('SN-1')).toMatchObject({ readAt: 10, scheduleVersion: 6 });
    // An older version read meanwhile never moves it back.
    cache.scheduleMoved(1, 5);
    expect(cache.get('SN-1')?.scheduleVersion).toBe(6);
  });

  it('keeps the newer of two answers', () => {
    const cache = new PlayerCache(2000, clock().now);
    cache.store(player({ readAt: 20, configVersion: 3 }), cache.begin());
    cache.store(player({ readAt: 10, configVersion: 2 }), cache.begin());
    expect(cache.get('SN-1')?.configVersion).toBe(3);
  });
});
