import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulatedPlayer } from '../../server/simulate.ts';
import { sql } from 'drizzle-orm';
import { ffmpegPath, ffprobePath } from '../../server/media/tools.ts';
import { MAX_NAVIGATION_FILE_BYTES } from '../../src/services/schemas/navigation.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, heartbeat, TINY_PNG } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let wide: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nav-fixture-')), 'wide.png');
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=5000x400', '-frames:v', '1', file]);
  wide = fs.readFileSync(file);
});
afterAll(async () => {
  await server?.close();
});

/** The navigation files in the media store (DATA_DIR/navigation, or navigation/ in the bucket). */
const filesOnDisk = async () => (await server.ctx.media.list('navigation/')).map((key) => key.slice('navigation/'.length)).sort();

function objectForm(fields: Record<string, string | number>, layout?: Buffer, type = 'image/png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (layout) form.append('layout', new Blob([new Uint8Array(layout)], { type }), 'plan.png');
  return form;
}

async function createObject(office: number, name: string, layout: Buffer = TINY_PNG) {
  const response = await client.post('/navigation/objects/create/', objectForm({ office, name }, layout));
  if (response.status !== 201) throw new Error(`object create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: number; office: number; name: string; layout: string; width: number; height: number };
}

describe('navigation objects', () => {
  it('creates, lists, reads, renames, replaces the image of and deletes an object, with a display copy at most 4096 px', async () => {
    const { company, office } = await createCompanyAndOffice(client, 'Mall');
    const created = await client.post('/navigation/objects/create/', objectForm({ office: office.id, name: 'Floor 1' }, wide));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      office: office.id,
      name: 'Floor 1',
      layout: expect.stringMatching(new RegExp(`^/api/v1/navigation/objects/${created.body.id}/layout\\?v=[0-9a-f]{32}$`)),
      width: 5000,
      height: 400,
      created_at: expect.any(String),
    });
    const id = created.body.id;
    const image = await fetch(`${server.origin}${created.body.layout}`, { headers: { authorization: `JWT ${(await signIn(server)).access}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const display = path.join(os.tmpdir(), `display-${process.pid}.webp`);
    fs.writeFileSync(display, Buffer.from(await image.arrayBuffer()));
    const size = execFileSync(ffprobePath(), ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', display]).toString().trim();
    expect(size).toBe('4096,328');

    const list = await client.get(`/navigation/objects/?office=${office.id}`);
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [created.body] });
    expect((await client.get(`/navigation/objects/${id}`)).body).toEqual(created.body);

    const offices = await client.get(`/navigation/offices/?company=${company.id}`);
    expect(offices.body.results).toEqual([{ id: office.id, name: office.name, company: company.id, company_name: 'Mall', objects: [{ id, name: 'Floor 1' }] }]);

    const renamed = await client.put(`/navigation/objects/${id}`, { name: 'Ground floor' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'Ground floor' });

    const before = await filesOnDisk();
    const replaced = await client.put(`/navigation/objects/${id}`, objectForm({}, TINY_PNG));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Ground floor', width: 1, height: 1 });
    expect(replaced.body.layout).not.toBe(created.body.layout);
    expect((await filesOnDisk())).toHaveLength(before.length);
    expect((await filesOnDisk()).some((f) => before.includes(f))).toBe(false);

    expect((await client.delete(`/navigation/objects/${id}`)).status).toBe(204);
    expect((await client.get(`/navigation/objects/${id}`)).status).toBe(404);
    expect((await filesOnDisk())).toEqual([]);
    const journal = await server.ctx.db.execute(sql`SELECT action FROM journal WHERE entity = 'navigation_object' AND entity_id = ${String(id)} ORDER BY id`);
    expect((journal as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('keeps names unique within an office and allows the same name in another office', async () => {
    const first = await createCompanyAndOffice(client, 'Bank A');
    const second = await createCompanyAndOffice(client, 'Bank B');
    const one = await createObject(first.office.id, 'Hall');
    const taken = await client.post('/navigation/objects/create/', objectForm({ office: first.office.id, name: 'Hall' }, TINY_PNG));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: 'Object with this name already exists', code: 'object_name_taken', fields: { name: 'taken' } });
    expect((await client.post('/navigation/objects/create/', objectForm({ office: second.office.id, name: 'Hall' }, TINY_PNG))).status).toBe(201);
    const other = await createObject(first.office.id, 'Basement');
    const renameTaken = await client.put(`/navigation/objects/${other.id}`, { name: 'Hall' });
    expect(renameTaken.status).toBe(409);
    expect(renameTaken.body.code).toBe('object_name_taken');
    expect((await client.get(`/navigation/objects/${one.id}`)).body.name).toBe('Hall');
  });

  it('refuses a layout of 25 MB + 1 byte with 413 and leaves nothing on disk', async () => {
    const { office } = await createCompanyAndOffice(client, 'Huge');
    const before = await filesOnDisk();
    const tooLarge = Buffer.alloc(MAX_NAVIGATION_FILE_BYTES + 1);
    TINY_PNG.copy(tooLarge);
    const response = await client.post('/navigation/objects/create/', objectForm({ office: office.id, name: 'Too large' }, tooLarge));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'file_too_large', fields: { layout: 'too_large' } });
    expect((await filesOnDisk())).toEqual(before);
    expect((await client.get(`/navigation/objects/?office=${office.id}`)).body.count).toBe(0);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image with 400 and leaves nothing on disk', async () => {
    const { office } = await createCompanyAndOffice(client, 'Text');
    const before = await filesOnDisk();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const body of [Buffer.from('this is a plan, honestly, not an image'), gif]) {
      const response = await client.post('/navigation/objects/create/', objectForm({ office: office.id, name: 'Plan' }, body));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'not_an_image', fields: { layout: 'not_an_image' } });
    }
    const broken = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64)]);
    const unreadable = await client.post('/navigation/objects/create/', objectForm({ office: office.id, name: 'Plan' }, broken));
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.code).toBe('invalid_image');
    const missing = await client.post('/navigation/objects/create/', objectForm({ office: office.id, name: 'Plan' }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ layout: 'required' });
    const noOffice = await client.post('/navigation/objects/create/', objectForm({ office: 999999, name: 'Plan' }, TINY_PNG));
    expect(noOffice.status).toBe(400);
    expect(noOffice.body.code).toBe('unknown_office');
    expect((await filesOnDisk())).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await apiClient(server).get('/navigation/objects/?office=1')).status).toBe(401);
    expect((await apiClient(server).post('/navigation/objects/create/', objectForm({ office: 1, name: 'x' }, TINY_PNG))).status).toBe(401);
  });
});

describe('navigation markers', () => {
  it('creates, lists, edits, gives a photo to and deletes markers of every kind', async () => {
    const { office } = await createCompanyAndOffice(client, 'Markers');
    const object = await createObject(office.id, 'Plan');
    const device = await createDevice(client, { office: office.id, name: 'Entrance screen' });
    const kinds = ['none', 'toilet', 'atm', 'mother_care_room', 'disabled_room'];
    for (const [i, kind] of kinds.entries()) {
      const response = await client.post('/navigation/markers/create/', { object: object.id, kind, x: i / 10, y: 1 - i / 10 });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(Number), object: object.id, kind, device: null, x: i / 10, y: 1 - i / 10, color: '#0f6cbd', description: '', photo: null });
    }
    const own = await client.post('/navigation/markers/create/', { object: object.id, kind: 'device', device: device.id, x: 0.5, y: 0.5, color: '#ff0000', description: 'You are here' });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ kind: 'device', device: device.id, device_name: 'Entrance screen', device_status: 'offline' });
    const twice = await client.post('/navigation/markers/create/', { object: object.id, kind: 'device', device: device.id, x: 0.1, y: 0.1 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('device_marker_exists');

    const list = await client.get(`/navigation/markers/?object=${object.id}`);
    expect(list.body.count).toBe(6);
    expect(list.body.results.map((m: { kind: string }) => m.kind)).toEqual([...kinds, 'device']);

    const toilet = list.body.results[1];
    const edited = await client.put(`/navigation/markers/${toilet.id}`, { x: 0.25, color: '#00aa00', description: 'Second floor' });
    expect(edited.body).toEqual({ ...toilet, x: 0.25, color: '#00aa00', description: 'Second floor' });
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'toilet.png');
    const withPhoto = await client.put(`/navigation/markers/${toilet.id}`, form);
    expect(withPhoto.status).toBe(200);
    expect(withPhoto.body.photo).toMatch(new RegExp(`^/api/v1/navigation/markers/${toilet.id}/photo\\?v=[0-9a-f]{32}$`));
    const photo = await fetch(`${server.origin}${withPhoto.body.photo}`, { headers: { authorization: `JWT ${(await signIn(server)).access}` } });
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(TINY_PNG);
    const badPhoto = new FormData();
    badPhoto.append('photo', new Blob(['not an image at all']), 'x.png');
    expect((await client.put(`/navigation/markers/${toilet.id}`, badPhoto)).body.code).toBe('not_an_image');
    const cleared = await client.put(`/navigation/markers/${toilet.id}`, { photo: null });
    expect(cleared.body.photo).toBeNull();

    expect((await client.delete(`/navigation/markers/${toilet.id}`)).status).toBe(204);
    expect((await client.get(`/navigation/markers/${toilet.id}`)).status).toBe(404);
    expect((await client.get(`/navigation/markers/?object=${object.id}`)).body.count).toBe(5);
  });

  it('refuses coordinates outside 0..1, an unknown kind and a device marker without its device with 400', async () => {
    const { office } = await createCompanyAndOffice(client, 'Bounds');
    const object = await createObject(office.id, 'Plan');
    for (const [x, y] of [[-0.01, 0.5], [0.5, 1.01], [2, 2], ['a', 0.5]]) {
      const response = await client.post('/navigation/markers/create/', { object: object.id, kind: 'atm', x, y });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_error');
    }
    const marker = await client.post('/navigation/markers/create/', { object: object.id, kind: 'atm', x: 0, y: 1 });
    expect(marker.status).toBe(201);
    expect((await client.put(`/navigation/markers/${marker.body.id}`, { x: 1.5 })).status).toBe(400);
    expect((await client.post('/navigation/markers/create/', { object: object.id, kind: 'lift', x: 0.5, y: 0.5 })).status).toBe(400);
    expect((await client.post('/navigation/markers/create/', { object: object.id, kind: 'device', x: 0.5, y: 0.5 })).body.fields).toEqual({ device: 'required' });
    expect((await client.get(`/navigation/markers/${marker.body.id}`)).body).toMatchObject({ x: 0, y: 1 });
  });

  it('refuses a device marker for a device of another office with 400', async () => {
    const here = await createCompanyAndOffice(client, 'Here');
    const there = await createCompanyAndOffice(client, 'There');
    const object = await createObject(here.office.id, 'Plan');
    const stranger = await createDevice(client, { office: there.office.id });
    const response = await client.post('/navigation/markers/create/', { object: object.id, kind: 'device', device: stranger.id, x: 0.5, y: 0.5 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'device_not_in_office', fields: { device: 'other_office' } });
    expect((await client.get(`/navigation/markers/?object=${object.id}`)).body.count).toBe(0);
  });
});

describe('device navigation', () => {
  it('saves a device map, sends it (raising navigation_version in the heartbeat) and lets only that player read it', async () => {
    const { office } = await createCompanyAndOffice(client, 'Send');
    const object = await createObject(office.id, 'Plan', wide);
    const device = await createDevice(client, { office: office.id });
    const other = await createDevice(client, { office: office.id });
    const toilet = await client.post('/navigation/markers/create/', { object: object.id, kind: 'toilet', x: 0.1, y: 0.2, description: 'WC' });
    await client.post('/navigation/markers/create/', { object: object.id, kind: 'atm', x: 0.9, y: 0.2 });

    expect((await client.get(`/navigation/devices/${device.id}/`)).body).toEqual({
      device: device.id, object: null, x: 0.5, y: 0.5, comment: '', placeholder: { x: 0.6, y: 0, width: 0.4, height: 1 }, markers: null, version: 0, sent_version: 0,
    });
    expect((await heartbeat(server, device)).body.navigation_version).toBe(0);

    const placeholder = { x: 0.5, y: 0.1, width: 0.5, height: 0.8 };
    const saved = await client.put(`/navigation/devices/${device.id}/`, { object: object.id, x: 0.3, y: 0.7, comment: 'Near the lifts', placeholder, markers: [toilet.body.id] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ device: device.id, object: object.id, x: 0.3, y: 0.7, comment: 'Near the lifts', placeholder, markers: [toilet.body.id], version: 1, sent_version: 0 });
    const own = (await client.get(`/navigation/markers/?object=${object.id}`)).body.results.find((m: { device: number | null }) => m.device === device.id);
    expect(own).toMatchObject({ kind: 'device', x: 0.3, y: 0.7 });
    expect((await heartbeat(server, device)).body.navigation_version).toBe(0);

    const sent = await client.post(`/navigation/devices/${device.id}/send/`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ device: device.id, sent_version: 1 });
    expect((await heartbeat(server, device)).body.navigation_version).toBe(1);
    expect((await heartbeat(server, other)).body.navigation_version).toBe(0);

    const asPlayer = (d: { sn: string; key: string }, url = '/player/navigation/') =>
      fetch(`${server.api}${url}`, { headers: { 'x-device-serial': d.sn, 'x-device-key': d.key } });
    const read = await asPlayer(device);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      version: 1,
      object: { id: object.id, name: 'Plan', layout: expect.stringMatching(/^\/api\/v1\/player\/navigation\/layout\/\?v=[0-9a-f]{32}$/), width: 5000, height: 400 },
      position: { x: 0.3, y: 0.7 },
      comment: 'Near the lifts',
      placeholder,
      markers: [{ id: toilet.body.id, kind: 'toilet', device: null, x: 0.1, y: 0.2, color: '#0f6cbd', description: 'WC', photo: null }],
    });
    expect((await asPlayer(device, '/player/navigation/layout/')).headers.get('content-type')).toBe('image/webp');
    expect((await (await asPlayer(other)).json()).version).toBe(0);
    expect((await asPlayer(other, '/player/navigation/layout/')).status).toBe(404);
    expect((await asPlayer({ sn: device.sn, key: other.key })).status).toBe(401);
    expect((await fetch(`${server.api}/player/navigation/`)).status).toBe(400);

    // Applied but not sent: the player still reads what was sent.
    const applied = await client.put(`/navigation/devices/${device.id}/`, { comment: 'Moved' });
    expect(applied.body).toMatchObject({ version: 2, sent_version: 1, comment: 'Moved' });
    expect((await (await asPlayer(device)).json()).comment).toBe('Near the lifts');
    expect((await client.post(`/navigation/devices/${device.id}/send/`)).body.sent_version).toBe(2);
    expect((await heartbeat(server, device)).body.navigation_version).toBe(2);
    expect((await (await asPlayer(device)).json()).comment).toBe('Moved');
  });

  it('refuses an object of another office, an unknown marker and out-of-range values', async () => {
    const here = await createCompanyAndOffice(client, 'Dev here');
    const there = await createCompanyAndOffice(client, 'Dev there');
    const foreign = await createObject(there.office.id, 'Foreign');
    const mine = await createObject(here.office.id, 'Mine');
    const foreignMarker = await client.post('/navigation/markers/create/', { object: foreign.id, kind: 'atm', x: 0.5, y: 0.5 });
    const device = await createDevice(client, { office: here.office.id });
    const refusals: [unknown, string][] = [
      [{ object: foreign.id }, 'object_not_in_office'],
      [{ object: mine.id, markers: [foreignMarker.body.id] }, 'unknown_marker'],
      [{ object: mine.id, x: 1.2 }, 'validation_error'],
      [{ placeholder: { x: 0, y: 0, width: 2, height: 1 } }, 'validation_error'],
    ];
    for (const [body, code] of refusals) {
      const response = await client.put(`/navigation/devices/${device.id}/`, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
    }
    expect((await client.get(`/navigation/devices/${device.id}/`)).body.version).toBe(0);
    expect((await client.get('/navigation/devices/999999/')).status).toBe(404);
    expect((await client.post('/navigation/devices/999999/send/')).status).toBe(404);
  });

  it('a simulated player reads its map when the heartbeat announces a new version', async () => {
    const { office } = await createCompanyAndOffice(client, 'Simulated');
    const object = await createObject(office.id, 'Plan');
    const device = await createDevice(client, { office: office.id });
    const lines: string[] = [];
    const player = startSimulatedPlayer({ server: server.origin, serial: device.sn, key: device.key, intervalMs: 100, log: (line) => lines.push(line) });
    try {
      await vi.waitFor(() => expect(player.heartbeats).toBeGreaterThan(1), { timeout: 20_000 });
      expect(player.navigationVersion).toBe(0);
      await client.put(`/navigation/devices/${device.id}/`, { object: object.id, x: 0.2, y: 0.4 });
      expect((await client.post(`/navigation/devices/${device.id}/send/`)).body.sent_version).toBe(1);
      await vi.waitFor(() => expect(player.navigationVersion).toBe(1), { timeout: 20_000 });
      expect(lines).toContain(`${device.sn}: navigation version 1 with 1 marker(s)`);
    } finally {
      await player.stop();
    }
  });
});

describe('navigation scope', () => {
  it("shows a user only their companies' offices, objects, markers and device maps, and lets view-only users read but not write", async () => {
    const mine = await createCompanyAndOffice(client, 'Scope mine');
    const theirs = await createCompanyAndOffice(client, 'Scope theirs');
    const myObject = await createObject(mine.office.id, 'Plan');
    const theirObject = await createObject(theirs.office.id, 'Plan');
    const theirMarker = await client.post('/navigation/markers/create/', { object: theirObject.id, kind: 'atm', x: 0.5, y: 0.5 });
    const theirDevice = await createDevice(client, { office: theirs.office.id });
    const viewers = await client.post('/groups/create/', { name: 'Navigation viewers', companies: [mine.company.id], permissions: { devices: 'view' } });
    expect((await client.post('/users/', { username: 'nav-viewer', password: 'nav-viewer-1', user: 1, groups: [viewers.body.id] })).status).toBe(201);
    const viewer = (await signIn(server, 'nav-viewer', 'nav-viewer-1')).client;

    const offices = await viewer.get('/navigation/offices/');
    expect(offices.body.results.map((o: { id: number }) => o.id)).toEqual([mine.office.id]);
    expect((await viewer.get(`/navigation/objects/?office=${mine.office.id}`)).body.results.map((o: { id: number }) => o.id)).toEqual([myObject.id]);
    for (const url of [`/navigation/objects/?office=${theirs.office.id}`, `/navigation/objects/${theirObject.id}`, `/navigation/markers/?object=${theirObject.id}`, `/navigation/markers/${theirMarker.body.id}`, `/navigation/devices/${theirDevice.id}/`]) {
      expect((await viewer.get(url)).status, url).toBe(404);
    }
    const write = await viewer.put(`/navigation/objects/${myObject.id}`, { name: 'Renamed' });
    expect(write.status).toBe(403);
    expect((await viewer.post('/navigation/markers/create/', { object: myObject.id, kind: 'atm', x: 0.5, y: 0.5 })).status).toBe(403);
    expect((await client.get(`/navigation/objects/${myObject.id}`)).body.name).toBe('Plan');
  });
});
