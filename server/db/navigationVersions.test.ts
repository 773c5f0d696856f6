import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './index.ts';
import { NAVIGATION_VERSION_POLL_MS, NAVIGATION_VERSION_STALE_MS, NavigationVersions } from './navigationVersions.ts';

/** A database whose reads of the sent versions wait until the test answers them. */
function fakeDb() {
  const reads: ((rows: { deviceId: number; sentVersion: number; sentAt: Date }[]) => void)[] = [];
  const db = { select: () => ({ from: () => ({ where: () => new Promise((resolve) => reads.push(resolve)) }) }) } as unknown as Db;
  return { db, reads };
}

afterEach(() => vi.restoreAllMocks());

describe('NavigationVersions (the heartbeat’s navigation_version)', () => {
  it('waits for the first read and for one after a send elsewhere, but answers from memory while a merely due read is under way (issue 35.20)', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { db, reads } = fakeDb();
    const versions = new NavigationVersions(db);
    const first = versions.of(7);
    expect(first).toBeInstanceOf(Promise);
    reads.shift()!([{ deviceId: 7, sentVersion: 2, sentAt: new Date(now) }]);
    expect(await first).toBe(2);
    expect(versions.of(7)).toBe(2);

    // Due: a read starts, and the heartbeat is answered at once from the last one (it waited for the database before).
    now += NAVIGATION_VERSION_POLL_MS;
    expect(versions.of(7)).toBe(2);
    expect(reads).toHaveLength(1);
    expect(versions.of(7)).toBe(2);
    expect(reads).toHaveLength(1);
    reads.shift()!([{ deviceId: 7, sentVersion: 3, sentAt: new Date(now) }]);
    await vi.waitFor(() => expect(versions.of(7)).toBe(3));

    // A send named by the change log: the next heartbeat waits for the read that sees it.
    versions.expire();
    const afterSend = versions.of(7);
    expect(afterSend).toBeInstanceOf(Promise);
    reads.shift()!([{ deviceId: 7, sentVersion: 4, sentAt: new Date(now) }]);
    expect(await afterSend).toBe(4);

    // A read that never ends: answered from memory up to NAVIGATION_VERSION_STALE_MS after the last one, then waited for.
    now += NAVIGATION_VERSION_POLL_MS;
    expect(versions.of(7)).toBe(4);
    now += NAVIGATION_VERSION_STALE_MS;
    expect(versions.of(7)).toBeInstanceOf(Promise);
    expect(reads).toHaveLength(1);
  });
});
