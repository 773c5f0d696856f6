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
  /**
   * A reader other than the administrator (migration 0021): their own entries, and the entries about objects of their
   * companies except the entities of areas they may not see.
   */
  reader?: { userId: number; companies: readonly number[]; hiddenEntities: readonly string[] };
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
  if (filter.reader) conditions.push(readerCondition(filter.reader));
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

const list = (values: readonly (number | string)[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

function readerCondition(reader: NonNullable<JournalFilter['reader']>): SQL {
  if (!reader.companies.length) return sql`j.user_id = ${reader.userId}`;
  const hidden = reader.hiddenEntities.length ? sql` AND j.entity NOT IN (${list(reader.hiddenEntities)})` : sql``;
  return sql`(j.user_id = ${reader.userId} OR (j.company_id IN (${list(reader.companies)})${hidden}))`;
}

const entrySelect = sql`
  SELECT j.id, j.user_id AS "user", u.username, j.action, j.entity, j.entity_id, j.changes, ${isoText(sql`j.created_at`)} AS created_at
  FROM journal j LEFT JOIN users u ON u.id = j.user_id`;

/**
 * Counting stops here: past it a count costs a walk over every matching index entry (a million for an unfiltered
 * journal), far more than the page itself. The page answers `count_exact: false` and `count` this many.
 */
export const JOURNAL_COUNT_CAP = 10_000;

/**
 * One page of entries, newest first, and how many match (exactly up to JOURNAL_COUNT_CAP). The page is picked from
 * the journal alone (an index walk in the reading order) and only its rows are joined to their users.
 */
export async function listJournal(
  db: Db,
  filter: JournalFilter,
  limit: number,
  offset: number,
): Promise<{ total: number; exact: boolean; hasNext: boolean; rows: JournalEntry[] }> {
  const where = whereOf(filter);
  const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM journal j ${where} LIMIT ${JOURNAL_COUNT_CAP + 1}) x`);
  const matched = Number(counted?.total ?? 0);
  const exact = matched <= JOURNAL_COUNT_CAP;
  if (exact && offset >= matched) return { total: matched, exact, hasNext: false, rows: [] };
  const page = await rows<JournalEntry>(
    db,
    sql`SELECT j.id, j.user_id AS "user", u.username, j.action, j.entity, j.entity_id, j.changes, ${isoText(sql`j.created_at`)} AS created_at
        FROM (SELECT j.id FROM journal j ${where} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit + 1} OFFSET ${offset}) picked
        JOIN journal j ON j.id = picked.id
        LEFT JOIN users u ON u.id = j.user_id
        ORDER BY j.created_at DESC, j.id DESC`,
  );
  const hasNext = page.length > limit;
  return { total: exact ? matched : JOURNAL_COUNT_CAP, exact, hasNext, rows: hasNext ? page.slice(0, limit) : page };
}

/** The newest `limit` matching entries, for the xlsx export. */
export async function journalRows(db: Db, filter: JournalFilter, limit: number): Promise<JournalEntry[]> {
  return rows<JournalEntry>(db, sql`${entrySelect} ${whereOf(filter)} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit}`);
}

/**
 * Vacuum and planner statistics for the journal (PGlite has no autovacuum): the filters' plans depend on the statistics,
 * and their index-only scans on the visibility map a vacuum keeps.
 */
export async function analyzeJournal(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) journal`);
}
