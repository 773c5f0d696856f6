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
  const conditions = conditionsOf(filter);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

function conditionsOf(filter: JournalFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.user !== undefined) conditions.push(sql`j.user_id = ${filter.user}`);
  if (filter.entity !== undefined) conditions.push(sql`j.entity = ${filter.entity}`);
  if (filter.action !== undefined) conditions.push(sql`j.action = ${filter.action}`);
  if (filter.from) conditions.push(sql`j.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`j.created_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.reader) conditions.push(readerCondition(filter.reader));
  return conditions;
}

const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);

const list = (values: readonly (number | string)[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** A scoped reader's entries of their companies (the visible areas): an index walk on journal_company_idx. */
function companyEntries(reader: NonNullable<JournalFilter['reader']>): SQL {
  const hidden = reader.hiddenEntities.length ? sql` AND j.entity NOT IN (${list(reader.hiddenEntities)})` : sql``;
  return sql`(j.company_id IN (${list(reader.companies)})${hidden})`;
}

/** A scoped reader's own entries that their companies do not show them anyway (the other part of their journal). */
const ownEntries = (reader: NonNullable<JournalFilter['reader']>): SQL[] => [
  sql`j.user_id = ${reader.userId}`,
  sql`NOT coalesce(${companyEntries(reader)}, false)`,
];

function readerCondition(reader: NonNullable<JournalFilter['reader']>): SQL {
  if (!reader.companies.length) return sql`j.user_id = ${reader.userId}`;
  return sql`(j.user_id = ${reader.userId} OR ${companyEntries(reader)})`;
}

const entrySelect = sql`
  SELECT j.id, j.user_id AS "user", u.username, j.action, j.entity, j.entity_id, j.changes, j.detail->>'integration' AS via, ${isoText(sql`j.created_at`)} AS created_at
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
  const { matched, ownAfter } = await countMatches(db, filter);
  const exact = matched <= JOURNAL_COUNT_CAP;
  if (exact && offset >= matched) return { total: matched, exact, hasNext: false, rows: [] };
  const pick = filter.reader?.companies.length
    ? scopedPick(filter, filter.reader, limit + 1, offset, ownAfter)
    : sql`SELECT j.id FROM journal j ${where} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit + 1} OFFSET ${offset}`;
  const page = await rows<JournalEntry>(
    db,
    sql`SELECT j.id, j.user_id AS "user", u.username, j.action, j.entity, j.entity_id, j.changes, j.detail->>'integration' AS via, ${isoText(sql`j.created_at`)} AS created_at
        FROM (${pick}) picked
        JOIN journal j ON j.id = picked.id
        LEFT JOIN users u ON u.id = j.user_id
        ORDER BY j.created_at DESC, j.id DESC`,
  );
  const hasNext = page.length > limit;
  return { total: exact ? matched : JOURNAL_COUNT_CAP, exact, hasNext, rows: hasNext ? page.slice(0, limit) : page };
}

/**
 * Up to this many companies, a scoped reader's page merges one ordered walk per company (a Merge Append that stops at
 * the page's last entry); past it, one walk per company through a lateral join over the ids (one plan whatever the
 * number of companies: planning 100 merged branches took 23 ms on PostgreSQL), each walk taking the page's depth.
 */
export const MERGED_COMPANIES = 16;

/**
 * A scoped reader's page, as ids: their companies' entries and their own elsewhere, newest first. These are disjoint
 * sets (an entry has one company; the own walk leaves out the entries of the reader's companies they see anyway), each
 * taken in the reading order from an index that leads with the company (migrations 0021 and 0025): the company's
 * entries, or those of one entity or one user within it, so the walk reads only matching entries. Walking a shared
 * index (every company's entries of an entity) and checking each entry's company instead read 20 times more entries for
 * a reader of 5 companies in 100 (94 ms for a page 50 deep on PostgreSQL, 6 ms this way).
 */
function scopedPick(filter: JournalFilter, reader: NonNullable<JournalFilter['reader']>, limit: number, offset: number, ownAfter: number | undefined): SQL {
  const rest = conditionsOf({ ...filter, reader: undefined });
  const hidden = reader.hiddenEntities.length ? [sql`j.entity NOT IN (${list(reader.hiddenEntities)})`] : [];
  const walk = sql`ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit + offset}`;
  const companies = [...new Set(reader.companies)];
  const theirs =
    companies.length <= MERGED_COMPANIES
      ? companies.map((company) => sql`(SELECT j.id, j.created_at FROM journal j WHERE ${all([...rest, sql`j.company_id = ${company}`, ...hidden])} ${walk})`)
      : [
          sql`(SELECT x.id, x.created_at FROM unnest(${`{${companies.join(',')}}`}::int[]) c(id)
               CROSS JOIN LATERAL (SELECT j.id, j.created_at FROM journal j WHERE ${all([...rest, sql`j.company_id = c.id`, ...hidden])} ${walk}) x)`,
        ];
  // Their own entries outside their companies: none of them up to `ownAfter` (counted), so only the newer are looked at.
  const after = ownAfter === undefined ? [] : [sql`j.id > ${ownAfter}`];
  const own = sql`(SELECT j.id, j.created_at FROM journal j WHERE ${all([...rest, ...ownEntries(reader), ...after])} ${walk})`;
  return sql`SELECT w.id FROM (${sql.join([...theirs, own], sql` UNION ALL `)}) w ORDER BY w.created_at DESC, w.id DESC LIMIT ${limit} OFFSET ${offset}`;
}

/*
 * Counting, without walking the same entries again on every page. The journal only grows (no entry is changed or
 * removed), so the matches of a filter among the entries up to an id never change: a count is kept per filter with the
 * id it reached, and the next page of the same filter counts only the entries written since (a primary-key range).
 * A count that passed the cap stays past it, so it is never walked again. Entries within COUNT_MARGIN ids of the newest
 * are always counted afresh: an id is taken before its transaction commits, so the newest few may still appear.
 */
const COUNT_MARGIN = 100;
/** Past this many entries written since a kept count, the filter is counted afresh (one walk instead of a long range). */
const RECOUNT_AFTER = 5_000;
const KEPT_COUNTS = 500;
/**
 * A kept count: the matches among the entries up to `upto`, and for a scoped reader `ownNone` when none of those is one of
 * their own outside their companies (their page then walks only their newer entries, not all of theirs again).
 */
type KeptCount = { upto: number; count: number; ownNone: boolean };
const keptCounts = new WeakMap<object, Map<string, KeptCount>>();

const filterKey = (filter: JournalFilter) =>
  JSON.stringify([filter.user, filter.entity, filter.action, filter.from?.toISOString(), filter.to?.toISOString(), filter.reader]);

/**
 * How many entries match, exactly up to JOURNAL_COUNT_CAP (a larger number means "more than the cap"), and for a scoped
 * reader the id up to which none of their own entries outside their companies matches, when that is known.
 */
async function countMatches(db: Db, filter: JournalFilter): Promise<{ matched: number; ownAfter?: number }> {
  let kept = keptCounts.get(db);
  if (!kept) keptCounts.set(db, (kept = new Map()));
  const key = filterKey(filter);
  const known = kept.get(key);
  const ownAfter = (kept: KeptCount) => (kept.ownNone ? { ownAfter: kept.upto } : {});
  if (known && known.count > JOURNAL_COUNT_CAP) return { matched: known.count, ...ownAfter(known) };
  const conditions = all(conditionsOf(filter));
  if (known) {
    const [since] = await rows<{ matched: number; written: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE ${conditions})::int AS matched, count(*)::int AS written FROM journal j WHERE j.id > ${known.upto}`,
    );
    if (Number(since!.written) > RECOUNT_AFTER) kept.delete(key);
    return { matched: known.count + Number(since!.matched), ...ownAfter(known) };
  }
  const cap = JOURNAL_COUNT_CAP + 1;
  // A scoped reader's entries are their companies' plus their own elsewhere: two index walks, not one OR over the table.
  const upTo = (upto: SQL) => {
    if (!filter.reader?.companies.length) return sql`SELECT 1 FROM journal j WHERE ${conditions} AND j.id <= ${upto} LIMIT ${cap}`;
    const rest = all(conditionsOf({ ...filter, reader: undefined }));
    const theirs = companyEntries(filter.reader);
    return sql`(SELECT 1 FROM journal j WHERE ${rest} AND ${theirs} AND j.id <= ${upto} LIMIT ${cap})
      UNION ALL (SELECT 1 FROM journal j WHERE ${rest} AND j.user_id = ${filter.reader.userId} AND NOT coalesce(${theirs}, false) AND j.id <= ${upto} LIMIT ${cap})`;
  };
  // Whether a scoped reader has entries of their own outside their companies among the counted ones: one walk of their
  // entries (index-only on journal_user_idx, migration 0025b) now, instead of one with every page.
  const ownNone = filter.reader?.companies.length
    ? sql`NOT EXISTS (SELECT 1 FROM journal j WHERE ${all([...conditionsOf({ ...filter, reader: undefined }), ...ownEntries(filter.reader)])} AND j.id <= t.upto)`
    : sql`false`;
  const [counted] = await rows<{ upto: number; base: number; recent: number; own_none: boolean }>(
    db,
    sql`SELECT t.upto, (SELECT count(*)::int FROM (SELECT 1 FROM (${upTo(sql`t.upto`)}) y LIMIT ${cap}) x) AS base,
          (SELECT count(*)::int FROM journal j WHERE j.id > t.upto AND ${conditions}) AS recent, ${ownNone} AS own_none
        FROM (SELECT coalesce(max(id), 0) - ${COUNT_MARGIN} AS upto FROM journal) t`,
  );
  const base = Number(counted!.base);
  const fresh: KeptCount = { upto: Number(counted!.upto), count: base, ownNone: counted!.own_none === true };
  if (kept.size >= KEPT_COUNTS) kept.delete(kept.keys().next().value!);
  kept.set(key, fresh);
  return { matched: base + Number(counted!.recent), ...ownAfter(fresh) };
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
