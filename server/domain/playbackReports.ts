import type { PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';
import type { DeviceCapabilities } from '../../src/services/schemas/playback.ts';
import type { Db } from '../db/index.ts';
import type { PlaybackError } from '../../src/services/schemas/playback.ts';
import { NowPlayingWriter, positionFromScreen, recordPlaybackErrorsOf, storeCapabilities } from '../db/playback.ts';
import { normalizeCapabilities } from './renditions.ts';
import { emitPlaybackErrors, playbackErrorsStartingOf } from '../webhooks/sources.ts';

/*
 * What the player routes do with the delivery fields of hello and heartbeat (issue 24): capabilities are stored when
 * they change (the device's schedule is compiled again), now_playing is written behind the heartbeat (NowPlayingWriter),
 * playback_errors are added to the device's sums behind the heartbeat too (PlaybackErrorsWriter), and the schedule state
 * the heartbeat records follows what plays.
 */

const PLAYBACK_ERRORS_FLUSH_MS = 1000;

/**
 * Skipped files, written behind the heartbeat: every report waiting here is written in one statement at most every
 * PLAYBACK_ERRORS_FLUSH_MS, and device.playback_errors is raised for the devices whose errors start with it. Writing
 * them inside the heartbeat cost two statements per report, two thirds of the heartbeat throughput on PGlite (issue 24's
 * bench). The reports are diagnostics: what waits here when an instance dies (at most a second's) is lost, and the next
 * skip is reported again.
 */
export class PlaybackErrorsWriter {
  private pending: [number, PlaybackError][] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  note(deviceId: number, errors: readonly PlaybackError[]): void {
    for (const error of errors) this.pending.push([deviceId, error]);
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((error: unknown) => this.onError(error));
      }, PLAYBACK_ERRORS_FLUSH_MS);
      this.timer.unref?.();
    }
  }

  /** Writes what waits; resolves once it (and any write under way) is in the database. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = (async () => {
      const starting = await playbackErrorsStartingOf(this.db, [...new Set(batch.map(([device]) => device))]);
      await recordPlaybackErrorsOf(this.db, batch);
      for (const device of starting) {
        const errors = batch.filter(([id]) => id === device.id).map(([, error]) => error);
        await emitPlaybackErrors(this.db, device, errors).catch(this.onError);
      }
    })().finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) => this.onError(error));
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

export interface PlaybackReports {
  /**
   * Hello capabilities: stored (and the schedule compiled again) when they changed; a device of Unknown position takes
   * it from the reported screen.
   */
  capabilities(deviceId: number, declared: DeviceCapabilities | undefined): Promise<void>;
  /** The heartbeat's now_playing and playback_errors, once it is known to come from `deviceId`. */
  heartbeat(deviceId: number, body: PlayerHeartbeatBody): Promise<void>;
  forget(deviceId: number): void;
  close(): Promise<void>;
}

export function playbackReports(db: Db, onError: (error: unknown) => void): PlaybackReports {
  const nowPlaying = new NowPlayingWriter(db, onError);
  const skipped = new PlaybackErrorsWriter(db, onError);
  return {
    async capabilities(deviceId, declared) {
      if (!declared) return;
      await storeCapabilities(db, deviceId, normalizeCapabilities(declared));
      await positionFromScreen(db, deviceId, declared.screen?.orientation);
    },
    async heartbeat(deviceId, body) {
      if (body.now_playing !== undefined) nowPlaying.note(deviceId, body.now_playing);
      if (body.capabilities) await storeCapabilities(db, deviceId, normalizeCapabilities(body.capabilities));
      if (body.playback_errors?.length) skipped.note(deviceId, body.playback_errors);
    },
    forget: (deviceId) => nowPlaying.forget(deviceId),
    close: async () => {
      await skipped.close();
      await nowPlaying.close();
    },
  };
}
