import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { createContext, ensureAdmin } from '../../server/bootstrap.ts';
import { ActiveUserCache, PlayerCache } from '../../server/caches.ts';
import { ContactWriter } from '../../server/db/heartbeats.ts';
import { loadConfig, mediaStoreFromEnv, type ServerConfig } from '../../server/config.ts';
import type { OpenDatabaseOptions } from '../../server/db/index.ts';
import type { AppContext } from '../../server/context.ts';
import { checkAnswers } from './answerCheck.ts';
import { record, timed } from './profile.ts';
import { adminQuery as adminQueryOn, pgliteDump, pglitePreload, postgresTemplate } from './templates.ts';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + /api/v1 */
  api: string;
  adminPassword: string;
  dataDir: string;
  /** With checkAnswers: the JSON answers that did not meet their documented response schema (server/openapi). */
  answerProblems: string[];
  close(): Promise<void>;
}

/**
 * Starts the real server on a random loopback port with a fresh, migrated database:
 * PGlite in memory by default (loaded from a migrated dump), or a throw-away clone of a migrated template database on the
 * PostgreSQL of TEST_DATABASE_URL (tests/helpers/templates.ts).
 */
export async function startTestServer(overrides: Partial<ServerConfig> & { checkAnswers?: boolean } = {}): Promise<TestServer> {
  const { checkAnswers: checking = process.env.VITRINE_CHECK_ANSWERS === '1', ...configOverrides } = overrides;
  // A caller that passes its own dataDir wants state that outlives this server (a restart test):
  // on PostgreSQL that is a database named after the directory, kept until dropTestDatabase(dataDir).
  const persistent = configOverrides.dataDir !== undefined;
  const dataDir = configOverrides.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-test-')));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let pglite: OpenDatabaseOptions = {};
  const started = performance.now();
  const answerProblems: string[] = [];
  if (process.env.TEST_DATABASE_URL) {
    // A clone of the migrated template (tests/helpers/templates.ts) rather than an empty database migrated here.
    const template = await postgresTemplate(process.env.TEST_DATABASE_URL);
    const name = persistent ? persistentDatabaseName(dataDir) : `vitrine_test_${randomBytes(6).toString('hex')}`;
    const exists = persistent && (await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0;
    if (!exists) await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (!persistent) dropDatabase = () => dropDatabaseNamed(name);
  }
  // With MEDIA_STORE=s3 (the api-s3 project) each server gets a bucket of its own; a persistent one, one named after its dataDir.
  const mediaStore = mediaStoreFromEnv();
  if (mediaStore.kind === 's3') mediaStore.bucket = `vitrine-${persistent ? createHash('sha256').update(dataDir).digest('hex').slice(0, 16) : randomBytes(8).toString('hex')}`;
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    inMemory: !databaseUrl && !configOverrides.dataDir,
    databaseUrl,
    mediaStore,
    logLevel: 'silent',
    loginRateLimit: { max: 1000, windowSeconds: 60 },
    // scrypt at N = 1024 instead of 16384 for the passwords these servers hash (the administrator's at each start, every
    // user a test creates): each hash names its N and sign-in checks with it, so nothing else changes. At 16384 a hash or
    // a sign-in cost ~60-370 ms of CPU here (idle to loaded); the suites sign in and create users thousands of times.
    passwordScryptCost: 1024,
    ...configOverrides,
  });
  // PGlite, in memory or in a restart test's directory (there the dump is loaded only while it holds no database).
  if (!config.databaseUrl) pglite = { loadDataDir: await pgliteDump(), ...(await pglitePreload()) };
  const ctx = await createContext(config, pglite);
  const adminPassword = 'admin-test-password';
  await ensureAdmin(ctx, adminPassword);
  record('database', performance.now() - started);
  const app = await timed('server', async () => {
    const app = await buildApp(ctx, { logger: false });
    if (checking) checkAnswers(app, answerProblems);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    ctx,
    origin,
    api: `${origin}/api/v1`,
    adminPassword,
    dataDir,
    answerProblems,
    close: () =>
      timed('teardown', async () => {
        // A teardown that hangs (seen once on PostgreSQL under the full run: the hook timed out after 60 s) says where.
        let step = 'app.close()';
        const watchdog = setTimeout(() => console.error(`test server teardown still waiting on ${step} after 20 s (${dataDir})`), 20_000);
        watchdog.unref();
        // A response the test never read (a fetch whose body it left, e.g. a 1 MB script of /api/docs whose status
        // alone it checked) keeps its connection busy: the server cannot finish writing it, and app.close() waited for
        // it until the client's garbage collector happened to drop it (hooks timed out at 60 s under load, openapi.test.ts
        // and campaigns.test.ts). The file's tests are over: after a second those connections are cut.
        const closing = app.close();
        const cut = setTimeout(() => app.server.closeAllConnections(), 1_000);
        await closing;
        clearTimeout(cut);
        step = 'database.close()';
        await ctx.database.close();
        step = 'dropping the test database';
        await dropDatabase?.();
        clearTimeout(watchdog);
        if (!persistent) await fs.rm(dataDir, { recursive: true, force: true });
        if (answerProblems.length) {
          throw new Error(`Answers that do not meet their documented response schema:\n${[...new Set(answerProblems)].join('\n')}`);
        }
      }),
  };
}

/**
 * A second server instance on the same database as `server`, with caches of its own: what another instance behind
 * the load balancer sees. Close it before `server` (they share the database connection).
 */
export async function startSecondInstance(server: TestServer): Promise<Pick<TestServer, 'app' | 'ctx' | 'origin' | 'api'> & { close(): Promise<void> }> {
  const ctx: AppContext = { ...server.ctx, activeUsers: new ActiveUserCache(), players: new PlayerCache(), contacts: new ContactWriter(server.ctx.db) };
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, ctx, origin, api: `${origin}/api/v1`, close: () => app.close() };
}

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL (names here are generated, never user input). */
function adminQuery(statement: string): Promise<unknown[]> {
  return adminQueryOn(process.env.TEST_DATABASE_URL!, statement);
}

/**
 * Drops a test database once the server's pool has closed. Its sessions may still be ending on the server side: a plain
 * DROP waits for them (up to 5 s); WITH (FORCE) would kill them, and a client still ending its session then threw
 * "terminating connection due to administrator command" as an uncaught error into whatever file ran next.
 */
async function dropDatabaseNamed(name: string): Promise<void> {
  try {
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  } catch {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function persistentDatabaseName(dataDir: string): string {
  return `vitrine_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
}

/** Drops the database a persistent test server (one started with its own dataDir) used on PostgreSQL. */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await dropDatabaseNamed(persistentDatabaseName(dataDir));
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small real-HTTP client for API tests. */
export function apiClient(server: Pick<TestServer, 'api'>, token?: string, scheme: 'JWT' | 'Token' | 'Bearer' = 'JWT') {
  async function call<T = any>(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.authorization = `${scheme} ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body as BodyInit;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${server.api}${url}`, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    get: <T = any>(url: string) => call<T>('GET', url),
    post: <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', url, body, headers),
    put: <T = any>(url: string, body?: unknown) => call<T>('PUT', url, body),
    delete: <T = any>(url: string) => call<T>('DELETE', url),
    call,
  };
}

/** Signs in and answers the token pair plus a client that carries the access token. */
export async function signIn(server: TestServer, username = 'admin', password = server.adminPassword) {
  const response = await apiClient(server).post<{ access: string; refresh: string }>('/auth/token-obtain/', { username, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body, client: apiClient(server, response.body.access) };
}

/** Creates a user through the API as the administrator and signs in as them. */
export async function createUserAndSignIn(server: TestServer, username: string, password = 'password-123') {
  const admin = await signIn(server);
  const created = await admin.client.post('/users/', { username, password, user: 1 });
  if (created.status !== 201) throw new Error(`user create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as number, ...(await signIn(server, username, password)) };
}

/** Puts a user in a new group with these rights (every area `view` by default) over every company: access scopes, issue 12. */
export async function grantGroup(server: TestServer, userId: number, permissions: Record<string, string> = { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', statistics: 'view', company: 'view' }) {
  const admin = await signIn(server);
  const companies = ((await admin.client.get('/companies/?page_size=500')).body.results as { id: number }[]).map((company) => company.id);
  const group = await admin.client.post('/groups/create/', { name: `Group of user ${userId} ${Date.now()}`, companies, permissions });
  if (group.status !== 201) throw new Error(`group create failed: ${group.status} ${JSON.stringify(group.body)}`);
  const put = await admin.client.put(`/users/${userId}/`, { groups: [group.body.id] });
  if (put.status !== 200) throw new Error(`user groups failed: ${put.status} ${JSON.stringify(put.body)}`);
}
