import { sql, type SQL } from 'drizzle-orm';
import type { Dataset, DatasetSummary } from '../../src/services/schemas/datasets.ts';
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
  created_at: string;
  updated_at: string;
}

const SUMMARY_COLUMNS = sql`d.id, d.name, d.company_id AS company, d.columns, d.row_count, d.version, d.checksum, d.file_name,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at`;

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

export async function insertDataset(db: Db, values: { name: string; companyId: number | null; table: Table; fileName: string | null }): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO datasets (name, company_id, columns, rows, row_count, checksum, file_name)
        VALUES (${values.name}, ${values.companyId}, ${JSON.stringify(values.table.columns)}::jsonb, ${JSON.stringify(values.table.rows)}::jsonb,
                ${values.table.rows.length}, ${tableChecksum(values.table)}, ${values.fileName})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * Changes a dataset's name and/or table. A table whose checksum differs from the stored one moves the version; the
 * same table (a re-upload of the same file) leaves version and checksum as they are. Returns whether the table
 * changed, or null when the dataset is gone.
 */
export async function updateDataset(db: Db, id: number, values: { name?: string; table?: Table; fileName?: string | null }): Promise<{ changed: boolean } | null> {
  const checksum = values.table && tableChecksum(values.table);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (values.name !== undefined) sets.push(sql`name = ${values.name}`);
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
