import fsp from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
beforeAll(async () => {
  server = await startTestServer();
  fixtures = await makeFixtures();
});
afterAll(async () => {
  await server?.close();
  if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
});

describe('media sizes', () => {
  it('keeps a file of a few KB above 0 MB (the panel writes "< 0.01 MB" rather than "0 MB")', async () => {
    const { client } = await signIn(server);
    const created = await client.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Tiny still')]));
    expect(created.status).toBe(201);
    const bytes = (await fsp.stat(fixtures.png)).size;
    expect(bytes).toBeLessThan(10_000);
    expect(created.body[0].size).toBe(Math.round((bytes / 1048576) * 1e6) / 1e6);
    expect(created.body[0].size).toBeGreaterThan(0);
  });
});
