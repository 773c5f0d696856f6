import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import { EventOptionsPage } from '../../src/services/schemas/scheduler.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice } from './devices.helpers.ts';

/* The event form's pickers searched on the server (POST /scheduler/options/{campaignId}/): no first-page cap. */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>['client'];
let userA: typeof admin;
let userB: typeof admin;
const ids = { companyA: 0, companyB: 0, campaignA: 0, devices: [] as number[], playlistA: 0, playlistB: 0, vertical: 0, media: [] as number[] };
const DEVICES = 130;

const options = (client: typeof admin, body: Record<string, unknown>, campaign = ids.campaignA) => client.post(`/scheduler/options/${campaign}/`, body);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server)).client;
  ids.companyA = (await admin.post('/companies/create/', { name: 'Options A' })).body.id;
  ids.companyB = (await admin.post('/companies/create/', { name: 'Options B' })).body.id;
  const office = (await admin.post('/branch-offices/create/', { company: ids.companyA, name: 'Riverside' })).body.id;
  for (let i = 1; i <= DEVICES; i += 1) {
    const device = await createDevice(admin, { name: `Screen ${String(i).padStart(3, '0')}${i % 10 === 0 ? ' lobby' : ''}`, position: 'horizontal', office });
    ids.devices.push(device.id);
  }
  ids.campaignA = (await admin.post('/campaigns/create/', { name: 'Options campaign', screen_position: 'horizontal', company: ids.companyA })).body.id;
  expect((await admin.put(`/campaigns/${ids.campaignA}/devices/`, { devices: ids.devices })).status).toBe(200);
  ids.playlistA = (await admin.post('/media/play_lists/create/', { name: 'Morning A', screen_position: 'horizontal', company: ids.companyA })).body.id;
  ids.playlistB = (await admin.post('/media/play_lists/create/', { name: 'Morning B', screen_position: 'horizontal', company: ids.companyB })).body.id;
  ids.vertical = (await admin.post('/media/play_lists/create/', { name: 'Morning tall', screen_position: 'vertical', company: ids.companyA })).body.id;
  const file = (name: string, status: 'ready_to_play' | 'processing', screenPosition: 'horizontal' | 'vertical', companyId: number) => ({
    name, screenPosition, deviceType: 'android' as const, kind: 'image' as const, originalName: `${name}.png`, sourceExt: 'png', mimeType: 'image/png',
    sizeBytes: 1000, duration: null, status, companyId,
  });
  const rows = await insertMediaFiles(server.ctx.db, [
    file('Poster ready', 'ready_to_play', 'horizontal', ids.companyA),
    file('Poster busy', 'processing', 'horizontal', ids.companyA),
    file('Poster tall', 'ready_to_play', 'vertical', ids.companyA),
    file('Poster of B', 'ready_to_play', 'horizontal', ids.companyB),
  ]);
  ids.media = rows.map((row) => row.id);
  const PERMS = { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', statistics: 'none', company: 'none' };
  for (const [name, company] of [['opts-a', ids.companyA], ['opts-b', ids.companyB]] as const) {
    const group = (await admin.post('/groups/create/', { name: `${name} group`, companies: [company], permissions: PERMS })).body.id;
    expect((await admin.post('/users/', { username: name, password: `${name}-pass-1`, user: 1, groups: [group] })).status).toBe(201);
  }
  userA = (await signIn(server, 'opts-a', 'opts-a-pass-1')).client;
  userB = (await signIn(server, 'opts-b', 'opts-b-pass-1')).client;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('event form pickers searched on the server', () => {
  it('devices: every device of the campaign can be found, beyond the first page', async () => {
    const first = await options(admin, { kind: 'devices' });
    expect(first.status).toBe(200);
    expect(EventOptionsPage.is(first.body)).toBe(true);
    expect(first.body.count).toBe(DEVICES);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.results[0]).toEqual({ id: ids.devices[0], name: 'Screen 001', office_name: 'Riverside' });
    // The last device by name is past the first page; the search finds it.
    const last = await options(admin, { kind: 'devices', search: 'screen 130' });
    expect(last.body).toEqual({ count: 1, results: [{ id: ids.devices[DEVICES - 1], name: 'Screen 130 lobby', office_name: 'Riverside' }] });
    // The office is searched too; "lobby" matches every tenth device, and match_ids names all of them for "select all".
    expect((await options(admin, { kind: 'devices', search: 'riverside', page_size: 5 })).body.count).toBe(DEVICES);
    const lobby = await options(admin, { kind: 'devices', search: 'LOBBY', match_ids: true, page_size: 5 });
    expect(lobby.body.count).toBe(13);
    expect(lobby.body.results).toHaveLength(5);
    expect(lobby.body.ids).toEqual(ids.devices.filter((_, i) => (i + 1) % 10 === 0));
  });

  it('devices: the chosen ones come first, and only_chosen lists just them (an edited event\'s devices past the first page)', async () => {
    const chosen = [ids.devices[DEVICES - 1]!, ids.devices[DEVICES - 2]!];
    const first = await options(admin, { kind: 'devices', chosen, page_size: 3 });
    expect(first.body.results.map((row: { id: number }) => row.id)).toEqual([ids.devices[DEVICES - 2], ids.devices[DEVICES - 1], ids.devices[0]]);
    const only = await options(admin, { kind: 'devices', chosen, only_chosen: true });
    expect(only.body).toMatchObject({ count: 2, results: [{ name: 'Screen 129' }, { name: 'Screen 130 lobby' }] });
    expect((await options(admin, { kind: 'devices', chosen, only_chosen: true, search: 'lobby' })).body).toMatchObject({ count: 1, results: [{ name: 'Screen 130 lobby' }] });
  });

  it('playlists and media: the campaign\'s screen position only, media not processing; searched by name', async () => {
    const playlists = await options(admin, { kind: 'playlists', search: 'morning' });
    expect(playlists.body.results).toEqual([
      { id: ids.playlistA, name: 'Morning A', committed: false },
      { id: ids.playlistB, name: 'Morning B', committed: false },
    ]);
    const media = await options(admin, { kind: 'media', search: 'poster' });
    expect(media.body.results.map((row: { id: number }) => row.id)).toEqual([ids.media[3], ids.media[0]]);
    expect((await options(admin, { kind: 'media', search: 'nothing like it' })).body).toEqual({ count: 0, results: [] });
  });

  it('answers within the caller\'s companies; another company\'s campaign is 404', async () => {
    expect((await options(userA, { kind: 'playlists', search: 'morning' })).body.results).toEqual([{ id: ids.playlistA, name: 'Morning A', committed: false }]);
    expect((await options(userA, { kind: 'media' })).body.results.map((row: { id: number }) => row.id)).toEqual([ids.media[0]]);
    expect((await options(userA, { kind: 'devices', page_size: 1 })).body.count).toBe(DEVICES);
    const foreign = await options(userB, { kind: 'devices' });
    expect(foreign.status).toBe(404);
    expect((await options(admin, { kind: 'devices' }, 999_999)).status).toBe(404);
  });

  it('refuses a malformed body with 400', async () => {
    for (const body of [{ kind: 'campaigns' }, { kind: 'devices', page_size: 101 }, { kind: 'devices', chosen: ['x'] }, { kind: 'devices', search: 'x'.repeat(101) }]) {
      const refused = await options(admin, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('validation_error');
    }
  });
});
