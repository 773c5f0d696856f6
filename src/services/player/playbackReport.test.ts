import { describe, expect, it } from 'vitest';
import { errorKind, measureCapabilities, NowPlayingChanges, PlaybackReport, SKIP_PAUSE_MS } from './playbackReport.ts';

describe('measureCapabilities', () => {
  it('declares the codecs the browser says it decodes (Chromium: no HEVC) and the screen it measures', () => {
    const supported = new Set(['video/mp4; codecs="avc1.42E01E"', 'video/webm; codecs="vp8"', 'video/webm; codecs="vp9"', 'video/mp4; codecs="av01.0.05M.08"']);
    const capabilities = measureCapabilities({
      isTypeSupported: (type) => supported.has(type),
      canPlayType: () => '',
      webp: true,
      screen: { width: 1080, height: 1920, pixelRatio: 1 },
    });
    expect(capabilities).toEqual({
      codecs: ['h264', 'vp8', 'vp9', 'av1'],
      images: ['jpeg', 'png', 'gif', 'bmp', 'webp'],
      max_video: { width: 1920, height: 1080 },
      screen: { width: 1080, height: 1920, orientation: 'portrait' },
    });
    // Without MSE the media element decides; "maybe" is not enough. A 4K screen plays 4K.
    expect(measureCapabilities({ canPlayType: (type) => (type.includes('hvc1') ? 'probably' : 'maybe'), webp: false, screen: { width: 1920, height: 1080, pixelRatio: 2 } })).toMatchObject({
      codecs: ['hevc'],
      images: ['jpeg', 'png', 'gif', 'bmp'],
      max_video: { width: 3840, height: 2160 },
      screen: { width: 3840, height: 2160, orientation: 'landscape' },
    });
  });
});

describe('PlaybackReport', () => {
  it('reports what plays until its time has passed, sums skips per file and kind, and keeps them when a heartbeat fails', () => {
    let now = Date.UTC(2031, 0, 1);
    const report = new PlaybackReport(() => now);
    expect(report.take()).toEqual({ now_playing: null });
    report.started(3, 4, 10);
    expect(report.take()).toEqual({ now_playing: { event: 3, media: 4, started_at: '2031-01-01T00:00:00.000Z' } });
    now += 16_000;
    expect(report.nowPlaying()).toBeNull();
    report.started(3, 5, 10);
    report.skipped(5, 'video_error 4 MEDIA_ERR_SRC_NOT_SUPPORTED');
    report.skipped(5, 'video_error 4 MEDIA_ERR_SRC_NOT_SUPPORTED');
    report.skipped(6, 'checksum_mismatch');
    // Past the pause after the skip with nothing started: nothing plays.
    now += SKIP_PAUSE_MS;
    const taken = report.take();
    expect(taken).toEqual({
      now_playing: null,
      playback_errors: [
        { media: 5, kind: 'decode', count: 2, last_at: '2031-01-01T00:00:16.000Z', detail: 'video_error 4 MEDIA_ERR_SRC_NOT_SUPPORTED' },
        { media: 6, kind: 'checksum', count: 1, last_at: '2031-01-01T00:00:16.000Z', detail: 'checksum_mismatch' },
      ],
    });
    report.skipped(5, 'video_error');
    report.restore(taken.playback_errors);
    expect(report.take().playback_errors?.map((e) => [e.media, e.kind, e.count])).toEqual([[5, 'decode', 3], [6, 'checksum', 1]]);
    expect([errorKind('not_found'), errorKind('checksum_mismatch'), errorKind('autoplay_refused')]).toEqual(['download', 'checksum', 'decode']);
  });
});

describe('PlaybackReport after a skip', () => {
  it('still reports the skipped play through the player\'s pause before the next one, so the schedule column does not flicker to "Playback errors" (issue 35)', () => {
    let now = Date.UTC(2031, 0, 1);
    const report = new PlaybackReport(() => now);
    report.started(3, 5, 10);
    now += 4000;
    report.skipped(5, 'video_error 3 PIPELINE_ERROR_DECODE');
    // A heartbeat in the one-second pause.
    now += 900;
    expect(report.take()).toMatchObject({ now_playing: { event: 3, media: 5 }, playback_errors: [{ media: 5, kind: 'decode', count: 1 }] });
    // The next file starts: it is now playing; a second skip of it and nothing after it: nothing plays once the pause is over.
    report.started(3, 6, 10);
    now += 500;
    report.skipped(6, 'video_error 3 PIPELINE_ERROR_DECODE');
    now += 1000;
    report.skipped(6, 'video_error 3 PIPELINE_ERROR_DECODE');
    expect(report.nowPlaying()).toMatchObject({ media: 6 });
    now += SKIP_PAUSE_MS - 1000;
    expect(report.take()).toMatchObject({ now_playing: null, playback_errors: [{ media: 6, count: 2 }] });
  });
});

describe('PlaybackReport detail', () => {
  it('sends a skip reason without control or bidi characters, so the heartbeat takes no detour through coercion', () => {
    const report = new PlaybackReport(() => Date.UTC(2031, 0, 1));
    report.skipped(7, 'video_error 3\nPIPELINE_ERROR_DECODE\u202E\u0007');
    expect(report.take().playback_errors?.map((e) => e.detail)).toEqual(['video_error 3 PIPELINE_ERROR_DECODE']);
  });
});

describe('NowPlayingChanges (issue 35.4)', () => {
  it('asks for a report of each change at once, at most one per 5 s, changes meanwhile riding on it', () => {
    const changes = new NowPlayingChanges(5_000);
    // The first file: at once.
    expect(changes.changed(1, 10, 0)).toBe(0);
    changes.beat(0);
    // The same file again (a loop): nothing to report.
    expect(changes.changed(1, 10, 3_000)).toBeNull();
    // Another file 3 s after the beat: reported once 5 s have passed since it; a third file meanwhile rides on it.
    expect(changes.changed(1, 11, 3_000)).toBe(2_000);
    expect(changes.changed(1, 12, 4_000)).toBeNull();
    changes.beat(5_000);
    // Long after a beat: at once; another event of the same file is a change too.
    expect(changes.changed(2, 12, 20_000)).toBe(0);
    changes.beat(20_000);
    // A regular heartbeat that carried the file leaves nothing to report.
    expect(changes.changed(2, 12, 40_000)).toBeNull();
  });
});
