import type { Db } from './index.ts';
import { sentVersionsSince } from './navigation.ts';

/** How stale the heartbeat's navigation_version may be for a send made through another instance. */
export const NAVIGATION_VERSION_POLL_MS = 2000;
/** A send whose transaction began before the last poll but committed after it is still seen: polls overlap this much. */
const OVERLAP_MS = 30_000;

/**
 * The sent navigation version of every device, for the heartbeat answer, without a database read per heartbeat: one
 * indexed read of what was sent since the last poll, at most every NAVIGATION_VERSION_POLL_MS. A send through this
 * instance is known at once.
 */
export class NavigationVersions {
  private readonly versions = new Map<number, number>();
  private latest: Date | null = null;
  private polledAt = 0;
  private polling: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** The device's version; a promise only when a poll is due (a heartbeat answered from memory need not wait a turn). */
  of(deviceId: number): number | Promise<number> {
    if (Date.now() - this.polledAt >= NAVIGATION_VERSION_POLL_MS) return this.poll().then(() => this.versions.get(deviceId) ?? 0);
    return this.versions.get(deviceId) ?? 0;
  }

  sent(deviceId: number, version: number): void {
    this.versions.set(deviceId, Math.max(version, this.versions.get(deviceId) ?? 0));
  }

  forget(deviceId: number): void {
    this.versions.delete(deviceId);
  }

  /** A send was made elsewhere (the device change log says so): the next read polls. */
  expire(): void {
    this.polledAt = 0;
  }

  private poll(): Promise<void> {
    this.polling ??= (async () => {
      try {
        const since = this.latest ? new Date(this.latest.getTime() - OVERLAP_MS) : null;
        const rows = await sentVersionsSince(this.db, since);
        for (const row of rows) {
          this.sent(row.deviceId, row.sentVersion);
          const at = new Date(row.sentAt);
          if (!this.latest || at > this.latest) this.latest = at;
        }
        this.polledAt = Date.now();
      } finally {
        this.polling = null;
      }
    })();
    return this.polling;
  }
}

const byDb = new WeakMap<Db, NavigationVersions>();

/** The versions of this database's devices, shared by the routes of one instance. */
export function navigationVersions(db: Db): NavigationVersions {
  let versions = byDb.get(db);
  if (!versions) byDb.set(db, (versions = new NavigationVersions(db)));
  return versions;
}
