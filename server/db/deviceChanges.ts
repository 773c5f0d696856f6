import { sql } from 'drizzle-orm';
import type { PlayerCache } from '../caches.ts';
import type { Db } from './index.ts';

/** The newest entry of the device change log (see migration 0004), or 0 when it is empty. */
export async function latestDeviceChange(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT COALESCE(max(seq), 0)::float8 AS seq FROM device_changes`)) as unknown as { rows: { seq: number }[] };
  return Number(result.rows[0]?.seq ?? 0);
}

/** What a change log entry tells a connected player (migration 0027); null: only the caches care. */
export type DeviceChangeKind = 'schedule' | 'configs' | 'command' | 'navigation' | 'access' | 'override';

export interface DeviceChange {
  seq: number;
  deviceId: number;
  kind: DeviceChangeKind | null;
}

/** Entries after `seq`, oldest first, at most `limit`. */
export async function deviceChangesAfter(db: Db, seq: number, limit: number): Promise<DeviceChange[]> {
  const result = (await db.execute(sql`
    SELECT seq::float8 AS seq, device_id, kind FROM device_changes WHERE seq > ${seq} ORDER BY seq LIMIT ${limit}
  `)) as unknown as { rows: { seq: number; device_id: number; kind: DeviceChangeKind | null }[] };
  return result.rows.map((row) => ({ seq: Number(row.seq), deviceId: row.device_id, kind: row.kind }));
}

/** Removes entries older than `ageMs`: every instance has read them long before. */
export async function pruneDeviceChanges(db: Db, ageMs: number): Promise<void> {
  await db.execute(sql`DELETE FROM device_changes WHERE changed_at < now() - make_interval(secs => ${ageMs / 1000})`);
}

/**
 * The schedule versions of devices the change log named for a new schedule, read after the entries (so at least the
 * version each entry stands for) and kept in their player cache entries. A failed read drops the entries instead, as
 * any other change does (reported; the notices still go out).
 */
async function noteScheduleVersions(db: Db, players: PlayerCache, ids: number[], onError: (error: unknown) => void): Promise<void> {
  try {
    const result = (await db.execute(sql`SELECT id, schedule_version FROM devices WHERE id = ANY(${sql.param(ids)}::int[])`)) as unknown as {
      rows: { id: number; schedule_version: number }[];
    };
    const versions = new Map(result.rows.map((row) => [Number(row.id), Number(row.schedule_version)]));
    // A device deleted meanwhile has an `access` entry of its own; its entry is dropped here too.
    for (const id of ids) {
      const version = versions.get(id);
      if (version === undefined) players.forgetDevice(id);
      else players.scheduleMoved(id, version);
    }
  } catch (error) {
    for (const id of ids) players.forgetDevice(id);
    onError(error);
  }
}

/** How often an instance reads the change log. */
export const DEVICE_CHANGE_POLL_MS = 500;
/** How long entries are kept: far longer than any instance takes to read them. */
const KEEP_CHANGES_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
const PAGE = 1000;

/** The NOTIFY channel a write to the change log raises (migration 0027): readers wake at once instead of at their next poll. */
export const DEVICE_CHANGES_CHANNEL = 'vitrine_device_changes';

/**
 * Reads the device change log every DEVICE_CHANGE_POLL_MS, and at once when woken (wake(): a NOTIFY of
 * DEVICE_CHANGES_CHANNEL), drops the devices it names from this instance's player cache and then hands the entries
 * to `onChanges` (the live channel); every completed poll tells the cache that entries are current as of its start.
 * A failed poll is reported and retried; until one succeeds the cache falls back to its time-to-live.
 */
export function watchDeviceChanges(
  db: Db,
  players: PlayerCache,
  onError: (error: unknown) => void,
  intervalMs = DEVICE_CHANGE_POLL_MS,
  onChanges: (changes: DeviceChange[]) => void = () => undefined,
): { ready: Promise<void>; wake(): void; stop(): Promise<void> } {
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
          const moved = new Set<number>();
          for (const change of changes) {
            // A queued command changes nothing the entry holds but that a command waits: the heartbeat then claims it without a read.
            if (change.kind === 'command') players.commandQueued(change.deviceId);
            // A new schedule changes only the entry's schedule version, read below; an override, nothing it holds (its
            // compile writes `schedule` entries). Issue 35.20: every screen of an override or a publish keeps its entry.
            else if (change.kind === 'schedule') {
              if (players.holds(change.deviceId)) moved.add(change.deviceId);
            } else if (change.kind !== 'override') players.forgetDevice(change.deviceId);
            last = change.seq;
          }
          // Before the notices go out, so the heartbeat a notice brings answers the new version.
          if (moved.size) await noteScheduleVersions(db, players, [...moved], onError);
          if (changes.length) onChanges(changes);
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

  let polling = false;
  let wokenWhilePolling = false;
  const tick = () => {
    clearTimeout(timer);
    polling = true;
    running = poll().finally(() => {
      polling = false;
      firstPoll?.();
      if (stopped) return;
      if (wokenWhilePolling) {
        // The NOTIFY may name entries committed after this poll read the log.
        wokenWhilePolling = false;
        tick();
        return;
      }
      timer = setTimeout(tick, intervalMs);
      timer.unref?.();
    });
  };
  tick();

  return {
    /** Settles after the first poll (whether it succeeded or not). */
    ready,
    /** Polls now (or again right after the poll under way). */
    wake() {
      if (stopped) return;
      if (polling) wokenWhilePolling = true;
      else tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
