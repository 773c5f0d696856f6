import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from './index.ts';
import { sqlError, UNIQUE_VIOLATION } from './sqlState.ts';
import { companies, deviceCommands, deviceConfigs, devices, offices, pendingClients } from './devices.schema.ts';
import { DEVICE_POSITIONS, type Device, type DeviceConfig, type DeviceListQuery, type DeviceStatus, type PendingClient } from '../../src/services/schemas/devices.ts';
import { tagFilterKeys, tagKey } from '../../src/services/schemas/deviceTags.ts';
import { likePattern, ONLINE_WINDOW_SECONDS, type ConfigFile } from '../domain/devices.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceInsert = typeof devices.$inferInsert;

// The window is a constant of the code, never user input, so it is inlined as SQL text. As a sub-select it is
// computed once per statement; written plainly, PostgreSQL works out now() - interval again for every row it
// scans (a status count of 10,000 devices took about 0.6 ms longer).
export const onlineSince = sql.raw(`(SELECT now() - interval '${ONLINE_WINDOW_SECONDS} seconds')`);
const isOnline = sql`(${devices.lastConnection} > ${onlineSince} AND ${devices.signedOffAt} IS NULL)`;
const statusOf = sql<DeviceStatus>`CASE WHEN NOT ${devices.isActive} THEN 'disabled' WHEN ${isOnline} THEN 'online' ELSE 'offline' END`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A device row (without its search column) with its office, company and derived status. */
type JoinedDevice = { device: Omit<DeviceRow, 'searchText'>; officeName: string | null; companyId: number | null; companyName: string | null; status: DeviceStatus; screenOff?: boolean };

/** The API shape of a device; `photoBase` is the prefix of the photo link (the API base). */
export function toDevice(row: JoinedDevice, photoBase: string): Device {
  const d = row.device;
  return {
    id: d.id,
    sn: d.sn,
    mac: d.mac,
    name: d.name,
    office: d.officeId,
    office_name: row.officeName,
    company: row.companyId,
    company_name: row.companyName,
    device_type: d.deviceType,
    default_config: d.defaultConfig,
    screen_type: d.screenType,
    description: d.description,
    mount_date: d.mountDate,
    warranty: d.warranty,
    position: d.position as Device['position'],
    ip: d.ip,
    last_connection: iso(d.lastConnection),
    schedule_expiry: iso(d.scheduleExpiry),
    version: d.version,
    status: row.status,
    schedule_state: d.scheduleState as Device['schedule_state'],
    is_active: d.isActive,
    photo: d.photoFile ? `${photoBase}/tvpi/devices/${d.id}/photo?v=${d.photoFile.split('.')[0]}` : null,
    key: d.deviceKey,
    user: d.userId,
    created_at: d.createdAt.toISOString(),
    tags: d.tags,
    display: d.display as Device['display'],
    screen_off: row.screenOff ?? false,
  };
}

/** Filters of the device list, applied in SQL so that paging stays cheap on a large fleet. */
export interface DeviceFilter extends DeviceListQuery {
  /** Devices in (member) or not in a campaign: the two sides of a campaign's devices page. */
  campaign?: { id: number; member: boolean };
  /** The caller's scope (server/domain/scope.ts): only devices of offices of these companies; absent or null for all. */
  companies?: readonly number[] | null;
  /** A further condition over the devices table (a smart group's rule, server/db/smartGroups.ts). */
  rule?: SQL;
}

/** Devices whose office belongs to one of `companies` (none when the list is empty). */
export function devicesOfCompanies(companies: readonly number[]): SQL {
  if (!companies.length) return sql`false`;
  return sql`${devices.officeId} IN (SELECT ${offices.id} FROM ${offices} WHERE ${offices.companyId} IN (${sql.join(companies.map((id) => sql`${id}`), sql`, `)}))`;
}

/** The devices of the scope's offices matching `where`, as a FROM item naming them `devices` (see listDevicesJson). */
function scopeOffices(companies: readonly number[], where: SQL): SQL {
  return sql`(SELECT id FROM offices WHERE company_id IN (${sql.join(companies.map((id) => sql`${id}`), sql`, `)}) OFFSET 0) scope_offices
    CROSS JOIN LATERAL (SELECT devices.id, devices.position_rank FROM devices WHERE devices.office_id = scope_offices.id AND ${where} OFFSET 0) devices`;
}

/** A text[] parameter (never SQL text): the tag filters' operand, which the GIN index on tag_keys answers. */
export const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

function filterConditions(filter: DeviceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search?.trim()) {
    // lower() on both sides: the same case folding as the stored column, whatever the database locale.
    conditions.push(sql`${devices.searchText} LIKE lower(${likePattern(filter.search.trim())})`);
  }
  if (filter.status === 'disabled') conditions.push(eq(devices.isActive, false));
  if (filter.status === 'online') conditions.push(eq(devices.isActive, true), isOnline);
  if (filter.status === 'offline') {
    conditions.push(
      eq(devices.isActive, true),
      sql`(${devices.lastConnection} IS NULL OR ${devices.lastConnection} <= ${onlineSince} OR ${devices.signedOffAt} IS NOT NULL)`,
    );
  }
  // A schedule state is known only while the device is online (issue 35.4): an offline device's last report no longer
  // holds, so `schedule=playing` never lists a screen that the list shows as "Unknown while offline".
  if (filter.schedule) conditions.push(eq(devices.scheduleState, filter.schedule), eq(devices.isActive, true), isOnline);
  if (filter.type) conditions.push(eq(devices.deviceType, filter.type));
  if (filter.office) conditions.push(eq(devices.officeId, filter.office));
  if (filter.company) conditions.push(inArray(devices.officeId, sql`(SELECT ${offices.id} FROM ${offices} WHERE ${offices.companyId} = ${filter.company})`));
  if (filter.companies) conditions.push(devicesOfCompanies(filter.companies));
  // The same test on the group rank, a small number near the start of the row (migration 0007), not the text.
  if (filter.position) conditions.push(eq(devices.positionRank, DEVICE_POSITIONS.indexOf(filter.position)));
  const anyTags = tagFilterKeys(filter.tags);
  if (anyTags.length) conditions.push(sql`${devices.tagKeys} && ${textArray(anyTags)}`);
  const allTags = tagFilterKeys(filter.tags_all);
  if (allTags.length) conditions.push(sql`${devices.tagKeys} @> ${textArray(allTags)}`);
  if (filter.rule) conditions.push(filter.rule);
  if (filter.campaign) {
    const member = sql`EXISTS (SELECT 1 FROM campaign_devices WHERE campaign_devices.campaign_id = ${filter.campaign.id} AND campaign_devices.device_id = ${devices.id})`;
    conditions.push(filter.campaign.member ? member : sql`NOT ${member}`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const { searchText: _searchText, ...deviceFields } = getTableColumns(devices);

/**
 * Devices matching `where`, in group order (horizontal, vertical, unknown) then by id, with their office and
 * company. The page is cut from the devices table alone (its position index) before the joins, so a deep page
 * of a large fleet does not join and sort every device.
 */
async function selectDevices(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<(JoinedDevice & { total: number })[]> {
  const page = db
    .select({ ...deviceFields, status: statusOf.as('status') })
    .from(devices)
    .where(where)
    .orderBy(asc(devices.positionRank), asc(devices.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const fields = Object.fromEntries(Object.keys(deviceFields).map((key) => [key, page[key as keyof typeof deviceFields]]));
  // The count rides along in the same statement (one round trip instead of two).
  const total = sql<number>`(SELECT count(*) FROM ${devices} WHERE ${where ?? sql`true`})`.mapWith(Number);
  const rows = await db
    .select({ device: fields, status: page.status, officeName: offices.name, companyId: offices.companyId, companyName: companies.name, total, screenOff: screenOffOf(page) })
    .from(page)
    .leftJoin(offices, eq(offices.id, page.officeId))
    .leftJoin(companies, eq(companies.id, offices.companyId))
    .orderBy(asc(page.positionRank), asc(page.id));
  return rows as unknown as (JoinedDevice & { total: number })[];
}

/**
 * Whether a device's screen is off by its power schedule (issue 41), as device_page_json says it (migration 0056):
 * reported off while online, or silent within the off hours of its compiled schedule.
 */
function screenOffOf(page: { id: unknown; isActive: unknown; display: unknown; status: unknown }): SQL<boolean> {
  return sql<boolean>`(${page.isActive} AND CASE WHEN ${page.status} = 'online' THEN ${page.display} IS NOT DISTINCT FROM 'off'
    ELSE COALESCE((SELECT power_off_at(b.power, s.valid_until, now()) FROM device_schedules s JOIN schedule_bodies b ON b.hash = s.body_hash WHERE s.device_id = ${page.id}), false) END)`.mapWith(Boolean);
}

/** A timestamp as the API writes it (toISOString: milliseconds, UTC, "Z"). */
export const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * How far down the group order a page may lie before walking the (position_rank, id) index to it costs more than one
 * scan and a sort: a walk visits about (offset + limit) * fleet / total rows, each a random read of the table, which
 * measured about three times the cost of a row of a sequential scan; the margin covers matches bunched at the end.
 */
const WALK_FACTOR = 8;

/** Matches of a scoped list sorted rather than walked in group order (see listDevicesJson). */
const SCOPED_SORT_LIMIT = 5000;

/** Whether the page of a filter matching `total` devices is best taken by walking the group-order index. */
export const walksGroupIndex = (total: number, offset: number, limit: number) => total >= (offset + limit) * WALK_FACTOR;

/**
 * How many matches past the start of a page the device list counts (DEVICE_COUNT_AHEAD): beyond them the count stops
 * and the page answers `count_exact: false` with `count` = offset + this many. An exact count read every matching row:
 * at 100,000 devices EXPLAIN (ANALYZE, BUFFERS) showed 4,692 blocks for `status=online` (every page of the table,
 * 55 ms under load) where counting 1,001 of them read 149 (bench/scale.bench.ts).
 */
export const DEVICE_COUNT_AHEAD = 1000;

/**
 * Whether a filter's count stays exact however many it matches: an office or a company alone (no search, status,
 * schedule, type or position), counted from the office index. The panel's emergency override starts on such a list
 * and names how many screens it reaches.
 */
export function countsExactly(filter: DeviceFilter): boolean {
  const narrowed = [filter.search?.trim(), filter.status, filter.schedule, filter.type, filter.position, filter.tags?.trim(), filter.tags_all?.trim()].some((value) => value !== undefined && value !== '');
  return !narrowed && !filter.campaign && !filter.rule && (filter.office !== undefined || filter.company !== undefined);
}

/**
 * One page of the device list as the API's JSON text, built by the database (device_page_json, migration 0006): each
 * device exactly as toDevice writes it (a test holds the two together), with the total of the filter and the number
 * of devices on the page. Turning 20 rows of 30 columns into JavaScript objects and back into JSON cost more than the
 * query itself and left garbage behind that made every tenth page wait for the collector.
 *
 * The total is counted first and decides how the page is taken. When matches are plenty, walking the group-order
 * index finds the page after a few rows. When they are few (a search, a filter that matches almost nothing), the walk
 * read the whole fleet in random order, about 10 ms for 10,000 devices; one scan and a sort of the matches is cheaper
 * then ("position_rank + 0" keeps the planner off the index), and a page past the last match needs no query at all.
 *
 * With `countAhead` the count stops after offset + countAhead matches (unless countsExactly): `exact` false then, and
 * `total` that many, a lower bound (the matches are plenty: the page walks the group order).
 */
export async function listDevicesJson(
  db: Db,
  filter: DeviceFilter,
  limit: number,
  offset: number,
  photoBase: string,
  /** The number of matches when the caller knows it from elsewhere (a campaign's own count): the count is skipped. */
  knownTotal?: number,
  countAhead?: number,
): Promise<{ total: number; exact: boolean; size: number; json: string }> {
  const where = filterConditions(filter) ?? sql`true`;
  // A user's scope (a few companies' offices) is read office by office through the office index: with a filter that
  // needs the rows (status, schedule) the planner otherwise scans the whole fleet and hashes the scope's offices, since
  // a company's devices lie on every page of the table.
  // A search stays on its trigram index (selective already; per office it would search the index once per office).
  const scoped = filter.companies?.length && !filter.search?.trim() ? scopeOffices(filter.companies, filterConditions({ ...filter, companies: null }) ?? sql`true`) : undefined;
  let total = knownTotal;
  let exact = true;
  if (total === undefined) {
    const cap = countAhead !== undefined && !countsExactly(filter) ? offset + countAhead : undefined;
    const matches = scoped ? sql`SELECT 1 FROM ${scoped}` : sql`SELECT 1 FROM devices WHERE ${where}`;
    const counted = (await db.execute(
      cap === undefined ? sql`SELECT count(*)::int AS total FROM (${matches}) m` : sql`SELECT count(*)::int AS total FROM (${matches} LIMIT ${cap + 1}) m`,
    )) as unknown as { rows: { total: number }[] };
    total = Number(counted.rows[0]!.total);
    if (cap !== undefined && total > cap) {
      total = cap;
      exact = false;
    }
  }
  if (offset >= total) return { total, exact, size: 0, json: '[]' };
  // While the scope's matches are few, sorting them beats walking the group order across the whole fleet.
  const walks = (!exact || walksGroupIndex(total, offset, limit)) && !(filter.companies && exact && total <= SCOPED_SORT_LIMIT);
  const order = walks ? sql`devices.position_rank, devices.id` : sql`devices.position_rank + 0, devices.id`;
  const ids =
    scoped && !walks
      ? sql`SELECT devices.id FROM ${scoped} ORDER BY devices.position_rank + 0, devices.id LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT devices.id FROM devices WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const result = (await db.execute(sql`
    SELECT cardinality(page.ids) AS size, device_page_json(page.ids, ${photoBase}, ${onlineSince}) AS json
    FROM (SELECT ARRAY(${ids}) AS ids) page
  `)) as unknown as { rows: { size: number; json: string }[] };
  const row = result.rows[0]!;
  return { total, exact, size: Number(row.size), json: row.json };
}

/** One page of devices in group order (horizontal, vertical, unknown), then by id. */
export async function listDevices(db: Db, filter: DeviceFilter, limit: number, offset: number): Promise<{ total: number; rows: JoinedDevice[] }> {
  const where = filterConditions(filter);
  const rows = await selectDevices(db, where, limit, offset);
  if (rows.length > 0) return { total: rows[0]!.total, rows };
  if (offset === 0) return { total: 0, rows };
  // A page past the end: the total still tells the client where the end is.
  const [{ total }] = (await db.select({ total: count() }).from(devices).where(where)) as [{ total: number }];
  return { total: Number(total), rows };
}

/** The ids of the devices matching a filter, in id order, at most `limit` (a bulk action's "all matching the filter"). */
export async function deviceIdsMatching(db: Db, filter: DeviceFilter, limit: number): Promise<number[]> {
  const rows = await db.select({ id: devices.id }).from(devices).where(filterConditions(filter)).orderBy(asc(devices.id)).limit(limit);
  return rows.map((row) => row.id);
}

export async function findDevice(db: Db, id: number): Promise<JoinedDevice | undefined> {
  const [row] = await selectDevices(db, eq(devices.id, id), 1, 0);
  return row;
}

/** The ids among `ids` of devices outside `companies` (absent ids are not named: the caller finds those itself). */
export async function devicesOutside(db: Db, ids: readonly number[], companies: readonly number[] | null): Promise<number[]> {
  if (!companies || !ids.length) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), sql`NOT (${devicesOfCompanies(companies)})`));
  return rows.map((row) => row.id);
}

export async function findDeviceIdBySerial(db: Db, sn: string): Promise<number | undefined> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  return row?.id;
}

export async function officeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, id));
  return row !== undefined;
}

/** The unique index a failed write ran into (`devices_sn_key`, ...), or null when the error is something else. */
export function violatedUniqueIndex(error: unknown): string | null {
  const found = sqlError(error);
  return found?.code === UNIQUE_VIOLATION ? (found.constraint ?? 'unknown') : null;
}

/**
 * Creates a device with its config files. When a player with this serial waits on /clients,
 * it is marked adopted: it receives the key on its next hello.
 */
export async function insertDevice(db: Db, values: DeviceInsert, configs: ConfigFile[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(devices).values(values).returning({ id: devices.id });
    const id = row!.id;
    // A device created in an office is compiled (queued, as a move into it is by a trigger): an emergency override of
    // its office or company reaches it at once, not at the hourly recompile (issue 35.1).
    if (values.officeId != null) await tx.execute(sql`INSERT INTO schedule_dirty (device_id) VALUES (${id}) ON CONFLICT (device_id) DO NOTHING`);
    if (configs.length) await tx.insert(deviceConfigs).values(configs.map((file) => ({ deviceId: id, ...file })));
    await tx
      .update(pendingClients)
      .set({ adoptedDeviceId: id, adoptedAt: sql`now()` })
      .where(and(eq(pendingClients.serial, values.sn), isNull(pendingClients.adoptedDeviceId)));
    return id;
  });
}

/** Bulk insert for demo data and benchmarks (no config files). */
export async function insertDevicesBulk(db: Db, values: DeviceInsert[], chunk = 500): Promise<void> {
  for (let i = 0; i < values.length; i += chunk) await db.insert(devices).values(values.slice(i, i + chunk));
}

export async function updateDevice(db: Db, id: number, patch: Partial<DeviceInsert>): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(devices.id, id))
    .returning({ id: devices.id });
  // The device's own flag is kept apart from its company's (migration 0014: a held device is one that is on by its own
  // flag but off while its company is deactivated). Switching it off releases the hold, so the company's activation
  // later leaves it off; switching it on while the company is off is held by the trigger.
  if (rows.length && patch.isActive === false) await db.execute(sql`DELETE FROM company_held_devices WHERE device_id = ${id}`);
  return rows.length > 0;
}

/** The columns that store `tags` (already normalised: normalizeTags). */
export const tagColumns = (tags: readonly string[]) => ({ tags: [...tags], tagKeys: tags.map(tagKey) });

/**
 * The spreadsheet import of tags: each row's tags replace those of the device with its serial number. Answers how many
 * devices changed and the indexes of rows whose serial names no device (or one outside `companies`).
 */
export async function importDeviceTags(
  db: Db,
  rows: readonly { sn: string; tags: string[] }[],
  companies: readonly number[] | null,
): Promise<{ updated: number; unmatched: number[]; ids: number[] }> {
  const serials = [...new Set(rows.map((row) => row.sn))];
  const found = await db
    .select({ id: devices.id, sn: devices.sn })
    .from(devices)
    .where(and(inArray(devices.sn, serials), companies ? devicesOfCompanies(companies) : undefined));
  const idOf = new Map(found.map((row) => [row.sn, row.id]));
  const unmatched = rows.flatMap((row, index) => (idOf.has(row.sn) ? [] : [index]));
  // A serial named twice takes its last row's tags, as a spreadsheet read top to bottom would.
  const last = new Map(rows.filter((row) => idOf.has(row.sn)).map((row) => [idOf.get(row.sn)!, row.tags]));
  const ids = [...last.keys()];
  if (ids.length) {
    await db.execute(sql`
      UPDATE devices SET tags = t.tags, tag_keys = t.tag_keys, updated_at = now()
      FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify(ids.map((id) => ({ id, tags: last.get(id)!, tag_keys: last.get(id)!.map(tagKey) })))}::jsonb)
        AS r(id integer, tags text[], tag_keys text[])) t
      WHERE devices.id = t.id`);
  }
  return { updated: ids.length, unmatched, ids };
}

/** Deletes a device; answers its photo file (to remove from disk) or undefined when it did not exist. */
export async function deleteDevice(db: Db, id: number): Promise<{ photoFile: string | null } | undefined> {
  const [row] = await db.delete(devices).where(eq(devices.id, id)).returning({ photoFile: devices.photoFile });
  return row;
}

export async function deviceStatistics(db: Db, companies: readonly number[] | null = null): Promise<{ active: number; deactive: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) FILTER (WHERE ${devices.isActive})`,
      deactive: sql<number>`count(*) FILTER (WHERE NOT ${devices.isActive})`,
    })
    .from(devices)
    .where(companies ? devicesOfCompanies(companies) : undefined);
  return { active: Number(row?.active ?? 0), deactive: Number(row?.deactive ?? 0) };
}

/** Replaces the photo; answers the previous file name (to remove from disk). */
export async function setDevicePhoto(db: Db, id: number, file: string | null, type: string | null): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ file: devices.photoFile }).from(devices).where(eq(devices.id, id)).for('update');
    if (!before) return undefined;
    await tx.update(devices).set({ photoFile: file, photoType: type, updatedAt: sql`now()` }).where(eq(devices.id, id));
    return { previous: before.file };
  });
}

export async function devicePhoto(db: Db, id: number): Promise<{ file: string | null; type: string | null } | undefined> {
  const [row] = await db.select({ file: devices.photoFile, type: devices.photoType }).from(devices).where(eq(devices.id, id));
  return row;
}

export async function queueCommand(db: Db, deviceId: number, command: string, userId: number) {
  const [row] = await db.insert(deviceCommands).values({ deviceId, command, createdBy: userId }).returning();
  return row!;
}

/* Configs */

function toConfig(row: typeof deviceConfigs.$inferSelect): DeviceConfig {
  return { id: row.id, device: row.deviceId, name: row.name, path: row.path, content: row.content, updated_at: row.updatedAt.toISOString() };
}

export async function listConfigs(db: Db, deviceId: number): Promise<DeviceConfig[]> {
  const rows = await db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, deviceId)).orderBy(asc(deviceConfigs.id));
  return rows.map(toConfig);
}

export async function findConfig(db: Db, deviceId: number, configId: number): Promise<DeviceConfig | undefined> {
  const [row] = await db
    .select()
    .from(deviceConfigs)
    .where(and(eq(deviceConfigs.deviceId, deviceId), eq(deviceConfigs.id, configId)));
  return row ? toConfig(row) : undefined;
}

/** Saves a config file and raises the device's config_version, so its next heartbeat carries the new files. */
export async function updateConfig(db: Db, deviceId: number, configId: number, patch: Partial<ConfigFile>): Promise<DeviceConfig | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deviceConfigs)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(deviceConfigs.deviceId, deviceId), eq(deviceConfigs.id, configId)))
      .returning();
    if (!row) return undefined;
    await tx
      .update(devices)
      .set({ configVersion: sql`${devices.configVersion} + 1` })
      .where(eq(devices.id, deviceId));
    return toConfig(row);
  });
}

/* Player protocol */

export interface PlayerCredentials {
  id: number;
  isActive: boolean;
  deviceKey: string;
  scheduleVersion: number;
}

export async function findPlayer(db: Db, serial: string): Promise<PlayerCredentials | undefined> {
  const [row] = await db
    .select({ id: devices.id, isActive: devices.isActive, deviceKey: devices.deviceKey, scheduleVersion: devices.scheduleVersion })
    .from(devices)
    .where(eq(devices.sn, serial));
  return row;
}

/** A player said hello: it is in contact. */
export async function touchDevice(db: Db, id: number, report: { ip: string | null; version?: string }): Promise<void> {
  await db
    .update(devices)
    .set({
      lastConnection: sql`now()`,
      signedOffAt: null,
      ...(report.ip ? { ip: report.ip } : {}),
      ...(report.version !== undefined ? { version: report.version } : {}),
    })
    .where(eq(devices.id, id));
}

/** The player said it is going offline (shutdown, reboot): it counts as offline until its next heartbeat. */
export async function signOffDevice(db: Db, id: number): Promise<void> {
  await db.update(devices).set({ signedOffAt: sql`now()` }).where(eq(devices.id, id));
}

export async function upsertPendingClient(db: Db, client: { serial: string; mac: string | null; ip: string | null; version: string }): Promise<void> {
  await db
    .insert(pendingClients)
    .values(client)
    .onConflictDoUpdate({
      target: pendingClients.serial,
      set: {
        lastSeen: sql`now()`,
        helloCount: sql`${pendingClients.helloCount} + 1`,
        mac: sql`COALESCE(excluded.mac, ${pendingClients.mac})`,
        ip: sql`COALESCE(excluded.ip, ${pendingClients.ip})`,
        version: sql`excluded.version`,
      },
    });
}

/** Hands over an adopted player's key once: the waiting row is consumed. */
export async function takeAdoptedKey(db: Db, serial: string): Promise<{ device: number; key: string; scheduleVersion: number } | undefined> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(pendingClients)
      .where(and(eq(pendingClients.serial, serial), sql`${pendingClients.adoptedDeviceId} IS NOT NULL`))
      .returning({ deviceId: pendingClients.adoptedDeviceId });
    if (!taken?.deviceId) return undefined;
    const [device] = await tx
      .select({ id: devices.id, key: devices.deviceKey, scheduleVersion: devices.scheduleVersion })
      .from(devices)
      .where(and(eq(devices.id, taken.deviceId), eq(devices.sn, serial)));
    return device ? { device: device.id, key: device.key, scheduleVersion: device.scheduleVersion } : undefined;
  });
}

export async function findPendingClientBySerial(db: Db, serial: string) {
  const [row] = await db.select().from(pendingClients).where(eq(pendingClients.serial, serial));
  return row;
}

function toPendingClient(row: typeof pendingClients.$inferSelect): PendingClient {
  return {
    id: row.id,
    serial: row.serial,
    mac: row.mac,
    ip: row.ip,
    version: row.version,
    hello_count: row.helloCount,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
  };
}

/** Players that said hello and wait to be adopted, most recently seen first. */
export async function listPendingClients(db: Db, limit: number, offset: number): Promise<{ total: number; rows: PendingClient[] }> {
  const waiting = isNull(pendingClients.adoptedDeviceId);
  const rows = await db.select().from(pendingClients).where(waiting).orderBy(sql`${pendingClients.lastSeen} DESC`, asc(pendingClients.id)).limit(limit).offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(pendingClients).where(waiting)) as [{ total: number }];
  return { total: Number(total), rows: rows.map(toPendingClient) };
}

export async function deletePendingClient(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(pendingClients).where(eq(pendingClients.id, id)).returning({ id: pendingClients.id });
  return rows.length > 0;
}

/* Companies and branch offices (the minimal part a device's location needs) */

export type CompanyRow = typeof companies.$inferSelect;
export type OfficeRow = typeof offices.$inferSelect;

export async function listCompanies(db: Db, limit: number, offset: number): Promise<{ total: number; rows: CompanyRow[] }> {
  const rows = await db.select().from(companies).orderBy(asc(companies.name), asc(companies.id)).limit(limit).offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(companies)) as [{ total: number }];
  return { total: Number(total), rows };
}

export async function insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row !== undefined;
}

export async function listOffices(
  db: Db,
  companyId: number | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: (OfficeRow & { companyName: string })[] }> {
  const where = companyId ? eq(offices.companyId, companyId) : undefined;
  const rows = await db
    .select({ office: offices, companyName: companies.name })
    .from(offices)
    .innerJoin(companies, eq(companies.id, offices.companyId))
    .where(where)
    .orderBy(asc(offices.name), asc(offices.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(offices).where(where)) as [{ total: number }];
  return { total: Number(total), rows: rows.map((r) => ({ ...r.office, companyName: r.companyName })) };
}

export async function insertOffice(db: Db, values: typeof offices.$inferInsert): Promise<OfficeRow & { companyName: string }> {
  const [row] = await db.insert(offices).values(values).returning();
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row!.companyId));
  return { ...row!, companyName: company?.name ?? '' };
}

export async function findOffice(db: Db, id: number): Promise<OfficeRow | undefined> {
  const [row] = await db.select().from(offices).where(eq(offices.id, id));
  return row;
}

/**
 * Vacuums the device tables and refreshes the planner's statistics. PostgreSQL's autovacuum does this by itself;
 * embedded PGlite has none: without statistics the list queries of a large fleet plan badly, and without vacuum the
 * dead rows heartbeats leave behind pile up and every status count scans them (a filtered page took about 2 ms longer).
 */
export async function analyzeDeviceTables(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) devices, offices, companies, device_commands, device_configs, campaign_devices`);
}
