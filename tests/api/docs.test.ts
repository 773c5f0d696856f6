import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const normalise = (route: string) => route.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

it('docs/api.md lists exactly the routes the server registers', () => {
  const docs = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const documented = [...docs.matchAll(/^- `([A-Z]+) (\/[^`]*)`/gm)].map((m) => normalise(`${m[1]} ${m[2]}`));
  const registered = server.app.routeTable.map(normalise);
  expect([...new Set(documented)].sort()).toEqual([...new Set(registered)].sort());
});
