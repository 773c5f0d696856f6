import { sql, type SQL } from 'drizzle-orm';
import type { Event } from '../../src/services/schemas/scheduler.ts';
import type { DeviceGroup } from '../../src/services/schemas/playlists.ts';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';
import { REQUEUE } from './scheduleQueue.ts';

/* Scheduler events (migration 0010's events and event_devices, 0013b's published copies). Plain SQL. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A list of ids as one array parameter (integers: the literal needs no escaping). */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/**
 * An id list sent as `array_to_string(..., ',')` text: PGlite parses a 10,000-element int[] into JS about twice as
 * slowly as this split (a publish reads 50 of them twice).
 */
export const idText = (value: string | null | undefined): number[] => (value ? value.split(',').map(Number) : []);

const smallintArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::smallint[]`;

/** One event as the API writes it. */
const eventSelect = sql`
  SELECT ev.id, ev.campaign_id AS campaign, c.name AS campaign_name, ev.title,
    ev.media_id AS media, m.name AS media_name, ev.playlist_id AS playlist, p.name AS playlist_name, p.committed AS playlist_committed,
    ev.layout_id AS layout, l.name AS layout_name, l.committed AS layout_committed,
    to_char(ev.start_date, 'YYYY-MM-DD') AS start_date, COALESCE(to_char(ev.start_time, 'HH24:MI'), '00:00') AS start_time,
    to_char(ev.end_date, 'YYYY-MM-DD') AS end_date, COALESCE(to_char(ev.end_time, 'HH24:MI'), '00:00') AS end_time,
    ev.all_day, ev.color, ev.duration, cardinality(ev.weekdays) > 0 AS repeat, ev.weekdays::int[] AS weekdays,
    COALESCE((SELECT array_agg(ed.device_id ORDER BY ed.device_id) FROM event_devices ed WHERE ed.event_id = ev.id), '{}')::int[] AS devices,
    ev.published, ev.priority, ev.valid_from, ev.valid_until,
    ${isoText(sql`ev.created_at`)} AS created_at, ${isoText(sql`ev.updated_at`)} AS updated_at
  FROM events ev
  JOIN campaigns c ON c.id = ev.campaign_id
  LEFT JOIN media_files m ON m.id = ev.media_id
  LEFT JOIN playlists p ON p.id = ev.playlist_id
  LEFT JOIN layouts l ON l.id = ev.layout_id`;

function toEvent(row: Record<string, unknown>): Event {
  const ints = (value: unknown) => (value as (number | string)[]).map(Number);
  return {
    ...(row as unknown as Event),
    id: Number(row.id),
    campaign: Number(row.campaign),
    media: row.media == null ? null : Number(row.media),
    playlist: row.playlist == null ? null : Number(row.playlist),
    layout: row.layout == null ? null : Number(row.layout),
    duration: row.duration == null ? null : Number(row.duration),
    priority: Number(row.priority),
    weekdays: ints(row.weekdays),
    devices: ints(row.devices),
  };
}

export interface EventFilter {
  campaign?: number;
  /** Dates `YYYY-MM-DD`: events whose days overlap [start, end). */
  start?: string;
  end?: string;
  /** Only events of campaigns owned by these companies (null or absent: every campaign). */
  companies?: readonly number[] | null;
}

/** Events of the filter by start date, then id, with the total. */
export async function listEvents(db: Db, filter: EventFilter, limit: number, offset: number): Promise<{ total: number; events: Event[] }> {
  const conditions: SQL[] = [];
  if (filter.campaign) conditions.push(sql`ev.campaign_id = ${filter.campaign}`);
  if (filter.start) conditions.push(sql`ev.end_date >= ${filter.start}::date`);
  if (filter.end) conditions.push(sql`ev.start_date < ${filter.end}::date`);
  if (filter.companies) {
    const companies = filter.companies.length ? sql.join(filter.companies.map((id) => sql`${id}`), sql`, `) : sql`NULL`;
    conditions.push(sql`ev.campaign_id IN (SELECT c.id FROM campaigns c WHERE c.company_id IN (${companies}))`);
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM events ev ${where}`);
  const total = counted?.total ?? 0;
  const found = await rows<Record<string, unknown>>(db, sql`${eventSelect} ${where} ORDER BY ev.start_date, ev.id LIMIT ${limit} OFFSET ${offset}`);
  return { total: Number(total), events: found.map(toEvent) };
}

export async function findEvent(db: Db, id: number): Promise<Event | undefined> {
  const [row] = await rows<Record<string, unknown>>(db, sql`${eventSelect} WHERE ev.id = ${id}`);
  return row ? toEvent(row) : undefined;
}

/** The stored fields of an event (after validation; times `HH:MM` or null for an all-day event). */
export interface EventValues {
  title: string;
  mediaId: number | null;
  playlistId: number | null;
  layoutId: number | null;
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  allDay: boolean;
  color: string;
  duration: number | null;
  weekdays: number[];
  priority: number;
  devices: number[];
  /** Its validity (issue 42): `YYYY-MM-DDTHH:MM` wall-clock bounds, null for none. */
  validFrom: string | null;
  validUntil: string | null;
}

/** Of `deviceIds`, those that do not take part in the campaign. */
export async function devicesOutsideCampaign(db: Db, campaignId: number, deviceIds: readonly number[]): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT d AS id FROM unnest(${idArray(deviceIds)}) AS d
        WHERE NOT EXISTS (SELECT 1 FROM campaign_devices cd WHERE cd.campaign_id = ${campaignId} AND cd.device_id = d)
        ORDER BY d LIMIT 50`,
  );
  return found.map((row) => Number(row.id));
}

export async function mediaExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM media_files WHERE id = ${id}`)).length > 0;
}

export async function playlistExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM playlists WHERE id = ${id}`)).length > 0;
}

async function writeDevices(t: Db, id: number, devices: readonly number[]): Promise<void> {
  await t.execute(sql`DELETE FROM event_devices WHERE event_id = ${id}`);
  if (devices.length) await t.execute(sql`INSERT INTO event_devices (event_id, device_id) SELECT ${id}, unnest(${idArray([...new Set(devices)])})`);
}

/** Inserts an unpublished event with its devices; the campaign's updated_at moves. */
export async function createEvent(db: Db, campaignId: number, values: EventValues): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO events (campaign_id, title, media_id, playlist_id, layout_id, start_date, start_time, end_date, end_time, all_day, color, duration, weekdays, published, priority, valid_from, valid_until)
          VALUES (${campaignId}, ${values.title}, ${values.mediaId}, ${values.playlistId}, ${values.layoutId}, ${values.startDate}, ${values.startTime}, ${values.endDate},
                  ${values.endTime}, ${values.allDay}, ${values.color}, ${values.duration}, ${smallintArray(values.weekdays)}, false, ${values.priority},
                  ${values.validFrom}, ${values.validUntil})
          RETURNING id`,
    );
    const id = Number(row!.id);
    await writeDevices(t, id, values.devices);
    await t.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${campaignId}`);
    return id;
  });
}

/** Rewrites an event and its devices; it is unpublished until its campaign is published again. */
export async function updateEvent(db: Db, id: number, campaignId: number, values: EventValues): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(
      sql`UPDATE events SET title = ${values.title}, media_id = ${values.mediaId}, playlist_id = ${values.playlistId}, layout_id = ${values.layoutId},
            start_date = ${values.startDate}, start_time = ${values.startTime}, end_date = ${values.endDate}, end_time = ${values.endTime},
            all_day = ${values.allDay}, color = ${values.color}, duration = ${values.duration}, weekdays = ${smallintArray(values.weekdays)},
            priority = ${values.priority}, valid_from = ${values.validFrom}, valid_until = ${values.validUntil}, published = false, ends_at = NULL, updated_at = now()
          WHERE id = ${id}`,
    );
    await writeDevices(t, id, values.devices);
    await t.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${campaignId}`);
  });
}

/** Deletes an event; its published copy stays (screens play it) until the campaign is published again. */
export async function deleteEvent(db: Db, id: number): Promise<boolean> {
  const [row] = await rows<{ campaign_id: number }>(db, sql`DELETE FROM events WHERE id = ${id} RETURNING campaign_id`);
  if (!row) return false;
  await db.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${row.campaign_id}`);
  return true;
}

/** Playlists the campaign's events use whose tracks differ from their last committed version (or were never committed). */
export async function uncommittedPlaylists(db: Db, campaignId: number): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT p.id, p.name FROM events ev JOIN playlists p ON p.id = ev.playlist_id
        WHERE ev.campaign_id = ${campaignId} AND (NOT p.committed OR p.version = 0) ORDER BY p.id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Layouts the campaign's events use whose draft differs from their last committed version (or that were never committed). */
export async function uncommittedLayouts(db: Db, campaignId: number): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT l.id, l.name FROM events ev JOIN layouts l ON l.id = ev.layout_id
        WHERE ev.campaign_id = ${campaignId} AND (NOT l.committed OR l.version = 0) ORDER BY l.id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.name }));
}

/**
 * Publishes a campaign: its events become its published copies (replacing the previous ones) and are marked
 * published, and every device whose schedule may change (of the old copies and the new) is queued for compiling in the
 * same transaction. Answers the number of events and those devices.
 */
export async function publishCampaign(db: Db, campaignId: number): Promise<{ events: number; devices: number[]; publishedAt: string }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SELECT 1 FROM campaigns WHERE id = ${campaignId} FOR UPDATE`);
    const before = await rows<{ devices: string }>(t, sql`SELECT array_to_string(devices, ',') AS devices FROM published_events WHERE campaign_id = ${campaignId}`);
    await t.execute(sql`DELETE FROM published_events WHERE campaign_id = ${campaignId}`);
    const after = await rows<{ devices: string }>(
      t,
      sql`INSERT INTO published_events (id, campaign_id, title, media_id, playlist_id, layout_id, start_date, start_time, end_date, end_time, all_day, duration, weekdays, priority, valid_from, valid_until, devices)
          SELECT ev.id, ev.campaign_id, ev.title, ev.media_id, ev.playlist_id, ev.layout_id, ev.start_date, ev.start_time, ev.end_date, ev.end_time, ev.all_day,
            ev.duration, ev.weekdays, ev.priority, ev.valid_from, ev.valid_until,
            COALESCE((SELECT array_agg(ed.device_id ORDER BY ed.device_id) FROM event_devices ed WHERE ed.event_id = ev.id), '{}')
          FROM events ev WHERE ev.campaign_id = ${campaignId}
          RETURNING array_to_string(devices, ',') AS devices`,
    );
    await t.execute(sql`UPDATE events SET published = true WHERE campaign_id = ${campaignId} AND NOT published`);
    const [stamp] = await rows<{ published_at: string }>(
      t,
      sql`UPDATE campaigns SET published_at = now() WHERE id = ${campaignId} RETURNING ${isoText(sql`published_at`)} AS published_at`,
    );
    // The devices of the old copies and the new ones, merged here (a DISTINCT over 500,000 pairs costs seconds in PGlite).
    const devices = new Set<number>();
    for (const row of [...before, ...after]) for (const id of idText(row.devices)) devices.add(id);
    const sorted = [...devices].sort((a, b) => a - b);
    // Queued with the publish (issue 35.20): the compile may come after the answer, through any instance.
    if (sorted.length) await t.execute(sql`INSERT INTO schedule_dirty (device_id) SELECT unnest(${idArray(sorted)}) ${REQUEUE}`);
    return { events: after.length, devices: sorted, publishedAt: stamp!.published_at };
  });
}

/** Devices that play a playlist through a published event (a new commit of it recompiles them). */
export async function devicesPlayingPlaylist(db: Db, playlistId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(db, sql`SELECT DISTINCT unnest(devices) AS id FROM published_events WHERE playlist_id = ${playlistId}`);
  return found.map((row) => Number(row.id));
}

/**
 * Devices that play a layout through a published event, or a playlist through a published layout event's layout (a
 * new commit of either recompiles them).
 */
export async function devicesPlayingLayout(db: Db, layoutId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(db, sql`SELECT DISTINCT unnest(devices) AS id FROM published_events WHERE layout_id = ${layoutId}`);
  return found.map((row) => Number(row.id));
}
export async function devicesPlayingPlaylistInLayouts(db: Db, playlistId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT unnest(pe.devices) AS id FROM published_events pe
        JOIN layouts l ON l.id = pe.layout_id
        JOIN layout_versions v ON v.layout_id = l.id AND v.version = l.version
        WHERE v.body @> ${JSON.stringify({ zones: [{ content: { kind: 'playlist', id: playlistId } }] })}::jsonb`,
  );
  return found.map((row) => Number(row.id));
}

/** Events that play a layout, edited or published (the layout delete check). */
export async function eventsUsingLayout(db: Db, layoutId: number): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: number; title: string }>(
    db,
    sql`SELECT id, title FROM events WHERE layout_id = ${layoutId}
        UNION SELECT id, title FROM published_events WHERE layout_id = ${layoutId} ORDER BY id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.title }));
}

/** Events (and their campaigns) that use a playlist, edited or published (the playlist delete check). */
export async function eventsUsingPlaylist(db: Db, playlistId: number): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: number; title: string }>(
    db,
    sql`SELECT id, title FROM events WHERE playlist_id = ${playlistId}
        UNION SELECT id, title FROM published_events WHERE playlist_id = ${playlistId} ORDER BY id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.title }));
}

/**
 * Events that show a media file and are not in the events table any more, or show it through their playlist:
 * what media details add to the campaigns' own usage list (events that name the file directly).
 */
export async function mediaUsageOfSchedules(db: Db, mediaId: number): Promise<{ campaigns: { id: number; name: string }[]; events: { id: number; name: string }[] }> {
  const found = await rows<{ event_id: number; title: string; campaign_id: number; campaign_name: string }>(
    db,
    sql`SELECT x.event_id, x.title, c.id AS campaign_id, c.name AS campaign_name FROM (
          SELECT pe.id AS event_id, pe.title, pe.campaign_id FROM published_events pe
          WHERE pe.media_id = ${mediaId} AND NOT EXISTS (SELECT 1 FROM events ev WHERE ev.id = pe.id AND ev.media_id = ${mediaId})
          UNION
          SELECT ev.id, ev.title, ev.campaign_id FROM events ev
          WHERE ev.playlist_id IN (SELECT playlist_id FROM playlist_tracks WHERE media_id = ${mediaId})
        ) x JOIN campaigns c ON c.id = x.campaign_id ORDER BY c.id, x.event_id`,
  );
  const campaigns = new Map<number, string>();
  for (const row of found) campaigns.set(Number(row.campaign_id), row.campaign_name);
  return {
    campaigns: [...campaigns].map(([id, name]) => ({ id, name })),
    events: found.map((row) => ({ id: Number(row.event_id), name: row.title })),
  };
}

/** How many devices a playlist's device group names (its count is always the whole). */
const GROUP_DEVICES_SHOWN = 100;

/**
 * The campaigns whose events show a playlist, each with those events (wall-clock start and end) and the devices they
 * name: what the playlist page's "information about broadcasts" lists (`/media/play_list_with_tracks/{id}/device_groups/`).
 */
export async function playlistDeviceGroupsOf(db: Db, playlistId: number): Promise<DeviceGroup[]> {
  const events = await rows<{ campaign_id: number; campaign_name: string; id: number; title: string; start_date: string; start_time: string | null; end_date: string; end_time: string | null; all_day: boolean }>(
    db,
    sql`SELECT c.id AS campaign_id, c.name AS campaign_name, e.id, e.title, e.start_date::text AS start_date, e.start_time::text AS start_time,
          e.end_date::text AS end_date, e.end_time::text AS end_time, e.all_day
        FROM events e JOIN campaigns c ON c.id = e.campaign_id WHERE e.playlist_id = ${playlistId} ORDER BY c.id, e.start_date, e.id`,
  );
  if (!events.length) return [];
  const devices = await rows<{ campaign_id: number; id: number; name: string }>(
    db,
    sql`SELECT DISTINCT e.campaign_id, d.id, d.name FROM event_devices ed
          JOIN events e ON e.id = ed.event_id JOIN devices d ON d.id = ed.device_id
        WHERE e.playlist_id = ${playlistId} ORDER BY e.campaign_id, d.id`,
  );
  const groups = new Map<number, DeviceGroup>();
  for (const event of events) {
    const campaign = Number(event.campaign_id);
    const group = groups.get(campaign) ?? { campaign: { id: campaign, name: event.campaign_name }, events: [], devices_count: 0, devices: [] };
    groups.set(campaign, group);
    const time = (value: string | null, fallback: string) => (event.all_day || !value ? fallback : value.slice(0, 5));
    group.events.push({
      id: Number(event.id),
      title: event.title,
      start: `${event.start_date}T${time(event.start_time, '00:00')}`,
      end: `${event.end_date}T${time(event.end_time, '23:59')}`,
    });
  }
  for (const device of devices) {
    const group = groups.get(Number(device.campaign_id))!;
    group.devices_count += 1;
    if (group.devices.length < GROUP_DEVICES_SHOWN) group.devices.push({ id: Number(device.id), name: device.name });
  }
  return [...groups.values()];
}
