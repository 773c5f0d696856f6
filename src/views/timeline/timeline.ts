import type { ScheduleItem } from '../../services/scheduler.ts';

export const DAY_MINUTES = 1440;

/** Minutes from the start of `date` (office wall clock) to a local ISO time (`2026-11-22T08:30:00`), clamped to the day. */
export function minuteOfDay(local: string, date: string): number {
  const day = local.slice(0, 10);
  if (day < date) return 0;
  if (day > date) return DAY_MINUTES;
  const [h = 0, m = 0] = local.slice(11, 16).split(':').map(Number);
  return h * 60 + m;
}

/** A schedule item as a bar on the day: left and width in minutes of the office's day. */
export interface Bar {
  item: ScheduleItem;
  start: number;
  end: number;
}

/** The items of the compiled schedule that touch `date` (office wall clock), as bars. */
export function barsOn(items: readonly ScheduleItem[], date: string): Bar[] {
  const next = `${date}T24:00`;
  return items
    .filter((item) => item.local_start < next && item.local_end > `${date}T00:00`)
    .map((item) => ({ item, start: minuteOfDay(item.local_start, date), end: minuteOfDay(item.local_end, date) }))
    .filter((bar) => bar.end > bar.start);
}

/** How many files an item plays: its media, or every zone's of a layout item (issue 36; `media` is empty then). */
export function filesOf(item: Pick<ScheduleItem, 'media' | 'layout'>): number {
  return item.layout ? item.layout.zones.reduce((sum, zone) => sum + zone.items.length, 0) : item.media.length;
}

/** What plays at a moment: the occurrences on then, and of them the highest priority (equal priorities take turns). */
export function playingAt(items: readonly ScheduleItem[], local: string): { on: ScheduleItem[]; playing: ScheduleItem[] } {
  const on = items.filter((item) => item.local_start <= local && local < item.local_end);
  const top = Math.max(...on.map((item) => item.priority));
  return { on, playing: on.filter((item) => item.priority === top).sort((a, b) => a.event - b.event) };
}

/** `HH:MM` of a minute of the day. */
export function clock(minute: number): string {
  const m = Math.max(0, Math.min(DAY_MINUTES - 1, Math.round(minute)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
