/*
 * What the web player plays when, from its compiled schedule (issue 11's `GET /scheduler/dev2/{id}`).
 * The same rules as the server's resolvePlayback (server/domain/occurrences.ts): at any moment the occurrences on
 * now compete; the highest priority wins; equal top priorities take turns, one media file each, in ascending event id
 * (docs/api.md, Scheduler). Images last their `duration`, videos play to their end;
 * a decision is taken when the current play ends, so a higher priority starting mid-play by its time follows it. What is
 * on screen is cut at once only when the schedule no longer allows it (`stillAllowed`: a publish, commit or override
 * took its event or file away) or when an override starts or ends (`overrideTurned`).
 */

export interface ScheduledMedia {
  id: number;
  url: string;
  checksum: string;
  /** Seconds an image stays on screen (videos play to their end). */
  duration: number;
  /** MIME type when the schedule says it; otherwise the downloaded file's. */
  type: string;
}

export interface ScheduleItem {
  event: number;
  title: string;
  starts_at: string;
  ends_at: string;
  priority: number;
  playlist: number | null;
  media: ScheduledMedia[];
  /** Set on an emergency override's item (it wins by its priority): its plays are not recorded. */
  override?: number;
  /** A layout event's layout (issue 36, docs/api.md "Layouts on the screens"; `media` is then empty). */
  layout?: ScheduledLayout | null;
}

/** A file of a layout's zone or its background image (no `type`: the downloaded file's is used). */
export interface LayoutFile {
  id: number;
  url: string;
  checksum: string;
  duration: number;
  rendition?: string;
}

export interface ScheduledLayout {
  id: number;
  version: number;
  width: number;
  height: number;
  background: { color: string; image: LayoutFile | null };
  zones: LayoutZone[];
}

/** A zone of a layout: its rectangle in layout pixels, its files in play order (a widget zone, issue 38, has none). */
export interface LayoutZone {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  items?: LayoutFile[];
  widget?: unknown;
}

/** A zone's files as the schedule's files (no `type`: the downloaded file's is used). */
export function zoneFiles(zone: LayoutZone): ScheduledMedia[] {
  return (zone.items ?? []).map((file) => ({ id: file.id, url: file.url, checksum: file.checksum, duration: file.duration, type: '' }));
}

/**
 * The zone that measures a layout's turn (docs/api.md "Layouts on the screens"): the largest by area among those with
 * files (the first in drawing order on a tie), or null when no zone has a file.
 */
export function leadZone(layout: ScheduledLayout): LayoutZone | null {
  let lead: LayoutZone | null = null;
  for (const zone of layout.zones) if ((zone.items?.length ?? 0) > 0 && (!lead || zone.width * zone.height > lead.width * lead.height)) lead = zone;
  return lead;
}

/** Every file an item shows: its media, or its layout's background image and zones' files. */
export function itemFiles(item: ScheduleItem): ScheduledMedia[] {
  if (!item.layout) return item.media;
  const files = [...(item.layout.background.image ? [item.layout.background.image] : []), ...item.layout.zones.flatMap((zone) => zone.items ?? [])];
  return [...item.media, ...files.map((file) => ({ id: file.id, url: file.url, checksum: file.checksum, duration: file.duration, type: '' }))];
}

export interface DeviceSchedule {
  device: number;
  version: number;
  timezone: string;
  generated_at: string;
  valid_until: string | null;
  /** Screen power (issue 41): the instants the screen is on until valid_until; null or absent: always on. */
  power?: { on: string; off: string }[] | null;
  items: ScheduleItem[];
}

/** Where the sequence stands: the event and file index of the last play, and the last index each event played. */
export interface Cursor {
  event: number;
  index: number;
  positions: Record<number, number>;
}

/** One play the sequencer decided on. */
export interface Play {
  event: number;
  media: ScheduledMedia;
  index: number;
  playlist: number | null;
  /** Increases with every decision, so two plays of the same file are told apart. */
  serial: number;
  /** An emergency override's play (no proof of play). */
  override?: number;
  /**
   * A layout item's play (issue 36): the layout drawn, zone by zone, for as long as its event wins; `media` is then its
   * lead zone's first file (a stand-in: each zone's plays are its own, with `zone`).
   */
  layout?: ScheduledLayout;
  /** A play inside a layout's zone (its proof of play names the zone). */
  zone?: number;
}

export type ScheduleState = 'playing' | 'waiting' | 'not_found';

const time = (iso: string) => Date.parse(iso);

/** Whether the schedule may still be played at `now` (a schedule past its valid_until is stale). */
export function isValidAt(schedule: DeviceSchedule | null, now: number): schedule is DeviceSchedule {
  return !!schedule && (schedule.valid_until === null || now < time(schedule.valid_until));
}

/** The items on at `now` that win: the highest priority among those on, in ascending event id. */
export function winnersAt(schedule: DeviceSchedule | null, now: number): ScheduleItem[] {
  if (!isValidAt(schedule, now)) return [];
  const on = schedule.items.filter((item) => time(item.starts_at) <= now && now < time(item.ends_at));
  if (on.length === 0) return [];
  const top = Math.max(...on.map((item) => item.priority));
  const byEvent = new Map<number, ScheduleItem>();
  for (const item of on) if (item.priority === top && !byEvent.has(item.event)) byEvent.set(item.event, item);
  return [...byEvent.values()].sort((a, b) => a.event - b.event);
}

/**
 * The next play after `cursor` at `now`, among files that are `ready` (downloaded): the winning events take turns, one
 * file each, in ascending event id (wrapping around), each event going on from the file after the last one it played
 * (`cursor.positions`). A file not ready is skipped for the event's next one. Null when nothing ready is on.
 */
export function nextPlay(schedule: DeviceSchedule | null, now: number, cursor: Cursor | null, ready: ReadonlySet<number>, serial = 0): Play | null {
  const winners = winnersAt(schedule, now);
  if (winners.length === 0) return null;
  const after = cursor ? winners.findIndex((item) => item.event > cursor.event) : 0;
  const first = after >= 0 ? after : 0;
  for (let turn = 0; turn < winners.length; turn++) {
    const item = winners[(first + turn) % winners.length]!;
    if (item.layout) {
      const play = layoutPlay(item, ready, serial);
      if (play) return play;
      continue;
    }
    const count = item.media.length;
    const last = cursor?.positions[item.event] ?? -1;
    for (let step = 1; step <= count; step++) {
      const index = (last + step) % count;
      const media = item.media[index]!;
      if (ready.has(media.id)) return { event: item.event, media, index, playlist: item.playlist, serial, ...(item.override ? { override: item.override } : {}) };
    }
  }
  return null;
}

/**
 * A layout item's play: one play of the sequence lasting while its event wins (the screen keeps drawing it when the next
 * decision is the same layout version of the same event). Playable once one of its zones' files is kept, or at once when
 * no zone has a file (widgets and a background); the background image is drawn when kept.
 */
function layoutPlay(item: ScheduleItem, ready: ReadonlySet<number>, serial: number): Play | null {
  const layout = item.layout!;
  const files = layout.zones.flatMap(zoneFiles);
  if (files.length > 0 && !files.some((file) => ready.has(file.id))) return null;
  const lead = leadZone(layout);
  const media = (lead ? zoneFiles(lead).find((file) => ready.has(file.id)) : undefined) ?? files.find((file) => ready.has(file.id)) ?? { id: 0, url: '', checksum: '', duration: 0, type: '' };
  return { event: item.event, media, index: 0, playlist: item.playlist, serial, layout, ...(item.override ? { override: item.override } : {}) };
}

/** Whether two plays draw the same layout version for the same event (and override): the screen goes on drawing it. */
export function sameLayout(a: Play | null, b: Play | null): boolean {
  return !!a?.layout && !!b?.layout && a.event === b.event && a.override === b.override && a.layout.id === b.layout.id && a.layout.version === b.layout.version;
}

/**
 * Whether `play` may go on showing under `schedule` at `now`: its event (the same override, or none) is among the
 * winners and still lists its file, and the file is still kept. A new schedule that keeps it (another event added at
 * the same priority, a change elsewhere) lets it finish; one that took it away (an override started or cleared, a
 * publish or playlist commit that removed or replaced it) cuts it.
 */
export function stillAllowed(play: Play, schedule: DeviceSchedule | null, now: number, ready: ReadonlySet<number>): boolean {
  // A layout: the same version of it still drawn for the same event (its zones skip a file no longer kept by themselves).
  if (play.layout) {
    const layout = play.layout;
    return winnersAt(schedule, now).some((item) => item.event === play.event && item.override === play.override && item.layout?.id === layout.id && item.layout.version === layout.version);
  }
  if (!ready.has(play.media.id)) return false;
  return winnersAt(schedule, now).some((item) => item.event === play.event && item.override === play.override && item.media.some((media) => media.id === play.media.id));
}

/**
 * Whether the clock took `play`'s file away while its event goes on (issue 42): its event (the same override, or none)
 * still wins at `now`, in an item that no longer lists the file (the compiler splits an item where a file stops being
 * valid). A layout, an event that no longer wins, or a file still listed: false (what follows the play decides).
 */
export function fileWithdrawn(play: Play, schedule: DeviceSchedule | null, now: number): boolean {
  if (play.layout) return false;
  const item = winnersAt(schedule, now).find((winner) => winner.event === play.event && winner.override === play.override);
  return !!item && !item.layout && !item.media.some((media) => media.id === play.media.id);
}

/** Whether an override started or ended by the clock since `play` began: the override winning at `now` is not the play's. */
export function overrideTurned(play: Play, schedule: DeviceSchedule | null, now: number): boolean {
  const winning = winnersAt(schedule, now).find((item) => item.override !== undefined)?.override;
  return (winning ?? null) !== (play.override ?? null);
}

/** The cursor after `play`: its event and file, and where each event stands in its own list. */
export function advance(cursor: Cursor | null, play: Play): Cursor {
  return { event: play.event, index: play.index, positions: { ...cursor?.positions, [play.event]: play.index } };
}

/** playing when something ready is on now, waiting when an occurrence is due later, not_found otherwise. */
export function scheduleState(schedule: DeviceSchedule | null, now: number, ready: ReadonlySet<number>): ScheduleState {
  if (nextPlay(schedule, now, null, ready)) return 'playing';
  if (isValidAt(schedule, now) && schedule.items.some((item) => time(item.ends_at) > now)) return 'waiting';
  return 'not_found';
}

/** The end of the last occurrence (the heartbeat's schedule_expiry), or null without one. */
export function scheduleExpiry(schedule: DeviceSchedule | null): string | null {
  if (!schedule || schedule.items.length === 0) return null;
  return new Date(Math.max(...schedule.items.map((item) => time(item.ends_at)))).toISOString();
}

/** Every file of the occurrences not yet over (a layout's background and zones' files too), soonest first, each once: what the downloader keeps. */
export function wantedMedia(schedule: DeviceSchedule | null, now: number): ScheduledMedia[] {
  if (!isValidAt(schedule, now)) return [];
  const seen = new Set<number>();
  const wanted: ScheduledMedia[] = [];
  const upcoming = schedule.items.filter((item) => time(item.ends_at) > now).sort((a, b) => time(a.starts_at) - time(b.starts_at));
  for (const item of upcoming) {
    for (const media of itemFiles(item)) {
      if (seen.has(media.id)) continue;
      seen.add(media.id);
      wanted.push(media);
    }
  }
  return wanted;
}

/**
 * Whether the screen is on at `now` by the schedule's power (issue 41): on inside one of its spans, off between them
 * until valid_until; always on without power, and past valid_until (the player cannot know, so it stays on).
 */
export function displayAt(schedule: DeviceSchedule | null, now: number): 'on' | 'off' {
  const power = schedule?.power;
  if (!power || !isValidAt(schedule, now)) return 'on';
  return power.some((span) => time(span.on) <= now && now < time(span.off)) ? 'on' : 'off';
}
