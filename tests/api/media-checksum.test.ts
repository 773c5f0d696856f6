import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backfillChecksums } from '../../server/media/checksums.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice } from './devices.helpers.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let client: Awaited<ReturnType<typeof signIn>>['client'];
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
  fixtures = await makeFixtures();
});
afterAll(async () => {
  await server?.close();
  if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
});

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const storedSha = async (id: number) =>
  ((await server.ctx.db.execute(sql`SELECT sha256 FROM media_files WHERE id = ${id}`)) as unknown as { rows: { sha256: string | null }[] }).rows[0]?.sha256;

describe('media checksums', () => {
  it('keeps the SHA-256 of each uploaded file, sends it as the checksum in the player schedule, and backfills files stored without one', async () => {
    const upload = await client.post('/media/files/create/', await uploadForm([fixtures.png, fixtures.jpg], [describeAs('Poster'), describeAs('Photo')]));
    expect(upload.status).toBe(201);
    const [png, jpg] = upload.body.map((m: { id: number }) => m.id) as [number, number];
    expect([await storedSha(png), await storedSha(jpg)]).toEqual([sha256(fixtures.png), sha256(fixtures.jpg)]);
    await vi.waitFor(async () => expect((await client.get(`/media/files/${png}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 300 });

    // A campaign shows the image on a device: its dev2 item carries the file's SHA-256, and the bytes served match it.
    const device = await createDevice(client, { position: 'horizontal' });
    const playlist = (await client.post('/media/play_lists/create/', { name: 'Checked', screen_position: 'horizontal' })).body.id as number;
    expect((await client.post('/media/play_list_tracks/create/', { playlist, media: png, duration: 5 })).status).toBe(201);
    expect((await client.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
    const campaign = (await client.post('/campaigns/create/', { name: 'Checked', screen_position: 'horizontal', user: 1 })).body.id as number;
    expect((await client.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] })).status).toBe(200);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const event = await client.post('/scheduler/events/create/', { campaign, title: 'Checked', playlist, all_day: true, start_date: day(-1), end_date: day(1), devices: [device.id] });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    expect((await client.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    const headers = { 'x-device-serial': device.sn, 'x-device-key': device.key };
    const schedule = await apiClient(server).call('GET', `/scheduler/dev2/${device.id}`, undefined, headers);
    expect(schedule.status).toBe(200);
    const files = (schedule.body.items as { media: { id: number; url: string; checksum: string }[] }[]).flatMap((item) => item.media);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatchObject({ id: png, checksum: sha256(fixtures.png) });
    const bytes = Buffer.from(await (await fetch(`${server.origin}${files[0]!.url}`, { headers })).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(files[0]!.checksum);

    // Files stored before checksums were kept: the backfill hashes them from disk, and skips a file that is gone.
    await server.ctx.db.execute(sql`UPDATE media_files SET sha256 = NULL WHERE id IN (${png}, ${jpg})`);
    const store = server.ctx.media;
    const ext = ((await server.ctx.db.execute(sql`SELECT source_ext FROM media_files WHERE id = ${jpg}`)) as unknown as { rows: { source_ext: string }[] }).rows[0]!.source_ext;
    const jpgKey = store.sourceKey(jpg, ext);
    await store.move(jpgKey, `media/${jpg}/away.jpg`);
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Parameters<typeof backfillChecksums>[2];
    expect(await backfillChecksums(server.ctx.db, store, log)).toBe(1);
    expect([await storedSha(png), await storedSha(jpg)]).toEqual([sha256(fixtures.png), null]);
    await store.move(`media/${jpg}/away.jpg`, jpgKey);
    expect(await backfillChecksums(server.ctx.db, store, log)).toBe(1);
    expect(await storedSha(jpg)).toBe(sha256(fixtures.jpg));
    expect(warnings).toEqual([]);
  });
});
