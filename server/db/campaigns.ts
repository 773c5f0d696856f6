import { sql, type SQL } from 'drizzle-orm';
import type { Campaign, CampaignListQuery } from '../../src/services/schemas/campaigns.ts';
import type { DevicePosition } from '../../src/services/schemas/devices.ts';
import { likePattern } from '../domain/devices.ts';
import { isoText, onlineSince } from './devices.ts';
import { settleEventEnds } from './eventEnds.ts';
import type { Db } from './index.ts';
import { inCompanies } from '../domain/scope.ts';

/* Campaigns, their devices and the events table (migration 0010_campaigns.sql). Plain SQL: most of it is counting. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A list of ids as one array parameter (ids are integers, so the literal needs no escaping). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * An event has ended once its last occurrence has ended in the zone of each of its devices: `events.ends_at`, written
 * by the scheduler's own rule (lastOccurrenceEnd in server/domain/occurrences.ts, through server/db/eventEnds.ts, which
 * the reads below run first). Not computed yet (an edit racing the read): not ended.
 */
const eventEnded = sql.raw(`ev.ends_at <= now()`);

/** Each campaign with its device and event counters, as the API writes it. */
const campaignSelect = sql`
  SELECT c.id, c.name, c.screen_position, c.company_id AS company,
    COALESCE(d.active, 0)::int AS active_devices,
    COALESCE(d.deactivated, 0)::int AS deactivated_devices,
    COALESCE(e.total, 0)::int AS events_count,
    COALESCE(e.total > 0 AND e.ended = e.total, false) AS expired,
    -- An event deleted since the last publish leaves its published copy (screens play it) until the next publish.
    (COALESCE(e.unpublished > 0, false)
      OR EXISTS (SELECT 1 FROM published_events pe WHERE pe.campaign_id = c.id AND NOT EXISTS (SELECT 1 FROM events ev WHERE ev.id = pe.id))) AS has_unpublished,
    ${isoText(sql`c.published_at`)} AS published_at,
    -- Screens of the campaign waiting for a render of one of its files (issue 24, server/db/renditions.ts).
    (SELECT count(DISTINCT w.device_id) FROM device_waits w WHERE w.campaign_id = c.id AND w.reason = 'rendering')::int AS waiting_renders,
    ${isoText(sql`c.created_at`)} AS created_at,
    ${isoText(sql`c.updated_at`)} AS updated_at
  FROM campaigns c
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE dv.is_active) AS active, count(*) FILTER (WHERE NOT dv.is_active) AS deactivated
    FROM campaign_devices cd JOIN devices dv ON dv.id = cd.device_id
    WHERE cd.campaign_id = c.id
  ) d ON true
  LEFT JOIN LATERAL (
    SELECT count(*) AS total, count(*) FILTER (WHERE ${eventEnded}) AS ended, count(*) FILTER (WHERE NOT ev.published) AS unpublished
    FROM events ev WHERE ev.campaign_id = c.id
  ) e ON true`;

const STATUS_CONDITION: Record<NonNullable<CampaignListQuery['status']>, string> = {
  active: 'x.events_count > 0 AND NOT x.expired',
  expired: 'x.expired',
  no_events: 'x.events_count = 0',
  unpublished: 'x.has_unpublished',
};

/** A page of campaigns, newest first, with the total of the filter. */
export async function listCampaigns(
  db: Db,
  filter: CampaignListQuery & { companies?: readonly number[] | null },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: Campaign[] }> {
  await settleEventEnds(db);
  const base: SQL[] = [];
  if (filter.companies) base.push(inCompanies(sql`c.company_id`, filter.companies));
  if (filter.search?.trim()) base.push(sql`lower(c.name) LIKE lower(${likePattern(filter.search.trim())})`);
  if (filter.screen_position) base.push(sql`c.screen_position = ${filter.screen_position}`);
  const where = base.length ? sql`WHERE ${sql.join(base, sql` AND `)}` : sql``;
  const outer = filter.status ? sql.raw(`WHERE ${STATUS_CONDITION[filter.status]}`) : sql``;
  const found = await rows<Campaign & { total: number }>(
    db,
    sql`SELECT x.*, count(*) OVER ()::int AS total FROM (${campaignSelect} ${where}) x ${outer} ORDER BY x.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  if (found.length || offset === 0) return { total: found[0]?.total ?? 0, rows: found.map(({ total: _total, ...row }) => row) };
  const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${campaignSelect} ${where}) x ${outer}`);
  return { total: Number(counted?.total ?? 0), rows: [] };
}

export async function findCampaign(db: Db, id: number): Promise<Campaign | undefined> {
  await settleEventEnds(db, id);
  const [row] = await rows<Campaign>(db, sql`${campaignSelect} WHERE c.id = ${id}`);
  return row;
}

export async function insertCampaign(db: Db, values: { name: string; screenPosition: DevicePosition; companyId?: number | null }): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO campaigns (name, screen_position, company_id) VALUES (${values.name}, ${values.screenPosition}, ${values.companyId ?? null}) RETURNING id`,
  );
  return row!.id;
}

export type CampaignUpdateOutcome = 'updated' | 'not_found' | 'has_devices';

/** Renames and/or moves a campaign to another screen position; the position stays while the campaign has devices. */
export async function updateCampaign(db: Db, id: number, patch: { name?: string; screenPosition?: DevicePosition }): Promise<CampaignUpdateOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await rows<{ screen_position: string }>(tx as unknown as Db, sql`SELECT screen_position FROM campaigns WHERE id = ${id} FOR UPDATE`);
    if (!current) return 'not_found';
    if (patch.screenPosition && patch.screenPosition !== current.screen_position) {
      const [member] = await rows(tx as unknown as Db, sql`SELECT 1 FROM campaign_devices WHERE campaign_id = ${id} LIMIT 1`);
      if (member) return 'has_devices';
    }
    await tx.execute(sql`
      UPDATE campaigns SET name = COALESCE(${patch.name ?? null}, name), screen_position = COALESCE(${patch.screenPosition ?? null}, screen_position), updated_at = now()
      WHERE id = ${id}`);
    return 'updated';
  });
}

/** Deletes a campaign with its events; its devices are freed (the links go, the devices stay). */
export async function deleteCampaign(db: Db, id: number): Promise<boolean> {
  const deleted = await rows(db, sql`DELETE FROM campaigns WHERE id = ${id} RETURNING id`);
  return deleted.length > 0;
}

/** Whether a device takes part in a campaign of another screen position than `position` (which would break the rule). */
export async function inCampaignOfOtherPosition(db: Db, deviceId: number, position: DevicePosition): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`SELECT 1 FROM campaign_devices cd JOIN campaigns c ON c.id = cd.campaign_id WHERE cd.device_id = ${deviceId} AND cd.picked AND c.screen_position <> ${position} LIMIT 1`,
  );
  return row !== undefined;
}

/** How many screens take part in the campaign now, and how many of them only through its smart groups. */
export async function campaignScreens(db: Db, id: number): Promise<{ screens: number; via_smart_groups: number }> {
  const [row] = await rows<{ screens: number; via: number }>(
    db,
    sql`SELECT count(*)::int AS screens, count(*) FILTER (WHERE NOT picked)::int AS via FROM campaign_devices WHERE campaign_id = ${id}`,
  );
  return { screens: Number(row?.screens ?? 0), via_smart_groups: Number(row?.via ?? 0) };
}

/** For the devices among `ids` that take part in the campaign: whether picked by hand and the smart groups they came through. */
export async function campaignDeviceSources(db: Db, id: number, ids: readonly number[]): Promise<Record<string, { picked: boolean; groups: number[] }>> {
  if (!ids.length) return {};
  const found = await rows<{ device_id: number; picked: boolean; via_groups: number[] | string }>(
    db,
    sql`SELECT device_id, picked, via_groups FROM campaign_devices WHERE campaign_id = ${id} AND device_id = ANY(${idArray(ids)})`,
  );
  return Object.fromEntries(found.map((row) => [String(row.device_id), { picked: row.picked, groups: intArray(row.via_groups) }]));
}

/** The campaign's owning company: undefined when the campaign does not exist, null when it belongs to no company. */
export async function campaignCompany(db: Db, id: number): Promise<number | null | undefined> {
  const [row] = await rows<{ company_id: number | null }>(db, sql`SELECT company_id FROM campaigns WHERE id = ${id}`);
  return row ? (row.company_id === null ? null : Number(row.company_id)) : undefined;
}

export async function campaignPosition(db: Db, id: number): Promise<DevicePosition | undefined> {
  const [row] = await rows<{ screen_position: DevicePosition }>(db, sql`SELECT screen_position FROM campaigns WHERE id = ${id}`);
  return row?.screen_position;
}

/**
 * What the campaign devices page needs before its pages, in one statement: the campaign's screen position, how many
 * devices take part (one walk of the campaign's part of the link table's primary key, much cheaper than counting devices
 * through the link), with `withIds` every participating id in id order, and with `withAvailable` how many it could still
 * take: the devices of its position less its own, which all share its position (saves, multiply and device edits keep
 * it so), two index counts instead of an anti-join. Undefined when the campaign does not exist.
 */
export async function campaignDeviceCounts(
  db: Db,
  id: number,
  options: { withIds: boolean; withAvailable: boolean },
): Promise<{ position: DevicePosition; participating: number; available: number | null; ids: number[] | null } | undefined> {
  const ids = options.withIds ? sql`(SELECT COALESCE(string_agg(device_id::text, ',' ORDER BY device_id), '') FROM campaign_devices WHERE campaign_id = c.id)` : sql`NULL`;
  const available = options.withAvailable
    ? sql`(SELECT count(*) FROM devices WHERE position_rank = CASE c.screen_position WHEN 'horizontal' THEN 0 WHEN 'vertical' THEN 1 ELSE 2 END)::int`
    : sql`NULL`;
  const [row] = await rows<{ position: DevicePosition; participating: number; at_position: number | null; ids: string | null }>(
    db,
    sql`SELECT c.screen_position AS position, (SELECT count(*) FROM campaign_devices WHERE campaign_id = c.id)::int AS participating,
          ${available} AS at_position, ${ids} AS ids
        FROM campaigns c WHERE c.id = ${id}`,
  );
  if (!row) return undefined;
  const participating = Number(row.participating);
  return {
    position: row.position,
    participating,
    available: row.at_position === null ? null : Math.max(0, Number(row.at_position) - participating),
    ids: row.ids === null ? null : row.ids ? row.ids.split(',').map(Number) : [],
  };
}

export type SaveDevicesOutcome =
  | { ok: true; devices: number; added: number; removed: number }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'unknown_devices'; ids: number[] }
  | { ok: false; reason: 'position_mismatch'; ids: number[] };

/**
 * Replaces the participating set in one transaction: every device must exist and share the campaign's position, or
 * nothing changes. Devices that leave also leave the campaign's events.
 */
export async function saveCampaignDevices(db: Db, id: number, deviceIds: readonly number[]): Promise<SaveDevicesOutcome> {
  const ids = [...new Set(deviceIds)];
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [campaign] = await rows<{ screen_position: string }>(t, sql`SELECT screen_position FROM campaigns WHERE id = ${id} FOR UPDATE`);
    if (!campaign) return { ok: false, reason: 'not_found' };
    if (ids.length) {
      const [check] = await rows<{ found: number; mismatched: number[] | string | null }>(
        t,
        sql`SELECT count(*)::int AS found, (array_agg(id ORDER BY id) FILTER (WHERE position <> ${campaign.screen_position}))[1:50] AS mismatched
            FROM devices WHERE id = ANY(${idArray(ids)})`,
      );
      if (check!.found < ids.length) {
        const known = await rows<{ id: number }>(t, sql`SELECT id FROM devices WHERE id = ANY(${idArray(ids)})`);
        const present = new Set(known.map((row) => Number(row.id)));
        return { ok: false, reason: 'unknown_devices', ids: ids.filter((device) => !present.has(device)).slice(0, 50) };
      }
      const mismatched = intArray(check!.mismatched);
      if (mismatched.length) return { ok: false, reason: 'position_mismatch', ids: mismatched };
    }
    // A device left out that still comes through a smart group stays, no longer picked (server/db/smartGroups.ts). One
    // listed that takes part through a group only stays so: the devices page saves every participating device it shows,
    // and a group's members follow its rule, not the last save.
    await t.execute(sql`UPDATE campaign_devices SET picked = false WHERE campaign_id = ${id} AND picked AND via_groups <> '{}' AND NOT (device_id = ANY(${idArray(ids)}))`);
    const [removed] = await rows<{ n: number }>(
      t,
      sql`WITH gone AS (DELETE FROM campaign_devices WHERE campaign_id = ${id} AND via_groups = '{}' AND NOT (device_id = ANY(${idArray(ids)})) RETURNING device_id)
          SELECT count(*)::int AS n FROM gone`,
    );
    if (removed!.n > 0) {
      await t.execute(sql`
        DELETE FROM event_devices ed USING events ev
        WHERE ed.event_id = ev.id AND ev.campaign_id = ${id}
          AND NOT EXISTS (SELECT 1 FROM campaign_devices cd WHERE cd.campaign_id = ${id} AND cd.device_id = ed.device_id)`);
      // The events' remaining devices may lie in other zones: their ends are computed again (server/db/eventEnds.ts).
      await t.execute(sql`UPDATE events SET ends_at = NULL WHERE campaign_id = ${id} AND ends_at IS NOT NULL`);
    }
    const [added] = await rows<{ n: number }>(
      t,
      sql`WITH fresh AS (
            INSERT INTO campaign_devices (campaign_id, device_id) SELECT ${id}, unnest(${idArray(ids)}) ON CONFLICT DO NOTHING RETURNING 1
          ) SELECT count(*)::int AS n FROM fresh`,
    );
    await t.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${id}`);
    return { ok: true, devices: ids.length, added: added!.n, removed: removed!.n };
  });
}

/** How many links a save or multiply may change before the planner's statistics of the link table are refreshed. */
const REANALYZE_AFTER = 1000;

/**
 * Refreshes the planner's statistics of the link table after a large change, behind the answer. PGlite has no
 * autovacuum: a campaign's devices page planned on the statistics of an empty table walked far more rows (about
 * 40 ms instead of 10 ms for a campaign of 5,000 devices).
 */
export function analyzeAfterLargeChange(db: Db, changed: number, onError: (error: unknown) => void): void {
  if (changed >= REANALYZE_AFTER) void db.execute(sql`ANALYZE campaign_devices`).catch(onError);
}

/** A PostgreSQL integer array as node-postgres ([1, 2]) or PGlite ('{1,2}' or [1, 2]) hands it back. */
function intArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/[{}]/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

export type MultiplyOutcome =
  | { ok: true; results: { campaign: number; name: string; added: number; devices: number }[] }
  | { ok: false; reason: 'not_found'; ids: number[] }
  | { ok: false; reason: 'same_campaign' }
  | { ok: false; reason: 'position_mismatch'; ids: number[] };

/** Copies a campaign's devices into each target campaign of its position (devices already there stay), in one transaction. */
export async function multiplyCampaign(db: Db, id: number, targetIds: readonly number[]): Promise<MultiplyOutcome> {
  const targets = [...new Set(targetIds)];
  if (targets.includes(id)) return { ok: false, reason: 'same_campaign' };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const locked = await rows<{ id: number; name: string; screen_position: string }>(
      t,
      sql`SELECT id, name, screen_position FROM campaigns WHERE id = ANY(${idArray([id, ...targets])}) ORDER BY id FOR UPDATE`,
    );
    const byId = new Map(locked.map((row) => [Number(row.id), row]));
    const source = byId.get(id);
    if (!source) return { ok: false, reason: 'not_found', ids: [id] };
    const missing = targets.filter((target) => !byId.has(target));
    if (missing.length) return { ok: false, reason: 'not_found', ids: missing };
    const mismatched = targets.filter((target) => byId.get(target)!.screen_position !== source.screen_position);
    if (mismatched.length) return { ok: false, reason: 'position_mismatch', ids: mismatched };
    const results = [];
    for (const target of targets) {
      const [added] = await rows<{ n: number }>(
        t,
        sql`WITH fresh AS (
              INSERT INTO campaign_devices (campaign_id, device_id)
              SELECT ${target}, device_id FROM campaign_devices WHERE campaign_id = ${id}
              ON CONFLICT DO NOTHING RETURNING 1
            ) SELECT count(*)::int AS n FROM fresh`,
      );
      const [total] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM campaign_devices WHERE campaign_id = ${target}`);
      if (added!.n > 0) await t.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${target}`);
      results.push({ campaign: target, name: byId.get(target)!.name, added: added!.n, devices: total!.n });
    }
    return { ok: true, results };
  });
}

export interface MatchedDevice {
  id: number;
  sn: string;
  mac: string | null;
  name: string;
  office_name: string | null;
  status: string;
  position: string;
}

/**
 * Spreadsheet values to devices: each value names a device by serial number or (normalised) MAC address. Answers the
 * device each value named (or null), in value order. One scan of the devices with both lists hashed finds them, and the
 * database hands them over as one JSON text: joining value by value took about 0.5 s for 10,000 values, and turning
 * 10,000 result rows into objects cost PGlite more than the query.
 */
export async function matchDevices(db: Db, serials: string[], macs: string[]): Promise<(MatchedDevice | null)[]> {
  const [row] = await rows<{ json: string }>(
    db,
    sql`SELECT COALESCE(json_agg(json_build_object(
          'id', d.id, 'sn', d.sn, 'mac', d.mac, 'name', d.name, 'office_name', o.name, 'position', d.position,
          'status', CASE WHEN NOT d.is_active THEN 'disabled'
                         WHEN d.last_connection > ${onlineSince} AND d.signed_off_at IS NULL THEN 'online' ELSE 'offline' END
        ))::text, '[]') AS json
        FROM devices d LEFT JOIN offices o ON o.id = d.office_id
        WHERE d.sn IN (SELECT json_array_elements_text(${JSON.stringify([...new Set(serials)])}::json))
           OR d.mac IN (SELECT json_array_elements_text(${JSON.stringify([...new Set(macs)])}::json))`,
  );
  const found = JSON.parse(row!.json) as MatchedDevice[];
  const bySerial = new Map<string, MatchedDevice>();
  const byMac = new Map<string, MatchedDevice>();
  for (const device of found) {
    bySerial.set(device.sn, device);
    if (device.mac) byMac.set(device.mac, device);
  }
  return serials.map((serial, i) => bySerial.get(serial) ?? byMac.get(macs[i]!) ?? null);
}

export interface EventInsert {
  campaignId: number;
  title: string;
  mediaId?: number | null;
  playlistId?: number | null;
  startDate: string;
  startTime?: string | null;
  endDate: string;
  endTime?: string | null;
  allDay?: boolean;
  color?: string;
  duration?: number | null;
  weekdays?: number[];
  published?: boolean;
  priority?: number;
  devices?: number[];
}

/** Inserts an event with its devices (the scheduler's routes build on this; tests use it until they exist). */
export async function insertEvent(db: Db, event: EventInsert): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO events (campaign_id, title, media_id, playlist_id, start_date, start_time, end_date, end_time, all_day, color, duration, weekdays, published, priority)
          VALUES (${event.campaignId}, ${event.title}, ${event.mediaId ?? null}, ${event.playlistId ?? null}, ${event.startDate}, ${event.startTime ?? null},
                  ${event.endDate}, ${event.endTime ?? null}, ${event.allDay ?? false}, ${event.color ?? '#3788d8'}, ${event.duration ?? null},
                  ${`{${(event.weekdays ?? []).join(',')}}`}::smallint[], ${event.published ?? false}, ${event.priority ?? 0})
          RETURNING id`,
    );
    const id = Number(row!.id);
    if (event.devices?.length) {
      await t.execute(sql`INSERT INTO event_devices (event_id, device_id) SELECT ${id}, unnest(${idArray(event.devices)})`);
    }
    return id;
  });
}

export interface ReportRow {
  sn: string;
  name: string;
  office: string | null;
  day: string;
  events: number;
  titles: string;
  minutes: number;
}

/**
 * Per device and day of the period: the campaign's events that occur on it (their period, and their weekdays when they
 * repeat weekly) and their planned minutes (an all-day event counts the whole day; an end before the start runs past
 * midnight). Days without events are left out.
 */
export async function campaignReport(db: Db, id: number, from: string, to: string, companies: readonly number[] | null = null): Promise<ReportRow[]> {
  return rows<ReportRow>(
    db,
    sql`WITH days AS (SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d),
        occurrences AS (
          SELECT ed.device_id, days.day, ev.title,
            CASE WHEN ev.all_day OR ev.start_time IS NULL OR ev.end_time IS NULL THEN 1440
                 ELSE (extract(epoch FROM (ev.end_time - ev.start_time)) / 60)::int + CASE WHEN ev.end_time <= ev.start_time THEN 1440 ELSE 0 END
            END AS minutes
          FROM events ev
          JOIN event_devices ed ON ed.event_id = ev.id
          JOIN days ON days.day BETWEEN ev.start_date AND ev.end_date
            AND (cardinality(ev.weekdays) = 0 OR extract(isodow FROM days.day)::smallint = ANY(ev.weekdays))
          WHERE ev.campaign_id = ${id}
        )
        SELECT d.sn, d.name, o.name AS office, to_char(oc.day, 'YYYY-MM-DD') AS day, count(*)::int AS events,
          string_agg(oc.title, ', ' ORDER BY oc.title) AS titles, sum(oc.minutes)::int AS minutes
        FROM occurrences oc
        JOIN devices d ON d.id = oc.device_id
        LEFT JOIN offices o ON o.id = d.office_id
        WHERE ${inCompanies(sql`o.company_id`, companies)}
        GROUP BY d.id, d.sn, d.name, o.name, oc.day
        ORDER BY d.sn, oc.day`,
  );
}

/** Campaigns and events that show a media file (media details and the delete check). */
export async function mediaUsageOfCampaigns(db: Db, mediaId: number): Promise<{ campaigns: { id: number; name: string }[]; events: { id: number; name: string }[] }> {
  const found = await rows<{ event_id: number; title: string; campaign_id: number; campaign_name: string }>(
    db,
    sql`SELECT ev.id AS event_id, ev.title, c.id AS campaign_id, c.name AS campaign_name
        FROM events ev JOIN campaigns c ON c.id = ev.campaign_id WHERE ev.media_id = ${mediaId} ORDER BY c.id, ev.id`,
  );
  const campaigns = new Map<number, string>();
  for (const row of found) campaigns.set(Number(row.campaign_id), row.campaign_name);
  return {
    campaigns: [...campaigns].map(([id, name]) => ({ id, name })),
    events: found.map((row) => ({ id: Number(row.event_id), name: row.title })),
  };
}
