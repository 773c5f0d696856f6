import type { Db } from './index.ts';
import { sentVersionsSince } from './navigation.ts';

/** How often the sent versions are read again (a send through another instance also expires them, see expire()). */
export const NAVIGATION_VERSION_POLL_MS = 2000;
/**
 * How old the last read may be for a heartbeat to be answered from it while the next read is under way (issue 35.20):
 * a read merely due does not hold the heartbeats that find it due, which waited for it behind an override's compile
 * and a thousand schedule downloads. A send made elsewhere (expire()) is always waited for.
 */
export const NAVIGATION_VERSION_STALE_MS = 10_000;
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
  /** expire() calls, and how many of them the last completed read began after. */
  private expiries = 0;
  private readExpiries = 0;

  constructor(private readonly db: Db) {}

  /**
   * The device's version; a promise only when a read must be waited for (a heartbeat answered from memory need not wait
   * a turn): after a send elsewhere, or when the last read is NAVIGATION_VERSION_STALE_MS old. A read that is only due
   * starts behind the answer.
   */
  of(deviceId: number): number | Promise<number> {
    const age = Date.now() - this.polledAt;
    if (age < NAVIGATION_VERSION_POLL_MS) return this.versions.get(deviceId) ?? 0;
    const reading = this.poll();
    if (age < NAVIGATION_VERSION_STALE_MS && this.readExpiries === this.expiries) {
      reading.catch(() => undefined);
      return this.versions.get(deviceId) ?? 0;
    }
    return reading.then(() => this.versions.get(deviceId) ?? 0);
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
    this.expiries += 1;
  }

  private poll(): Promise<void> {
    this.polling ??= (async () => {
      const expiries = this.expiries;
      try {
        const since = this.latest ? new Date(this.latest.getTime() - OVERLAP_MS) : null;
        const rows = await sentVersionsSince(this.db, since);
        for (const row of rows) {
          this.sent(row.deviceId, row.sentVersion);
          const at = new Date(row.sentAt);
          if (!this.latest || at > this.latest) this.latest = at;
        }
        // A send named elsewhere while this read was under way may not be in it: the next heartbeat reads again.
        if (expiries === this.expiries) this.polledAt = Date.now();
        this.readExpiries = expiries;
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
