import { sql, type SQL } from 'drizzle-orm';
import type { DevicePosition } from '../../src/services/schemas/devices.ts';
import type { PublishWarning } from '../../src/services/schemas/playback.ts';
import { chooseRendition } from '../domain/renditions.ts';
import { idArray } from './events.ts';
import type { Db } from './index.ts';
import { mediaSources, profileMaker } from './renditions.ts';
import { committedPlaylists } from './schedules.ts';
import { committedLayouts } from './layouts.ts';
import { lastOccurrenceEnd, officeTimeZone, type EventWhen } from '../domain/occurrences.ts';

/*
 * Warnings before, not after (issue 35): what a publish or a playlist (or layout) commit would leave screens unable to play, read
 * without writing anything, so the panel shows it before the operator confirms. Each target screen's rendition of each
 * file is chosen as the compile chooses it (domain/renditions.ts): `rendering` while it waits for a conversion (a
 * fallback render queued, running, or to be queued by the publish), `cannot_play` when none can help. A file that every
 * one of its target screens reported failing to decode within DECODE_FAILURE_DAYS is `decode_failed`.
 */

/** How long a screen's decode failure of a file counts against it (a newer player may decode it). */
export const DECODE_FAILURE_DAYS = 7;
/** Screens named per warning (the count says how many in all). */
export const WARNING_SCREENS = 10;

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A target: a device that would play a file (through an event of `campaign`, or the playlist being committed). */
export interface Target {
  device: number;
  media: number;
  /** The event that plays it there, when known: its file's validity is checked against the event's last occurrence (issue 42). */
  event?: EventWhen;
}

/** The warnings of these targets, files that cannot play first, then by file name. */
export async function warningsFor(db: Db, targets: readonly Target[]): Promise<PublishWarning[]> {
  if (!targets.length) return [];
  const deviceIds = [...new Set(targets.map((t) => t.device))];
  const mediaIds = [...new Set(targets.map((t) => t.media))];
  const devices = await rows<{ id: number; name: string; device_type: string; position: DevicePosition; capabilities: string | null; timezone: string | null }>(
    db,
    sql`SELECT d.id, COALESCE(NULLIF(d.name, ''), d.sn) AS name, d.device_type, d.position, d.capabilities::text AS capabilities, o.timezone
        FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${idArray(deviceIds)}) AND d.is_active`,
  );
  const files = await rows<{ id: number; name: string; valid_until_ms: number | null }>(
    db,
    sql`SELECT id, name, (extract(epoch FROM valid_until) * 1000)::float8 AS valid_until_ms FROM media_files WHERE id = ANY(${idArray(mediaIds)})`,
  );
  const failures = await rows<{ device_id: number; media_id: number }>(
    db,
    sql`SELECT device_id, media_id FROM playback_errors
        WHERE kind = 'decode' AND media_id = ANY(${idArray(mediaIds)}) AND device_id = ANY(${idArray(deviceIds)})
          AND last_at > now() - make_interval(days => ${DECODE_FAILURE_DAYS})`,
  );
  const sources = await mediaSources(db, mediaIds);
  const profile = profileMaker();
  const byDevice = new Map(devices.map((d) => [Number(d.id), { name: d.name, profile: profile(d.device_type, d.position, d.capabilities), timezone: officeTimeZone(d.timezone) }]));
  const names = new Map(files.map((f) => [Number(f.id), f.name]));
  const untilOf = new Map(files.flatMap((f) => (f.valid_until_ms == null ? [] : [[Number(f.id), Number(f.valid_until_ms)] as const])));
  const now = Date.now();
  const failed = new Set(failures.map((f) => `${Number(f.device_id)}:${Number(f.media_id)}`));

  const found = new Map<string, { media: number; reason: PublishWarning['reason']; devices: Set<number> }>();
  const targetsOf = new Map<number, Set<number>>();
  const note = (media: number, reason: PublishWarning['reason'], device: number) => {
    const key = `${media}:${reason}`;
    let entry = found.get(key);
    if (!entry) found.set(key, (entry = { media, reason, devices: new Set() }));
    entry.devices.add(device);
  };
  for (const { device, media, event } of targets) {
    const target = byDevice.get(device);
    if (!target || !names.has(media)) continue;
    let set = targetsOf.get(media);
    if (!set) targetsOf.set(media, (set = new Set()));
    set.add(device);
    const source = sources.get(media);
    const choice = source ? chooseRendition(source, target.profile) : null;
    if (choice?.kind === 'rendering') note(media, 'rendering', device);
    else if (choice?.kind === 'cannot_play') note(media, 'cannot_play', device);
    // Validity (issue 42): a file past its end, or ending before the last occurrence of the event that shows it here.
    const until = untilOf.get(media);
    if (until !== undefined) {
      if (until <= now) note(media, 'expired', device);
      else if (event) {
        const end = lastOccurrenceEnd(event, target.timezone);
        if (end && end.epochMilliseconds > until) note(media, 'expires', device);
      }
    }
  }
  for (const [media, set] of targetsOf) {
    if ([...set].every((device) => failed.has(`${device}:${media}`))) for (const device of set) note(media, 'decode_failed', device);
  }
  const order: Record<PublishWarning['reason'], number> = { cannot_play: 0, decode_failed: 1, expired: 2, expires: 3, rendering: 4 };
  return [...found.values()]
    .map((entry) => ({
      media: entry.media,
      name: names.get(entry.media)!,
      devices: entry.devices.size,
      reason: entry.reason,
      ...(entry.reason === 'expired' || entry.reason === 'expires' ? { until: new Date(untilOf.get(entry.media)!).toISOString() } : {}),
      screens: [...entry.devices].map((id) => byDevice.get(id)!.name).sort((a, b) => a.localeCompare(b)).slice(0, WARNING_SCREENS),
    }))
    .sort((a, b) => order[a.reason] - order[b.reason] || a.name.localeCompare(b.name) || a.media - b.media);
}

/** The files and screens of a campaign's events as they are now (what publishing it would make its screens play). */
export async function campaignTargets(db: Db, campaignId: number): Promise<Target[]> {
  const events = await rows<EventFiles>(
    db,
    sql`SELECT ev.media_id, ev.playlist_id, ev.layout_id, (SELECT array_agg(ed.device_id) FROM event_devices ed WHERE ed.event_id = ev.id) AS devices, ${TIMING}
        FROM events ev WHERE ev.campaign_id = ${campaignId} AND ev.end_date >= current_date - 2`,
  );
  return eventTargets(db, events);
}

type EventFiles = {
  media_id: number | null;
  playlist_id: number | null;
  layout_id: number | null;
  devices: number[] | null;
  /** Its timing (TIMING), where read. */
  start_date?: string;
  start_time?: string | null;
  end_date?: string;
  end_time?: string | null;
  all_day?: boolean;
  weekdays?: number[] | null;
};

/** An event's timing as lastOccurrenceEnd reads it (the events and published_events columns of one name). */
const TIMING = sql`to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(start_time, 'HH24:MI') AS start_time,
  to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(end_time, 'HH24:MI') AS end_time, all_day, weekdays::int[] AS weekdays`;

function timingOf(event: EventFiles): EventWhen | undefined {
  if (!event.start_date || !event.end_date) return undefined;
  return {
    start_date: event.start_date,
    start_time: event.start_time ?? '00:00',
    end_date: event.end_date,
    end_time: event.end_time ?? '00:00',
    all_day: !!event.all_day,
    weekdays: (event.weekdays ?? []).map(Number),
  };
}

/**
 * Each (screen, file) pair of events: a media event's file, its committed playlist's files, or the files of its layout's
 * committed version (each zone's file or playlist, and the background image; issue 36), on each of its screens.
 */
async function eventTargets(db: Db, events: EventFiles[]): Promise<Target[]> {
  const layouts = await committedLayouts(db, [...new Set(events.flatMap((e) => (e.layout_id ? [Number(e.layout_id)] : [])))]);
  const zonePlaylists = [...layouts.values()].flatMap(({ body }) => body.zones.flatMap((zone) => (zone.content?.kind === 'playlist' ? [zone.content.id] : [])));
  const playlists = await committedPlaylists(db, [...new Set([...events.flatMap((e) => (e.playlist_id ? [Number(e.playlist_id)] : [])), ...zonePlaylists])]);
  const tracksOf = (playlist: number) => (playlists.get(playlist)?.tracks ?? []).map((track) => track.media);
  const layoutFiles = (layout: number) => {
    const body = layouts.get(layout)?.body;
    if (!body) return [];
    const zones = body.zones.flatMap((zone) => (zone.content?.kind === 'media' ? [zone.content.id] : zone.content?.kind === 'playlist' ? tracksOf(zone.content.id) : []));
    return body.background.media ? [...zones, body.background.media] : zones;
  };
  const targets: Target[] = [];
  for (const event of events) {
    const media = event.media_id ? [Number(event.media_id)] : event.layout_id ? layoutFiles(Number(event.layout_id)) : tracksOf(Number(event.playlist_id));
    const timing = timingOf(event);
    for (const device of event.devices ?? []) for (const id of new Set(media)) targets.push({ device: Number(device), media: id, ...(timing ? { event: timing } : {}) });
  }
  return targets;
}

/** The files and screens of a campaign as published (what its screens play now). */
export async function publishedTargets(db: Db, campaignId: number): Promise<Target[]> {
  const events = await rows<EventFiles>(
    db,
    sql`SELECT media_id, playlist_id, layout_id, devices, ${TIMING} FROM published_events WHERE campaign_id = ${campaignId} AND end_date >= current_date - 2`,
  );
  return eventTargets(db, events);
}

/**
 * The files of a playlist's tracks as edited now and the screens that play it (what committing it would change):
 * through a published event of the playlist, or of a layout whose committed version has a zone playing it (issue 36).
 */
/**
 * The devices that running overrides (issue 25) showing what `content` selects reach now: their targets resolved as a
 * compile resolves them (devices, the devices of offices, of a company). A commit changes what an override of a playlist
 * or a layout shows at once, so its check counts those screens too.
 */
function overrideDevicesWhere(content: SQL): SQL {
  return sql`SELECT DISTINCT d.id FROM overrides ov JOIN devices d ON
          (ov.target_kind = 'devices' AND d.id = ANY(ov.target_ids))
          OR (ov.target_kind = 'offices' AND d.office_id = ANY(ov.target_ids))
          OR (ov.target_kind = 'company' AND d.office_id IN (SELECT o.id FROM offices o WHERE o.company_id = ANY(ov.target_ids)))
        WHERE ov.cleared_at IS NULL AND NOT ov.settled AND (ov.ends_at IS NULL OR ov.ends_at > now()) AND ${content}`;
}

export async function commitTargets(db: Db, playlistId: number): Promise<Target[]> {
  const tracks = await rows<{ media_id: number }>(db, sql`SELECT DISTINCT media_id FROM playlist_tracks WHERE playlist_id = ${playlistId}`);
  if (!tracks.length) return [];
  const zone = JSON.stringify({ zones: [{ content: { kind: 'playlist', id: playlistId } }] });
  const devices = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT unnest(devices) AS id FROM published_events WHERE playlist_id = ${playlistId} AND end_date >= current_date - 2
        UNION
        SELECT DISTINCT unnest(pe.devices) FROM published_events pe
          JOIN layouts l ON l.id = pe.layout_id JOIN layout_versions v ON v.layout_id = l.id AND v.version = l.version
        WHERE pe.end_date >= current_date - 2 AND v.body @> ${zone}::jsonb
        UNION
        ${overrideDevicesWhere(sql`(ov.playlist_id = ${playlistId} OR ov.layout_id IN (SELECT l.id FROM layouts l JOIN layout_versions v ON v.layout_id = l.id AND v.version = l.version WHERE v.body @> ${zone}::jsonb))`)}`,
  );
  return devices.flatMap((d) => tracks.map((t) => ({ device: Number(d.id), media: Number(t.media_id) })));
}

/**
 * The files of a layout's draft as saved now (each zone's file, the tracks of each zone's playlist as last committed,
 * the background image; issue 36) and the screens its published events play it on: what committing it would change.
 */
export async function layoutCommitTargets(db: Db, layoutId: number): Promise<Target[]> {
  const zones = await rows<{ media_id: number | null; playlist_id: number | null }>(
    db,
    sql`SELECT media_id, playlist_id FROM layout_zones WHERE layout_id = ${layoutId} AND (media_id IS NOT NULL OR playlist_id IS NOT NULL)
        UNION ALL SELECT background_media_id, NULL FROM layouts WHERE id = ${layoutId} AND background_media_id IS NOT NULL`,
  );
  if (!zones.length) return [];
  const playlists = await committedPlaylists(db, [...new Set(zones.flatMap((z) => (z.playlist_id === null ? [] : [Number(z.playlist_id)])))]);
  const files = new Set(zones.flatMap((z) => (z.media_id !== null ? [Number(z.media_id)] : (playlists.get(Number(z.playlist_id))?.tracks ?? []).map((track) => track.media))));
  if (!files.size) return [];
  const devices = await layoutScreens(db, layoutId);
  return devices.flatMap((device) => [...files].map((media) => ({ device, media })));
}

/** The screens that show a layout now or soon: its published events' (ended two days ago at most) and its running overrides'. */
export async function layoutScreens(db: Db, layoutId: number): Promise<number[]> {
  const devices = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT unnest(devices) AS id FROM published_events WHERE layout_id = ${layoutId} AND end_date >= current_date - 2
        UNION
        ${overrideDevicesWhere(sql`ov.layout_id = ${layoutId}`)}`,
  );
  return devices.map((d) => Number(d.id));
}
