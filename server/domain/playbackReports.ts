import type { PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';
import type { DeviceCapabilities } from '../../src/services/schemas/playback.ts';
import type { Db } from '../db/index.ts';
import { NowPlayingWriter, recordPlaybackErrors, storeCapabilities } from '../db/playback.ts';
import { normalizeCapabilities } from './renditions.ts';
import { emitPlaybackErrors, playbackErrorsStarting } from '../webhooks/sources.ts';

/*
 * What the player routes do with the delivery fields of hello and heartbeat (issue 24): capabilities are stored when
 * they change (the device's schedule is compiled again), now_playing is written behind the heartbeat (NowPlayingWriter),
 * playback_errors are added to the device's sums, and the schedule state the heartbeat records follows what plays.
 */

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
  /** Hello or heartbeat capabilities: stored (and the schedule compiled again) when they changed. */
  capabilities(deviceId: number, declared: DeviceCapabilities | undefined): Promise<void>;
  /** The heartbeat's now_playing and playback_errors, once it is known to come from `deviceId`. */
  heartbeat(deviceId: number, body: PlayerHeartbeatBody): Promise<void>;
  forget(deviceId: number): void;
  close(): Promise<void>;
}

export function playbackReports(db: Db, onError: (error: unknown) => void): PlaybackReports {
  const nowPlaying = new NowPlayingWriter(db, onError);
  return {
    async capabilities(deviceId, declared) {
      if (declared) await storeCapabilities(db, deviceId, normalizeCapabilities(declared));
    },
    async heartbeat(deviceId, body) {
      if (body.now_playing !== undefined) nowPlaying.note(deviceId, body.now_playing);
      if (body.capabilities) await storeCapabilities(db, deviceId, normalizeCapabilities(body.capabilities));
      if (body.playback_errors?.length) {
        const starting = await playbackErrorsStarting(db, deviceId);
        await recordPlaybackErrors(db, deviceId, body.playback_errors);
        if (starting) await emitPlaybackErrors(db, starting, body.playback_errors).catch(onError);
      }
    },
    forget: (deviceId) => nowPlaying.forget(deviceId),
    close: () => nowPlaying.close(),
  };
}
