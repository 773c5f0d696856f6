import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { Struct } from 'superstruct';
import * as auth from '../../src/services/schemas/auth.ts';
import * as campaigns from '../../src/services/schemas/campaigns.ts';
import * as company from '../../src/services/schemas/company.ts';
import * as devices from '../../src/services/schemas/devices.ts';
import * as directory from '../../src/services/schemas/directory.ts';
import * as groups from '../../src/services/schemas/groups.ts';
import * as media from '../../src/services/schemas/media.ts';
import * as navigation from '../../src/services/schemas/navigation.ts';
import * as playlists from '../../src/services/schemas/playlists.ts';
import * as scheduler from '../../src/services/schemas/scheduler.ts';
import * as users from '../../src/services/schemas/users.ts';
import type { TestServer } from '../helpers/server.ts';

/*
 * A property-based fuzzer of the whole API (issue 14): for every route of the server's route table, requests whose
 * bodies and query strings are generated from the shared superstruct schemas (valid values mixed with wrong types,
 * U+0000, lone surrogates, deep nesting, huge numbers, long and unicode strings) and whose path ids are hostile too.
 * Two properties: no answer is a 5xx, and a request answered with an error changed nothing in the database (a digest
 * of every table, rate-limit counters excepted, before and after).
 */

type AnyStruct = Struct<any, any>;

const SCHEMA_MODULES: Record<string, unknown>[] = [auth, campaigns, company, devices, directory, groups, media, navigation, playlists, scheduler, users];

/** Every exported request schema (`...Body`, `...Query`), by name. */
const SCHEMAS: Record<string, AnyStruct> = Object.fromEntries(
  SCHEMA_MODULES.flatMap((module) =>
    Object.entries(module).filter(([name, value]) => /(?:Body|Query)$/.test(name) && value && typeof value === 'object' && 'validate' in (value as object)),
  ) as [string, AnyStruct][],
);

/** The schema of a route's body or query where a route's name says which (others get every schema in turn). */
const ROUTE_SCHEMAS: Record<string, string> = {
  'POST /auth/token-obtain/': 'TokenObtainBody',
  'POST /auth/token/token-refresh/': 'RefreshBody',
  'POST /auth/logout/': 'RefreshBody',
  'POST /users/': 'UserCreateBody',
  'POST /users/set_username/': 'SetUsernameBody',
  'POST /users/set_password/': 'SetPasswordBody',
  'PUT /users/:id/': 'UserUpdateBody',
  'POST /groups/create/': 'GroupCreateBody',
  'PUT /groups/:id': 'GroupUpdateBody',
  'GET /tvpi/devices/': 'DeviceListQuery',
  'GET /tvpi/devices-xslx/': 'DeviceSheetQuery',
  'POST /tvpi/devices/create/': 'DeviceCreateBody',
  'PUT /tvpi/devices/:id': 'DeviceUpdateBody',
  'PUT /tvpi/devices/:id/change-active': 'ChangeActiveBody',
  'POST /tvpi/devices/:id/send-command': 'SendCommandBody',
  'PUT /tvpi/devices/:id/configs/:configId': 'ConfigUpdateBody',
  'POST /player/hello/': 'PlayerHelloBody',
  'POST /player/heartbeat/': 'PlayerHeartbeatBody',
  'POST /player/bye/': 'PlayerHeartbeatBody',
  'POST /companies/create/': 'CompanyCreateBody',
  'POST /branch-offices/create/': 'OfficeCreateBody',
  'GET /branch-offices/': 'OfficeListQuery',
  'PUT /companies/:id': 'CompanyUpdateBody',
  'PUT /companies/:id/change-active': 'CompanyActiveBody',
  'PUT /companies/:id/change-video-upload': 'CompanyVideoUploadBody',
  'GET /departments/': 'DepartmentListQuery',
  'POST /departments/create/': 'DepartmentCreateBody',
  'PUT /departments/:id': 'DepartmentUpdateBody',
  'PUT /branch-offices/:id': 'OfficeUpdateBody',
  'GET /media/files/': 'MediaListQuery',
  'PUT /media/files/:id': 'MediaUpdateBody',
  'POST /directory/queries/create/': 'DirectoryQueryCreateBody',
  'PUT /directory/queries/:id': 'DirectoryQueryUpdateBody',
  'GET /media/play_lists/': 'PlaylistListQuery',
  'POST /media/play_lists/create/': 'PlaylistCreateBody',
  'PUT /media/play_lists/:id': 'PlaylistUpdateBody',
  'POST /media/play_list_tracks/create/': 'TrackCreateBody',
  'PUT /media/play_list_tracks/:id': 'TrackUpdateBody',
  'PUT /media/play_lists/:id/change_position_tracks/': 'TrackPositionsBody',
  'GET /campaigns/': 'CampaignListQuery',
  'POST /campaigns/create/': 'CampaignCreateBody',
  'PUT /campaigns/:id': 'CampaignUpdateBody',
  'PUT /campaigns/:id/devices/': 'CampaignDevicesBody',
  'POST /campaigns/:id/devices/match/': 'CampaignMatchBody',
  'POST /campaigns/:id/multiply/': 'MultiplyBody',
  'GET /campaigns/:id/report/': 'CampaignReportQuery',
  'GET /navigation/objects/': 'ObjectListQuery',
  'PUT /navigation/objects/:id': 'ObjectRenameBody',
  'GET /navigation/markers/': 'MarkerListQuery',
  'POST /navigation/markers/create/': 'MarkerCreateBody',
  'PUT /navigation/markers/:id': 'MarkerUpdateBody',
  'PUT /navigation/devices/:deviceId/': 'DeviceNavigationBody',
  'GET /scheduler/events/': 'EventListQuery',
  'POST /scheduler/events/create/': 'EventCreateBody',
  'PUT /scheduler/events/:id': 'EventUpdateBody',
};

const DEEP = 10_000;
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00',
  'Ж'.repeat(60),
  'x'.repeat(5000),
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '/etc/vitrine/../../etc/cron.d/x',
  '%00',
  '1e300',
  '-1',
  '0',
  '99999999999999999999',
  '2147483648',
  'null',
  'true',
  '1920 x 1080 @ fps=30 @ x264',
  '2026-11-22',
  '2026-11-22T10:00:00Z',
  '9999-99-99',
  '00:11:22:33:44:55',
  '10.0.0.1',
  'horizontal',
  'tvpi',
];
const HOSTILE_NUMBERS = [0, -1, 1, 2, 3, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e300, -1e300, 0.5, 1e-300];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 20 }));
const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const deepArray = fc.constant(JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  deepArray,
);

/** Valid values of fields with a format that random strings almost never meet, so that whole valid bodies still come often. */
const FORMATTED_SAMPLES: Record<string, string> = {
  email: 'office@example.com',
  url: 'https://example.com/',
  phone: '+7 900 000-00-00',
  inn: '7707083893',
  timezone: 'Europe/Berlin',
};

/** Values for a schema: mostly of its shape (so validation passes often and the routes run), one in ten hostile. */
export function arbitraryFor(struct: AnyStruct, depth = 0): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(struct, depth);
  return fc.oneof({ weight: 9, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

function typedArbitrary(struct: AnyStruct, depth: number): fc.Arbitrary<unknown> {
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'object':
    case 'type': {
      if (depth > 3 || !schema || typeof schema !== 'object') return hostileValue;
      const fields = Object.fromEntries(
        Object.entries(schema as Record<string, AnyStruct>).map(([key, field]) => [
          key,
          key in FORMATTED_SAMPLES
            ? fc.oneof({ weight: 3, arbitrary: fc.constant(FORMATTED_SAMPLES[key]) }, { weight: 1, arbitrary: arbitraryFor(field, depth + 1) })
            : arbitraryFor(field, depth + 1),
        ]),
      );
      // Every field present (so that whole valid bodies come often and reach the writes), any subset of them, or the
      // required ones alone (a large body of optional fields is rarely valid as a whole, its bare minimum often is).
      const required = Object.entries(schema as Record<string, AnyStruct>)
        .filter(([, field]) => field.validate(undefined)[0] !== undefined)
        .map(([key]) => key);
      const bare = fc.record(fields, { requiredKeys: required, noNullPrototype: true }).map((value) => Object.fromEntries(Object.entries(value).filter(([key]) => required.includes(key))));
      return fc.oneof({ weight: 2, arbitrary: fc.record(fields) }, { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) }, { weight: 1, arbitrary: bare });
    }
    case 'array':
      return depth > 3 ? hostileValue : fc.array(arbitraryFor(schema as AnyStruct, depth + 1), { maxLength: 4 });
    case 'enums':
      return fc.constantFrom(...(Object.values(schema as object) as unknown[]));
    case 'literal':
      return fc.constant(schema);
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'integer':
      return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 5 }) }, { weight: 1, arbitrary: hostileNumber });
    case 'string':
    case 'requiredString':
    default:
      return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) }, { weight: 1, arbitrary: hostileString });
  }
}

/** A body: a generated value (JSON), or raw text that no schema describes (broken JSON, deep nesting, prototype keys). */
function bodyFor(struct: AnyStruct | undefined): fc.Arbitrary<{ payload: string; contentType: string } | undefined> {
  const value = struct ? arbitraryFor(struct) : fc.oneof(...Object.values(SCHEMAS).map((s) => arbitraryFor(s)));
  const raw = fc.constantFrom(
    `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`,
    `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
    '{"name":',
    'null',
    '"text"',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"name":"\\ud800"}',
    '{"name":"\\u0000"}',
  );
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
    { weight: 1, arbitrary: raw.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: 'garbage', contentType: 'multipart/form-data' },
        { payload: '--x\r\nContent-Disposition: form-data; name="file_info"\r\n\r\n[{"name":"\u0000"}]\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
        { payload: 'plain text', contentType: 'text/plain' },
        { payload: '<x/>', contentType: 'application/xml' },
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const PATH_SEGMENTS = ['0', '-1', '2147483648', '99999999999999999999', '1e300', 'abc', '%00', '%ED%A0%80', '%c0%ae', '1.5', '%20', 'null', '..'];
const pathId = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom(...PATH_SEGMENTS) });

/** Encodes a query value; a lone surrogate cannot be percent-encoded, so it goes as the bytes of an encoded surrogate. */
function encode(value: unknown): string {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  } catch {
    return '%ED%A0%80';
  }
}

const QUERY_KEYS = ['page', 'page_size', 'search', 'status', 'ordering', 'company', 'office', 'campaign', 'from', 'to', 'type', 'position', 'schedule', 'date', 'period', 'lang'];

function queryFor(struct: AnyStruct | undefined): fc.Arbitrary<string> {
  const keys = struct?.schema && typeof struct.schema === 'object' ? [...new Set([...Object.keys(struct.schema as object), ...QUERY_KEYS])] : QUERY_KEYS;
  const typed = struct ? arbitraryFor(struct).map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})) : fc.constant({});
  const extra = fc.dictionary(fc.constantFrom(...keys), fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 3 });
  return fc.tuple(typed, extra).map(([a, b]) => {
    const entries = Object.entries({ ...a, ...b }).filter(([, v]) => v !== undefined);
    return entries.length ? `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
  });
}

export interface FuzzRequest {
  method: string;
  url: string;
  auth: 'admin' | 'none' | 'garbage';
  body?: { payload: string; contentType: string };
}

/** A generated request to one of the routes ("METHOD /path/:param"). */
export function requestArbitrary(routes: string[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const [method, pattern] = route.split(' ') as [string, string];
    const struct = ROUTE_SCHEMAS[route] ? SCHEMAS[ROUTE_SCHEMAS[route]!] : undefined;
    const params = pattern.match(/:\w+/g) ?? [];
    return fc.record({
      ids: fc.tuple(...params.map(() => pathId)),
      query: method === 'GET' ? queryFor(struct) : fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryFor(undefined) }),
      body: method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : bodyFor(struct),
      auth: fc.constantFrom<FuzzRequest['auth']>('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'none', 'garbage'),
    }).map(({ ids, query, body, auth: who }) => {
      let index = 0;
      const path = pattern.replace(/:\w+/g, () => ids[index++]!);
      return { method, url: `/api/v1${path}${query}`, auth: who, body };
    });
  });
}

/** The statement of tableDigests, by server: the tables are listed once (no request creates or drops one). */
const digestStatements = new WeakMap<TestServer, SQL>();

/** A digest per table of every row (rate-limit counters excepted: a refused sign-in is counted on purpose). */
export async function tableDigests(server: TestServer): Promise<Record<string, string>> {
  let statement = digestStatements.get(server);
  if (!statement) {
    const tables = (await server.ctx.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const parts = tables.rows.map(
      ({ table_name: name }) => sql.raw(`(SELECT coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') FROM "${name.replace(/"/g, '""')}" t) AS "${name.replace(/"/g, '""')}"`),
    );
    statement = sql`SELECT ${sql.join(parts, sql`, `)}`;
    digestStatements.set(server, statement);
  }
  const result = (await server.ctx.db.execute(statement)) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]!;
}

export interface FuzzReport {
  tried: number;
  statuses: Record<string, number>;
  /** Writes (POST, PUT, PATCH, DELETE) the server carried out (2xx): generated bodies that passed every rule of their route. */
  acceptedWrites: number;
  /** Requests answered with a 5xx. */
  serverErrors: { request: FuzzRequest; status: number; body: string }[];
  /** Refused requests (4xx) after which a table had changed. */
  refusedChanges: { request: FuzzRequest; status: number; tables: string[] }[];
}

/** Seeds a few of every entity, so that generated ids 1..6 find rows. */
export async function seed(server: TestServer, access: string): Promise<void> {
  const headers = { authorization: `JWT ${access}`, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: JSON.stringify(body) });
  for (let i = 1; i <= 3; i += 1) {
    await post('/companies/create/', { name: `Fuzz company ${i}`, user: 1 });
    await post('/branch-offices/create/', { company: 1, name: `Fuzz office ${i}`, address: 'Main street 1', user: 1 });
    await post('/tvpi/devices/create/', { sn: `FUZZ-${i}`, name: `Fuzz device ${i}`, office: 1, user: 1 });
    await post('/users/', { username: `fuzz-user-${i}`, password: 'fuzz-password-1', user: 1 });
    await post('/directory/queries/create/', { name: `Fuzz ${i}`, value: `${1000 + i} x 720 @ fps=30 @ x264`, type: 'video', device: 'tvpi', screen: 'horizontal' });
    await post('/media/play_lists/create/', { name: `Fuzz playlist ${i}`, screen_position: 'horizontal', user: 1 });
    await post('/campaigns/create/', { name: `Fuzz campaign ${i}`, user: 1 });
    await post('/groups/create/', { name: `Fuzz group ${i}`, companies: [i], permissions: { devices: 'view' } });
    await post('/player/hello/', { serial: `FUZZ-NEW-${i}`, version: '1.0' });
  }
  for (let i = 1; i <= 3; i += 1) {
    const layout = new FormData();
    layout.append('office', '1');
    layout.append('name', `Fuzz floor ${i}`);
    layout.append('layout', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'plan.png');
    await fetch(`${server.api}/navigation/objects/create/`, { method: 'POST', headers: { authorization: headers.authorization }, body: layout });
  }
}

/** A 1x1 PNG: the layout of the seeded navigation objects. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Sends `count` generated requests (fast-check, `seed`) one at a time through the server's full request pipeline
 * (Fastify's inject: routing, hooks, parsers, error handler) and checks both properties on each.
 */
export async function runFuzz(server: TestServer, options: { seed: number; count: number; onProgress?: (done: number) => void }): Promise<FuzzReport> {
  const routes = server.app.routeTable.filter((route) => !route.startsWith('HEAD '));
  const requests = fc.sample(requestArbitrary(routes), { seed: options.seed, numRuns: options.count });
  const report: FuzzReport = { tried: 0, statuses: {}, acceptedWrites: 0, serverErrors: [], refusedChanges: [] };
  let before: Record<string, string> | null = null;
  // The administrator's session, renewed well before its access token expires (a long run outlasts ACCESS_TOKEN_TTL).
  let access = '';
  let accessUntil = 0;
  for (const request of requests) {
    if (Date.now() >= accessUntil) {
      access = (await server.ctx.tokens.issue(1)).access;
      accessUntil = Date.now() + (server.ctx.config.accessTtlSeconds * 1000) / 2;
      before = null;
    }
    if (!before) {
      // Contacts of answered heartbeats are written behind the answer: write them before the digest, not during the request.
      await server.ctx.contacts.flush();
      before = await tableDigests(server);
    }
    const headers: Record<string, string> = {};
    if (request.auth === 'admin') headers.authorization = `JWT ${access}`;
    if (request.auth === 'garbage') headers.authorization = 'JWT not.a.token';
    if (request.body) headers['content-type'] = request.body.contentType;
    const response = await server.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.body?.payload });
    report.tried += 1;
    report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
    if (request.method !== 'GET' && response.statusCode < 300) report.acceptedWrites += 1;
    if (response.statusCode >= 500) report.serverErrors.push({ request, status: response.statusCode, body: response.body.slice(0, 300) });
    if (response.statusCode >= 400) {
      const after = await tableDigests(server);
      const changed = Object.keys(after).filter((table) => after[table] !== before![table]);
      if (changed.length) report.refusedChanges.push({ request, status: response.statusCode, tables: changed });
      before = after;
    } else before = null;
    options.onProgress?.(report.tried);
  }
  return report;
}
