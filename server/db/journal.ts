import { sql, type SQL } from 'drizzle-orm';
import type { JournalEntry } from '../../src/services/schemas/journal.ts';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';

/* Reading the journal (migration 0016: one index per filter, each in the reading order, newest first). */

export interface JournalFilter {
  user?: number;
  entity?: string;
  action?: string;
  /** Inclusive lower bound of created_at. */
  from?: Date;
  /** Exclusive upper bound of created_at. */
  to?: Date;
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

function whereOf(filter: JournalFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.user !== undefined) conditions.push(sql`j.user_id = ${filter.user}`);
  if (filter.entity !== undefined) conditions.push(sql`j.entity = ${filter.entity}`);
  if (filter.action !== undefined) conditions.push(sql`j.action = ${filter.action}`);
  if (filter.from) conditions.push(sql`j.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`j.created_at < ${filter.to.toISOString()}::timestamptz`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

const entrySelect = sql`
  SELECT j.id, j.user_id AS "user", u.username, j.action, j.entity, j.entity_id, j.changes, ${isoText(sql`j.created_at`)} AS created_at
  FROM journal j LEFT JOIN users u ON u.id = j.user_id`;

/** One page of entries, newest first, and how many match. */
export async function listJournal(db: Db, filter: JournalFilter, limit: number, offset: number): Promise<{ total: number; rows: JournalEntry[] }> {
  const where = whereOf(filter);
  const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM journal j ${where}`);
  const total = Number(counted?.total ?? 0);
  if (offset >= total) return { total, rows: [] };
  const page = await rows<JournalEntry>(db, sql`${entrySelect} ${where} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit} OFFSET ${offset}`);
  return { total, rows: page };
}

/** The newest `limit` matching entries, for the xlsx export. */
export async function journalRows(db: Db, filter: JournalFilter, limit: number): Promise<JournalEntry[]> {
  return rows<JournalEntry>(db, sql`${entrySelect} ${whereOf(filter)} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit}`);
}

/** Planner statistics for the journal (PGlite has no autovacuum): the filters' plans depend on them. */
export async function analyzeJournal(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE journal`);
}
