import { sql, type SQL } from 'drizzle-orm';
import type { EventOption, EventOptionKind } from '../../src/services/schemas/scheduler.ts';
import type { DevicePosition } from '../../src/services/schemas/devices.ts';
import { likePattern } from '../domain/devices.ts';
import { inCompanies } from '../domain/scope.ts';
import type { Db } from './index.ts';

/* The event form's pickers: a campaign's devices, and the playlists, layouts and ready media of its screen position. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export interface EventOptionsFilter {
  kind: EventOptionKind;
  campaign: number;
  position: DevicePosition;
  search?: string;
  chosen: readonly number[];
  onlyChosen: boolean;
  matchIds: boolean;
  limit: number;
  /** The caller's companies (null: every company). */
  companies: readonly number[] | null;
}

/**
 * The first `limit` matches, the chosen ones first then by name, with how many match in all (and, for devices with
 * `matchIds`, every matching id). Devices: those taking part in the campaign, searched in the device list's search text
 * (serial number, MAC, name, IP, description) and their office's name; playlists of the campaign's position; media files of its position that
 * are not processing or failed. Each within the caller's companies.
 */
export async function eventOptions(db: Db, filter: EventOptionsFilter): Promise<{ count: number; results: EventOption[]; ids?: number[] }> {
  const term = filter.search?.trim();
  const chosen = idArray(filter.chosen);
  const conditions: SQL[] = [];
  let from: SQL;
  let select: SQL;
  if (filter.kind === 'devices') {
    from = sql`campaign_devices cd JOIN devices x ON x.id = cd.device_id LEFT JOIN offices o ON o.id = x.office_id`;
    select = sql`x.id, x.name, o.name AS office_name`;
    conditions.push(sql`cd.campaign_id = ${filter.campaign}`);
    if (term) conditions.push(sql`(x.search_text LIKE lower(${likePattern(term)}) OR lower(o.name) LIKE lower(${likePattern(term)}))`);
    if (filter.companies) conditions.push(inCompanies(sql`o.company_id`, filter.companies));
  } else if (filter.kind === 'playlists') {
    from = sql`playlists x`;
    select = sql`x.id, x.name, x.committed`;
    conditions.push(sql`x.screen_position = ${filter.position}`);
    if (term) conditions.push(sql`lower(x.name) LIKE lower(${likePattern(term)})`);
    if (filter.companies) conditions.push(inCompanies(sql`x.company_id`, filter.companies));
  } else if (filter.kind === 'layouts') {
    from = sql`layouts x`;
    select = sql`x.id, x.name, x.committed`;
    conditions.push(sql`x.screen_position = ${filter.position}`);
    if (term) conditions.push(sql`lower(x.name) LIKE lower(${likePattern(term)})`);
    if (filter.companies) conditions.push(inCompanies(sql`x.company_id`, filter.companies));
  } else {
    from = sql`media_files x`;
    select = sql`x.id, x.name`;
    conditions.push(sql`x.screen_position = ${filter.position}`, sql`x.status NOT IN ('processing', 'failed')`);
    if (term) conditions.push(sql`lower(x.name) LIKE lower(${likePattern(term)})`);
    if (filter.companies) conditions.push(inCompanies(sql`x.company_id`, filter.companies));
  }
  if (filter.onlyChosen) conditions.push(sql`x.id = ANY(${chosen})`);
  const where = sql.join(conditions, sql` AND `);
  const found = await rows<EventOption & { total: number }>(
    db,
    sql`SELECT ${select}, count(*) OVER ()::int AS total FROM ${from} WHERE ${where}
        ORDER BY (x.id = ANY(${chosen})) DESC, lower(x.name), x.id LIMIT ${filter.limit}`,
  );
  const results = found.map(({ total: _total, ...row }) => ({ ...row, id: Number(row.id) }) as EventOption);
  const count = found.length ? Number(found[0]!.total) : 0;
  if (!(filter.kind === 'devices' && filter.matchIds)) return { count, results };
  const [all] = await rows<{ ids: string | null }>(db, sql`SELECT array_to_string(array_agg(x.id ORDER BY x.id), ',') AS ids FROM ${from} WHERE ${where}`);
  return { count, results, ids: all?.ids ? all.ids.split(',').map(Number) : [] };
}
