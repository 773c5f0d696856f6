import { sql, type SQL } from 'drizzle-orm';
import type { Override, OverrideTargetKind } from '../../src/services/schemas/overrides.ts';
import { idArray } from './events.ts';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';

/* Emergency overrides (migration 0028): stored as chosen, resolved to devices at each compile. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const ints = (value: unknown): number[] =>
  value == null ? [] : Array.isArray(value) ? value.map(Number) : String(value).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
const idOrNull = (value: unknown) => (value == null ? null : Number(value));

/** Not cleared, not past its end (nor settled after it). */
const RUNNING = sql`ov.cleared_at IS NULL AND NOT ov.settled AND (ov.ends_at IS NULL OR ov.ends_at > now())`;

/** The company of each target found (a device outside any office: null). Targets absent are left out. */
export async function targetCompanies(db: Db, kind: OverrideTargetKind, ids: readonly number[]): Promise<Map<number, number | null>> {
  const list = idArray([...new Set(ids)]);
  const query =
    kind === 'devices'
      ? sql`SELECT d.id, o.company_id FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${list})`
      : kind === 'offices'
        ? sql`SELECT id, company_id FROM offices WHERE id = ANY(${list})`
        : sql`SELECT id, id AS company_id FROM companies WHERE id = ANY(${list})`;
  const found = await rows<{ id: number; company_id: number | null }>(db, query);
  return new Map(found.map((row) => [Number(row.id), idOrNull(row.company_id)]));
}

/** The last committed version of a playlist (0: never committed); undefined when absent. */
export async function playlistVersion(db: Db, id: number): Promise<{ version: number; companyId: number | null } | undefined> {
  const [row] = await rows<{ version: number; company_id: number | null }>(db, sql`SELECT version, company_id FROM playlists WHERE id = ${id}`);
  return row ? { version: Number(row.version), companyId: idOrNull(row.company_id) } : undefined;
}

/** The last committed version of a layout (0: never committed); undefined when absent. */
export async function layoutVersionOf(db: Db, id: number): Promise<{ version: number; companyId: number | null } | undefined> {
  const [row] = await rows<{ version: number; company_id: number | null }>(db, sql`SELECT version, company_id FROM layouts WHERE id = ${id}`);
  return row ? { version: Number(row.version), companyId: idOrNull(row.company_id) } : undefined;
}

export interface OverrideInsert {
  companyId: number | null;
  kind: OverrideTargetKind;
  ids: readonly number[];
  mediaId: number | null;
  playlistId: number | null;
  layoutId: number | null;
  endsAt: string | null;
  userId: number;
}

export async function insertOverride(db: Db, values: OverrideInsert): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO overrides (company_id, target_kind, target_ids, media_id, playlist_id, layout_id, ends_at, created_by)
        VALUES (${values.companyId}, ${values.kind}, ${idArray([...new Set(values.ids)])}, ${values.mediaId}, ${values.playlistId}, ${values.layoutId},
                ${values.endsAt}::timestamptz, ${values.userId})
        RETURNING id`,
  );
  return Number(row!.id);
}

/** Clears a running override: true when it was running (a cleared or ended one is left as it is). */
export async function clearOverride(db: Db, id: number, userId: number): Promise<boolean> {
  const found = await rows(db, sql`UPDATE overrides ov SET cleared_at = now(), cleared_by = ${userId} WHERE ov.id = ${id} AND ${RUNNING} RETURNING ov.id`);
  return found.length > 0;
}

/** The devices an override reaches now (its targets resolved). */
export async function overrideDevices(db: Db, id: number): Promise<number[]> {
  const [ov] = await rows<{ target_kind: OverrideTargetKind; target_ids: number[] }>(db, sql`SELECT target_kind, target_ids FROM overrides WHERE id = ${id}`);
  if (!ov) return [];
  const ids = idArray(ints(ov.target_ids));
  const query =
    ov.target_kind === 'devices'
      ? sql`SELECT id FROM devices WHERE id = ANY(${ids}) ORDER BY id`
      : ov.target_kind === 'offices'
        ? sql`SELECT id FROM devices WHERE office_id = ANY(${ids}) ORDER BY id`
        : sql`SELECT d.id FROM devices d JOIN offices o ON o.id = d.office_id WHERE o.company_id = ANY(${ids}) ORDER BY d.id`;
  return (await rows<{ id: number }>(db, query)).map((row) => Number(row.id));
}

/** A running override as compiles read it. */
export interface RunningOverride {
  id: number;
  mediaId: number | null;
  playlistId: number | null;
  layoutId: number | null;
  /** ISO instants. */
  startsAt: string;
  endsAt: string | null;
  title: string;
}

/**
 * The running override of each of `deviceIds` that one reaches (the newest wins where several do). One small read
 * when none runs (the usual case); otherwise one more for the devices' offices and companies.
 */
export async function runningOverridesFor(db: Db, deviceIds: readonly number[]): Promise<Map<number, RunningOverride>> {
  const running = await rows<{
    id: number;
    target_kind: OverrideTargetKind;
    target_ids: number[];
    media_id: number | null;
    playlist_id: number | null;
    layout_id: number | null;
    starts_at: string;
    ends_at: string | null;
    title: string | null;
  }>(
    db,
    sql`SELECT ov.id, ov.target_kind, ov.target_ids, ov.media_id, ov.playlist_id, ov.layout_id, ${isoText(sql`ov.starts_at`)} AS starts_at,
          CASE WHEN ov.ends_at IS NULL THEN NULL ELSE ${isoText(sql`ov.ends_at`)} END AS ends_at, COALESCE(m.name, p.name, l.name) AS title
        FROM overrides ov LEFT JOIN media_files m ON m.id = ov.media_id LEFT JOIN playlists p ON p.id = ov.playlist_id
          LEFT JOIN layouts l ON l.id = ov.layout_id
        WHERE ${RUNNING} ORDER BY ov.id DESC`,
  );
  const reached = new Map<number, RunningOverride>();
  if (!running.length || !deviceIds.length) return reached;
  const devices = await rows<{ id: number; office_id: number | null; company_id: number | null }>(
    db,
    sql`SELECT d.id, d.office_id, o.company_id FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${idArray(deviceIds)})`,
  );
  const targets = running.map((ov) => ({ ov, ids: new Set(ints(ov.target_ids)) }));
  for (const device of devices) {
    const office = idOrNull(device.office_id);
    const company = idOrNull(device.company_id);
    // Newest first: the first that reaches the device wins.
    const hit = targets.find(({ ov, ids }) =>
      ov.target_kind === 'devices' ? ids.has(Number(device.id)) : ov.target_kind === 'offices' ? office !== null && ids.has(office) : company !== null && ids.has(company),
    );
    if (!hit) continue;
    reached.set(Number(device.id), {
      id: Number(hit.ov.id),
      mediaId: idOrNull(hit.ov.media_id),
      playlistId: idOrNull(hit.ov.playlist_id),
      layoutId: idOrNull(hit.ov.layout_id),
      startsAt: hit.ov.starts_at,
      endsAt: hit.ov.ends_at,
      title: hit.ov.title ?? '',
    });
  }
  return reached;
}

/** Whether an override has passed its end time unsettled (the compiler's cheap check each turn, outside a transaction). */
export async function anyEndedOverride(db: Db): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM overrides WHERE cleared_at IS NULL AND NOT settled AND ends_at <= now() LIMIT 1`)).length > 0;
}

/**
 * Claims the overrides whose end time has passed (not cleared, not settled yet) and marks them settled: each is
 * answered to exactly one caller, whichever instance gets there first (rows another holds are skipped). Run it in the
 * transaction that records the end's effects, so a failure leaves the override for the next turn.
 */
export async function claimEndedOverrides(db: Db): Promise<{ id: number; companyId: number | null }[]> {
  const ended = await rows<{ id: number; company_id: number | null }>(
    db,
    sql`UPDATE overrides SET settled = true
        WHERE id IN (SELECT id FROM overrides WHERE cleared_at IS NULL AND NOT settled AND ends_at <= now() ORDER BY id FOR UPDATE SKIP LOCKED)
        RETURNING id, company_id`,
  );
  return ended.map((row) => ({ id: Number(row.id), companyId: idOrNull(row.company_id) })).sort((a, b) => a.id - b.id);
}

type OverrideRow = {
  id: number;
  company_id: number | null;
  target_kind: OverrideTargetKind;
  target_ids: number[];
  target_names: string[] | null;
  devices: number;
  media_id: number | null;
  media_name: string | null;
  playlist_id: number | null;
  playlist_name: string | null;
  layout_id: number | null;
  layout_name: string | null;
  starts_at: string;
  ends_at: string | null;
  created_by: number | null;
  created_by_name: string | null;
  cleared_at: string | null;
  cleared_by: number | null;
  cleared_by_name: string | null;
  active: boolean;
  switched: number;
  switched_at?: string | null;
};

const maybeIso = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoText(column)} END`;

/** The answer's shape for the overrides matching `where` (newest first); with `device`, when that device switched to each. */
async function selectOverrides(db: Db, where: SQL, limit: number, offset: number, device?: number): Promise<Override[]> {
  const switchedAt =
    device === undefined ? sql`` : sql`, (SELECT ${isoText(sql`s.switched_at`)} FROM override_switches s WHERE s.override_id = ov.id AND s.device_id = ${device}) AS switched_at`;
  const found = await rows<OverrideRow>(
    db,
    sql`SELECT ov.id, ov.company_id, ov.target_kind, ov.target_ids,
          CASE ov.target_kind
            WHEN 'devices' THEN ARRAY(SELECT CASE WHEN d.name = '' THEN d.sn ELSE d.name END FROM unnest(ov.target_ids) WITH ORDINALITY t(id, n) JOIN devices d ON d.id = t.id ORDER BY t.n)
            WHEN 'offices' THEN ARRAY(SELECT f.name FROM unnest(ov.target_ids) WITH ORDINALITY t(id, n) JOIN offices f ON f.id = t.id ORDER BY t.n)
            ELSE ARRAY(SELECT c.name FROM companies c WHERE c.id = ov.target_ids[1]) END AS target_names,
          CASE ov.target_kind
            WHEN 'devices' THEN (SELECT count(*) FROM devices d WHERE d.id = ANY(ov.target_ids))
            WHEN 'offices' THEN (SELECT count(*) FROM devices d WHERE d.office_id = ANY(ov.target_ids))
            ELSE (SELECT count(*) FROM devices d JOIN offices f ON f.id = d.office_id WHERE f.company_id = ov.target_ids[1]) END AS devices,
          ov.media_id, m.name AS media_name, ov.playlist_id, p.name AS playlist_name, ov.layout_id, l.name AS layout_name,
          ${isoText(sql`ov.starts_at`)} AS starts_at, ${maybeIso(sql`ov.ends_at`)} AS ends_at,
          ov.created_by, cu.username AS created_by_name, ${maybeIso(sql`ov.cleared_at`)} AS cleared_at, ov.cleared_by, xu.username AS cleared_by_name,
          (${RUNNING}) AS active, (SELECT count(*) FROM override_switches s WHERE s.override_id = ov.id) AS switched${switchedAt}
        FROM overrides ov
        LEFT JOIN media_files m ON m.id = ov.media_id
        LEFT JOIN playlists p ON p.id = ov.playlist_id
        LEFT JOIN layouts l ON l.id = ov.layout_id
        LEFT JOIN users cu ON cu.id = ov.created_by
        LEFT JOIN users xu ON xu.id = ov.cleared_by
        WHERE ${where}
        ORDER BY ov.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return found.map((row) => ({
    id: Number(row.id),
    company: idOrNull(row.company_id),
    targets: { kind: row.target_kind, ids: ints(row.target_ids) },
    target_names: (row.target_names ?? []).map(String),
    devices: Number(row.devices),
    media: idOrNull(row.media_id),
    media_name: row.media_name,
    playlist: idOrNull(row.playlist_id),
    playlist_name: row.playlist_name,
    layout: idOrNull(row.layout_id),
    layout_name: row.layout_name,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    created_by: idOrNull(row.created_by),
    created_by_name: row.created_by_name,
    cleared_at: row.cleared_at,
    cleared_by: idOrNull(row.cleared_by),
    cleared_by_name: row.cleared_by_name,
    active: row.active === true || (row.active as unknown) === 't',
    switched: Number(row.switched),
    ...(device === undefined ? {} : { switched_at: row.switched_at ?? null }),
  }));
}

export async function findOverride(db: Db, id: number): Promise<Override | undefined> {
  return (await selectOverrides(db, sql`ov.id = ${id}`, 1, 0))[0];
}

export interface OverrideFilter {
  /** Companies of the caller (null: every company). */
  companies: readonly number[] | null;
  /** Only those reaching this device, with its office and company. */
  device?: { id: number; office: number | null; company: number | null };
}

/** The running overrides of the filter, newest first, and their count. */
export async function listRunningOverrides(db: Db, filter: OverrideFilter, limit: number, offset: number): Promise<{ total: number; results: Override[] }> {
  const conditions: SQL[] = [RUNNING];
  if (filter.companies !== null) conditions.push(filter.companies.length ? sql`ov.company_id = ANY(${idArray(filter.companies)})` : sql`false`);
  if (filter.device) {
    const { id, office, company } = filter.device;
    conditions.push(
      sql`((ov.target_kind = 'devices' AND ${id} = ANY(ov.target_ids))
        OR (ov.target_kind = 'offices' AND ${office ?? 0} = ANY(ov.target_ids))
        OR (ov.target_kind = 'company' AND ${company ?? 0} = ANY(ov.target_ids)))`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*) AS n FROM overrides ov WHERE ${where}`);
  return { total: Number(count?.n ?? 0), results: await selectOverrides(db, where, limit, offset, filter.device?.id) };
}

/** A device's office and company (undefined when absent). */
export async function deviceLocation(db: Db, id: number): Promise<{ id: number; office: number | null; company: number | null } | undefined> {
  const [row] = await rows<{ office_id: number | null; company_id: number | null }>(
    db,
    sql`SELECT d.office_id, o.company_id FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ${id}`,
  );
  return row ? { id, office: idOrNull(row.office_id), company: idOrNull(row.company_id) } : undefined;
}

/**
 * A player's report that it shows `overrideId` now (issue 35): kept when that override is the one running for the
 * device (the newest that reaches it); the first report of a device counts. False when it is not (cleared, ended,
 * another's), nothing written.
 */
export async function recordOverrideSwitch(db: Db, overrideId: number, deviceId: number): Promise<boolean> {
  const running = await runningOverridesFor(db, [deviceId]);
  if (running.get(deviceId)?.id !== overrideId) return false;
  await db.execute(sql`INSERT INTO override_switches (override_id, device_id) VALUES (${overrideId}, ${deviceId}) ON CONFLICT DO NOTHING`);
  return true;
}
