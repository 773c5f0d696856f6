import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMediaFile } from '../../server/db/media.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, TINY_PNG } from './devices.helpers.ts';
import { describeAs, uploadForm } from './media-fixtures.ts';

/*
 * Layouts (issue 36), the server half: the draft, its rules, commits and versions, and what screens get of a layout.
 * One server for the file; two companies with an editor each (company A's editor does the work, B's checks tenancy).
 */

type Client = ReturnType<typeof apiClient>;
let server: TestServer;
let admin: Client;
let a: Client;
let b: Client;
const ids = {} as Record<'companyA' | 'companyB' | 'officeA' | 'image' | 'imageB' | 'processing' | 'clip' | 'playlist' | 'playlistB', number>;

const EDIT = { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'edit', company: 'view' };

async function userIn(name: string, groups: number[]): Promise<Client> {
  const created = await admin.post('/users/', { username: name, password: `${name}-pass-1`, user: 1, groups });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return (await signIn(server, name, `${name}-pass-1`)).client;
}

/** A 1x1 PNG of the client's company, uploaded and then marked with `status` once the worker is done with it. */
async function upload(client: Client, name: string, png: string, status: 'ready_to_play' | 'processing' = 'ready_to_play'): Promise<number> {
  const response = await client.post('/media/files/create/', await uploadForm([png], [describeAs(name)]));
  if (response.status !== 201) throw new Error(`upload ${response.status} ${JSON.stringify(response.body)}`);
  const id = response.body[0].id as number;
  while ((await admin.get(`/media/files/${id}`)).body.status === 'processing') await new Promise((resolve) => setImmediate(resolve));
  await updateMediaFile(server.ctx.db, id, { status });
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server)).client;
  const first = await createCompanyAndOffice(admin, 'Layouts A');
  const second = await createCompanyAndOffice(admin, 'Layouts B');
  Object.assign(ids, { companyA: first.company.id, companyB: second.company.id, officeA: first.office.id });
  const groupA = (await admin.post('/groups/create/', { name: 'Layouts A editors', companies: [ids.companyA], permissions: EDIT })).body.id;
  const groupB = (await admin.post('/groups/create/', { name: 'Layouts B editors', companies: [ids.companyB], permissions: EDIT })).body.id;
  [a, b] = await Promise.all([userIn('layouts-a', [groupA]), userIn('layouts-b', [groupB])]);
  const png = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-layouts-')), 'still.png');
  await fsp.writeFile(png, TINY_PNG);
  [ids.image, ids.imageB, ids.processing, ids.clip] = await Promise.all([
    upload(a, 'Layout still', png),
    upload(b, 'B still', png),
    upload(a, 'Not yet', png, 'processing'),
    upload(a, 'Side clip', png),
  ]);
  // The side zone's clip: an HEVC video as far as renditions go (a tvpi decodes no HEVC), with its H.264 fallback
  // rendered, so each kind of screen gets its own file without running ffmpeg here.
  await server.ctx.db.execute(`UPDATE media_files SET kind = 'video', video_codec = 'hevc', width = 320, height = 240, duration = 5 WHERE id = ${ids.clip}` as never);
  await server.ctx.db.execute(
    `INSERT INTO media_jobs (media_id, kind, preset, status, output_sha256) VALUES (${ids.clip}, 'fallback', '320x240', 'done', '${'f'.repeat(64)}')` as never,
  );
  ids.playlist = (await a.post('/media/play_lists/create/', { name: 'Main loop', screen_position: 'horizontal' })).body.id;
  ids.playlistB = (await b.post('/media/play_lists/create/', { name: 'B loop', screen_position: 'horizontal' })).body.id;
  expect((await a.post('/media/play_list_tracks/create/', { playlist: ids.playlist, media: ids.image })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Main + side + ticker on a 1920 x 1080 canvas. */
const threeZones = () => [
  { name: 'Main', x: 0, y: 0, width: 1440, height: 880, z: 0, content: { kind: 'playlist', id: ids.playlist } },
  { name: 'Side', x: 1440, y: 0, width: 480, height: 880, z: 1, content: { kind: 'media', id: ids.image } },
  { name: 'Ticker', x: 0, y: 880, width: 1920, height: 200, z: 2, content: null },
];

async function newLayout(client: Client, name: string, zones: unknown[] = threeZones()) {
  const response = await client.post('/layouts/create/', { name, screen_position: 'horizontal', zones });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function journalOf(entity: string, id: number) {
  const found = (await server.ctx.db.execute(`SELECT action FROM journal WHERE entity = '${entity}' AND entity_id = '${id}' ORDER BY id` as never)) as unknown as { rows: { action: string }[] };
  return found.rows.map((row) => row.action);
}

describe('layouts', () => {
  it('creates a layout with its zones, edits it, and commits versions', async () => {
    const created = await newLayout(a, '  Lobby  ');
    const { id, created_at, updated_at, zones, ...rest } = created;
    expect(rest).toEqual({
      name: 'Lobby',
      company: ids.companyA,
      screen_position: 'horizontal',
      width: 1920,
      height: 1080,
      background: { color: '#000000', media: null },
      version: 0,
      committed: false,
      details: `/api/v1/layouts/${id}/detail/`,
    });
    expect(created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(zones.map(({ id: zoneId, ...zone }: { id: number }) => ({ ...zone, id: typeof zoneId }))).toEqual(threeZones().map((zone) => ({ ...zone, id: 'number' })));
    expect((await a.get(`/layouts/${id}`)).body).toEqual(created);

    // A commit refuses a zone whose playlist is not committed (the publish code) and an empty zone, and names them.
    const refused = await a.post(`/layouts/${id}/commit/`);
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([409, 'uncommitted_playlists', { 'zones.0.content': 'uncommitted_playlist', 'zones.2.content': 'zone_empty' }]);

    // Fill the ticker, move the side zone (its id kept), change the background: one write.
    const [main, side, ticker] = zones;
    const edited = await a.put(`/layouts/${id}`, {
      background: { color: '#1A2B3C', media: ids.image },
      zones: [main, { ...side, x: 1400, width: 520 }, { ...ticker, content: { kind: 'media', id: ids.image } }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.background).toEqual({ color: '#1a2b3c', media: ids.image });
    expect(edited.body.zones.map((zone: { id: number; x: number }) => [zone.id, zone.x])).toEqual([[main.id, 0], [side.id, 1400], [ticker.id, 0]]);

    // The playlist is not committed: the publish code, with the zone and the playlist named.
    const uncommitted = await a.post(`/layouts/${id}/commit/`);
    expect(uncommitted.status).toBe(409);
    expect(uncommitted.body).toEqual({
      detail: 'Uncommited playlists found!',
      code: 'uncommitted_playlists',
      fields: { 'zones.0.content': 'uncommitted_playlist' },
      playlists: [{ id: ids.playlist, name: 'Main loop' }],
    });
    expect((await a.get(`/layouts/${id}`)).body).toMatchObject({ version: 0, committed: false });

    expect((await a.get(`/media/play_lists/${ids.playlist}/commit/`)).status).toBe(200);
    expect((await a.post(`/layouts/${id}/commit/`)).body).toEqual({ changed: true, version: 1 });
    expect((await a.post(`/layouts/${id}/commit/`)).body).toEqual({ changed: false, version: 1 });
    expect((await a.get(`/layouts/${id}`)).body).toMatchObject({ version: 1, committed: true });

    // Removing a zone and committing makes version 2; version 1 stays as it was.
    const removed = await a.put(`/layouts/${id}`, { name: 'Lobby 2', zones: [main, edited.body.zones[2]] });
    expect(removed.body).toMatchObject({ name: 'Lobby 2', committed: false, version: 1 });
    expect(removed.body.zones.map((zone: { id: number }) => zone.id)).toEqual([main.id, ticker.id]);
    expect((await a.post(`/layouts/${id}/commit/`)).body).toEqual({ changed: true, version: 2 });
    const versions = (await a.get(`/layouts/${id}/versions/`)).body;
    expect(versions.count).toBe(2);
    expect(versions.results.map((v: { version: number; zones: unknown[] }) => [v.version, v.zones.length])).toEqual([[2, 2], [1, 3]]);
    expect(versions.results[1].zones[1]).toEqual({ ...side, x: 1400, width: 520 });

    // The detail describes each zone's content and the background.
    const detail = (await a.get(`/layouts/${id}/detail/`)).body;
    expect(detail.zones[0].content).toMatchObject({ kind: 'playlist', id: ids.playlist, name: 'Main loop', duration: 10, media_kind: null, status: null, committed: true, tracks_count: 1 });
    expect(detail.zones[1].content).toMatchObject({ kind: 'media', id: ids.image, name: 'Layout still', media_kind: 'image', status: 'ready_to_play', committed: null, tracks_count: null });
    expect(detail.background.media_detail).toMatchObject({ id: ids.image, media_kind: 'image' });

    // The media and the playlist a layout shows are in use.
    expect((await a.get(`/media/file/${ids.image}/details/`)).body.layouts).toEqual([{ id, name: 'Lobby 2' }]);
    expect((await a.delete(`/media/files/${ids.image}`)).body.code).toBe('media_in_use');
    const playlistDelete = await a.delete(`/media/play_lists/${ids.playlist}`);
    expect([playlistDelete.status, playlistDelete.body.code, playlistDelete.body.detail]).toEqual([409, 'playlist_in_use', 'The playlist is used by layout Lobby 2; remove it from there first.']);

    expect(await journalOf('layout', id)).toEqual(['create', 'update', 'commit', 'commit', 'update', 'commit']);
  });

  it('lists with search, screen position and committed filters, paged', async () => {
    const portrait = await a.post('/layouts/create/', { name: 'Portrait kiosk', screen_position: 'vertical' });
    expect(portrait.body).toMatchObject({ width: 1080, height: 1920, zones: [] });
    await newLayout(a, 'Window 100%_x', []);
    const names = async (query: string) => ((await a.get(`/layouts/${query}`)).body.results as { name: string }[]).map((layout) => layout.name);
    expect(await names('?search=kiosk')).toEqual(['Portrait kiosk']);
    expect(await names('?search=100%25_')).toEqual(['Window 100%_x']);
    expect(await names('?screen_position=vertical')).toEqual(['Portrait kiosk']);
    expect(await names('?committed=true')).toEqual(['Lobby 2']);
    const page = (await a.get('/layouts/?page_size=1&ordering=name')).body;
    expect([page.count, page.results.map((l: { name: string }) => l.name), page.next]).toEqual([3, ['Lobby 2'], '/api/v1/layouts/?page_size=1&ordering=name&page=2']);
    expect((await a.get('/layouts/?screen_position=sideways')).body).toMatchObject({ code: 'validation_error', fields: { screen_position: 'invalid' } });
  });

  it('refuses every broken rule with its code and fields, and changes nothing', async () => {
    const layout = await newLayout(a, 'Rules');
    const before = (await a.get(`/layouts/${layout.id}`)).body;
    const zone = { name: 'Z', x: 0, y: 0, width: 100, height: 100, z: 0, content: null };
    const cases: [unknown, string, Record<string, string>][] = [
      [{ zones: Array.from({ length: 17 }, () => zone) }, 'too_many_zones', { zones: 'too_many_zones' }],
      [{ zones: [{ ...zone, width: 31 }] }, 'zone_too_small', { 'zones.0.width': 'zone_too_small' }],
      [{ zones: [zone, { ...zone, height: 20 }] }, 'zone_too_small', { 'zones.1.height': 'zone_too_small' }],
      [{ zones: [{ ...zone, x: 1900 }] }, 'zone_outside_canvas', { 'zones.0.x': 'zone_outside_canvas' }],
      [{ zones: [{ ...zone, y: -1 }] }, 'zone_outside_canvas', { 'zones.0.y': 'zone_outside_canvas' }],
      [{ width: 1000 }, 'zone_outside_canvas', { 'zones.0.x': 'zone_outside_canvas', 'zones.1.x': 'zone_outside_canvas', 'zones.2.x': 'zone_outside_canvas' }],
      [{ width: 8000 }, 'canvas_out_of_range', { width: 'canvas_out_of_range' }],
      [{ zones: [{ ...zone, z: 1001 }] }, 'zone_z_out_of_range', { 'zones.0.z': 'zone_z_out_of_range' }],
      [{ zones: [{ ...zone, z: 1.5 }] }, 'validation_error', { 'zones.0.z': 'invalid' }],
      [{ zones: [{ ...zone, x: 'left' }] }, 'validation_error', { 'zones.0.x': 'invalid' }],
      [{ zones: [{ ...zone, content: { kind: 'weather', id: 1 } }] }, 'validation_error', { 'zones.0.content.kind': 'invalid' }],
      // A widget (issue 38) is content of its own shape: no id, its kind and settings.
      [{ zones: [{ ...zone, content: { kind: 'widget', id: 1 } }] }, 'validation_error', { 'zones.0.content.id': 'unknown_field', 'zones.0.content.widget': 'required', 'zones.0.content.settings': 'required' }],
      [{ zones: [{ ...zone, id: layout.zones[0].id }, { ...zone, id: layout.zones[0].id }] }, 'zone_duplicate', { 'zones.1.id': 'zone_duplicate' }],
      [{ zones: [{ ...zone, id: 2147483647 }] }, 'zone_not_found', { 'zones.0.id': 'zone_not_found' }],
      [{ zones: [{ ...zone, content: { kind: 'media', id: ids.imageB } }] }, 'content_not_found', { 'zones.0.content': 'content_not_found' }],
      [{ zones: [{ ...zone, content: { kind: 'playlist', id: ids.playlistB } }] }, 'content_not_found', { 'zones.0.content': 'content_not_found' }],
      [{ zones: [{ ...zone, content: { kind: 'playlist', id: 2147483647 } }] }, 'content_not_found', { 'zones.0.content': 'content_not_found' }],
      [{ zones: [{ ...zone, content: { kind: 'media', id: ids.processing } }] }, 'media_not_ready', { 'zones.0.content': 'media_not_ready' }],
      [{ background: { color: '#000000', media: ids.imageB } }, 'background_not_found', { 'background.media': 'background_not_found' }],
      [{ background: { color: 'black' } }, 'validation_error', { 'background.color': 'invalid_format' }],
      [{ name: '' }, 'validation_error', { name: 'required' }],
      [{ name: 'x'.repeat(61) }, 'validation_error', { name: 'too_long' }],
    ];
    for (const [body, code, fields] of cases) {
      const response = await a.put(`/layouts/${layout.id}`, body);
      expect([JSON.stringify(body).slice(0, 80), response.status, response.body.code, response.body.fields]).toEqual([JSON.stringify(body).slice(0, 80), 400, code, fields]);
    }
    const empty = await a.post(`/layouts/${layout.id}/commit/`);
    expect([empty.status, empty.body.code, empty.body.fields]).toEqual([409, 'zone_empty', { 'zones.2.content': 'zone_empty' }]);
    const refusedCreate = await a.post('/layouts/create/', { name: 'Too small', screen_position: 'horizontal', width: 16 });
    expect([refusedCreate.status, refusedCreate.body.code]).toEqual([400, 'canvas_out_of_range']);
    expect((await a.get(`/layouts/${layout.id}`)).body).toEqual(before);
    expect((await a.get('/layouts/?search=Too small')).body.count).toBe(0);
  });

  it("keeps each company's layouts to itself", async () => {
    const layout = await newLayout(a, 'Private', []);
    for (const call of [b.get(`/layouts/${layout.id}`), b.get(`/layouts/${layout.id}/detail/`), b.put(`/layouts/${layout.id}`, { name: 'Mine' }), b.delete(`/layouts/${layout.id}`), b.post(`/layouts/${layout.id}/commit/`)]) {
      expect((await call).status).toBe(404);
    }
    expect((await b.get('/layouts/')).body.count).toBe(0);
    // B cannot put A's content in its own layout either.
    const own = await b.post('/layouts/create/', { name: 'B', screen_position: 'horizontal', zones: [{ name: 'Z', x: 0, y: 0, width: 64, height: 64, content: { kind: 'playlist', id: ids.playlist } }] });
    expect([own.status, own.body.code]).toEqual([400, 'content_not_found']);
    expect((await a.get(`/layouts/${layout.id}`)).body.name).toBe('Private');
    expect((await admin.get('/layouts/?search=Private')).body.count).toBe(1);
    expect((await a.delete(`/layouts/${layout.id}`)).status).toBe(204);
    expect((await a.get(`/layouts/${layout.id}`)).status).toBe(404);
  });
});

const player = (device: { sn: string; key: string }) => ({ 'x-device-serial': device.sn, 'x-device-key': device.key });
const today = () => new Date().toISOString().slice(0, 10);

describe('layouts on the screens', () => {
  it('publishes an event with a layout, answers its zones in dev2 per device, counts zone plays once and keeps the layout', async () => {
    const tvpi = await createDevice(a, { office: ids.officeA, position: 'horizontal' });
    const android = await createDevice(a, { office: ids.officeA, position: 'horizontal', device_type: 'android' });
    const layout = await newLayout(a, 'On screens', [
      { name: 'Main', x: 0, y: 0, width: 1440, height: 1080, z: 0, content: { kind: 'playlist', id: ids.playlist } },
      { name: 'Side', x: 1440, y: 0, width: 480, height: 1080, z: 1, content: { kind: 'media', id: ids.clip } },
    ]);
    const [main, side] = layout.zones;
    const campaign = (await a.post('/campaigns/create/', { name: 'Layout campaign', screen_position: 'horizontal', user: 1 })).body.id;
    expect((await a.put(`/campaigns/${campaign}/devices/`, { devices: [tvpi.id, android.id] })).status).toBe(200);
    const eventBody = { campaign, title: 'Lobby wall', all_day: true, start_date: today(), end_date: today(), devices: [tvpi.id, android.id] };
    // Exactly one of media, playlist and layout.
    const both = await a.post('/scheduler/events/create/', { ...eventBody, layout: layout.id, playlist: ids.playlist });
    expect([both.status, both.body.code]).toEqual([400, 'media_or_playlist_required']);
    const foreign = await b.post('/layouts/create/', { name: 'B layout', screen_position: 'horizontal' });
    const unknown = await a.post('/scheduler/events/create/', { ...eventBody, layout: foreign.body.id });
    expect([unknown.status, unknown.body.code, unknown.body.fields]).toEqual([400, 'unknown_layout', { layout: 'not_found' }]);
    const event = await a.post('/scheduler/events/create/', { ...eventBody, layout: layout.id });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    expect(event.body).toMatchObject({ layout: layout.id, layout_name: 'On screens', layout_committed: false, media: null, playlist: null });

    // Publish needs the layout committed, as it needs playlists committed; the check before it says so too.
    expect((await a.get(`/scheduler/publish/${campaign}/preview/`)).body).toMatchObject({ uncommitted: [], uncommitted_layouts: [{ id: layout.id, name: 'On screens' }] });
    const refused = await a.post(`/scheduler/publish/${campaign}/`);
    expect([refused.status, refused.body]).toEqual([409, { detail: 'Uncommitted layouts found!', code: 'uncommitted_layouts', playlists: [], layouts: [{ id: layout.id, name: 'On screens' }] }]);
    expect((await a.post(`/layouts/${layout.id}/commit/`)).body).toEqual({ changed: true, version: 1 });
    const published = await a.post(`/scheduler/publish/${campaign}/`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    // Each screen gets the zones with its own files: the tvpi the clip's H.264 fallback, the android the HEVC source.
    const layoutOf = async (device: { id: number; sn: string; key: string }) => {
      const answer = await apiClient(server).call('GET', `/scheduler/dev2/${device.id}`, undefined, player(device));
      expect(answer.status).toBe(200);
      const items = answer.body.items.filter((item: { event: number }) => item.event === event.body.id);
      expect(items.length).toBeGreaterThan(0);
      expect(items[0].media).toEqual([]);
      return items[0].layout;
    };
    const still = { id: ids.image, url: `/api/v1/media/files/${ids.image}/source`, checksum: expect.any(String), duration: 10, rendition: 'source' };
    const zones = (clip: object) => [
      { id: main.id, x: 0, y: 0, width: 1440, height: 1080, z: 0, items: [still] },
      { id: side.id, x: 1440, y: 0, width: 480, height: 1080, z: 1, items: [{ id: ids.clip, duration: 5, checksum: expect.any(String), ...clip }] },
    ];
    const base = { id: layout.id, version: 1, width: 1920, height: 1080, background: { color: '#000000', image: null } };
    expect(await layoutOf(tvpi)).toEqual({
      ...base,
      zones: zones({ url: `/api/v1/media/files/${ids.clip}/fallback/320x240`, rendition: 'fallback', checksum: 'f'.repeat(64) }),
    });
    expect(await layoutOf(android)).toEqual({ ...base, zones: zones({ url: `/api/v1/media/files/${ids.clip}/source`, rendition: 'source' }) });

    // Before a commit, the check says what the layout as saved would leave unplayable on the screens it plays on: nothing
    // now; with the clip's fallback failed, the tvpi (no HEVC) cannot play the side zone's clip. Written nowhere.
    const preview = () => a.get(`/layouts/${layout.id}/commit/preview/`);
    expect((await preview()).body).toEqual({ devices: 2, warnings: [] });
    const fallback = (status: string) => server.ctx.db.execute(`UPDATE media_jobs SET status = '${status}' WHERE media_id = ${ids.clip} AND kind = 'fallback'` as never);
    await fallback('failed');
    try {
      expect((await preview()).body).toEqual({ devices: 2, warnings: [{ media: ids.clip, name: 'Side clip', devices: 1, reason: 'cannot_play', screens: [expect.any(String)] }] });
    } finally {
      await fallback('done');
    }
    expect((await b.get(`/layouts/${layout.id}/commit/preview/`)).status).toBe(404);
    // A playlist's commit check counts the screens that play it in a layout's zone too.
    expect((await a.get(`/media/play_lists/${ids.playlist}/commit/preview/`)).body).toEqual({ devices: 2, warnings: [] });

    // The device card says which file of its schedule the screen plays, a zone's file too (its rendition), the layout
    // version drawn and each zone's file: stored with the contact, read back by name (issue 36).
    const now = new Date().toISOString();
    const earlier = new Date(Date.now() - 3_000);
    const zonesPlaying = [
      { id: main.id, media_id: ids.image, started_at: earlier.toISOString().replace('Z', '+00:00') },
      { id: side.id, media_id: ids.clip, started_at: now },
    ];
    const playing = { event: event.body.id, media: ids.clip, started_at: now, layout: { id: layout.id, version: 1 }, zones: zonesPlaying };
    const heartbeat = (device: { sn: string; key: string }, body: object) => apiClient(server).call('POST', '/player/heartbeat/', body, player(device));
    // A malformed layout part is refused by field, and nothing of it is stored.
    for (const bad of [{ layout: { id: layout.id, version: 0 } }, { zones: [{ id: side.id, media_id: 'clip', started_at: now }] }, { zones: Array.from({ length: 17 }, () => zonesPlaying[0]) }]) {
      const refused = await heartbeat(tvpi, { schedule_state: 'playing', now_playing: { ...playing, ...bad } });
      expect([refused.status, refused.body.code], JSON.stringify(bad)).toEqual([400, 'validation_error']);
    }
    expect((await heartbeat(tvpi, { schedule_state: 'playing', now_playing: playing })).status).toBe(200);
    const card = (await a.get(`/tvpi/devices/${tvpi.id}/playback/`)).body.now_playing;
    expect(card).toMatchObject({ event: event.body.id, media: ids.clip, rendition: { kind: 'fallback', name: null, size: '320x240' } });
    expect([card.layout, card.zones]).toEqual([
      { id: layout.id, version: 1, name: 'On screens' },
      [
        { id: main.id, name: 'Main', media: ids.image, media_name: 'Layout still', started_at: earlier.toISOString(), rendition: { kind: 'source', name: null, size: null }, widget: null },
        { id: side.id, name: 'Side', media: ids.clip, media_name: 'Side clip', started_at: now, rendition: { kind: 'fallback', name: null, size: '320x240' }, widget: null },
      ],
    ]);

    // Proof of play names the zone: counted once (a re-sent play is a duplicate), refused outside the zone's content.
    const started = new Date(Date.now() - 60_000).toISOString();
    const play = { id: 'zone-play-1', event: event.body.id, media: ids.clip, zone: side.id, started_at: started, duration: 5 };
    const plays = (body: unknown[]) => apiClient(server).call('POST', '/player/plays/', { plays: body }, player(tvpi));
    expect((await plays([play])).body).toEqual({ accepted: 1, duplicates: 0, refused: [] });
    expect((await plays([play])).body).toEqual({ accepted: 0, duplicates: 1, refused: [] });
    expect((await plays([{ ...play, id: 'zone-play-2', zone: main.id }, { ...play, id: 'zone-play-3', zone: undefined }, { ...play, id: 'zone-play-4', zone: 'side' }])).body).toEqual({
      accepted: 0,
      duplicates: 0,
      refused: [{ id: 'zone-play-4', reason: 'invalid' }, { id: 'zone-play-2', reason: 'not_scheduled' }, { id: 'zone-play-3', reason: 'not_scheduled' }],
    });
    const stored = (await server.ctx.db.execute(`SELECT zone_id FROM plays WHERE play_id = 'zone-play-1'` as never)) as unknown as { rows: { zone_id: number }[] };
    expect(stored.rows).toEqual([{ zone_id: side.id }]);
    const statistics = async (query: string) => (await a.get(`/statistics/?campaign=${campaign}&date=${today()}${query}`)).body;
    expect((await statistics(`&layout=${layout.id}`)).media).toEqual([{ media: ids.clip, name: 'Side clip', plays: 1, seconds: 5 }]);
    // A zone of another layout showing the same file is not this event's.
    const other = await newLayout(a, 'Other wall', [{ name: 'Clip', x: 0, y: 0, width: 480, height: 1080, z: 0, content: { kind: 'media', id: ids.clip } }]);
    expect((await a.post(`/layouts/${other.id}/commit/`)).status).toBe(200);
    expect((await plays([{ ...play, id: 'zone-play-5', zone: other.zones[0].id }])).body.refused).toEqual([{ id: 'zone-play-5', reason: 'not_scheduled' }]);
    const unused = await newLayout(a, 'Unused', []);
    expect((await statistics(`&layout=${unused.id}`)).total).toEqual({ plays: 0, seconds: 0 });
    expect((await a.get(`/statistics/?campaign=${campaign}&date=${today()}&layout=${foreign.body.id}`)).status).toBe(404);

    // In use: the layout cannot be deleted, nor its zone's playlist.
    const deleted = await a.delete(`/layouts/${layout.id}`);
    expect([deleted.status, deleted.body.code]).toEqual([409, 'layout_in_use']);

    // An emergency override may show a layout (its committed version), above the schedule.
    const hall = await createDevice(a, { office: ids.officeA, position: 'horizontal' });
    const override = await a.post('/overrides/create/', { devices: [android.id, hall.id], layout: layout.id });
    expect(override.status, JSON.stringify(override.body)).toBe(201);
    expect(override.body).toMatchObject({ layout: layout.id, layout_name: 'On screens', media: null, playlist: null });
    const schedule = (await apiClient(server).call('GET', `/scheduler/dev2/${android.id}`, undefined, player(android))).body;
    const item = schedule.items.find((candidate: { override?: number }) => candidate.override === override.body.id);
    expect(item.layout).toEqual({ ...base, zones: zones({ url: `/api/v1/media/files/${ids.clip}/source`, rendition: 'source' }) });
    // A commit changes what the override shows at once: the layout's and its zone playlist's checks count its screens
    // too (the hall screen has no published event), and not once it is cleared.
    expect((await a.get(`/layouts/${layout.id}/commit/preview/`)).body.devices).toBe(3);
    expect((await a.get(`/media/play_lists/${ids.playlist}/commit/preview/`)).body.devices).toBe(3);
    expect((await a.post(`/overrides/${override.body.id}/clear/`)).status).toBe(200);
    expect((await a.get(`/layouts/${layout.id}/commit/preview/`)).body.devices).toBe(2);
  });
});
