import { describe, expect, it } from 'vitest';
import type { ScheduleItem } from '../../services/scheduler.ts';
import { barsOn, clock, filesOf, playingAt } from './timeline.ts';

const item = (event: number, start: string, end: string, priority = 0): ScheduleItem => ({
  event, title: `E${event}`, starts_at: '', ends_at: '', local_start: start, local_end: end, priority, playlist: null, playlist_version: null, media: [],
});
const ITEMS = [item(1, '2026-11-22T08:00:00', '2026-11-22T09:00:00'), item(2, '2026-11-22T08:30:00', '2026-11-22T10:00:00', 5), item(3, '2026-11-21T23:00:00', '2026-11-22T01:00:00'), item(4, '2026-11-22T08:15:00', '2026-11-22T08:45:00', 5)];

describe('timeline', () => {
  it('draws the items of the day as bars, cutting one that began the night before at midnight', () => {
    expect(barsOn(ITEMS, '2026-11-22').map((bar) => [bar.item.event, bar.start, bar.end])).toEqual([[1, 480, 540], [2, 510, 600], [3, 0, 60], [4, 495, 525]]);
    expect(barsOn(ITEMS, '2026-11-21').map((bar) => [bar.item.event, bar.start, bar.end])).toEqual([[3, 1380, 1440]]);
  });

  it('says what plays at a moment: the highest priority on, equal priorities in turn by event id', () => {
    expect(playingAt(ITEMS, '2026-11-22T08:40').playing.map((i) => i.event)).toEqual([2, 4]);
    expect(playingAt(ITEMS, '2026-11-22T08:40').on.map((i) => i.event)).toEqual([1, 2, 4]);
    expect(playingAt(ITEMS, '2026-11-22T08:10').playing.map((i) => i.event)).toEqual([1]);
    expect(playingAt(ITEMS, '2026-11-22T12:00')).toEqual({ on: [], playing: [] });
  });

  it('counts a layout item\'s files over its zones (its media list is empty)', () => {
    const file = { id: 1, url: '/f', checksum: 'c'.repeat(64), duration: 5, rendition: 'source' };
    const zone = (id: number, items: (typeof file)[]) => ({ id, x: 0, y: 0, width: 960, height: 1080, z: 0, items });
    const layout = { id: 7, version: 1, width: 1920, height: 1080, background: { color: '#000000', image: null }, zones: [zone(1, [file, file]), zone(2, [file])] };
    expect(filesOf({ ...item(5, '2026-11-22T08:00:00', '2026-11-22T09:00:00'), layout })).toBe(3);
    expect(filesOf({ ...item(6, '2026-11-22T08:00:00', '2026-11-22T09:00:00'), media: [file] })).toBe(1);
  });

  it('writes a minute as a clock time', () => {
    expect([clock(0), clock(495.4), clock(1440)]).toEqual(['00:00', '08:15', '23:59']);
  });
});
