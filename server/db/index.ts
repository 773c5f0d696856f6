import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ServerConfig } from '../config.ts';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** An open database: the drizzle handle, a raw multi-statement runner for migrations, and close. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn on one connection holding an advisory lock (PostgreSQL) or on the single embedded connection. */
  exclusive<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>;

const migrationsDir = path.join(import.meta.dirname, 'migrations');

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'inMemory'>): Promise<Database> {
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
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // Extensions the migrations create (PostgreSQL ships them; PGlite loads them here).
  const extensions = { pg_trgm };
  if (config.inMemory) {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    exclusive: (fn) =>
      fn(async (sqlText) => {
        const results = await client.exec(sqlText);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    close: () => client.close(),
  };
}

/**
 * Applies the committed SQL migrations in name order, each once, inside a transaction.
 * An advisory lock serialises instances that start together on one PostgreSQL.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
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
