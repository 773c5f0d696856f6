import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Play } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';
import { IMAGE_POOL, Stage, VIDEO_POOL } from './stage.ts';

/*
 * The stage keeps the videos it played loaded (src/player/stage.ts): Chromium gives back little of a media player's
 * memory, so a play must not make a new one when the file was loaded already (bench/layouts.bench.ts measures the
 * renderer). happy-dom plays nothing: a load answers `canplay`, play() answers `playing`, and the test ends each play.
 */

const file = (id: number) => ({ id, url: `/f/${id}`, checksum: `c${id}`, duration: 1 });
const VIDEOS = new Set([1, 2, 4, 5, 6, 7]);
const store = { get: async (id: number) => ({ id, checksum: `c${id}`, type: VIDEOS.has(id) ? 'video/webm' : 'image/png', blob: new Blob([String(id)]) }) } as unknown as MediaStore;

describe('the stage', () => {
  let loads: string[] = [];
  beforeEach(() => {
    loads = [];
    let made = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:${(made += 1)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (this: HTMLMediaElement) {
      const src = this.getAttribute('src');
      if (!src) return;
      loads.push(src);
      setTimeout(() => this.dispatchEvent(new Event('canplay')));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      setTimeout(() => this.dispatchEvent(new Event('playing')));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  });
  afterEach(() => vi.restoreAllMocks());

  /** Plays `order` in a loop `rounds` times as the sequencer does (present, prepare the next, end the play). */
  async function run(order: number[], rounds: number) {
    const host = document.createElement('div');
    let serial = 0;
    let next: (() => void) | null = null;
    const started: number[] = [];
    const stage = new Stage(host, store, {
      started: (play) => {
        started.push(play.media.id);
        next?.();
      },
      ended: () => undefined,
      failed: (play, reason) => {
        throw new Error(`play of ${play.media.id} failed: ${reason}`);
      },
    });
    const playOf = (index: number): Play => ({ event: 1, media: file(order[index % order.length]!) as Play['media'], index: index % order.length, playlist: null, serial: (serial += 1) });
    for (let index = 0; index < order.length * rounds; index++) {
      const shown = new Promise<void>((resolve) => (next = resolve));
      stage.present(playOf(index));
      stage.prepare(playOf(index + 1));
      await shown;
    }
    return { stage, host, started };
  }

  it('loads each video once and replays it from the pool, images between them or not', async () => {
    const { host, started, stage } = await run([1, 3, 2], 5);
    expect(started).toEqual(Array.from({ length: 5 }, () => [1, 3, 2]).flat());
    // One load per video file (a new media player each play grew Chromium's renderer for good).
    expect(new Set(loads).size).toBe(loads.length);
    expect(loads.length).toBe(2);
    expect(host.querySelectorAll('video').length).toBeLessThanOrEqual(2 + 2);
    // Nothing to play: no video stays loaded.
    stage.clear();
    expect([...host.querySelectorAll('video')].filter((video) => video.getAttribute('src'))).toEqual([]);
  });

  it('replays a video that plays alone in its own element', async () => {
    const { host, started } = await run([1], 4);
    expect(started).toEqual([1, 1, 1, 1]);
    expect(loads.length).toBe(1);
    expect([...host.querySelectorAll('video.current')].filter((video) => video.getAttribute('src')).length).toBe(1);
  });

  it(`decodes each image once and shows it again from its own <img> (at most ${IMAGE_POOL} kept), videos between them or not`, async () => {
    const decode = vi.mocked(HTMLImageElement.prototype.decode);
    const { host, started, stage } = await run([3, 8, 1, 9], 5);
    expect(started).toEqual(Array.from({ length: 5 }, () => [3, 8, 1, 9]).flat());
    // Setting src on every play made a new decoded image each time, kept by Chromium's image decode cache.
    expect(decode.mock.calls.length).toBe(3);
    expect(host.querySelectorAll('img').length).toBeLessThanOrEqual(2 + IMAGE_POOL);
    stage.clear();
    expect([...host.querySelectorAll('img')].filter((image) => image.getAttribute('src'))).toEqual([]);
  });

  it(`keeps at most ${VIDEO_POOL} videos loaded (and the one being prepared), unloading the least recently played`, async () => {
    const { host } = await run([1, 2, 4, 5, 6, 7], 2);
    expect([...host.querySelectorAll('video')].filter((video) => video.getAttribute('src')).length).toBeLessThanOrEqual(VIDEO_POOL + 1);
    // Six files in turn through a pool of four: each play beyond the pool loads again, never more than once a play
    // (12 plays, and the next one prepared).
    expect(loads.length).toBeLessThanOrEqual(13);
  });
});
