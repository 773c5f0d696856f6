import { createHash } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_IMAGE_SECONDS } from '../../src/services/schemas/playlists.ts';
import type { ScheduleItem, ScheduleLayout, ScheduleMedia } from '../../src/services/schemas/scheduler.ts';
import { committedLayouts, type LayoutBody } from '../db/layouts.ts';
import { datasetBriefs } from '../db/datasets.ts';
import { widgetDataset, type WidgetKind } from '../../src/services/schemas/widgets.ts';
import type { Db } from '../db/index.ts';
import {
  committedPlaylists,
  deviceInputs,
  mediaRows,
  queueDirty,
  staleSchedules,
  startCompile,
  storeSchedules,
  isQueued,
  queueFailed,
  takeDirty,
  wakeScheduleCompilers,
  type CompiledSchedule,
  type MediaRow,
  type PublishedEventRow,
} from '../db/schedules.ts';
import { runningOverridesFor, type RunningOverride } from '../db/overrides.ts';
import { settleEndedOverrides } from './overrideEnds.ts';
import { OVERRIDE_PRIORITY } from '../../src/services/schemas/overrides.ts';
import { mediaSources, queueFallbacks, type Wait } from '../db/renditions.ts';
import { chooseRendition, profileKey, type DeviceProfile } from './renditions.ts';
import { expandEvents, lastOccurrenceEnd, SCHEDULE_DAYS, serverTimeZone, windowBounds, type EventTiming } from './occurrences.ts';
import { effectivePower } from '../db/power.ts';
import { powerWindows } from './power.ts';
import type { PowerSchedule } from '../../src/services/schemas/power.ts';
import { intersect, isBounded, localSpan, splitByValidity, type ItemValidity, type ValidSpan } from './validity.ts';

/*
 * Compiling device schedules (issue 11). A device's schedule is the occurrences of the published events it plays,
 * from the start of today in its office's zone until 8 local days later (so "the next 7 days" are always covered),
 * in play order. Devices with the same zone and the same events get the same items, so each distinct combination is
 * expanded once and stored once (server/db/schedules.ts).
 */

/** An opaque tag that changes whenever the stored file changes (its size or update time). */
function mediaChecksum(media: MediaRow): string {
  return createHash('sha256').update(`${media.id}:${media.size_bytes}:${media.updated_ms}`).digest('hex').slice(0, 32);
}

const seconds = (value: number | null | undefined, fallback: number) => Math.max(1, Math.round(value && value > 0 ? value : fallback));

function timingOf(event: PublishedEventRow): EventTiming {
  return {
    id: event.id,
    start_date: event.start_date,
    start_time: event.start_time ?? '00:00',
    end_date: event.end_date,
    end_time: event.end_time ?? '00:00',
    all_day: event.all_day,
    weekdays: event.weekdays,
    priority: event.priority,
  };
}

interface EventContent {
  title: string;
  campaign: number;
  playlist: number | null;
  playlistVersion: number | null;
  /** The files in play order with their seconds; each device's rendition is chosen per profile (renditions.ts). */
  files: { id: number; duration: number }[];
  /** A layout event's (issue 36): the committed version, each zone's files as `files` are (and `files` empty). */
  layout?: LayoutContent;
}

/** A layout's committed version with each zone's files in play order and the background image, before renditions. */
interface LayoutContent {
  id: number;
  version: number;
  body: LayoutBody;
  zones: {
    id: number;
    x: number;
    y: number;
    width: number;
    height: number;
    z: number;
    files: { id: number; duration: number }[];
    widget?: { kind: WidgetKind; settings: Record<string, unknown>; data: { id: number; url: string; version: number; checksum: string } | null };
  }[];
  background: { color: string; image: { id: number; duration: number } | null };
}

function hashOf(timezone: string, items: string): string {
  return createHash('sha256').update(timezone).update('\n').update(items).digest('hex');
}

/** The window of a compile made at `now` in `timezone`: the start of today there, SCHEDULE_DAYS + 1 days. */
export function compileWindow(now: Temporal.Instant, timezone: string): { from: string; days: number } {
  return { from: now.toZonedDateTimeISO(timezone).startOfDay().toInstant().toString(), days: SCHEDULE_DAYS + 1 };
}

/**
 * Compiles and stores the schedules of `deviceIds` (unknown ids are skipped). Answers how many were compiled and
 * which changed (their schedule_version was raised).
 */
export async function compileSchedules(db: Db, deviceIds: readonly number[], now = Temporal.Now.instant()): Promise<{ devices: number; changed: number[] }> {
  if (!deviceIds.length) return { devices: 0, changed: [] };
  const startedAt = await startCompile(db, deviceIds);
  const { devices: inputs, events: eventRows } = await deviceInputs(db, deviceIds);
  // Screen power (issue 41): the schedule that applies to each device, as JSON text (null: always on).
  const powerSchedules = await effectivePower(db, inputs.map((input) => input.id));
  const events = new Map(eventRows.map((event) => [event.id, event]));
  // Emergency overrides (issue 25): the running one reaching a device is its top-priority item.
  const overrides = await runningOverridesFor(db, inputs.map((input) => input.id));
  const overrideList = new Map([...overrides.values()].map((ov) => [ov.id, ov]));
  const playlistIds = new Set([...events.values()].flatMap((e) => (e.playlist_id ? [e.playlist_id] : [])));
  for (const ov of overrideList.values()) if (ov.playlistId) playlistIds.add(ov.playlistId);
  // Layouts (issue 36): their last committed versions, whose zones name playlists and media too.
  const layoutIds = new Set([...events.values()].flatMap((e) => (e.layout_id ? [e.layout_id] : [])));
  for (const ov of overrideList.values()) if (ov.layoutId) layoutIds.add(ov.layoutId);
  const layouts = await committedLayouts(db, [...layoutIds]);
  const mediaIds = new Set<number>();
  for (const { body } of layouts.values()) {
    if (body.background.media) mediaIds.add(body.background.media);
    for (const zone of body.zones) {
      if (zone.content?.kind === 'playlist') playlistIds.add(zone.content.id);
      else if (zone.content?.kind === 'media') mediaIds.add(zone.content.id);
    }
  }
  // Widgets (issue 38): the datasets their zones show, as last read (version and checksum in the schedule).
  const datasets = await datasetBriefs(db, [...layouts.values()].flatMap(({ body }) => body.zones.flatMap((zone) => { const id = widgetDataset(zone.content); return id === null ? [] : [id]; })));
  const playlists = await committedPlaylists(db, [...playlistIds]);
  for (const event of events.values()) if (event.media_id) mediaIds.add(event.media_id);
  for (const ov of overrideList.values()) if (ov.mediaId) mediaIds.add(ov.mediaId);
  for (const playlist of playlists.values()) for (const track of playlist.tracks) mediaIds.add(track.media);
  const media = await mediaRows(db, [...mediaIds]);
  const sources = await mediaSources(db, [...mediaIds]);

  const file = (id: number, duration: number) => (media.has(id) ? [{ id, duration }] : []);
  const playlistFiles = (playlistId: number) =>
    (playlists.get(playlistId)?.tracks ?? []).flatMap((track) => file(track.media, seconds(track.duration, DEFAULT_IMAGE_SECONDS)));
  const layoutContents = new Map<number, LayoutContent | undefined>();
  /** A layout's committed version with its zones' files (undefined: never committed, nothing to play). */
  const layoutContent = (layoutId: number): LayoutContent | undefined => {
    if (layoutContents.has(layoutId)) return layoutContents.get(layoutId);
    const committed = layouts.get(layoutId);
    const content = committed && {
      id: layoutId,
      version: committed.version,
      body: committed.body,
      // Drawn in z order, the editor's order breaking ties (the later zone above).
      zones: committed.body.zones
        .map((zone, index) => ({ zone, index }))
        .sort((x, y) => x.zone.z - y.zone.z || x.index - y.index)
        .map(({ zone }) => ({
          id: zone.id,
          x: zone.x,
          y: zone.y,
          width: zone.width,
          height: zone.height,
          z: zone.z,
          files:
            zone.content?.kind === 'playlist'
              ? playlistFiles(zone.content.id)
              : zone.content?.kind === 'media'
                ? file(zone.content.id, seconds(media.get(zone.content.id)?.duration, DEFAULT_IMAGE_SECONDS))
                : [],
          ...(zone.content?.kind === 'widget' ? { widget: widgetFor(zone.content, datasets) } : {}),
        })),
      background: {
        color: committed.body.background.color,
        image: committed.body.background.media && media.has(committed.body.background.media) ? { id: committed.body.background.media, duration: DEFAULT_IMAGE_SECONDS } : null,
      },
    };
    layoutContents.set(layoutId, content);
    return content;
  };
  // Validity (issue 42): what has bounds, so that a compile where nothing has any (the usual case) splits nothing.
  const mediaValidity = new Map<number, ValidSpan>();
  for (const row of media.values()) if (row.valid_from !== null || row.valid_until !== null) mediaValidity.set(row.id, { from: row.valid_from, until: row.valid_until });
  const playlistSpan = (id: number | null | undefined): ValidSpan | undefined => {
    const playlist = id ? playlists.get(id) : undefined;
    return playlist && (playlist.validFrom !== null || playlist.validUntil !== null) ? { from: playlist.validFrom, until: playlist.validUntil } : undefined;
  };
  const zoneValidity = new Map<number, Map<number, ValidSpan>>();
  for (const [layoutId, { body }] of layouts) {
    const spans = new Map<number, ValidSpan>();
    for (const zone of body.zones) {
      const span = zone.content?.kind === 'playlist' ? playlistSpan(zone.content.id) : undefined;
      if (span) spans.set(zone.id, span);
    }
    if (spans.size) zoneValidity.set(layoutId, spans);
  }
  const anyValidity =
    mediaValidity.size > 0 || zoneValidity.size > 0 || [...events.values()].some((e) => e.valid_from || e.valid_until || playlistSpan(e.playlist_id));
  const validityOf = (eventId: number, timezone: string): ItemValidity => {
    const event = events.get(eventId)!;
    const own = event.valid_from || event.valid_until ? localSpan(event.valid_from, event.valid_until, timezone) : undefined;
    const item = intersect(own, playlistSpan(event.playlist_id));
    return { ...(isBounded(item) ? { item } : {}), media: mediaValidity, ...(event.layout_id && zoneValidity.has(event.layout_id) ? { zones: zoneValidity.get(event.layout_id) } : {}) };
  };
  const contentOf = new Map<number, EventContent>();
  for (const event of events.values()) {
    if (event.layout_id) {
      contentOf.set(event.id, { title: event.title, campaign: event.campaign_id, playlist: null, playlistVersion: null, files: [], layout: layoutContent(event.layout_id) });
    } else if (event.media_id) {
      const row = media.get(event.media_id);
      contentOf.set(event.id, {
        title: event.title,
        campaign: event.campaign_id,
        playlist: null,
        playlistVersion: null,
        files: file(event.media_id, seconds(event.duration ?? row?.duration, DEFAULT_IMAGE_SECONDS)),
      });
    } else {
      const playlist = playlists.get(event.playlist_id!);
      contentOf.set(event.id, {
        title: event.title,
        campaign: event.campaign_id,
        playlist: event.playlist_id,
        playlistVersion: playlist?.version ?? 0,
        files: (playlist?.tracks ?? []).flatMap((track) => file(track.media, seconds(track.duration, DEFAULT_IMAGE_SECONDS))),
      });
    }
  }

  // Each profile's files of each event: the rendition it downloads, or what it waits for (issue 24).
  const fallbacks = new Map<string, { media: number; size: string }>();
  const renditions = new Map<string, { media: ScheduleMedia[]; waits: Omit<Wait, 'device'>[]; layout?: ScheduleLayout }>();
  /** A file as a device of this profile downloads it, or why it waits (issue 24). */
  const chooseFile = (id: number, duration: number, profile: DeviceProfile): { file: ScheduleMedia } | { wait: Wait['reason'] } => {
    const row = media.get(id)!;
    const source = sources.get(id);
    const choice = source ? chooseRendition(source, profile) : ({ kind: 'file', rendition: 'source', url: `/api/v1/media/files/${id}/source`, sha256: null } as const);
    if (choice.kind === 'file') {
      return { file: { id, url: choice.url, checksum: choice.rendition === 'source' ? (row.sha256 ?? mediaChecksum(row)) : choice.sha256!, duration, rendition: choice.rendition } };
    }
    if (choice.kind === 'rendering' && choice.fallbackSize) fallbacks.set(`${id}:${choice.fallbackSize}`, { media: id, size: choice.fallbackSize });
    return { wait: choice.kind };
  };
  const renditionsOf = (eventId: number, profile: DeviceProfile, key: string) => {
    const cacheKey = `${key}#${eventId}`;
    let found = renditions.get(cacheKey);
    if (found) return found;
    const content = contentOf.get(eventId)!;
    const chosenFound: { media: ScheduleMedia[]; waits: Omit<Wait, 'device'>[]; layout?: ScheduleLayout } = { media: [], waits: [] };
    const choose = (files: readonly { id: number; duration: number }[]): ScheduleMedia[] => {
      const chosenFiles: ScheduleMedia[] = [];
      for (const { id, duration } of files) {
        const chosen = chooseFile(id, duration, profile);
        if ('file' in chosen) chosenFiles.push(chosen.file);
        else if (!chosenFound.waits.some((w) => w.media === id)) chosenFound.waits.push({ media: id, campaign: content.campaign, reason: chosen.wait });
      }
      return chosenFiles;
    };
    chosenFound.media = choose(content.files);
    if (content.layout) chosenFound.layout = layoutFor(content.layout, choose);
    renditions.set(cacheKey, chosenFound);
    return chosenFound;
  };
  const waits: Wait[] = [];

  const fallbackZone = serverTimeZone();
  const bodies = new Map<string, { timezone: string; items: string; power: string | null }>();
  const groups = new Map<string, { hash: string; validUntil: string; waits: Omit<Wait, 'device'>[] }>();
  const emptyHashes = new Set<string>();
  const schedules: CompiledSchedule[] = [];
  for (const input of inputs) {
    const timezone = input.timezone ?? fallbackZone;
    const override = overrides.get(input.id);
    const profile = input.profile;
    const renditionKey = profileKey(profile);
    const powerSchedule = powerSchedules.get(input.id) ?? null;
    const key = `${timezone}|${renditionKey}|${input.events.join(',')}|${override?.id ?? ''}|${powerSchedule ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      const window = compileWindow(now, timezone);
      // An event whose last occurrence is over before the window (lastOccurrenceEnd, the campaigns' `expired` rule too)
      // has nothing to expand.
      const from = Temporal.Instant.from(window.from);
      const occurrences = expandEvents(
        input.events.flatMap((id) => (events.has(id) ? [timingOf(events.get(id)!)] : [])).filter((timing) => {
          const end = lastOccurrenceEnd(timing, timezone);
          return end !== null && Temporal.Instant.compare(end, from) > 0;
        }),
        timezone,
        window,
      );
      const groupWaits = new Map<string, Omit<Wait, 'device'>>();
      let items: ScheduleItem[] = occurrences.map((o) => {
        const content = contentOf.get(o.event)!;
        const chosen = renditionsOf(o.event, profile, renditionKey);
        for (const wait of chosen.waits) groupWaits.set(`${wait.media}:${wait.campaign}`, wait);
        return {
          event: o.event,
          title: content.title,
          starts_at: o.starts_at,
          ends_at: o.ends_at,
          local_start: o.local_start,
          local_end: o.local_end,
          priority: o.priority,
          playlist: content.playlist,
          playlist_version: content.playlistVersion,
          media: chosen.media,
          ...(chosen.layout ? { layout: chosen.layout } : {}),
        };
      });
      if (anyValidity) {
        // Each item split where what it plays starts or stops being valid, and put back in play order.
        items = items.flatMap((item) => splitByValidity(item, validityOf(item.event, timezone), timezone));
        items.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || b.priority - a.priority || a.event - b.event || Date.parse(a.ends_at) - Date.parse(b.ends_at));
      }
      const bounds = windowBounds(window, timezone);
      if (override) {
        // The override's files in this profile's renditions (one waiting for its render is left out until ready).
        const overrideFile = (id: number, duration: number): ScheduleMedia[] => {
          if (!media.has(id)) return [];
          const chosen = chooseFile(id, duration, profile);
          return 'file' in chosen ? [chosen.file] : [];
        };
        const overrideLayout = (layoutId: number) => {
          const content = layoutContent(layoutId);
          return content && layoutFor(content, (files) => files.flatMap(({ id, duration }) => overrideFile(id, duration)));
        };
        const item = overrideItem(override, bounds, timezone, overrideFile, media, playlists, overrideLayout);
        // Items stay in start order.
        if (item) items.splice(items.filter((other) => other.starts_at <= item.starts_at).length, 0, item);
      }
      const text = JSON.stringify(items);
      const power = compiledPower(powerSchedule, timezone, window);
      // Without a power schedule the hash is what it was before power schedules (no version moves on upgrade).
      const hash = hashOf(timezone, power === null ? text : `${text}\npower:${power}`);
      if (!items.length && power === null) emptyHashes.add(hash);
      bodies.set(hash, { timezone, items: text, power });
      group = { hash, validUntil: bounds.until.toString(), waits: [...groupWaits.values()] };
      groups.set(key, group);
    }
    schedules.push({ device: input.id, hash: group.hash, validUntil: group.validUntil });
    for (const wait of group.waits) waits.push({ device: input.id, ...wait });
  }
  const changed = await storeSchedules(db, startedAt, bodies, schedules, emptyHashes, waits, deviceIds);
  await queueFallbacks(db, [...fallbacks.values()]);
  return { devices: schedules.length, changed };
}

/**
 * dev2's `power` for a window, as JSON text: the on spans of the schedule that applies (server/domain/power.ts), or null
 * when the device is always on. The window stays the schedule's (8 local days): the spans carry every on and off time
 * in it and the player switches its screen by its own clock, so the window need not end at the next power boundary;
 * a changed schedule is compiled again (the queue) and moves the version like any other change.
 */
function compiledPower(schedule: string | null, timezone: string, window: { from: string; days: number }): string | null {
  if (schedule === null) return null;
  return JSON.stringify(powerWindows(JSON.parse(schedule) as PowerSchedule, timezone, window));
}

/**
 * The item of a running override: from its start (or the window's) to its end (or the window's), at OVERRIDE_PRIORITY,
 * playing its media or its playlist's last committed version. `event` and `override` both carry the override's id
 * (players take turns by event id; they record no proof of play for an override). Null when nothing of it is left in
 * the window or it has nothing to play.
 */
function overrideItem(
  override: RunningOverride,
  bounds: { from: Temporal.Instant; until: Temporal.Instant },
  timezone: string,
  file: (id: number, duration: number) => ScheduleMedia[],
  media: Map<number, MediaRow>,
  playlists: Map<number, { version: number; tracks: { media: number; duration: number }[] }>,
  layoutOf: (layoutId: number) => ScheduleLayout | undefined,
): ScheduleItem | null {
  const later = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) >= 0 ? a : b);
  const earlier = (a: Temporal.Instant, b: Temporal.Instant) => (Temporal.Instant.compare(a, b) <= 0 ? a : b);
  // Five minutes early: a player whose clock runs a little behind the server's still shows it at once.
  const start = later(Temporal.Instant.from(override.startsAt).subtract({ minutes: 5 }), bounds.from);
  const end = override.endsAt ? earlier(Temporal.Instant.from(override.endsAt), bounds.until) : bounds.until;
  if (Temporal.Instant.compare(end, start) <= 0) return null;
  const playlist = override.playlistId ? playlists.get(override.playlistId) : undefined;
  const layout = override.layoutId ? layoutOf(override.layoutId) : undefined;
  if (override.layoutId && !layout?.zones.some((zone) => zone.items.length)) return null;
  const played = override.layoutId
    ? []
    : override.mediaId
    ? file(override.mediaId, seconds(media.get(override.mediaId)?.duration, DEFAULT_IMAGE_SECONDS))
    : (playlist?.tracks ?? []).flatMap((track) => file(track.media, seconds(track.duration, DEFAULT_IMAGE_SECONDS)));
  if (!played.length && !layout) return null;
  const local = (instant: Temporal.Instant) => instant.toZonedDateTimeISO(timezone).toPlainDateTime().toString();
  return {
    event: override.id,
    override: override.id,
    title: override.title,
    starts_at: start.toString(),
    ends_at: end.toString(),
    local_start: local(start),
    local_end: local(end),
    priority: OVERRIDE_PRIORITY,
    playlist: override.playlistId,
    playlist_version: override.playlistId ? (playlist?.version ?? 0) : null,
    media: played,
    ...(layout ? { layout } : {}),
  };
}

/**
 * A layout item's `layout` for one device: each zone's files (and the background image) as `choose` picks their
 * renditions for the device's profile (a file waiting for its render is left out of its zone until ready).
 */
/** A widget zone as screens get it: kind, settings, and the dataset it shows (a deleted or foreign one: none). */
function widgetFor(
  content: { widget: WidgetKind; settings: Record<string, unknown> },
  datasets: Map<number, { id: number; version: number; checksum: string }>,
): NonNullable<LayoutContent['zones'][number]['widget']> {
  const id = widgetDataset({ kind: 'widget', ...content });
  const dataset = id === null ? undefined : datasets.get(id);
  return {
    kind: content.widget,
    settings: content.settings,
    data: dataset ? { id: dataset.id, url: `/api/v1/player/datasets/${dataset.id}/?v=${dataset.checksum.slice(0, 16)}`, version: dataset.version, checksum: dataset.checksum } : null,
  };
}

function layoutFor(content: LayoutContent, choose: (files: readonly { id: number; duration: number }[]) => ScheduleMedia[]): ScheduleLayout {
  return {
    id: content.id,
    version: content.version,
    width: content.body.width,
    height: content.body.height,
    background: { color: content.background.color, image: content.background.image ? (choose([content.background.image])[0] ?? null) : null },
    zones: content.zones.map((zone) => ({ id: zone.id, x: zone.x, y: zone.y, width: zone.width, height: zone.height, z: zone.z, items: choose(zone.files), ...(zone.widget ? { widget: zone.widget } : {}) })),
  };
}

/** Where a failed compile is reported: the server's logger. */
export interface CompileLog {
  error(obj: unknown, msg?: string): void;
}

/** How many failed compiles one turn of the queue tries while it looks for the devices that fail (see compileApart). */
const FAILED_COMPILES_A_TURN = 64;

/**
 * Compiles `ids`; when that fails, compiles each half apart, down to the devices that fail on their own: those are
 * logged and put back in the queue with a backoff (queueFailed), and the others are stored. One device whose compile
 * fails (bad data, a bug) never holds the other devices of its batch, nor the queue of every company. `budget` bounds the
 * failed compiles of one turn (a database that is down fails every one): past it, the rest wait out a backoff too.
 */
async function compileApart(db: Db, ids: readonly number[], log: CompileLog, budget: { failures: number }): Promise<void> {
  try {
    await compileSchedules(db, ids);
    return;
  } catch (error) {
    budget.failures += 1;
    if (ids.length === 1 || budget.failures >= FAILED_COMPILES_A_TURN) {
      log.error({ err: error, devices: ids.length > 20 ? `${ids.length} devices` : ids }, 'schedule compile failed; retried later');
      await queueFailed(db, ids);
      return;
    }
  }
  const half = Math.ceil(ids.length / 2);
  await compileApart(db, ids.slice(0, half), log, budget);
  await compileApart(db, ids.slice(half), log, budget);
}

/**
 * How many queued devices one compile of the compiler's turn takes on PGlite (issue 35.20): each statement of a
 * compile runs on PGlite's one connection on the Node main thread, so a batch is small enough that a heartbeat or an
 * operator's read waiting behind one of its statements waits a few tens of ms, and the event loop is given back between
 * batches. On PostgreSQL (COMPILE_BATCH_POSTGRES) the statements run elsewhere and only the compile's own JavaScript
 * holds the event loop (about 30 ms for 1,000 devices of one group). A stopping server waits for one batch at most, and
 * the devices not taken stay queued for the next turn or another instance.
 */
export const COMPILE_BATCH = 500;
export const COMPILE_BATCH_POSTGRES = 1_000;

/**
 * A request (a publish, an override's start or clear) reaching at most this many devices compiles them itself before it
 * answers; one reaching more queues them for the compilers of every instance, which take them in
 * batches, and answers at once (issue 35.20: a thousand screens compiled inside the request held PGlite, and with it
 * every heartbeat, for seconds).
 */
export const INLINE_COMPILE_MAX = 250;

/** Gives the event loop back (what waits, requests and timers, runs before the next batch). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles the queued devices, a batch at a time, until no device is left to take (devices waiting out a failure wait)
 * or `stopped()` says the server is closing. Answers how many were taken.
 */
export async function drainScheduleQueue(db: Db, log: CompileLog, batch = COMPILE_BATCH, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  const budget = { failures: 0 };
  for (;;) {
    if (stopped()) return total;
    const ids = await takeDirty(db, batch);
    if (!ids.length) return total;
    await compileApart(db, ids, log, budget);
    total += ids.length;
    await yieldToEventLoop();
  }
}

/**
 * Compiles one device now when it waits in the queue, even one a compile has taken and not stored yet (dev2 reads a
 * fresh schedule before the compiler's next turn, and never the previous version while a compile holds the device; the
 * compile that began last is the one stored). A failure is logged and queued for a retry; the caller reads what is stored.
 * Answers false when the compile failed (true when it was stored or nothing was queued).
 */
export async function compileIfQueued(db: Db, deviceId: number, log: CompileLog): Promise<boolean> {
  if (!(await isQueued(db, deviceId))) return true;
  try {
    await compileSchedules(db, [deviceId]);
    return true;
  } catch (error) {
    log.error({ err: error, devices: [deviceId] }, 'schedule compile failed; retried later');
    await queueFailed(db, [deviceId]);
    return false;
  }
}

/**
 * Compiles `ids` now (a publish, an override, a playlist commit). When that fails, their devices are queued, so the
 * compiler sets the failing ones apart within its next turn and the others follow (answers no change then); the
 * write that asked for the compile is kept and answered.
 */
export async function compileOrQueue(db: Db, ids: readonly number[], log: CompileLog): Promise<{ devices: number; changed: number[] }> {
  try {
    return await compileSchedules(db, ids);
  } catch (error) {
    log.error({ err: error, devices: ids.length > 20 ? `${ids.length} devices` : ids }, 'schedule compile failed; devices queued');
    await queueDirty(db, ids);
    return { devices: ids.length, changed: [] };
  }
}

/** What a request that changed schedules did: devices reached, those compiled in it whose version moved, those queued. */
export interface CompileAnswer {
  devices: number;
  changed: number[];
  /** Devices left to the compilers (more than INLINE_COMPILE_MAX): their versions move after the answer. */
  queued: number;
}

/**
 * The compile of a request that changed what `ids` play, whose devices were queued by it (in its transaction): up to
 * INLINE_COMPILE_MAX compiled here (compileOrQueue), more left to the compilers, woken on every instance (issue 35.20).
 */
export async function compileQueued(db: Db, ids: readonly number[], log: CompileLog): Promise<CompileAnswer> {
  if (ids.length > INLINE_COMPILE_MAX) {
    await wakeScheduleCompilers(db);
    return { devices: ids.length, changed: [], queued: ids.length };
  }
  return { ...(await compileOrQueue(db, ids, log)), queued: 0 };
}

/** Queues schedules compiled more than an hour ago: the window follows the day, so each is compiled at least hourly. */
export async function queueStaleSchedules(db: Db): Promise<void> {
  await queueDirty(db, await staleSchedules(db, 1, 50_000));
}

/**
 * The compiler of one server instance: drains the queue every `intervalMs` and queues stale schedules every ten
 * minutes. Several instances share the queue (rows are taken with SKIP LOCKED). Errors are logged and retried; a device
 * whose compile fails is retried with a backoff while the others go on (compileApart).
 */
export function startScheduleCompiler(db: Db, log: CompileLog, intervalMs = 1000, batch = COMPILE_BATCH): { wake(): void; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let lastStaleCheck = 0;
  let stopping = false;
  let again = false;
  const tick = () => {
    if (stopping) return;
    if (running) {
      // Woken during a turn: the rows queued meanwhile may have been looked for already; one more turn right after.
      again = true;
      return;
    }
    again = false;
    running = (async () => {
      try {
        // Overrides past their end time: ended like a clear (journal, webhook); their devices are queued here, each
        // owing its `override` notice, and compiled below.
        await settleEndedOverrides(db);
        if (Date.now() - lastStaleCheck > 600_000) {
          lastStaleCheck = Date.now();
          await queueStaleSchedules(db);
        }
        await drainScheduleQueue(db, log, batch, () => stopping);
      } catch (error) {
        log.error({ err: error }, 'schedule compile failed');
      } finally {
        running = null;
        if (again && !stopping) tick();
      }
    })();
  };
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  timer?.unref();
  return {
    /** A turn now (a request queued devices, through this instance or another): a compiler off (interval 0) stays off. */
    wake() {
      if (timer) tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
