import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAGGER_UI_STYLE_HASH } from '../../server/app.ts';
import { routeDocs } from '../../server/openapi/routes.ts';
import { answerProblems, routeKey } from '../helpers/answerCheck.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let document: any;
beforeAll(async () => {
  // Every JSON answer this file's server gives is checked against its documented response schema (close() fails otherwise).
  server = await startTestServer({ checkAnswers: true });
  const response = await fetch(`${server.api}/openapi.json`);
  expect(response.status).toBe(200);
  document = await response.json();
});
afterAll(async () => {
  await server?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  it('has an entry with a summary for every route the server registers, and none for a route it does not', () => {
    const registered = new Set(server.app.routeTable.map(routeKey));
    const described = new Map(Object.entries(routeDocs).map(([key, doc]) => [routeKey(key), doc]));
    const undescribed = [...registered].filter((key) => !described.get(key)?.summary?.trim()).sort();
    const unregistered = [...described.keys()].filter((key) => !registered.has(key)).sort();
    expect(undescribed, 'Routes without a description: add each to routeDocs in server/openapi/routes.ts (summary, and its structs from src/services/schemas)').toEqual([]);
    expect(unregistered, 'Entries of routeDocs (server/openapi/routes.ts) that name no route the server registers').toEqual([]);
  });

  it('is served as OpenAPI 3.1 with the security schemes, the error body and every route of the route table', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    expect(document.components.securitySchemes).toMatchObject({
      jwt: { type: 'apiKey', in: 'header', name: 'Authorization' },
      deviceSerial: { type: 'apiKey', in: 'header', name: 'X-Device-Serial' },
      deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key' },
    });
    expect(document.components.schemas.Error.required).toEqual(['detail', 'code']);
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([route, item]) =>
      Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, operation]) => ({ key: routeKey(`${method.toUpperCase()} ${route}`), operation })),
    );
    expect(operations.map((o) => o.key).sort()).toEqual([...new Set(server.app.routeTable.map(routeKey))].sort());
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);

    const byKey = new Map(operations.map((o) => [o.key, o.operation]));
    // Who may call: a user's token, the player's two headers, nobody in particular.
    expect(byKey.get('GET /tvpi/devices')!.security).toEqual([{ jwt: [] }]);
    expect(byKey.get('POST /player/heartbeat')!.security).toEqual([{ deviceSerial: [], deviceKey: [] }]);
    expect(byKey.get('POST /auth/token-obtain')!.security).toEqual([]);
    // A route's own error codes, in the {detail, code, fields} body.
    const signInErrors = byKey.get('POST /auth/token-obtain')!.responses;
    expect(signInErrors['401'].description).toContain('invalid_credentials');
    expect(signInErrors['429'].content['application/json'].schema.allOf).toEqual([{ $ref: '#/components/schemas/Error' }]);
    // Bodies and answers come from the shared structs.
    const create = byKey.get('POST /media/play_lists/create')!;
    expect(create.responses['201'].content['application/json'].schema.required).toContain('id');
    expect(create.requestBody.content['application/json'].schema.properties.screen_position.enum).toContain('horizontal');
    expect(byKey.get('GET /tvpi/devices')!.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['search', 'status', 'page', 'page_size']));

    // Every schema in it compiles as JSON Schema 2020-12 (the dialect of OpenAPI 3.1).
    const failures = onceThisRun('schemas', [JSON.stringify(document)], () => {
      const ajv = new Ajv2020({ strict: false, formats: { binary: true } });
      ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
      const schemas = JSON.stringify(document.paths).replaceAll('#/components/', 'doc#/components/');
      const refused: string[] = [];
      for (const [route, item] of Object.entries(JSON.parse(schemas) as Record<string, Record<string, any>>)) {
        for (const [method, operation] of Object.entries(item)) {
          for (const [status, answer] of Object.entries(operation.responses as Record<string, any>)) {
            for (const media of Object.values((answer.content ?? {}) as Record<string, { schema: object }>)) {
              try {
                ajv.compile(media.schema);
              } catch (error) {
                refused.push(`${method} ${route} ${status}: ${(error as Error).message}`);
              }
            }
          }
        }
      }
      return refused;
    });
    expect(failures).toEqual([]);
  });

  it('names the route and the field of an answer that does not meet its documented schema', () => {
    const wrong = { count: 1, next: null, previous: null, results: [{ id: 'seven', name: 'Lobby', companies: [], permissions: {} }] };
    expect(answerProblems('GET', '/groups/', 200, wrong).join('\n')).toContain('GET /groups/ 200: /results/0/id must be integer');
    expect(answerProblems('GET', '/tvpi/devices/statistics', 200, { active: 1 })).toEqual([
      "GET /tvpi/devices/statistics 200: (the answer) must have required property 'deactive' — the documented response is routeDocs['GET /tvpi/devices/statistics'].response in server/openapi/routes.ts",
    ]);
    expect(answerProblems('GET', '/tvpi/devices/statistics', 200, { active: 1, deactive: 0 })).toEqual([]);
  });

  it('serves the reference page /api/docs from the server itself, under the app security headers', async () => {
    const page = await fetch(`${server.origin}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/static/'), src).toBe(true);
      expect((await fetch(`${server.origin}${src}`)).status, src).toBe(200);
    }
    expect(html).not.toMatch(/<script>|https?:\/\//);
    const json = await (await fetch(`${server.origin}/api/docs/json`)).json();
    expect(json).toEqual(document);
    // Swagger UI's own <style> element is allowed on its page only.
    expect(page.headers.get('content-security-policy')).toContain(SWAGGER_UI_STYLE_HASH);
    expect((await fetch(`${server.api}/openapi.json`)).headers.get('content-security-policy')).not.toContain(SWAGGER_UI_STYLE_HASH);

    // In a real browser the page renders the document without a single CSP violation or page error.
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      tab.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      await tab.addInitScript(() => document.addEventListener('securitypolicyviolation', (event: Event) => { const violation = event as Event & { violatedDirective: string; blockedURI: string }; console.error(`CSP ${violation.violatedDirective} ${violation.blockedURI}`); }));
      await tab.goto(`${server.origin}/api/docs`);
      await tab.locator('.swagger-ui .info .title', { hasText: 'Vitrine API' }).waitFor();
      await tab.locator('.opblock-summary-path', { hasText: '/auth/token-obtain/' }).first().click();
      await tab.locator('.opblock-body').first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('a client generated from the document', () => {
  it('types the API (a wrong field does not compile), signs in, lists devices, creates a playlist and works with an API token', async () => {
    const { client } = await signIn(server);
    const company = await client.post('/companies/create/', { name: 'Client company', user: 1 });
    const office = await client.post('/branch-offices/create/', { company: company.body.id, name: 'Client office', user: 1 });
    expect(office.status).toBe(201);
    expect((await client.post('/tvpi/devices/create/', { sn: 'CLIENT-1', name: 'Lobby screen', office: office.body.id, position: 'horizontal', user: 1 })).status).toBe(201);

    // Written under node_modules/.cache so that 'openapi-fetch' resolves from the generated files as from any package.
    const dir = path.resolve(import.meta.dirname, `../../node_modules/.cache/vitrine-openapi-${randomBytes(4).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    try {
      const types = astToString(await openapiTS(document));
      await fs.writeFile(path.join(dir, 'schema.ts'), types);
      await fs.writeFile(path.join(dir, 'client.ts'), CLIENT);
      await fs.writeFile(path.join(dir, 'wrong.ts'), WRONG);
      const diagnostics = onceThisRun('typecheck', [types, CLIENT, WRONG], () => typecheck([path.join(dir, 'client.ts'), path.join(dir, 'wrong.ts')]));
      expect(diagnostics.filter((d) => d.file === 'client.ts')).toEqual([]);
      // The types are real: a field the document does not have, a body without a required field, both fail.
      expect(diagnostics.filter((d) => d.file === 'wrong.ts').map((d) => d.line).sort()).toEqual([5, 6]);

      const { outputText } = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
      await fs.writeFile(path.join(dir, 'client.mjs'), outputText);
      const { run } = (await import(path.join(dir, 'client.mjs'))) as { run: (baseUrl: string, username: string, password: string) => Promise<any> };
      const result = await run(server.api, 'admin', server.adminPassword);
      expect(result.devices).toEqual({ count: 1, names: ['Lobby screen'] });
      expect(result.playlist).toMatchObject({ name: 'From the client', screen_position: 'horizontal' });
      expect(result.token).toEqual({ devices: 1, refused: 403 });
      expect((await client.get(`/media/play_lists/${result.playlist.id}`)).body.name).toBe('From the client');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/** The outside client: only the generated types and openapi-fetch, the way an integrator writes it. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

export async function run(baseUrl: string, username: string, password: string) {
  const api = createClient<paths>({ baseUrl });
  const tokens = await api.POST('/auth/token-obtain/', { body: { username, password } });
  if (!tokens.data) throw new Error('sign-in failed: ' + JSON.stringify(tokens.error));
  if (!('access' in tokens.data)) throw new Error('a second factor is asked for');
  const access: string = tokens.data.access;
  const headers = { Authorization: 'JWT ' + access };
  const devices = await api.GET('/tvpi/devices/', { headers, params: { query: { search: 'Lobby', page_size: 10 } } });
  if (!devices.data) throw new Error('devices: ' + JSON.stringify(devices.error));
  const count: number = devices.data.count;
  const names: string[] = devices.data.results.map((device) => device.name);
  const created = await api.POST('/media/play_lists/create/', { headers, body: { name: 'From the client', screen_position: 'horizontal' } });
  if (!created.data) throw new Error('playlist: ' + JSON.stringify(created.error));
  const playlist: { id: number; name: string; screen_position: string } = created.data;
  // An integration's own credential: an API token with view rights on devices, then only the token.
  const made = await api.POST('/profile/api-tokens/', { headers, body: { name: 'Generated client', expires_days: 30, permissions: { devices: 'view' } } });
  if (!made.data) throw new Error('token: ' + JSON.stringify(made.error));
  const token: string = made.data.token;
  const byToken = await api.GET('/tvpi/devices/', { headers: { Authorization: 'Token ' + token } });
  const refused = await api.POST('/media/play_lists/create/', { headers: { Authorization: 'Token ' + token }, body: { name: 'Not allowed', screen_position: 'horizontal' } });
  return { devices: { count, names }, playlist, token: { devices: byToken.data?.count, refused: refused.response.status } };
}
`;

const WRONG = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';
export async function wrong(api: ReturnType<typeof createClient<paths>>) {
  const devices = await api.GET('/tvpi/devices/');
  const serial: string = devices.data!.results[0]!.no_such_field;
  await api.POST('/media/play_lists/create/', { body: { name: 'No position' } });
  return serial;
}
`;

/**
 * The answer of `work` for these inputs, worked out once per test run: the api and api-postgres projects of one run
 * (workers of one vitest process) get the same document and so the same client, and compiling every schema and
 * typechecking the client (about 15 s of CPU under load) depend on nothing else than the inputs and the versions of
 * TypeScript, ajv and openapi-fetch, which the key names. Kept beside the run's process id in the temporary directory.
 */
function onceThisRun<T>(what: string, inputs: string[], work: () => T): T {
  const hash = createHash('sha256').update(`${ts.version}\0${packageVersion('ajv')}\0${packageVersion('openapi-fetch')}`);
  for (const input of inputs) hash.update('\0').update(input);
  const file = path.join(os.tmpdir(), `vitrine-openapi-${what}-${process.ppid}-${hash.digest('hex').slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    const answer = work();
    void fs.writeFile(file, JSON.stringify(answer)).catch(() => undefined);
    return answer;
  }
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../node_modules/${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** tsc on the generated files: the diagnostics as {file, line}. */
function typecheck(files: string[]): { file: string; line: number; text: string }[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? path.basename(d.file.fileName) : '',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}
