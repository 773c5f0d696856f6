import { sql, type SQL } from 'drizzle-orm';
import { idArray, idText } from './events.ts';
import { isoText } from './devices.ts';
import { profileMaker, replaceWaits, type Wait } from './renditions.ts';
import type { DeviceProfile } from '../domain/renditions.ts';
import type { DevicePosition } from '../../src/services/schemas/devices.ts';
import type { Db } from './index.ts';
import { REQUEUE } from './scheduleQueue.ts';

export { REQUEUE };

/* Compiled device schedules (migration 0013b): the inputs of a compile, the stored results, the dirty queue. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A device to compile: its office zone (null: the server's), the published events it plays, ascending, and its profile. */
export interface DeviceInput {
  id: number;
  timezone: string | null;
  events: number[];
  /** Its rendition profile (issue 24), read with the zone: a publish to 100,000 devices reads the devices once. */
  profile: DeviceProfile;
}

/** A published event as compiles read it. */
export interface PublishedEventRow {
  id: number;
  campaign_id: number;
  title: string;
  media_id: number | null;
  playlist_id: number | null;
  /** A layout event's layout (issue 36). */
  layout_id: number | null;
  start_date: string;
  start_time: string | null;
  end_date: string;
  end_time: string | null;
  all_day: boolean;
  duration: number | null;
  weekdays: number[];
  priority: number;
  /** Wall-clock bounds of its validity ('YYYY-MM-DDTHH:MM' in each device's zone; issue 42), null for none. */
  valid_from: string | null;
  valid_until: string | null;
}

const ints = (value: unknown): number[] => (value == null ? [] : (value as (number | string)[]).map(Number));

/**
 * The devices among `ids` that exist, with their zone and the published events that name them in a campaign they
 * still take part in (events that ended more than two days ago, in any zone, are left out), and those events.
 *
 * Few statements and little row traffic whatever the fleet: a publish of 10,000 devices x 50 events reads the
 * targets' zones and memberships as arrays, the events with their device arrays (50 rows), and matches them here;
 * joining the 500,000 device-event pairs in the database (PGlite in particular) took seconds.
 */
export async function deviceInputs(db: Db, ids: readonly number[]): Promise<{ devices: DeviceInput[]; events: PublishedEventRow[] }> {
  const targets = idArray(ids);
  // Every aggregate takes the rows in the one order of the sorted sub-select (one sort instead of one per array).
  const [located] = await rows<{
    ids: number[] | null;
    zones: (string | null)[] | null;
    types: string[] | null;
    positions: DevicePosition[] | null;
    capabilities: (string | null)[] | null;
  }>(
    db,
    sql`SELECT array_agg(x.id) AS ids, array_agg(x.timezone) AS zones, array_agg(x.device_type) AS types, array_agg(x.position) AS positions,
          array_agg(x.capabilities) AS capabilities
        FROM (SELECT dv.id, o.timezone, dv.device_type, dv.position, dv.capabilities::text AS capabilities
              FROM (SELECT DISTINCT unnest(${targets}) AS id) t JOIN devices dv ON dv.id = t.id LEFT JOIN offices o ON o.id = dv.office_id
              ORDER BY dv.id) x`,
  );
  const deviceIds = ints(located?.ids);
  if (!deviceIds.length) return { devices: [], events: [] };
  const memberships = await rows<{ campaign_id: number; devices: number[] }>(
    db,
    sql`SELECT cd.campaign_id, array_agg(cd.device_id) AS devices
        FROM campaign_devices cd JOIN (SELECT DISTINCT unnest(${targets}) AS id) t ON t.id = cd.device_id GROUP BY cd.campaign_id`,
  );
  const members = new Map(memberships.map((row) => [Number(row.campaign_id), new Set(ints(row.devices))]));
  // A few devices (dev2, a playlist commit): only the copies naming one of them travel (tested on the campaigns' rows).
  const few = ids.length <= 100 ? sql`AND devices && ${targets}` : sql``;
  const found = members.size
    ? await rows<Omit<PublishedEventRow, 'devices'> & { devices: string }>(
        db,
        sql`SELECT id, campaign_id, title, media_id, playlist_id, layout_id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(start_time, 'HH24:MI') AS start_time,
              to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(end_time, 'HH24:MI') AS end_time, all_day, duration, weekdays::int[] AS weekdays,
              priority, valid_from, valid_until, array_to_string(devices, ',') AS devices
            FROM published_events WHERE campaign_id = ANY(${idArray([...members.keys()])}) AND end_date >= current_date - 2 ${few}
            ORDER BY id`,
      )
    : [];
  const playing = new Map<number, number[]>(deviceIds.map((id) => [id, []]));
  const events: PublishedEventRow[] = [];
  for (const row of found) {
    const inCampaign = members.get(Number(row.campaign_id))!;
    const id = Number(row.id);
    let used = false;
    for (const device of idText(row.devices)) {
      if (!inCampaign.has(device)) continue;
      const list = playing.get(device);
      if (!list) continue;
      list.push(id);
      used = true;
    }
    if (!used) continue;
    events.push({
      id,
      campaign_id: Number(row.campaign_id),
      title: row.title,
      media_id: row.media_id == null ? null : Number(row.media_id),
      playlist_id: row.playlist_id == null ? null : Number(row.playlist_id),
      layout_id: row.layout_id == null ? null : Number(row.layout_id),
      start_date: row.start_date,
      start_time: row.start_time,
      end_date: row.end_date,
      end_time: row.end_time,
      all_day: row.all_day,
      duration: row.duration == null ? null : Number(row.duration),
      weekdays: ints(row.weekdays),
      priority: Number(row.priority),
      valid_from: row.valid_from ?? null,
      valid_until: row.valid_until ?? null,
    });
  }
  const zones = located!.zones ?? [];
  const types = located!.types ?? [];
  const positions = located!.positions ?? [];
  const capabilities = located!.capabilities ?? [];
  const profileOf = profileMaker();
  return {
    devices: deviceIds.map((id, i) => ({ id, timezone: zones[i] ?? null, events: playing.get(id)!, profile: profileOf(types[i]!, positions[i]!, capabilities[i] ?? null) })),
    events,
  };
}

/**
 * The last committed version of each playlist with its tracks (media id and seconds, in play order), and the
 * playlist's validity (issue 42: epoch ms, null for no bound).
 */
export async function committedPlaylists(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { version: number; tracks: { media: number; duration: number }[]; validFrom: number | null; validUntil: number | null }>> {
  const found = ids.length
    ? await rows<{ id: number; version: number; tracks: { media: number; duration: number }[] | string | null; valid_from_ms: number | null; valid_until_ms: number | null }>(
        db,
        sql`SELECT p.id, p.version, v.tracks, (extract(epoch FROM p.valid_from) * 1000)::float8 AS valid_from_ms, (extract(epoch FROM p.valid_until) * 1000)::float8 AS valid_until_ms
            FROM playlists p LEFT JOIN playlist_versions v ON v.playlist_id = p.id AND v.version = p.version
            WHERE p.id = ANY(${idArray(ids)})`,
      )
    : [];
  const parse = (tracks: unknown) => (typeof tracks === 'string' ? JSON.parse(tracks) : (tracks ?? [])) as { media: number; duration: number }[];
  const ms = (value: number | null) => (value == null ? null : Number(value));
  return new Map(
    found.map((row) => [Number(row.id), { version: Number(row.version), tracks: parse(row.tracks), validFrom: ms(row.valid_from_ms), validUntil: ms(row.valid_until_ms) }]),
  );
}

export interface MediaRow {
  id: number;
  duration: number | null;
  size_bytes: number;
  updated_ms: number;
  sha256: string | null;
  /** Its validity (issue 42): epoch ms, null for no bound. */
  valid_from: number | null;
  valid_until: number | null;
}

export async function mediaRows(db: Db, ids: readonly number[]): Promise<Map<number, MediaRow>> {
  const found = ids.length
    ? await rows<MediaRow>(
        db,
        sql`SELECT id, duration, size_bytes, (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms, sha256,
              (extract(epoch FROM valid_from) * 1000)::float8 AS valid_from, (extract(epoch FROM valid_until) * 1000)::float8 AS valid_until
            FROM media_files WHERE id = ANY(${idArray(ids)})`,
      )
    : [];
  const ms = (value: number | null) => (value == null ? null : Number(value));
  return new Map(
    found.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        duration: row.duration == null ? null : Number(row.duration),
        size_bytes: Number(row.size_bytes),
        updated_ms: Number(row.updated_ms),
        sha256: row.sha256 ?? null,
        valid_from: ms(row.valid_from),
        valid_until: ms(row.valid_until),
      },
    ]),
  );
}

/** One compiled schedule to store. */
export interface CompiledSchedule {
  device: number;
  hash: string;
  validUntil: string;
}

/**
 * Stores compiled schedules in one transaction (one compile at a time: bodies no device points at any more are
 * removed): the new contents, each device's pointer, and a raised schedule_version for each device whose content
 * changed, and what the devices wait for (replaceWaits). A device without a stored schedule counts as one with empty
 * items. Answers the devices that changed.
 *
 * `startedAt` is when the compile began (startCompile), before it read anything; it is stored as `generated_at`. Two
 * compiles of a device may overlap (the compilers of several instances, a publish, dev2, a finished render): a device
 * whose stored schedule comes from a compile that began later is left as it is, with its waits, so a compile that read
 * older inputs never puts them back over newer ones (every change queues or compiles its devices after it is written,
 * so the later compile has read it).
 */
export async function storeSchedules(
  db: Db,
  startedAt: string,
  bodies: ReadonlyMap<string, { timezone: string; items: string; power?: string | null }>,
  compiled: readonly CompiledSchedule[],
  emptyHashes: ReadonlySet<string>,
  waits: readonly Wait[],
  taken: readonly number[] = compiled.map((s) => s.device),
): Promise<number[]> {
  if (!compiled.length) {
    await finishQueued(db, taken, startedAt);
    return [];
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SELECT pg_advisory_xact_lock(74213)`);
    const ids = compiled.map((s) => s.device);
    const stored = await rows<{ device_id: number; body_hash: string; newer: boolean }>(
      t,
      sql`SELECT device_id, body_hash, generated_at > ${startedAt}::timestamptz AS newer FROM device_schedules WHERE device_id = ANY(${idArray(ids)})`,
    );
    const newer = new Set(stored.filter((row) => row.newer).map((row) => Number(row.device_id)));
    const previous = new Map(stored.map((row) => [Number(row.device_id), row.body_hash]));
    const schedules = newer.size ? compiled.filter((s) => !newer.has(s.device)) : compiled;
    const changed = schedules
      .filter((s) => {
        const before = previous.get(s.device);
        return before === undefined ? !emptyHashes.has(s.hash) : before !== s.hash;
      })
      .map((s) => s.device);
    // The rows of the devices whose version this store raises are locked first, in id order, before any queue row: a
    // device edit locks its row and then (trigger queue_schedule_compile) its queue row, so a store that took the queue
    // rows first and the device rows last deadlocked with it on PostgreSQL (the edit answered 500, or the store failed).
    if (changed.length) await t.execute(sql`SELECT id FROM devices WHERE id = ANY(${idArray(changed)}) ORDER BY id FOR NO KEY UPDATE`);
    // The queue rows this compile took go with its store (a device queued again since keeps its row).
    await finishQueued(t, taken, startedAt);
    await replaceWaits(t, schedules.map((s) => s.device), newer.size ? waits.filter((w) => !newer.has(w.device)) : waits);
    // A device that never had a schedule and still has nothing to play stores nothing (dev2 answers it empty, version 0).
    const kept = schedules.filter((s) => previous.has(s.device) || !emptyHashes.has(s.hash));
    const used = new Set(kept.map((s) => s.hash));
    const bodyRecords = [...bodies].filter(([hash]) => used.has(hash)).map(([hash, body]) => ({ hash, timezone: body.timezone, items: body.items, power: body.power ?? null }));
    await t.execute(
      sql`INSERT INTO schedule_bodies (hash, timezone, items, power)
          SELECT x.hash, x.timezone, x.items, x.power FROM json_to_recordset(${JSON.stringify(bodyRecords)}::json) AS x(hash text, timezone text, items text, power text)
          ON CONFLICT (hash) DO NOTHING`,
    );
    // Three array parameters: PGlite reads them faster than 10,000 JSON records.
    await t.execute(
      sql`INSERT INTO device_schedules (device_id, body_hash, generated_at, valid_until)
          SELECT x.device_id, x.body_hash, ${startedAt}::timestamptz, x.valid_until
          FROM unnest(${idArray(kept.map((s) => s.device))}, ${sql.param(kept.map((s) => s.hash))}::text[], ${sql.param(kept.map((s) => s.validUntil))}::timestamptz[])
            AS x(device_id, body_hash, valid_until)
          WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.device_id)
          ON CONFLICT (device_id) DO UPDATE SET body_hash = excluded.body_hash, generated_at = excluded.generated_at, valid_until = excluded.valid_until`,
    );
    if (changed.length) {
      await t.execute(sql`UPDATE devices SET schedule_version = schedule_version + 1 WHERE id = ANY(${idArray(changed)})`);
      // The player caches and the live channel learn of the new versions from the change log: written here in one
      // statement, as the row trigger leaves schedule_version to this function (migrations 0020, 0027).
      await t.execute(sql`INSERT INTO device_changes (device_id, kind) SELECT unnest(${idArray(changed)}), 'schedule'`);
    }
    await t.execute(sql`DELETE FROM schedule_bodies b WHERE NOT EXISTS (SELECT 1 FROM device_schedules s WHERE s.body_hash = b.hash)`);
    return changed;
  });
}

/** What dev2 needs about a device, in one read (see storedSchedule). */
export interface StoredSchedule {
  version: number;
  /** The owning company (of the device's office; null without one): the reader's scope is checked against it. */
  companyId: number | null;
  officeTimezone: string | null;
  timezone: string | null;
  generatedAt: string | null;
  validUntil: string | null;
  hash: string | null;
  /** dev2's `power` as JSON text (the on spans of the window), null: always on or nothing stored (issue 41). */
  power: string | null;
  queued: boolean;
  /** Queued and taken by a compile that is under way (begun less than ABANDONED_COMPILE_MINUTES ago). */
  taken: boolean;
  /** The items' JSON text, read in the same statement as the rest (only when asked for; null when nothing is stored). */
  items?: string | null;
}

/**
/**
 * The stored schedules of devices as dev2 answers them: each one's version, owning company, zones, times and the hash
 * of its items (null when nothing is stored), and whether it waits in the compile queue; unknown devices are left out.
 * One indexed read by primary keys for many devices: dev2's whole database cost when the items are cached, shared by
 * the requests that arrive together (a publish or an override sends every screen for its schedule at once). `withItems`
 * reads the items too, consistent with the version (what dev2 answers when the items of the hash it read first are gone
 * meanwhile).
 */
export async function storedSchedules(db: Db, deviceIds: readonly number[], withItems = false): Promise<Map<number, StoredSchedule>> {
  if (!deviceIds.length) return new Map();
  const found = await rows<{ id: number; version: number; company_id: number | null; office_timezone: string | null; timezone: string | null; generated_at: string | null; valid_until: string | null; hash: string | null; power: string | null; queued: boolean; taken: boolean; items?: string | null }>(
    db,
    sql`SELECT d.id, d.schedule_version AS version, o.company_id, o.timezone AS office_timezone, b.timezone, ${isoText(sql`s.generated_at`)} AS generated_at,
          ${isoText(sql`s.valid_until`)} AS valid_until, s.body_hash AS hash, b.power, q.device_id IS NOT NULL AS queued,
          COALESCE(q.taken_at > now() - make_interval(mins => ${ABANDONED_COMPILE_MINUTES}), false) AS taken${withItems ? sql`, b.items` : sql``}
        FROM devices d
        LEFT JOIN offices o ON o.id = d.office_id
        LEFT JOIN device_schedules s ON s.device_id = d.id
        LEFT JOIN schedule_bodies b ON b.hash = s.body_hash
        LEFT JOIN schedule_dirty q ON q.device_id = d.id AND (q.retry_at IS NULL OR q.retry_at <= now())
        WHERE d.id = ANY(${idArray(deviceIds)})`,
  );
  return new Map(
    found.map((row) => [
      Number(row.id),
      {
        version: Number(row.version),
        companyId: row.company_id == null ? null : Number(row.company_id),
        officeTimezone: row.office_timezone,
        timezone: row.timezone,
        generatedAt: row.generated_at,
        validUntil: row.valid_until,
        hash: row.hash,
        power: row.power ?? null,
        queued: row.queued,
        taken: row.taken,
        ...(withItems ? { items: row.items ?? null } : {}),
      },
    ]),
  );
}

/** One device's stored schedule (see storedSchedules); undefined for an unknown device. */
export async function storedSchedule(db: Db, deviceId: number, withItems = false): Promise<StoredSchedule | undefined> {
  return (await storedSchedules(db, [deviceId], withItems)).get(deviceId);
}

/** What the timeline needs of each device's stored schedule: its version, zone and items' hash (null: nothing stored). */
export interface StoredPointer {
  version: number;
  timezone: string | null;
  hash: string | null;
}

/** The stored schedules of many devices in one read (devices not found are left out). Queued devices are not compiled here. */
export async function storedPointers(db: Db, ids: readonly number[]): Promise<Map<number, StoredPointer>> {
  if (!ids.length) return new Map();
  const found = await rows<{ id: number; version: number; office_timezone: string | null; timezone: string | null; hash: string | null }>(
    db,
    sql`SELECT d.id, d.schedule_version AS version, o.timezone AS office_timezone, b.timezone, s.body_hash AS hash
        FROM devices d
        LEFT JOIN offices o ON o.id = d.office_id
        LEFT JOIN device_schedules s ON s.device_id = d.id
        LEFT JOIN schedule_bodies b ON b.hash = s.body_hash
        WHERE d.id = ANY(${idArray(ids)})`,
  );
  return new Map(found.map((row) => [Number(row.id), { version: Number(row.version), timezone: row.timezone ?? row.office_timezone, hash: row.hash }]));
}

/** The items' JSON text stored under a hash (undefined when no device points at it any more). */
export async function scheduleItems(db: Db, hash: string): Promise<string | undefined> {
  const [row] = await rows<{ items: string }>(db, sql`SELECT items FROM schedule_bodies WHERE hash = ${hash}`);
  return row?.items;
}

/** A row a compile took and never stored (its instance stopped) is taken again after this. */
export const ABANDONED_COMPILE_MINUTES = 5;

/**
 * Takes up to `limit` queued devices for a compile: rows no compile holds (or one that never finished) and not waiting
 * out a failure. Rows stay in the queue, marked taken (other compilers skip them; rows they lock are skipped too) until
 * the compile's store deletes them (storeSchedules).
 */
export async function takeDirty(db: Db, limit: number): Promise<number[]> {
  const found = await rows<{ device_id: number }>(
    db,
    sql`UPDATE schedule_dirty SET taken_at = clock_timestamp() WHERE device_id IN (
          SELECT device_id FROM schedule_dirty
          WHERE (taken_at IS NULL OR taken_at < now() - make_interval(mins => ${ABANDONED_COMPILE_MINUTES})) AND (retry_at IS NULL OR retry_at <= now())
          ORDER BY device_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING device_id`,
  );
  return found.map((row) => Number(row.device_id)).sort((a, b) => a - b);
}

/** Whether a device waits in the compile queue, taken or not, and is not waiting out a failure (dev2 then compiles it). */
export async function isQueued(db: Db, deviceId: number): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM schedule_dirty WHERE device_id = ${deviceId} AND (retry_at IS NULL OR retry_at <= now())`)).length > 0;
}

/**
 * Starts a compile of `ids`: marks their queue rows taken by it (a change after this point queues them again, REQUEUE)
 * and answers the database's clock at that moment (ISO 8601, microseconds), before the compile reads anything (see
 * storeSchedules, which deletes the rows this compile took).
 */
export async function startCompile(db: Db, ids: readonly number[]): Promise<string> {
  const [row] = await rows<{ at: string }>(
    db,
    sql`WITH clock AS (SELECT date_trunc('microseconds', clock_timestamp()) AS at),
          taken AS (UPDATE schedule_dirty SET taken_at = (SELECT at FROM clock) WHERE device_id = ANY(${idArray(ids)}))
        SELECT to_char((SELECT at FROM clock) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
  );
  return row!.at;
}

/**
 * Deletes the queue rows of `ids` that a compile begun at `startedAt` (or earlier) took and nothing queued again since,
 * and writes the `override` notice each of those rows owes (migration 0049: queued by an override's start, clear or end)
 * to the device change log, in the caller's transaction: the notice follows the compile that changed the schedule.
 */
export async function finishQueued(db: Db, ids: readonly number[], startedAt: string): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`WITH done AS (DELETE FROM schedule_dirty WHERE device_id = ANY(${idArray(ids)}) AND taken_at <= ${startedAt}::timestamptz RETURNING device_id, override_notice)
        INSERT INTO device_changes (device_id, kind) SELECT device_id, 'override' FROM done WHERE override_notice ORDER BY device_id`,
  );
}

/** The first wait after a failed compile; each further failure doubles it, up to COMPILE_RETRY_MAX_SECONDS. */
export const COMPILE_RETRY_SECONDS = 5;
export const COMPILE_RETRY_MAX_SECONDS = 600;

/**
 * Puts devices whose compile failed back in the queue, to be tried again after a wait that doubles with each failure
 * (5 s, 10 s, ... 10 minutes); the other queued devices go on meanwhile. A change to one of them queues it at once.
 */
export async function queueFailed(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`INSERT INTO schedule_dirty (device_id, failures, retry_at)
        SELECT DISTINCT unnest(${idArray(ids)}), 1, clock_timestamp() + make_interval(secs => ${COMPILE_RETRY_SECONDS})
        ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, failures = schedule_dirty.failures + 1,
          retry_at = clock_timestamp() + make_interval(secs => least(${COMPILE_RETRY_MAX_SECONDS}, ${COMPILE_RETRY_SECONDS} * power(2, least(schedule_dirty.failures, 20))))`,
  );
}

/** Queues devices for compiling (a committed playlist changed under them, the daily roll of the window). */
export async function queueDirty(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.execute(sql`INSERT INTO schedule_dirty (device_id) SELECT DISTINCT unnest(${idArray(ids)}) ${REQUEUE}`);
}

/** The NOTIFY channel that wakes the schedule compilers of every instance (a request queued devices for them). */
export const SCHEDULE_QUEUE_CHANNEL = 'vitrine_schedule_queue';

/**
 * Queues devices whose override started, was cleared or ended (issue 35.20): each row owes its device an `override`
 * notice, written by the store that finishes it (finishQueued), and is queued afresh even when a compile holds it (that
 * compile may have read before the change). `wake`: wakes the compilers of every instance (NOTIFY, sent at commit).
 */
export async function queueOverrideDevices(db: Db, ids: readonly number[], wake = true): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`INSERT INTO schedule_dirty (device_id, override_notice) SELECT DISTINCT unnest(${idArray(ids)}), true
        ON CONFLICT (device_id) DO UPDATE SET override_notice = true, taken_at = NULL, retry_at = NULL, queued_at = now()`,
  );
  if (wake) await wakeScheduleCompilers(db);
}

/** Wakes the schedule compilers of every instance (sent at the commit of the caller's transaction, if any). */
export async function wakeScheduleCompilers(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${SCHEDULE_QUEUE_CHANNEL}, '')`);
}

/** Devices whose stored schedule was compiled before `hoursAgo` hours ago (the window moves on each day). */
export async function staleSchedules(db: Db, hoursAgo: number, limit: number): Promise<number[]> {
  const found = await rows<{ device_id: number }>(
    db,
    sql`SELECT device_id FROM device_schedules WHERE generated_at < now() - make_interval(hours => ${hoursAgo}) ORDER BY generated_at LIMIT ${limit}`,
  );
  return found.map((row) => Number(row.device_id));
}
