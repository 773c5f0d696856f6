import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaFiles, mediaJobs } from '../../server/db/media.schema.ts';
import { dropTestDatabase, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
let dataDir: string;
const servers: TestServer[] = [];

beforeAll(async () => {
  fixtures = await makeFixtures();
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-restart-'));
});
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  await dropTestDatabase(dataDir);
  await fsp.rm(dataDir, { recursive: true, force: true });
  if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
});

async function start() {
  // PGlite on disk in a data dir that outlives the server, as `npm start` runs it.
  const server = await startTestServer({ dataDir, inMemory: false });
  servers.push(server);
  return { server, admin: await signIn(server) };
}

describe('a server restart', () => {
  it('resumes processing that was running when the server stopped', async () => {
    const first = await start();
    const created = (await first.admin.client.post('/media/files/create/', await uploadForm([fixtures.video], [describeAs('Resumed')]))).body[0];
    await vi.waitFor(async () => expect((await first.admin.client.get(`/media/files/${created.id}`)).body.status).toBe('ready_to_play'), {
      timeout: 30_000,
      interval: 100,
    });
    // The state a crash mid-probe leaves behind: the job still marked running, no preview yet, and a heartbeat
    // that stopped (on PostgreSQL, where several instances may share the queue, only a stale job is taken back).
    const crashedAt = new Date(Date.now() - 10 * 60_000);
    await first.server.ctx.db.update(mediaJobs).set({ status: 'running', startedAt: crashedAt, heartbeatAt: crashedAt }).where(eq(mediaJobs.mediaId, created.id));
    await first.server.ctx.db.update(mediaFiles).set({ status: 'processing', hasPreview: false, duration: null }).where(eq(mediaFiles.id, created.id));
    await first.server.ctx.media.remove([first.server.ctx.media.previewKey(created.id)]);
    await first.server.close();

    const second = await start();
    await vi.waitFor(async () => expect((await second.admin.client.get(`/media/files/${created.id}`)).body.status).toBe('ready_to_play'), {
      timeout: 30_000,
      interval: 100,
    });
    const media = (await second.admin.client.get(`/media/files/${created.id}`)).body;
    expect(media.duration).toBeCloseTo(2, 1);
    expect(media.links.preview).toBe(`/api/v1/media/files/${created.id}/preview`);
    const [job] = await second.server.ctx.db.select().from(mediaJobs).where(eq(mediaJobs.mediaId, created.id));
    // Claimed once before the stop and once after the restart.
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });
});
