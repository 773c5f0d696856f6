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
 * - PGlite: a dump of a migrated data directory (`dumpDataDir`), loaded by each in-memory server (`loadDataDir`), made
 *   small (`slimDump`) since loading it copies every byte into PGlite's file system: 11 MB instead of 43 MB. A fresh
 *   PGlite costs about 4.3 s of CPU (its initdb); loading the 43 MB dump 0.85 s, the slim one with the WebAssembly module
 *   and file bundle read once per process (`pglitePreload`) 0.55 s.
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
    const file = path.join(cacheDir, `pglite-${await pgliteVersion()}-${await migrationsDigest()}-slim.tar`);
    const existing = await fs.readFile(file).catch(() => undefined);
    if (existing) return new Blob([existing]);
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await client.waitReady;
      await migrate(pgliteDatabase(client));
      // The WAL of initdb and the migrations (10 MB) left in a finished segment, then a clean checkpoint so the data files
      // hold every migrated page and recovery starts in the new segment: the dump keeps that one segment alone.
      await client.query('SELECT pg_switch_wal()');
      await client.exec('CHECKPOINT');
      const redo = (await client.query<{ segment: string }>('SELECT pg_walfile_name(redo_lsn) AS segment FROM pg_control_checkpoint()')).rows[0]!.segment;
      const dump = await client.dumpDataDir('none');
      const bytes = slimDump(new Uint8Array(await dump.arrayBuffer()), redo);
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

let preloadPromise: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
/**
 * PGlite's WebAssembly module, compiled once per process (its lazily compiled and optimised code is then shared by every
 * database of the worker: the api and e2e projects run their files in one process), and its file bundle read once.
 */
export function pglitePreload(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> {
  preloadPromise ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([fs.readFile(path.join(dist, 'pglite.wasm')), fs.readFile(path.join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return preloadPromise;
}

/**
 * The dump of a data directory without what an in-memory test database never reads (PGlite copies each byte of the
 * dump at every start, about 16 ms a megabyte): the WAL segments other than the one recovery starts in (`redoSegment`;
 * the others are finished or recycled), that one cut after its last written page (PostgreSQL reads a short segment's end
 * as the end of the WAL and writes on from there); the databases template0 and template1 (base/1 and base/4: PGlite
 * connects to "postgres", and no test makes a database on PGlite); the free space and visibility maps (_fsm, _vm:
 * PostgreSQL reads a missing one as empty and makes it when needed).
 */
export function slimDump(tar: Uint8Array, redoSegment: string): Uint8Array<ArrayBuffer> {
  const text = (from: number, to: number) => {
    const field = tar.subarray(from, to);
    const end = field.indexOf(0);
    return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
  };
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const prefix = text(offset + 345, offset + 500);
    const name = `${prefix ? `${prefix}/` : ''}${text(offset, offset + 100)}`.replace(/^\.?\//, '');
    const size = Number.parseInt(text(offset + 124, offset + 136).trim() || '0', 8);
    let data = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (/^base\/(1|4)(\/|$)/.test(name) || /_(fsm|vm)$/.test(name)) continue;
    const segment = /^pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (segment && segment !== redoSegment) continue;
    if (segment) {
      const page = 8192;
      let end = data.length;
      while (end > 0 && data.subarray(end - page, end).every((byte) => byte === 0)) end -= page;
      data = data.subarray(0, end);
    }
    const copy = new Uint8Array(header);
    if (data.length !== size) {
      // The new size (11 octal digits), then the checksum: the header's bytes summed with the checksum field as spaces.
      copy.set(new TextEncoder().encode(`${data.length.toString(8).padStart(11, '0')}\0`), 124);
      copy.fill(32, 148, 156);
      const sum = copy.reduce((total, byte) => total + byte, 0);
      copy.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    }
    parts.push(copy, data, new Uint8Array(Math.ceil(data.length / 512) * 512 - data.length));
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
