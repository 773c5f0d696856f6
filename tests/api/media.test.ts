import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaUsageProviders } from '../../server/media/usage.ts';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice } from './devices.helpers.ts';
import { describeAs, makeFixtures, probeStreams, storedMediaDirs, storedNames, tempFiles, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;

beforeAll(async () => {
  [server, fixtures] = await Promise.all([startTestServer(), makeFixtures()]);
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
  if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
});

async function settled(id: number) {
  let media: any;
  await vi.waitFor(
    async () => {
      media = (await admin.client.get(`/media/files/${id}`)).body;
      const formatsPending = media.formats.some((f: any) => f.status === 'queued' || f.status === 'processing');
      if (media.status === 'processing' || formatsPending) throw new Error(`still ${media.status}`);
    },
    { timeout: 40_000, interval: 100 },
  );
  return media;
}

async function download(url: string) {
  const response = await fetch(`${server.origin}${url}`, { headers: { authorization: `JWT ${admin.access}` } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('POST /media/files/create/', () => {
  it('refuses an anonymous upload with 401', async () => {
    const response = await apiClient(server).post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('x')]));
    expect(response.status).toBe(401);
  });

  it('stores one file, answers it as processing, then probes it and makes a preview', async () => {
    const response = await admin.client.post('/media/files/create/', await uploadForm([fixtures.video], [describeAs('Clip', { description: 'Test clip' })]));
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(1);
    const [created] = response.body;
    expect(created).toMatchObject({ name: 'Clip', description: 'Test clip', kind: 'video', original_name: 'clip.mp4', mime_type: 'video/mp4' });
    expect(created.status).toBe('processing');
    const media = await settled(created.id);
    expect(media.status).toBe('ready_to_play');
    expect(media.duration).toBeCloseTo(2, 1);
    expect(media.resolution).toBe('320x240');
    expect(media.video_codec).toBe('h264');
    expect(media.size).toBe(Math.round(((await fsp.stat(fixtures.video)).size / 1048576) * 1e6) / 1e6);
    expect(media.links).toEqual({ source: `/api/v1/media/files/${media.id}/source`, preview: `/api/v1/media/files/${media.id}/preview`, render: [] });
    const source = await download(media.links.source);
    expect(source.status).toBe(200);
    expect(source.bytes.equals(await fsp.readFile(fixtures.video))).toBe(true);
    const preview = await download(media.links.preview);
    expect(preview.type).toBe('image/jpeg');
    expect([...preview.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('takes three files in one request, in src_file[n] order even when parts and file_info come in another order', async () => {
    const form = new FormData();
    const { openAsBlob } = await import('node:fs');
    form.append('src_file[2]', await openAsBlob(fixtures.jpg), 'photo.jpg');
    form.append('src_file[0]', await openAsBlob(fixtures.video), 'clip.mp4');
    form.append('src_file[1]', await openAsBlob(fixtures.png), 'still.png');
    form.append('file_info', JSON.stringify([describeAs('First'), describeAs('Second', { screen_position: 'vertical' }), describeAs('Third', { device_type: 'android' })]));
    form.append('user', '1');
    const response = await admin.client.post('/media/files/create/', form);
    expect(response.status).toBe(201);
    expect(response.body.map((m: any) => [m.name, m.original_name, m.kind, m.screen_position, m.device_type])).toEqual([
      ['First', 'clip.mp4', 'video', 'horizontal', 'tvpi'],
      ['Second', 'still.png', 'image', 'vertical', 'tvpi'],
      ['Third', 'photo.jpg', 'image', 'horizontal', 'android'],
    ]);
    for (const created of response.body) {
      const media = await settled(created.id);
      expect(media.status).toBe('ready_to_play');
      expect(media.links.preview).not.toBeNull();
    }
    const still = await settled(response.body[1].id);
    expect(still).toMatchObject({ duration: null, resolution: '320x240', video_codec: 'png' });
    const dirs = await storedMediaDirs(server);
    expect(dirs).toEqual(expect.arrayContaining(response.body.map((m: any) => String(m.id))));
    expect(await storedNames(server, response.body[2].id)).toEqual(['preview.jpg', 'source.jpg']);
  });

  it('accepts plain src_file parts in arrival order', async () => {
    const form = await uploadForm([fixtures.png, fixtures.jpg], [describeAs('A'), describeAs('B')], { field: () => 'src_file' });
    const response = await admin.client.post('/media/files/create/', form);
    expect(response.status).toBe(201);
    expect(response.body.map((m: any) => [m.name, m.original_name])).toEqual([
      ['A', 'still.png'],
      ['B', 'photo.jpg'],
    ]);
  });

  it.each([
    ['missing', undefined, { file_info: 'required' }],
    ['not JSON', '[{"name": ', { file_info: 'invalid_json' }],
    ['one description for two files', [describeAs('only')], { file_info: 'count_mismatch' }],
    ['a description without a name', [{ screen_position: 'horizontal', device_type: 'tvpi' }, describeAs('b')], { 'file_info.0.name': 'required' }],
    ['an unknown screen position', [describeAs('a'), describeAs('b', { screen_position: 'diagonal' as never })], { 'file_info.1.screen_position': 'invalid' }],
  ])('answers 400 invalid_file_info for file_info %s and keeps nothing', async (_label, info, fields) => {
    const before = await storedMediaDirs(server);
    const form = await uploadForm([fixtures.png, fixtures.jpg], info === undefined ? '' : info);
    if (info === undefined) form.delete('file_info');
    const response = await admin.client.post('/media/files/create/', form);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_file_info');
    expect(response.body.fields).toEqual(fields);
    expect(await tempFiles(server)).toEqual([]);
    expect(await storedMediaDirs(server)).toEqual(before);
  });

  it('answers 400 invalid_content_format for content that is not video or image, naming the part', async () => {
    const text = path.join(fixtures.dir, 'notes.txt');
    await fsp.writeFile(text, 'These are plain words, not a picture.\n'.repeat(20));
    const response = await admin.client.post('/media/files/create/', await uploadForm([fixtures.png, text], [describeAs('a'), describeAs('b')]));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Invalid content format!', code: 'invalid_content_format', fields: { 'src_file[1]': 'invalid_content_format' } });
    expect(await tempFiles(server)).toEqual([]);
  });

  it('answers 400 when no file was sent', async () => {
    const form = new FormData();
    form.append('file_info', JSON.stringify([describeAs('a')]));
    const response = await admin.client.post('/media/files/create/', form);
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ src_file: 'required' });
  });
});

describe('processing', () => {
  it('renders into every active Directory preset matching screen position and device type', async () => {
    const query = await admin.client.post('/directory/queries/create/', { name: 'Lobby small', value: '640 x 360 @ fps=15 @ x264', type: 'video', device: 'webos', screen: 'horizontal' });
    const other = await admin.client.post('/directory/queries/create/', { name: 'Portrait', value: '360 x 640 @ fps=25 @ x264', type: 'video', device: 'webos', screen: 'vertical' });
    const off = await admin.client.post('/directory/queries/create/', { name: 'Off', value: '1280 x 720 @ fps=25 @ x264', type: 'video', device: 'webos', screen: 'horizontal', active: false });
    expect([query.status, other.status, off.status]).toEqual([201, 201, 201]);
    const response = await admin.client.post('/media/files/create/', await uploadForm([fixtures.video], [describeAs('Lobby', { device_type: 'webos' })]));
    const media = await settled(response.body[0].id);
    expect(media.status).toBe('ready_to_play');
    expect(media.formats).toEqual([
      { query_id: query.body.id, name: 'Lobby small', value: '640 x 360 @ fps=15 @ x264', status: 'ready', error: null, size: expect.any(Number), link: `/api/v1/media/files/${media.id}/render/${query.body.id}` },
    ]);
    expect(media.links.render).toEqual([media.formats[0].link]);
    const render = await download(media.formats[0].link);
    expect(render.status).toBe(200);
    expect(render.type).toBe('video/mp4');
    const copy = await server.ctx.media.localCopy(server.ctx.media.renderKey(media.id, query.body.id));
    const stream = await probeStreams(copy.path).finally(() => copy.release());
    expect(stream).toMatchObject({ width: 640, height: 360, codec_name: 'h264', r_frame_rate: '15/1' });

    // A preset switched on later renders the files it matches.
    const activated = await admin.client.put(`/directory/queries/${off.body.id}`, { active: true });
    expect(activated.body.active).toBe(true);
    const after = await settled(media.id);
    expect(after.formats.map((f: any) => [f.name, f.status])).toEqual([
      ['Lobby small', 'ready'],
      ['Off', 'ready'],
    ]);
    // Deleting a preset removes its renders.
    expect((await admin.client.delete(`/directory/queries/${off.body.id}`)).status).toBe(204);
    expect((await admin.client.get(`/media/files/${media.id}`)).body.formats.map((f: any) => f.name)).toEqual(['Lobby small']);
    expect(await storedNames(server, media.id)).not.toContain(`render-${off.body.id}.mp4`);
    for (const id of [query.body.id, other.body.id]) await admin.client.delete(`/directory/queries/${id}`);
  });

  it('keeps an upload whose processing fails, shows the reason and processes it again on retry', async () => {
    const broken = path.join(fixtures.dir, 'broken.mp4');
    await fsp.writeFile(broken, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]));
    const response = await admin.client.post('/media/files/create/', await uploadForm([broken], [describeAs('Broken')]));
    expect(response.status).toBe(201);
    const failed = await settled(response.body[0].id);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toMatch(/^Reading the file failed/);
    expect((await download(failed.links.source)).status).toBe(200);

    // The operator fixes the cause (here: the stored file) and retries.
    await server.ctx.media.put(server.ctx.media.sourceKey(failed.id, 'mp4'), fs.createReadStream(fixtures.video));
    const retried = await admin.client.post(`/media/files/${failed.id}/retry/`);
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('processing');
    const fixed = await settled(failed.id);
    expect(fixed).toMatchObject({ status: 'ready_to_play', failure_reason: null, resolution: '320x240' });
    const again = await admin.client.post(`/media/files/${failed.id}/retry/`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_to_retry');
  });
});

describe('GET /media/files/', () => {
  it('pages, searches, filters by status and orders', async () => {
    const form = await uploadForm([fixtures.png, fixtures.jpg, fixtures.png], [describeAs('Zebra poster'), describeAs('Apple poster'), describeAs('Mango poster')]);
    const created = await admin.client.post('/media/files/create/', form);
    for (const m of created.body) await settled(m.id);
    const searched = await admin.client.get('/media/files/?search=poster&ordering=name&page_size=2');
    expect(searched.status).toBe(200);
    expect(searched.body.count).toBe(3);
    expect(searched.body.results.map((m: any) => m.name)).toEqual(['Apple poster', 'Mango poster']);
    expect(searched.body.next).toBe('/api/v1/media/files/?search=poster&ordering=name&page_size=2&page=2');
    const second = await admin.client.get('/media/files/?search=poster&ordering=name&page_size=2&page=2');
    expect(second.body.results.map((m: any) => m.name)).toEqual(['Zebra poster']);
    const newest = await admin.client.get('/media/files/?search=POSTER');
    expect(newest.body.results.map((m: any) => m.name)).toEqual(['Mango poster', 'Apple poster', 'Zebra poster']);
    const failed = await admin.client.get('/media/files/?status=failed');
    expect(failed.body.results.every((m: any) => m.status === 'failed')).toBe(true);
    const bad = await admin.client.get('/media/files/?ordering=colour');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ ordering: 'invalid' });
  });
});

describe('one media file', () => {
  it('edits, shows usage, refuses deleting a file in use and deletes it from disk otherwise', async () => {
    const created = (await admin.client.post('/media/files/create/', await uploadForm([fixtures.jpg], [describeAs('Menu')]))).body[0];
    await settled(created.id);
    const edited = await admin.client.put(`/media/files/${created.id}`, { name: 'Menu (winter)', description: 'Soups', screen_position: 'vertical' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Menu (winter)', description: 'Soups', screen_position: 'vertical' });
    const invalid = await admin.client.put(`/media/files/${created.id}`, { name: '' });
    expect(invalid.status).toBe(400);

    expect((await admin.client.get(`/media/file/${created.id}/details/`)).body).toEqual({ playlists: [], campaigns: [], events: [], layouts: [] });
    const provider = async (_db: unknown, mediaId: number) => (mediaId === created.id ? { playlists: [{ id: 7, name: 'Morning' }] } : {});
    mediaUsageProviders.push(provider);
    try {
      expect((await admin.client.get(`/media/file/${created.id}/details/`)).body).toEqual({ playlists: [{ id: 7, name: 'Morning' }], campaigns: [], events: [], layouts: [] });
      const refused = await admin.client.delete(`/media/files/${created.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('media_in_use');
    } finally {
      mediaUsageProviders.splice(mediaUsageProviders.indexOf(provider), 1);
    }
    expect(await storedNames(server, created.id)).toEqual(['preview.jpg', 'source.jpg']);
    expect((await admin.client.delete(`/media/files/${created.id}`)).status).toBe(204);
    expect((await admin.client.get(`/media/files/${created.id}`)).status).toBe(404);
    expect(await storedNames(server, created.id)).toEqual([]);
  });

  it('answers 404 for unknown files and 400 for malformed ids', async () => {
    expect((await admin.client.get('/media/files/999999')).status).toBe(404);
    expect((await admin.client.get('/media/files/abc')).status).toBe(400);
    expect((await admin.client.get('/media/file/999999/details/')).status).toBe(404);
  });

  it('serves downloads to a player with its device serial and key, and refuses a wrong key', async () => {
    // A player reads its own company's files (or those its schedule names): device and file share a company here.
    const { company, office } = await createCompanyAndOffice(admin.client, 'Media players');
    const created = (await admin.client.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('For players', { company: company.id })]))).body[0];
    const device = await admin.client.post('/tvpi/devices/create/', { sn: 'MEDIA-PLAYER-1', office: office.id, user: 1 });
    expect(device.status).toBe(201);
    const unowned = (await admin.client.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Of no company')]))).body[0];
    const unownedAsPlayer = await fetch(`${server.origin}${unowned.links.source}`, { headers: { 'x-device-serial': 'MEDIA-PLAYER-1', 'x-device-key': device.body.key } });
    expect(unownedAsPlayer.status).toBe(404);
    const asPlayer = (key: string) =>
      fetch(`${server.origin}${created.links.source}`, { headers: { 'x-device-serial': 'MEDIA-PLAYER-1', 'x-device-key': key } });
    const allowed = await asPlayer(device.body.key);
    expect(allowed.status).toBe(200);
    expect(Buffer.from(await allowed.arrayBuffer()).equals(await fsp.readFile(fixtures.png))).toBe(true);
    expect((await asPlayer('wrong-key')).status).toBe(401);
    expect((await fetch(`${server.origin}${created.links.source}`)).status).toBe(401);
  });

  it('answers a byte range of the source (players seek in videos)', async () => {
    const created = (await admin.client.post('/media/files/create/', await uploadForm([fixtures.video], [describeAs('Ranged')]))).body[0];
    const response = await fetch(`${server.origin}${created.links.source}`, { headers: { authorization: `JWT ${admin.access}`, range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${(await fsp.stat(fixtures.video)).size}`);
    expect(Buffer.from(await response.arrayBuffer()).equals((await fsp.readFile(fixtures.video)).subarray(100, 200))).toBe(true);
  });

  it('lets a user whose group may view media see them (not only the administrator); a user without groups gets 403', async () => {
    const operator = await createUserAndSignIn(server, 'media-operator');
    expect((await operator.client.get('/media/files/')).status).toBe(403);
    const group = await admin.client.post('/groups/create/', { name: 'Media viewers', permissions: { media: 'view' } });
    await admin.client.put(`/users/${operator.id}/`, { groups: [group.body.id] });
    expect((await operator.client.get('/media/files/')).status).toBe(200);
  });
});
