import { sql } from 'drizzle-orm';
import type { PlayerCache } from '../caches.ts';
import type { Db } from './index.ts';

/** The newest entry of the device change log (see migration 0004), or 0 when it is empty. */
export async function latestDeviceChange(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT COALESCE(max(seq), 0)::float8 AS seq FROM device_changes`)) as unknown as { rows: { seq: number }[] };
  return Number(result.rows[0]?.seq ?? 0);
}

/** Entries after `seq`, oldest first, at most `limit`. */
export async function deviceChangesAfter(db: Db, seq: number, limit: number): Promise<{ seq: number; deviceId: number }[]> {
  const result = (await db.execute(sql`
    SELECT seq::float8 AS seq, device_id FROM device_changes WHERE seq > ${seq} ORDER BY seq LIMIT ${limit}
  `)) as unknown as { rows: { seq: number; device_id: number }[] };
  return result.rows.map((row) => ({ seq: Number(row.seq), deviceId: row.device_id }));
}

/** Removes entries older than `ageMs`: every instance has read them long before. */
export async function pruneDeviceChanges(db: Db, ageMs: number): Promise<void> {
  await db.execute(sql`DELETE FROM device_changes WHERE changed_at < now() - make_interval(secs => ${ageMs / 1000})`);
}

/** How often an instance reads the change log. */
export const DEVICE_CHANGE_POLL_MS = 500;
/** How long entries are kept: far longer than any instance takes to read them. */
const KEEP_CHANGES_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
const PAGE = 1000;

/**
 * Reads the device change log every DEVICE_CHANGE_POLL_MS and drops the devices it names from this instance's
 * player cache; every completed poll tells the cache that entries are current as of its start. A failed poll
 * is reported and retried; until one succeeds the cache falls back to its time-to-live.
 */
export function watchDeviceChanges(
  db: Db,
  players: PlayerCache,
  onError: (error: unknown) => void,
  intervalMs = DEVICE_CHANGE_POLL_MS,
): { ready: Promise<void>; stop(): Promise<void> } {
  let last: number | null = null;
  let firstPoll: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (firstPoll = resolve));
  let lastPrune = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const poll = async () => {
    const startedAt = players.now();
    try {
      if (last === null) {
        // The cache is empty before the first poll; from here on every change is read.
        last = await latestDeviceChange(db);
      } else {
        for (;;) {
          const changes = await deviceChangesAfter(db, last, PAGE);
          for (const change of changes) {
            players.forgetDevice(change.deviceId);
            last = change.seq;
          }
          if (changes.length < PAGE) break;
        }
      }
      players.confirmWatched(startedAt);
      if (startedAt - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = startedAt;
        await pruneDeviceChanges(db, KEEP_CHANGES_MS);
      }
    } catch (error) {
      onError(error);
    }
  };

  const tick = () => {
    running = poll().finally(() => {
      firstPoll?.();
      if (stopped) return;
      timer = setTimeout(tick, intervalMs);
      timer.unref?.();
    });
  };
  tick();

  return {
    /** Settles after the first poll (whether it succeeded or not). */
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
