import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ServerConfig } from '../config.ts';
import { listenPglite, listenPostgres, type Listening, type OnNotify } from './listen.ts';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** An open database: the drizzle handle, a raw multi-statement runner for migrations, and close. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn on one connection holding an advisory lock (PostgreSQL) or on the single embedded connection. */
  exclusive<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  /** LISTEN on a notification channel (see listen.ts): its own connection on PostgreSQL, in process with PGlite. */
  listen(channel: string, onNotify: OnNotify, onError: (error: unknown) => void): Promise<Listening>;
  close(): Promise<void>;
}

type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>;

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/**
 * Test hooks for PGlite (tests/helpers/templates.ts): `loadDataDir` starts it from this dump of a data directory
 * instead of an empty one (tests load a migrated one; on disk, only into a directory that has no database yet); `pgliteWasmModule` and `fsBundle` are PGlite's compiled
 * WebAssembly and its file bundle, read once per test process instead of once per database.
 */
export interface OpenDatabaseOptions {
  loadDataDir?: Blob;
  pgliteWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'inMemory'>, { loadDataDir, pgliteWasmModule, fsBundle }: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    return {
      db: drizzlePg(pool) as unknown as Db,
      kind: 'postgres',
      exclusive: async (fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('SELECT pg_advisory_lock(74201)');
          try {
            return await fn(async (sqlText) => (await conn.query(sqlText)).rows);
          } finally {
            await conn.query('SELECT pg_advisory_unlock(74201)');
          }
        } finally {
          conn.release();
        }
      },
      listen: (channel, onNotify, onError) => listenPostgres(config.databaseUrl!, channel, onNotify, onError),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // Extensions the migrations create (PostgreSQL ships them; PGlite loads them here).
  const options = { extensions: { pg_trgm }, parsers: DRIZZLE_PARSERS };
  if (config.inMemory) {
    client = new PGlite({ ...options, ...(loadDataDir && { loadDataDir }), ...(pgliteWasmModule && { pgliteWasmModule }), ...(fsBundle && { fsBundle }) });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    // A dump is loaded only into a directory without a database (a test's first start; PGlite refuses otherwise).
    const empty = !(await fs.stat(path.join(dir, 'PG_VERSION')).catch(() => undefined));
    client = new PGlite(dir, { ...options, ...(loadDataDir && empty && { loadDataDir }), ...(pgliteWasmModule && { pgliteWasmModule }), ...(fsBundle && { fsBundle }) });
  }
  await client.waitReady;
  return {
    db: drizzlePglite(withoutQueryParsers(client)) as unknown as Db,
    kind: 'pglite',
    exclusive: (fn) =>
      fn(async (sqlText) => {
        const results = await client.exec(sqlText);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    listen: (channel, onNotify) => listenPglite(client, channel, onNotify),
    close: () => client.close(),
  };
}

/**
 * The parsers drizzle's PGlite session passes with every query: timestamps, dates, intervals and their arrays are left
 * as text (drizzle maps them itself). PGlite merges a query's parsers into its own 318 each time, which cost about
 * 0.15 ms a query, so they are given to PGlite once (DRIZZLE_PARSERS) and dropped from each query (withoutQueryParsers).
 */
const DRIZZLE_PARSER_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
const asText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(DRIZZLE_PARSER_TYPES.map((type) => [type, asText]));

type QueryOptions = { parsers?: Record<number, (value: string) => unknown> } & Record<string, unknown>;
type Queryable = { query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown> };

/** Options without parsers that only repeat DRIZZLE_PARSERS; any other parser keeps them all. */
function dropKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type of Object.keys(options.parsers)) if (!DRIZZLE_PARSER_TYPES.includes(Number(type))) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/**
 * The client (or a transaction of it) as drizzle sees it: queries lose the parsers PGlite already has, and each gives
 * the event loop back before it runs (issue 35.20). PGlite runs a statement on the Node main thread and its promise
 * settles at once, so a chain of statements (a request's, a compile's, a transaction's) ran as one turn of the event
 * loop: a compile of 500 devices held it 150-440 ms, and every heartbeat answered from memory waited behind it, though
 * no statement took 40 ms. Now a heartbeat waits for one statement at most. (On PostgreSQL each statement is I/O.)
 */
function withoutQueryParsers<T extends Queryable>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          await new Promise<void>((resolve) => setImmediate(resolve));
          return target.query(text, params, dropKnownParsers(options));
        };
      }
      if (property === 'transaction') {
        const transaction = (target as unknown as { transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> }).transaction;
        return <R>(fn: (tx: Queryable) => Promise<R>) => transaction.call(target, (tx) => fn(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const MIGRATION_FILE = /^\d{4}[a-z]?_[a-z0-9_]+\.sql$/;

/** The committed migrations, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await fs.readdir(migrationsDir)).filter((f) => MIGRATION_FILE.test(f)).sort();
}

/** Migrations committed but not recorded as applied in the database (a read; throws when the database is unreachable). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`SELECT name FROM schema_migrations`)) as unknown as { rows: { name: string }[] };
  const applied = new Set(result.rows.map((row) => row.name));
  return (await migrationFiles()).filter((file) => !applied.has(file));
}

/**
 * Applies the committed SQL migrations in name order, each once, inside a transaction.
 * An advisory lock serialises instances that start together on one PostgreSQL.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = await migrationFiles();
  return database.exclusive(async (query) => {
    await query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      try {
        // File names are checked against a fixed pattern above, so they are safe to inline.
        await query(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      } catch (error) {
        await query('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    return applied;
  });
}
