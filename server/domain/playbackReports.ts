import type { PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';
import type { DeviceCapabilities } from '../../src/services/schemas/playback.ts';
import type { Db } from '../db/index.ts';
import type { PlaybackError } from '../../src/services/schemas/playback.ts';
import { BatchedWriter } from '../db/batchedWriter.ts';
import { positionFromScreen, recordPlaybackErrors, settlePlayingStatus, storeCapabilities } from '../db/playback.ts';
import { normalizeCapabilities } from './renditions.ts';
import { emitPlaybackErrors, PLAYBACK_ERRORS_QUIET_MINUTES } from '../webhooks/sources.ts';

/*
 * What the player routes do with the delivery fields of hello and heartbeat (issue 24): capabilities are stored when
 * they change (the device's schedule is compiled again), playback_errors are added to the device's sums behind the
 * heartbeat (PlaybackErrorsWriter), and the schedule state the heartbeat records follows what plays. now_playing is
 * written with the heartbeat's contact (server/db/heartbeats.ts); files nobody plays any more go back to ready_to_play
 * here, every SETTLE_EVERY_MS.
 */

const PLAYBACK_ERRORS_FLUSH_MS = 1000;
/** How often files no device reported playing for PLAYING_HOLD_MINUTES go back to ready_to_play (each instance). */
export const SETTLE_EVERY_MS = 30_000;

/** Two reports of one device, file and kind: their sum, the newest time and its detail. */
export function mergePlaybackErrors(older: PlaybackError, newer: PlaybackError): PlaybackError {
  const newest = Date.parse(newer.last_at) >= Date.parse(older.last_at) ? newer : older;
  return { ...newest, count: Math.min(older.count + newer.count, 2_147_483_647) };
}

/**
 * Skipped files, written behind the heartbeat (BatchedWriter): the reports of each device, file and kind are summed
 * here and written in one statement at most every PLAYBACK_ERRORS_FLUSH_MS, which also answers the devices whose
 * errors start with them; device.playback_errors is raised for those in one more. Writing them inside the heartbeat
 * cost two statements per report, two thirds of the heartbeat throughput on PGlite (issue 24's bench). A failed batch
 * is tried once more with the next; what waits here when an instance dies (at most a second's) is lost, and the
 * player reports the next skip again.
 */
export class PlaybackErrorsWriter {
  private readonly batches: BatchedWriter<string, [number, PlaybackError]>;

  constructor(
    private readonly db: Db,
    onError: (error: unknown, dropped: number) => void,
    /** The event could not be queued (the sums are written). */
    private readonly onEventError: (error: unknown) => void,
  ) {
    this.batches = new BatchedWriter<string, [number, PlaybackError]>({
      write: (batch) => this.write(batch.map(([, report]) => report)),
      onError,
      flushMs: PLAYBACK_ERRORS_FLUSH_MS,
      merge: ([device, older], [, newer]) => [device, mergePlaybackErrors(older, newer)],
    });
  }

  note(deviceId: number, errors: readonly PlaybackError[]): void {
    for (const error of errors) this.batches.note(`${deviceId}:${error.media}:${error.kind}`, [deviceId, error]);
  }

  /** Writes what waits; resolves once it is in the database (or its failure reported). */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  close(): Promise<void> {
    return this.batches.close();
  }

  private async write(reports: [number, PlaybackError][]): Promise<void> {
    const starting = await recordPlaybackErrors(this.db, reports, PLAYBACK_ERRORS_QUIET_MINUTES);
    if (!starting.length) return;
    const errorsOf = new Map<number, PlaybackError[]>();
    for (const [device, error] of reports) errorsOf.set(device, [...(errorsOf.get(device) ?? []), error]);
    // The sums are in: a failure to queue the event is reported, never a reason to write them twice.
    await emitPlaybackErrors(
      this.db,
      starting.map((device) => ({ device, errors: errorsOf.get(device.id) ?? [] })),
    ).catch(this.onEventError);
  }
}

/**
 * The schedule state to record: a player that says "playing" but reports nothing playing is not playing: it is
 * `playback_errors` when it reports skipped files in this heartbeat, else `waiting`. Players that do not report
 * now_playing keep the state they send.
 */
export function reportedScheduleState(body: Pick<PlayerHeartbeatBody, 'schedule_state' | 'now_playing' | 'playback_errors'>): PlayerHeartbeatBody['schedule_state'] {
  if (body.schedule_state !== 'playing' || body.now_playing !== null) return body.schedule_state;
  return body.playback_errors?.length ? 'playback_errors' : 'waiting';
}

/**
 * A device's declared capabilities are stored (and its schedule compiled again) at most once per this window on each
 * instance: a change is stored at once, further changes within the window wait for its end and only the last is stored
 * (none when it is what was stored). A player flipping its declaration five times a second recompiled its schedule
 * five times a second (issue 35.19).
 */
export const CAPABILITIES_COALESCE_MS = 10_000;

interface CoalescedDevice {
  until: number;
  /** The declaration stored when the window opened, and the last one declared since when it differs. */
  stored: string;
  pending: string | null;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The leading-and-trailing throttle of CAPABILITIES_COALESCE_MS, per device. `store` writes a normalised declaration
 * and answers whether it changed anything (then the schedule is queued). Memory: one entry per device whose
 * capabilities changed in the last window.
 */
export class CapabilitiesCoalescer {
  private readonly devices = new Map<number, CoalescedDevice>();

  constructor(
    private readonly store: (deviceId: number, normalized: string) => Promise<boolean>,
    private readonly onError: (error: unknown) => void,
    private readonly windowMs = CAPABILITIES_COALESCE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the declaration now (answers once written), or keeps it for the end of the device's window. */
  async declare(deviceId: number, normalized: string): Promise<void> {
    const entry = this.devices.get(deviceId);
    if (entry && entry.until > this.now()) {
      entry.pending = normalized === entry.stored ? null : normalized;
      return;
    }
    if (entry) await this.settle(deviceId, entry);
    if (await this.store(deviceId, normalized)) this.open(deviceId, normalized);
  }

  /** Stores what waits in every window that is over (the timers do this; tests with their own clock call it). */
  async settleDue(): Promise<void> {
    const now = this.now();
    for (const [deviceId, entry] of [...this.devices]) if (entry.until <= now) await this.settle(deviceId, entry);
  }

  /** Stores what still waits (the server is stopping). */
  async close(): Promise<void> {
    for (const [deviceId, entry] of [...this.devices]) await this.settle(deviceId, entry, false);
  }

  private open(deviceId: number, stored: string): void {
    const timer = setTimeout(() => {
      const entry = this.devices.get(deviceId);
      if (entry?.timer === timer) void this.settle(deviceId, entry);
    }, this.windowMs);
    timer.unref?.();
    this.devices.set(deviceId, { until: this.now() + this.windowMs, stored, pending: null, timer });
  }

  private async settle(deviceId: number, entry: CoalescedDevice, reopen = true): Promise<void> {
    if (this.devices.get(deviceId) !== entry) return;
    this.devices.delete(deviceId);
    clearTimeout(entry.timer);
    if (entry.pending === null) return;
    try {
      if ((await this.store(deviceId, entry.pending)) && reopen) this.open(deviceId, entry.pending);
    } catch (error) {
      this.onError(error);
    }
  }
}

export interface PlaybackReports {
  /**
   * Hello capabilities: stored (and the schedule compiled again) when they changed, at most once per
   * CAPABILITIES_COALESCE_MS (CapabilitiesCoalescer); a device of Unknown position takes it from the reported screen.
   */
  capabilities(deviceId: number, declared: DeviceCapabilities | undefined): Promise<void>;
  /**
   * The heartbeat's playback_errors (noted for their writer) and capabilities, once it is known to come from
   * `deviceId`; a promise only when it declares capabilities, which are stored before the answer.
   */
  heartbeat(deviceId: number, body: PlayerHeartbeatBody): Promise<void> | undefined;
  close(): Promise<void>;
}

/** Where the writers tell what failed (the server's log). */
export interface PlaybackLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A BatchedWriter's onError that logs whether the values wait for one more try or are dropped. */
export function logBatchFailure(log: PlaybackLog, what: string): (error: unknown, dropped: number) => void {
  return (error, dropped) =>
    log.warn({ err: error, dropped }, dropped ? `Writing ${what} failed again: ${dropped} dropped` : `Writing ${what} failed: tried again with the next batch`);
}

export function playbackReports(db: Db, log: PlaybackLog): PlaybackReports {
  const settling = setInterval(() => {
    settlePlayingStatus(db).catch((error: unknown) => log.warn({ err: error }, 'Settling the playing status of files failed'));
  }, SETTLE_EVERY_MS);
  settling.unref?.();
  const capabilities = new CapabilitiesCoalescer(
    (deviceId, normalized) => storeCapabilities(db, deviceId, normalized),
    (error) => log.warn({ err: error }, 'Storing declared capabilities failed'),
  );
  const skipped = new PlaybackErrorsWriter(db, logBatchFailure(log, 'playback errors'), (error) =>
    log.warn({ err: error }, 'Queuing device.playback_errors failed'),
  );
  return {
    async capabilities(deviceId, declared) {
      if (!declared) return;
      await capabilities.declare(deviceId, normalizeCapabilities(declared));
      await positionFromScreen(db, deviceId, declared.screen?.orientation);
    },
    heartbeat(deviceId, body) {
      if (body.playback_errors?.length) skipped.note(deviceId, body.playback_errors);
      // Only declared capabilities wait for the database (their change compiles the schedule again).
      return body.capabilities ? capabilities.declare(deviceId, normalizeCapabilities(body.capabilities)) : undefined;
    },
    close: async () => {
      clearInterval(settling);
      await capabilities.close();
      await skipped.close();
    },
  };
}
