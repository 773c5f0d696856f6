import { sql, type SQL } from 'drizzle-orm';
import type { Dataset, DatasetSourceFormat, DatasetSummary } from '../../src/services/schemas/datasets.ts';
import { inCompanies } from '../domain/scope.ts';
import { tableChecksum, type Table } from '../domain/datasets.ts';
import type { Db } from './index.ts';

/* Datasets (migration 0043_datasets.sql). Plain SQL, as layouts. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface DatasetRow {
  id: number;
  name: string;
  company: number | null;
  columns: unknown;
  rows?: unknown;
  row_count: number;
  version: number;
  checksum: string;
  file_name: string | null;
  source_url: string | null;
  source_format: DatasetSourceFormat | null;
  refresh_minutes: number | null;
  fetched_at: string | null;
  failed_since: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const SUMMARY_COLUMNS = sql`d.id, d.name, d.company_id AS company, d.columns, d.row_count, d.version, d.checksum, d.file_name,
  d.source_url, d.source_format, d.refresh_minutes, ${iso(sql`d.fetched_at`)} AS fetched_at, ${iso(sql`d.failed_since`)} AS failed_since, d.last_error,
  ${iso(sql`d.created_at`)} AS created_at, ${iso(sql`d.updated_at`)} AS updated_at`;

function toSummary(row: DatasetRow): DatasetSummary {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    columns: parseJson<{ name: string }[]>(row.columns),
    row_count: row.row_count,
    version: row.version,
    checksum: row.checksum,
    file_name: row.file_name,
    source: row.source_url
      ? { url: row.source_url, format: row.source_format!, refresh_minutes: row.refresh_minutes!, fetched_at: row.fetched_at, failed_since: row.failed_since, error: row.last_error }
      : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface DatasetFilter {
  search?: string;
  companies: readonly number[] | null;
  limit: number;
  offset: number;
}

/** A page of datasets (without rows), newest first. */
export async function listDatasets(db: Db, filter: DatasetFilter): Promise<{ total: number; datasets: DatasetSummary[] }> {
  const conditions: SQL[] = [inCompanies(sql`d.company_id`, filter.companies)];
  const search = filter.search?.trim();
  if (search) conditions.push(sql`d.name ILIKE ${`%${escapeLike(search)}%`}`);
  const where = sql.join(conditions, sql` AND `);
  const page = await rows<DatasetRow & { total: number }>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total FROM datasets d WHERE ${where}
        ORDER BY d.created_at DESC, d.id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  if (page.length) return { total: page[0]!.total, datasets: page.map(toSummary) };
  const [{ total }] = (await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM datasets d WHERE ${where}`)) as [{ total: number }];
  return { total, datasets: [] };
}

/** One dataset with its rows. */
export async function findDataset(db: Db, id: number): Promise<Dataset | undefined> {
  const [row] = await rows<DatasetRow>(db, sql`SELECT ${SUMMARY_COLUMNS}, d.rows FROM datasets d WHERE d.id = ${id}`);
  return row && { ...toSummary(row), rows: parseJson<Dataset['rows']>(row.rows) };
}

/** Where a URL dataset reads from (its first read is the insert's table). */
export interface SourceWrite {
  url: string;
  format: DatasetSourceFormat;
  refreshMinutes: number;
}

export async function insertDataset(db: Db, values: { name: string; companyId: number | null; table: Table; fileName: string | null; source?: SourceWrite }): Promise<number> {
  const source = values.source;
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO datasets (name, company_id, columns, rows, row_count, checksum, file_name, source_url, source_format, refresh_minutes, fetched_at, next_fetch_at)
        VALUES (${values.name}, ${values.companyId}, ${JSON.stringify(values.table.columns)}::jsonb, ${JSON.stringify(values.table.rows)}::jsonb,
                ${values.table.rows.length}, ${tableChecksum(values.table)}, ${values.fileName},
                ${source?.url ?? null}, ${source?.format ?? null}, ${source?.refreshMinutes ?? null},
                ${source ? sql`now()` : null}, ${source ? sql`now() + make_interval(mins => ${source.refreshMinutes})` : null})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * Changes a dataset's name and/or table. A table whose checksum differs from the stored one moves the version; the
 * same table (a re-upload of the same file) leaves version and checksum as they are. Returns whether the table
 * changed, or null when the dataset is gone.
 */
export async function updateDataset(
  db: Db,
  id: number,
  values: { name?: string; table?: Table; fileName?: string | null; source?: SourceWrite | null; fetched?: boolean },
): Promise<{ changed: boolean } | null> {
  const checksum = values.table && tableChecksum(values.table);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (values.name !== undefined) sets.push(sql`name = ${values.name}`);
  if (values.source !== undefined) {
    const source = values.source;
    sets.push(sql`source_url = ${source?.url ?? null}`, sql`source_format = ${source?.format ?? null}`, sql`refresh_minutes = ${source?.refreshMinutes ?? null}`);
    if (!source) sets.push(sql`fetched_at = NULL`, sql`failed_since = NULL`, sql`last_error = NULL`, sql`next_fetch_at = NULL`);
  }
  if (values.fetched) {
    sets.push(sql`fetched_at = now()`, sql`failed_since = NULL`, sql`last_error = NULL`, sql`next_fetch_at = now() + make_interval(mins => COALESCE(${values.source?.refreshMinutes ?? null}::int, refresh_minutes))`);
  }
  if (values.table) {
    sets.push(
      sql`columns = ${JSON.stringify(values.table.columns)}::jsonb`,
      sql`rows = ${JSON.stringify(values.table.rows)}::jsonb`,
      sql`row_count = ${values.table.rows.length}`,
      sql`version = CASE WHEN checksum = ${checksum} THEN version ELSE version + 1 END`,
      sql`checksum = ${checksum}`,
      sql`file_name = ${values.fileName ?? null}`,
    );
  }
  const [row] = await rows<{ before: string }>(
    db,
    sql`WITH old AS (SELECT checksum AS before FROM datasets WHERE id = ${id} FOR UPDATE)
        UPDATE datasets d SET ${sql.join(sets, sql`, `)} FROM old WHERE d.id = ${id} RETURNING old.before`,
  );
  if (!row) return null;
  return { changed: checksum !== undefined && row.before !== checksum };
}

export async function deleteDataset(db: Db, id: number): Promise<boolean> {
  return (await rows<{ id: number }>(db, sql`DELETE FROM datasets WHERE id = ${id} RETURNING id`)).length > 0;
}

/** A URL dataset taken for a read: its address, format and the table's checksum before it. */
export interface DueSource {
  id: number;
  source_url: string;
  source_format: DatasetSourceFormat;
  refresh_minutes: number;
}

/**
 * Claims up to `limit` URL datasets due for a read, each leased for `leaseSeconds` (next_fetch_at moved forward, so
 * another instance skips it, and takes it over if this one dies before it settles).
 */
export async function claimDueSources(db: Db, limit: number, leaseSeconds: number): Promise<DueSource[]> {
  return rows<DueSource>(
    db,
    sql`UPDATE datasets SET next_fetch_at = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (SELECT id FROM datasets WHERE source_url IS NOT NULL AND next_fetch_at <= now()
                     ORDER BY next_fetch_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, source_url, source_format, refresh_minutes`,
  );
}

/** A read that failed: the table stays, failed_since is kept from the first failure, the next read after the interval. */
export async function noteSourceFailure(db: Db, id: number, reason: string): Promise<void> {
  await db.execute(sql`UPDATE datasets SET failed_since = COALESCE(failed_since, now()), last_error = ${reason},
                         next_fetch_at = now() + make_interval(mins => refresh_minutes)
                       WHERE id = ${id} AND source_url IS NOT NULL`);
}

/** What a widget shows of each dataset by id (name, rows, version, failing reads); the caller keeps the ones it may see. */
export async function datasetBriefs(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string; company: number | null; row_count: number; version: number; checksum: string; failed_since: string | null }>> {
  if (!ids.length) return new Map();
  const found = await rows<{ id: number; name: string; company: number | null; row_count: number; version: number; checksum: string; failed_since: string | null }>(
    db,
    sql`SELECT d.id, d.name, d.company_id AS company, d.row_count, d.version, d.checksum, ${iso(sql`d.failed_since`)} AS failed_since
        FROM datasets d WHERE d.id = ANY(${sql.raw(`'{${[...new Set(ids)].join(',')}}'::int[]`)})`,
  );
  return new Map(found.map((row) => [row.id, row]));
}

/** Layouts whose draft or a committed version shows the dataset in a widget (a dataset in use cannot be deleted). */
export async function layoutsUsingDataset(db: Db, datasetId: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    db,
    sql`SELECT l.id, l.name FROM layouts l
        WHERE EXISTS (SELECT 1 FROM layout_zones z WHERE z.layout_id = l.id AND (z.widget -> 'settings' ->> 'dataset')::int = ${datasetId})
           OR EXISTS (SELECT 1 FROM layout_versions v WHERE v.layout_id = l.id
                      AND v.body @> ${JSON.stringify({ zones: [{ content: { kind: 'widget', settings: { dataset: datasetId } } }] })}::jsonb)
        ORDER BY l.name, l.id`,
  );
}

/**
 * Devices whose stored schedule shows the dataset (a widget zone of a layout an event or an override plays names its
 * link): the ones to compile again when its table changes.
 */
export async function devicesShowingDataset(db: Db, datasetId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT s.device_id AS id FROM device_schedules s
        WHERE s.body_hash IN (SELECT hash FROM schedule_bodies WHERE strpos(items, ${`/player/datasets/${datasetId}/`}) > 0)
        ORDER BY s.device_id`,
  );
  return found.map((row) => Number(row.id));
}

/** Whether a player's device may read the dataset: its office's company owns it, or its stored schedule names it. */
export async function playerMayReadDataset(db: Db, deviceId: number, datasetId: number): Promise<boolean> {
  const [row] = await rows<{ allowed: boolean }>(
    db,
    sql`SELECT (ds.company_id IS NOT NULL AND ds.company_id = o.company_id)
               OR EXISTS (SELECT 1 FROM device_schedules s JOIN schedule_bodies b ON b.hash = s.body_hash
                          WHERE s.device_id = d.id AND strpos(b.items, ${`/player/datasets/${datasetId}/`}) > 0) AS allowed
        FROM devices d JOIN datasets ds ON ds.id = ${datasetId} LEFT JOIN offices o ON o.id = d.office_id
        WHERE d.id = ${deviceId}`,
  );
  return row?.allowed === true;
}
