import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { insertGroup } from '../server/db/groups.ts';
import { insertUser } from '../server/db/users.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import type { AppContext } from '../server/context.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';

/*
 * Child process of bench/journal.bench.ts: the real server (PGlite in a temporary DATA_DIR) with <count> journal
 * entries written over the last 365 days by 50 users (user 1 and 49 more), spread over 10 entities and 8 actions,
 * each with a small `changes`. Entries about objects of a company (devices, media, playlists, campaigns, configs,
 * companies, offices) carry one of 100 companies (migration 0021); a user `bench-scoped` (password SCOPED_PASSWORD)
 * belongs to a group of SCOPED_COMPANIES with view rights everywhere but the company area.
 * With JOURNAL_BENCH_PG=postgres://... the server uses a fresh database on that PostgreSQL (dropped at the end) instead.
 * Prints one JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/journal-server.ts <count>
 */
export const BENCH_USERS = 50;
export const BENCH_ENTITIES = ['device', 'media_file', 'playlist', 'campaign', 'device_config', 'directory_query', 'company', 'office', 'user', 'session'];
export const SCOPED_COMPANIES = [3, 23, 43, 63, 83];
export const SCOPED_PASSWORD = 'bench-scoped-password-1';
/** Entities whose entries carry a company (indexes into BENCH_ENTITIES, 1-based as in SQL). */
const OWNED = [1, 2, 3, 4, 5, 7, 8];
export const BENCH_ACTIONS = ['update', 'create', 'delete', 'activate', 'deactivate', 'command', 'login', 'update_devices'];

/** Seeds an empty, migrated database with the bench's users, <count> entries, 100 companies and the scoped user. */
export async function seedJournal(ctx: AppContext, count: number): Promise<void> {
  await ensureAdmin(ctx, 'bench-admin-password');
  await ctx.db.execute(sql`
    INSERT INTO users (username, password_hash) SELECT 'bench-user-' || g, 'x' FROM generate_series(2, ${BENCH_USERS}::int) g`);
  const entities = `{${BENCH_ENTITIES.join(',')}}`;
  const actions = `{${BENCH_ACTIONS.join(',')}}`;
  // Skewed like a real journal: devices and updates are most of it (entity index = floor(r^2 * 10) for r uniform).
  for (let start = 1; start <= count; start += 200_000) {
    const end = Math.min(count, start + 199_999);
    await ctx.db.execute(sql`
      INSERT INTO journal (user_id, action, entity, entity_id, changes, created_at, company_id)
      SELECT (1 + (g * 7919) % ${BENCH_USERS}::int)::int,
             (${actions}::text[])[1 + floor(power(((g * 104729) % 1000) / 1000.0, 2) * 8)::int],
             (${entities}::text[])[1 + floor(power(((g * 15485863) % 1000) / 1000.0, 2) * 10)::int],
             ((g * 31) % 20000)::text,
             jsonb_build_object('name', jsonb_build_array('Screen ' || g, 'Screen ' || (g + 1))),
             now() - make_interval(secs => (${count}::int - g) * (365.0 * 86400 / ${count}::int)),
             CASE WHEN 1 + floor(power(((g * 15485863) % 1000) / 1000.0, 2) * 10)::int = ANY(${`{${OWNED.join(',')}}`}::int[]) THEN 1 + (g * 131) % 100 END
      FROM generate_series(${start}::bigint, ${end}::bigint) g`);
  }
  await ctx.db.execute(sql`INSERT INTO companies (name) SELECT 'Bench company ' || g FROM generate_series(1, 100) g`);
  const permissions = { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', statistics: 'view', company: 'none' } as const;
  const group = await insertGroup(ctx.db, { name: 'Bench five companies', companies: SCOPED_COMPANIES, permissions });
  await insertUser(ctx.db, 'bench-scoped', await hashPassword(SCOPED_PASSWORD), [group]);
  await ctx.db.execute(sql`VACUUM (ANALYZE) journal`);
}

/** Runs one statement on the PostgreSQL server of JOURNAL_BENCH_PG (the names here are generated). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PGlite in a temporary DATA_DIR; with JOURNAL_BENCH_PG, a throw-away database on that PostgreSQL instead. */
async function real(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-journal-'));
  const postgres = process.env.JOURNAL_BENCH_PG;
  const name = `vitrine_bench_journal_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (postgres) {
    await adminQuery(postgres, `CREATE DATABASE ${name}`);
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, logLevel: 'silent', demo: false }));
  await seedJournal(ctx, count);
  const server = await listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
  if (!postgres) return server;
  return { ...server, close: async () => (await server.close(), await adminQuery(postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export function startJournalServer(count: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [String(count)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(Number(process.argv[2] ?? 1_000_000)));
