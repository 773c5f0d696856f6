import { stripUnsafeCharacters } from '../schemas/common.ts';
import type { DeviceCapabilities, NowPlaying, PlaybackError, PlaybackErrorKind, VideoCodec } from '../schemas/playback.ts';

/*
 * What the web player tells the server about playback (issue 24; docs/api.md, "Renditions" and the heartbeat's
 * delivery fields): the capabilities it measures in this browser, what plays now, and every file it had to skip since
 * the last heartbeat, with the reason. The server picks each file's rendition from the capabilities, so a browser that
 * cannot decode HEVC (Chromium) declares none and receives an H.264 rendition instead.
 */

/** A codec string per codec the player asks the browser about (MSE first, then the media element). */
const CODEC_PROBES: Record<VideoCodec, string[]> = {
  h264: ['video/mp4; codecs="avc1.42E01E"', 'video/mp4; codecs="avc1.640028"'],
  hevc: ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"'],
  vp8: ['video/webm; codecs="vp8"'],
  vp9: ['video/webm; codecs="vp9"', 'video/mp4; codecs="vp09.00.10.08"'],
  av1: ['video/mp4; codecs="av01.0.05M.08"'],
};

export interface MediaProbe {
  /** MediaSource.isTypeSupported, when MSE exists. */
  isTypeSupported?: (type: string) => boolean;
  /** HTMLMediaElement.canPlayType. */
  canPlayType: (type: string) => string;
  /** Whether the browser encodes (and so decodes) WebP from a canvas. */
  webp: boolean;
  screen: { width: number; height: number; pixelRatio: number };
}

/** The capabilities measured by `probe` (pure: the browser's answers come in, the declaration goes out). */
export function measureCapabilities(probe: MediaProbe): DeviceCapabilities {
  const decodes = (types: string[]) =>
    types.some((type) => {
      if (probe.isTypeSupported?.(type)) return true;
      return probe.canPlayType(type) === 'probably';
    });
  const codecs = (Object.keys(CODEC_PROBES) as VideoCodec[]).filter((codec) => decodes(CODEC_PROBES[codec]));
  const width = Math.max(1, Math.min(16384, Math.round(probe.screen.width * probe.screen.pixelRatio)));
  const height = Math.max(1, Math.min(16384, Math.round(probe.screen.height * probe.screen.pixelRatio)));
  // A browser decodes what its screen shows and more: 4K when the screen is larger than Full HD, Full HD otherwise.
  const large = Math.max(width, height) > 1920;
  return {
    codecs,
    images: ['jpeg', 'png', 'gif', 'bmp', ...(probe.webp ? (['webp'] as const) : [])],
    max_video: large ? { width: 3840, height: 2160 } : { width: 1920, height: 1080 },
    screen: { width, height, orientation: width >= height ? 'landscape' : 'portrait' },
  };
}

/** The browser's own answers (call in a page). */
export function browserProbe(): MediaProbe {
  const video = document.createElement('video');
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const mse = (globalThis as { MediaSource?: { isTypeSupported(type: string): boolean } }).MediaSource;
  return {
    isTypeSupported: mse ? (type) => mse.isTypeSupported(type) : undefined,
    canPlayType: (type) => video.canPlayType(type),
    webp: canvas.toDataURL('image/webp').startsWith('data:image/webp'),
    screen: { width: screen.width, height: screen.height, pixelRatio: globalThis.devicePixelRatio || 1 },
  };
}

/** Why the stage or the downloader gave a file up, as the heartbeat's error kind. */
export function errorKind(reason: string): PlaybackErrorKind {
  if (reason.startsWith('checksum')) return 'checksum';
  if (reason.startsWith('not_found') || reason.startsWith('download')) return 'download';
  return 'decode';
}

/**
 * How long a skip of the file on screen leaves it as "now playing": the web player pauses a second after a skipped file
 * before the next play (src/player/main.ts), so a heartbeat in that pause does not report nothing playing (the device's
 * schedule column would flicker to "Playback errors" while the other files play). A player that plays nothing after
 * its skips reports it once this has passed.
 */
export const SKIP_PAUSE_MS = 3000;

/**
 * Keeps what plays now and the skips since the last heartbeat. `started` on every play, `skipped` on every file given
 * up; `report()` gives the heartbeat's fields and starts the next interval (a heartbeat that fails puts them back).
 */
export class PlaybackReport {
  private playing: (NowPlaying & { until: number }) | null = null;
  private errors = new Map<string, PlaybackError>();
  /** When the file on screen was skipped, with nothing started since. */
  private skippedAt: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  started(event: number, media: number, seconds: number): void {
    const at = this.now();
    // A play is "now" until its end and a little more (the next one starts within a frame when one follows).
    this.playing = { event, media, started_at: new Date(at).toISOString(), until: at + Math.max(1, seconds) * 1000 + 5000 };
    this.skippedAt = null;
  }

  skipped(media: number, reason: string): void {
    const kind = errorKind(reason);
    const key = `${media}:${kind}`;
    const before = this.errors.get(key);
    const detail = stripUnsafeCharacters(reason).slice(0, 300);
    this.errors.set(key, { media, kind, count: Math.min(1_000_000, (before?.count ?? 0) + 1), last_at: new Date(this.now()).toISOString(), detail });
    // A skip of the file on screen ends it as "now playing" once the pause before the next play has passed.
    if (this.playing?.media === media) this.skippedAt ??= this.now();
  }

  /** What plays now (null once its time has passed with nothing after it, or the pause after its skip). */
  nowPlaying(): NowPlaying | null {
    const now = this.now();
    if (!this.playing || this.playing.until < now) return null;
    if (this.skippedAt !== null && now - this.skippedAt >= SKIP_PAUSE_MS) return null;
    const { event, media, started_at } = this.playing;
    return { event, media, started_at };
  }

  /** The heartbeat's delivery fields; the skips are taken (restore them if the heartbeat fails). */
  take(): { now_playing: NowPlaying | null; playback_errors?: PlaybackError[] } {
    const errors = [...this.errors.values()].slice(0, 100);
    this.errors.clear();
    return { now_playing: this.nowPlaying(), ...(errors.length ? { playback_errors: errors } : {}) };
  }

  restore(errors: PlaybackError[] | undefined): void {
    for (const error of errors ?? []) {
      const key = `${error.media}:${error.kind}`;
      const newer = this.errors.get(key);
      this.errors.set(key, newer ? { ...newer, count: Math.min(1_000_000, newer.count + error.count) } : error);
    }
  }
}

/**
 * Least time between two now-playing reports a change of file makes a player send (a heartbeat at once): the server
 * writes a change of what plays at most every NOW_PLAYING_SPACING_MS (5 s) per device (server/db/heartbeats.ts), so a
 * report sooner than that after the previous beat would be dropped there; half a second more for the two requests'
 * different times on the way.
 */
export const NOW_PLAYING_REPORT_SPACING_MS = 5_500;

/**
 * When a change of what plays is reported (issue 35.4: the card named the file of the last regular heartbeat, 14 of 14
 * reads wrong while four files rotated): a new file or event asks for a heartbeat at once, or as soon as
 * NOW_PLAYING_REPORT_SPACING_MS have passed since the last beat; changes meanwhile ride on that one report (it carries
 * what plays when it goes). So a player reports at most one change per 5.5 s, and what the card shows is at most that old.
 */
export class NowPlayingChanges {
  private reported: string | null = null;
  private playing: string | null = null;
  private beatAt = Number.NEGATIVE_INFINITY;
  private due = false;

  constructor(private readonly spacingMs = NOW_PLAYING_REPORT_SPACING_MS) {}

  /** A heartbeat went with what plays now (`at` ms). */
  beat(at: number): void {
    this.beatAt = at;
    this.reported = this.playing;
    this.due = false;
  }

  /** `event`/`media` (null: a layout) started at `now`: ms to wait before a heartbeat, or null (nothing new, or one is already due). */
  changed(event: number, media: number | null, now: number): number | null {
    this.playing = `${event}:${media ?? 'layout'}`;
    if (this.playing === this.reported || this.due) return null;
    this.due = true;
    return Math.max(0, this.beatAt + this.spacingMs - now);
  }
}
