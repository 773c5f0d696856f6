import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { migrate, migrationFiles, type Database } from '../../server/db/index.ts';
import { listenPglite } from '../../server/db/listen.ts';
import { timed } from './profile.ts';

/*
 * Migrated databases made once and copied for every test server, instead of an initdb and 32 migrations each time:
 * - PGlite: a dump of a migrated data directory (`dumpDataDir`), loaded by each in-memory server (`loadDataDir`).
 *   A fresh PGlite costs about 3.5 s (its initdb); loading the dump about 0.7 s.
 * - PostgreSQL: a template database, cloned with `CREATE DATABASE name TEMPLATE template`.
 * Both are named after a digest of the migrations (and the PGlite or PostgreSQL version), so a changed or added migration
 * makes a new one and an unchanged tree reuses the last. tests/helpers/globalSetup.ts makes them before the workers start;
 * a caller outside vitest (the fuzz runner) makes them on first use.
 */

const migrationsDir = path.resolve(import.meta.dirname, '../../server/db/migrations');
const cacheDir = path.join(os.tmpdir(), 'vitrine-test-templates');

let digestPromise: Promise<string> | undefined;
/** A digest of the migration files' names and contents. */
export function migrationsDigest(): Promise<string> {
  digestPromise ??= (async () => {
    const hash = createHash('sha256');
    for (const file of await migrationFiles()) hash.update(file).update('\0').update(await fs.readFile(path.join(migrationsDir, file))).update('\0');
    return hash.digest('hex').slice(0, 16);
  })();
  return digestPromise;
}

async function pgliteVersion(): Promise<string> {
  // The package's exports hide its package.json: read beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await fs.stat(path.join(dir, 'package.json')).catch(() => undefined))) dir = path.dirname(dir);
  return (JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let dumpPromise: Promise<Blob> | undefined;
/** The migrated PGlite data directory as a tarball, made once per machine and migration set, read once per process. */
export function pgliteDump(): Promise<Blob> {
  dumpPromise ??= timed('template', async () => {
    const file = path.join(cacheDir, `pglite-${await pgliteVersion()}-${await migrationsDigest()}.tar`);
    const existing = await fs.readFile(file).catch(() => undefined);
    if (existing) return new Blob([existing]);
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await client.waitReady;
      await migrate(pgliteDatabase(client));
      // A clean checkpoint so the dump holds every migrated page.
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('none');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      await fs.mkdir(cacheDir, { recursive: true });
      // Written beside and renamed: a worker reading at the same time sees the whole file or none.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
      return new Blob([bytes]);
    } finally {
      await client.close();
    }
  });
  return dumpPromise;
}

function pgliteDatabase(client: PGlite): Database {
  return {
    db: undefined as never,
    kind: 'pglite',
    exclusive: (fn) => fn(async (sqlText) => ((await client.exec(sqlText)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
    listen: (channel, onNotify) => listenPglite(client, channel, onNotify),
    close: () => client.close(),
  };
}

/** Runs statements on one connection to the PostgreSQL server of `url` (names here are generated, never user input). */
export async function adminQuery(url: string, ...statements: string[]): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: unknown[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

const templatePromises = new Map<string, Promise<string>>();
/**
 * The name of a migrated template database on the PostgreSQL server of `url`, made when missing. Servers of every run and
 * worktree on that PostgreSQL share it (its name carries the migrations' digest); an advisory lock keeps two runs from
 * making it at once, and it is marked as a template no one may connect to, so a clone never waits for a session in it.
 */
export function postgresTemplate(url: string): Promise<string> {
  let promise = templatePromises.get(url);
  if (!promise) {
    promise = timed('template', () => makePostgresTemplate(url));
    templatePromises.set(url, promise);
    promise.catch(() => templatePromises.delete(url));
  }
  return promise;
}

async function makePostgresTemplate(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = String((await client.query('SHOW server_version_num')).rows[0].server_version_num);
    const name = `vitrine_template_${(await migrationsDigest()).slice(0, 12)}_${version}`;
    const ready = async () => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate AND NOT datallowconn', [name])).rowCount! > 0;
    if (await ready()) return name;
    await client.query('SELECT pg_advisory_lock(74202)');
    try {
      if (await ready()) return name;
      // A run that stopped half-way leaves a database that is not marked ready: made again.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const { openDatabase } = await import('../../server/db/index.ts');
      const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', inMemory: false });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(74202)');
    }
  } finally {
    await client.end();
  }
}
