import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Play, ScheduledLayout } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';
import { fitLayout, LayoutStage } from './layoutStage.ts';

const file = (id: number, duration = 1) => ({ id, url: `/f/${id}`, checksum: `c${id}`, duration });
/** "main + side + ticker" at 1920 x 1080: two images in main, one in the side, a video in the ticker. */
const layout: ScheduledLayout = {
  id: 5,
  version: 1,
  width: 1920,
  height: 1080,
  background: { color: '#102030', image: file(50) },
  zones: [
    { id: 1, x: 0, y: 0, width: 1440, height: 880, z: 0, items: [file(11), file(12)] },
    { id: 2, x: 1440, y: 0, width: 480, height: 880, z: 1, items: [file(21)] },
    { id: 3, x: 0, y: 880, width: 1920, height: 200, z: 2, items: [file(31)] },
  ],
};
const play = (serial: number): Play & { layout: ScheduledLayout } => ({ event: 9, media: file(11) as Play['media'], index: 0, playlist: null, serial, layout });
const ready = new Set([11, 12, 21, 31, 50]);
const store = { get: async (id: number) => ({ id, checksum: `c${id}`, type: id === 31 ? 'video/mp4' : 'image/png', blob: new Blob([String(id)]) }) } as unknown as MediaStore;

describe('the layout stage', () => {
  const live = new Set<string>();
  let made = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      made += 1;
      live.add(`blob:${made}`);
      return `blob:${made}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void live.delete(url));
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    live.clear();
  });

  it('scales the canvas into the screen, letterboxed when the aspects differ', () => {
    expect(fitLayout(layout, 1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitLayout(layout, 1280, 1024)).toEqual({ scale: 1280 / 1920, left: 0, top: (1024 - 720) / 2 });
    expect(fitLayout(layout, 1080, 1920).top).toBeCloseTo((1920 - 607.5) / 2);
  });

  it("plays each zone's files on their own, keeps a zone's single image in one node, and ends the turn after the lead zone's loop", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const started: [number, number][] = [];
    let turns = 0;
    const sideNodes = new Set<Element | null>();
    const stage = new LayoutStage(host, store, {
      started: (zone, p) => {
        started.push([zone, p.media.id]);
        if (zone === 2) sideNodes.add(host.querySelector('[data-zone="2"] .layer.shown img'));
      },
      turnEnded: () => (turns += 1),
    });
    stage.show(play(1), ready);
    await vi.advanceTimersByTimeAsync(50);
    const side = host.querySelector<HTMLImageElement>('[data-zone="2"] .layer.shown img')!;
    expect(side.getAttribute('src')).toMatch(/^blob:/);
    await vi.advanceTimersByTimeAsync(4100);
    const main = started.filter(([zone]) => zone === 1).map(([, id]) => id);
    expect(main.slice(0, 4)).toEqual([11, 12, 11, 12]);
    expect(started.filter(([zone]) => zone === 2).length).toBeGreaterThanOrEqual(4);
    expect([...sideNodes]).toEqual([side]);
    expect(turns).toBeGreaterThanOrEqual(1);
    expect(stage.nowPlaying().map((zone) => zone.id)).toEqual([1, 2, 3]);
    stage.clear();
    host.remove();
  });

  it('leaves no <video>, <img>, object URL or timer behind when shown and replaced many times', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const stage = new LayoutStage(host, store);
    for (let round = 1; round <= 20; round++) {
      stage.show(play(round), ready);
      await vi.advanceTimersByTimeAsync(round % 3 === 0 ? 1500 : 30);
    }
    expect(host.querySelectorAll('video').length).toBe(3 * 2);
    stage.clear();
    await vi.advanceTimersByTimeAsync(0);
    expect(made).toBeGreaterThan(20);
    expect(host.querySelectorAll('video, img, .zone').length).toBe(0);
    expect([...live]).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    host.remove();
  });
});
