import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMediaFile } from '../../server/db/media.ts';
import { CACHE_TTL_MS } from '../../server/caches.ts';
import { apiClient, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, TINY_PNG } from './devices.helpers.ts';
import { describeAs, uploadForm } from './media-fixtures.ts';

/*
 * The scope matrix (issue 12): two companies, an editor of each, a view-only user of the first, a user without groups
 * and the administrator. Every list answers only what the scope allows, another company's id answers 404 like an
 * absent one, and a view-only user's write is 403.
 */

type Client = ReturnType<typeof apiClient>;
let server: TestServer;
let admin: Client;
let a: Client;
let b: Client;
let viewer: Client;
let nobody: Client;
const ids = {} as Record<'companyA' | 'companyB' | 'officeA' | 'officeB' | 'deviceA' | 'deviceB' | 'deviceNone' | 'mediaA' | 'mediaB' | 'playlistA' | 'playlistB' | 'campaignA' | 'campaignB' | 'trackA' | 'trackB', number>;
let png: string;

const EDIT = { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'edit', company: 'view' };
const VIEW = { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', statistics: 'view', company: 'view' };

async function userIn(name: string, groups: number[]): Promise<Client> {
  const created = await admin.post('/users/', { username: name, password: `${name}-pass-1`, user: 1, groups });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return (await signIn(server, name, `${name}-pass-1`)).client;
}

async function upload(client: Client, name: string): Promise<number> {
  const response = await client.post('/media/files/create/', await uploadForm([png], [describeAs(name)]));
  if (response.status !== 201) throw new Error(`upload ${response.status} ${JSON.stringify(response.body)}`);
  // Once the worker is done with it, ready whatever it made of a 1x1 image: the scope, not processing, is under test.
  const id = response.body[0].id as number;
  while ((await admin.get(`/media/files/${id}`)).body.status === 'processing') await new Promise((resolve) => setImmediate(resolve));
  await updateMediaFile(server.ctx.db, id, { status: 'ready_to_play' });
  return response.body[0].id;
}

const idsOf = (body: { results: { id: number }[] }) => body.results.map((row) => row.id).sort((x, y) => x - y);
/** The statistics pickers' search (GET /statistics/entities/), its ids ascending. */
const pickable = async (c: Client, kind: string) => ((await c.get(`/statistics/entities/?kind=${kind}&limit=100`)).body as { id: number }[]).map((row) => row.id).sort((x, y) => x - y);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server)).client;
  const first = await createCompanyAndOffice(admin, 'Scope A');
  const second = await createCompanyAndOffice(admin, 'Scope B');
  Object.assign(ids, { companyA: first.company.id, companyB: second.company.id, officeA: first.office.id, officeB: second.office.id });
  const groupA = (await admin.post('/groups/create/', { name: 'Scope A editors', companies: [ids.companyA], permissions: EDIT })).body.id;
  const groupB = (await admin.post('/groups/create/', { name: 'Scope B editors', companies: [ids.companyB], permissions: EDIT })).body.id;
  const groupView = (await admin.post('/groups/create/', { name: 'Scope A viewers', companies: [ids.companyA], permissions: VIEW })).body.id;
  a = await userIn('scope-a', [groupA]);
  b = await userIn('scope-b', [groupB]);
  viewer = await userIn('scope-viewer', [groupView]);
  nobody = await userIn('scope-nobody', []);

  ids.deviceA = (await createDevice(a, { office: ids.officeA, position: 'horizontal' })).id;
  ids.deviceB = (await createDevice(b, { office: ids.officeB, position: 'horizontal' })).id;
  ids.deviceNone = (await createDevice(admin, { position: 'horizontal' })).id;

  png = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-scope-')), 'still.png');
  await fsp.writeFile(png, TINY_PNG);
  ids.mediaA = await upload(a, 'Scope A still');
  ids.mediaB = await upload(b, 'Scope B still');
  ids.playlistA = (await a.post('/media/play_lists/create/', { name: 'Scope A list', screen_position: 'horizontal' })).body.id;
  ids.playlistB = (await b.post('/media/play_lists/create/', { name: 'Scope B list', screen_position: 'horizontal' })).body.id;
  ids.trackA = (await a.post('/media/play_list_tracks/create/', { playlist: ids.playlistA, media: ids.mediaA })).body.id;
  ids.trackB = (await b.post('/media/play_list_tracks/create/', { playlist: ids.playlistB, media: ids.mediaB })).body.id;
  ids.campaignA = (await a.post('/campaigns/create/', { name: 'Scope A campaign', screen_position: 'horizontal', user: 1 })).body.id;
  ids.campaignB = (await b.post('/campaigns/create/', { name: 'Scope B campaign', screen_position: 'horizontal', user: 1 })).body.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (png) await fsp.rm(path.dirname(png), { recursive: true, force: true });
});

describe('the scope matrix', () => {
  it('gives new media, playlists and campaigns the creator’s company', async () => {
    expect((await a.get(`/media/files/${ids.mediaA}`)).body.company).toBe(ids.companyA);
    expect((await a.get(`/media/play_lists/${ids.playlistA}`)).body.company).toBe(ids.companyA);
    expect((await b.get(`/campaigns/${ids.campaignB}`)).body.company).toBe(ids.companyB);
    // The administrator may name the company; a user may not name one outside their scope.
    const named = await admin.post('/campaigns/create/', { name: 'Named', user: 1, company: ids.companyB });
    expect([named.status, named.body.company]).toEqual([201, ids.companyB]);
    await admin.delete(`/campaigns/${named.body.id}`);
    const foreign = await a.post('/media/play_lists/create/', { name: 'Foreign', screen_position: 'horizontal', company: ids.companyB });
    expect([foreign.status, foreign.body.fields]).toEqual([400, { company: 'not_found' }]);
  });

  it('answers every list with the scope’s rows only', async () => {
    const lists: [string, (c: Client) => Promise<number[]>, number[], number[], number[]][] = [
      ['devices', async (c) => idsOf((await c.get('/tvpi/devices/?page_size=500')).body), [ids.deviceA], [ids.deviceB], [ids.deviceA, ids.deviceB, ids.deviceNone]],
      ['office devices', async (c) => idsOf((await c.get(`/tvpi/devices/office-devices/${ids.officeA}`)).body), [ids.deviceA], [], [ids.deviceA]],
      ['media', async (c) => idsOf((await c.get('/media/files/?page_size=500')).body), [ids.mediaA], [ids.mediaB], [ids.mediaA, ids.mediaB]],
      ['playlists', async (c) => idsOf((await c.get('/media/play_lists/?page_size=500')).body), [ids.playlistA], [ids.playlistB], [ids.playlistA, ids.playlistB]],
      ['playlists with tracks', async (c) => idsOf((await c.get('/media/play_list_with_tracks/?page_size=500')).body), [ids.playlistA], [ids.playlistB], [ids.playlistA, ids.playlistB]],
      ['tracks', async (c) => idsOf((await c.get('/media/play_list_tracks/?page_size=500')).body), [ids.trackA], [ids.trackB], [ids.trackA, ids.trackB]],
      ['campaigns', async (c) => idsOf((await c.get('/campaigns/?page_size=500')).body), [ids.campaignA], [ids.campaignB], [ids.campaignA, ids.campaignB]],
      ['available devices', async (c) => idsOf((await c.get(`/campaigns/${ids.campaignA}/devices/?side=available`)).body.available), [ids.deviceA], [], [ids.deviceA, ids.deviceB, ids.deviceNone]],
      ['statistics campaigns', async (c) => pickable(c, 'campaign'), [ids.campaignA], [ids.campaignB], [ids.campaignA, ids.campaignB]],
      ['statistics devices', async (c) => pickable(c, 'device'), [ids.deviceA], [ids.deviceB], [ids.deviceA, ids.deviceB, ids.deviceNone]],
      ['statistics media', async (c) => pickable(c, 'media'), [ids.mediaA], [ids.mediaB], [ids.mediaA, ids.mediaB]],
    ];
    for (const [name, list, ofA, ofB, ofAdmin] of lists) {
      expect([name, await list(a)]).toEqual([name, ofA]);
      if (!name.includes('A') && name !== 'office devices' && name !== 'available devices') expect([name, await list(b)]).toEqual([name, ofB]);
      expect([name, await list(admin)]).toEqual([name, ofAdmin]);
      expect([name, await list(viewer)]).toEqual([name, ofA]);
    }
    // Filtered pages of a scoped user (read office by office): the administrator's matches of their company.
    for (const query of ['status=offline', 'status=online', 'status=disabled', 'position=horizontal', 'type=tvpi', 'schedule=playing', 'search=scope', 'page=1&page_size=1']) {
      const ofAdmin = idsOf((await admin.get(`/tvpi/devices/?${query}`)).body).filter((id) => id === ids.deviceA);
      expect([query, idsOf((await a.get(`/tvpi/devices/?${query}`)).body)]).toEqual([query, ofAdmin]);
    }
    expect((await a.get('/tvpi/devices/?status=offline')).body.count).toBe(1);
    expect((await a.get('/tvpi/devices/statistics')).body).toEqual({ active: 1, deactive: 0 });
    expect((await admin.get('/tvpi/devices/statistics')).body).toEqual({ active: 3, deactive: 0 });
  });

  it('answers 404 for another company’s ids, on every id route, as for an absent id', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/tvpi/devices/${ids.deviceB}`],
      ['GET', `/tvpi/devices/check/${ids.deviceB}`],
      ['PUT', `/tvpi/devices/${ids.deviceB}`, { name: 'taken over' }],
      ['DELETE', `/tvpi/devices/${ids.deviceB}`],
      ['PUT', `/tvpi/devices/${ids.deviceB}/change-active`, {}],
      ['POST', `/tvpi/devices/${ids.deviceB}/send-command`, { command: 'REBOOT' }],
      ['PUT', `/tvpi/device/${ids.deviceB}/upload-photo`, { photo: null }],
      ['GET', `/tvpi/devices/${ids.deviceB}/photo`],
      ['GET', `/tvpi/devices/${ids.deviceB}/configs/`],
      ['GET', `/tvpi/devices/${ids.deviceNone}`],
      ['GET', `/scheduler/dev2/${ids.deviceB}`],
      ['GET', `/tvpi/devices/office-devices/${ids.officeB}`],
      ['GET', `/media/files/${ids.mediaB}`],
      ['PUT', `/media/files/${ids.mediaB}`, { name: 'taken over' }],
      ['DELETE', `/media/files/${ids.mediaB}`],
      ['GET', `/media/file/${ids.mediaB}/details/`],
      ['GET', `/media/files/${ids.mediaB}/source`],
      ['GET', `/media/play_lists/${ids.playlistB}`],
      ['PUT', `/media/play_lists/${ids.playlistB}`, { name: 'taken over' }],
      ['DELETE', `/media/play_lists/${ids.playlistB}`],
      ['GET', `/media/play_lists/${ids.playlistB}/commit/`],
      ['GET', `/media/play_list_detail/${ids.playlistB}`],
      ['GET', `/media/play_lists/${ids.playlistB}/tracks/`],
      ['GET', `/media/play_list_with_tracks/${ids.playlistB}/device_groups/`],
      ['PUT', `/media/play_lists/${ids.playlistB}/change_position_tracks/`, { positions: [ids.trackB] }],
      ['PUT', `/media/play_list_tracks/${ids.trackB}`, { duration: 5 }],
      ['DELETE', `/media/play_list_tracks/${ids.trackB}`],
      ['GET', `/campaigns/${ids.campaignB}`],
      ['PUT', `/campaigns/${ids.campaignB}`, { name: 'taken over' }],
      ['DELETE', `/campaigns/${ids.campaignB}`],
      ['GET', `/campaigns/${ids.campaignB}/devices/`],
      ['PUT', `/campaigns/${ids.campaignB}/devices/`, { devices: [] }],
      ['POST', `/campaigns/${ids.campaignB}/devices/match/`, { values: ['x'] }],
      ['POST', `/campaigns/${ids.campaignB}/multiply/`, { campaigns: [ids.campaignA] }],
      ['GET', `/campaigns/${ids.campaignB}/report/?from=2026-01-01&to=2026-01-02`],
      ['GET', `/statistics/?campaign=${ids.campaignB}&date=2026-01-01`],
      ['GET', `/statistics/unloads/?granularity=raw&from=2026-01-01&to=2026-01-01&campaign=${ids.campaignB}`],
      ['GET', `/statistics/unloads/?granularity=hourly&from=2026-01-01&to=2026-01-01&media=${ids.mediaB}`],
      ['GET', `/statistics/unloads/?granularity=raw&from=2026-01-01&to=2026-01-01&device=${ids.deviceB}`],
    ];
    for (const [method, url, body] of routes) {
      const response = await a.call(method, url, body);
      expect([method, url, response.status, response.body?.code]).toEqual([method, url, 404, 'not_found']);
    }
    // A compare names each of them as not found, as it names an absent one.
    const compare = await a.get(`/statistics/compare/?entities=campaign:${ids.campaignA},campaign:${ids.campaignB},device:${ids.deviceB},media:${ids.mediaA},media:${ids.mediaB}&date=2026-01-01`);
    expect([compare.status, compare.body.code, compare.body.fields]).toEqual([
      404,
      'compare_entity_not_found',
      { [`campaign:${ids.campaignB}`]: 'not_found', [`device:${ids.deviceB}`]: 'not_found', [`media:${ids.mediaB}`]: 'not_found' },
    ]);
    expect((await a.get(`/statistics/compare/?entities=campaign:${ids.campaignA},device:${ids.deviceA},media:${ids.mediaA}&date=2026-01-01`)).status).toBe(200);
    // Nothing changed: B's editor still finds everything as it was.
    expect((await b.get(`/tvpi/devices/${ids.deviceB}`)).body.name).toBe('');
    expect((await b.get(`/media/play_lists/${ids.playlistB}`)).body.name).toBe('Scope B list');
    expect((await b.get(`/campaigns/${ids.campaignB}`)).body.name).toBe('Scope B campaign');
  });

  it('treats another company’s ids in a body as absent', async () => {
    const track = await a.post('/media/play_list_tracks/create/', { playlist: ids.playlistA, media: ids.mediaB });
    expect([track.status, track.body.fields]).toEqual([400, { media: 'not_found' }]);
    const intoB = await a.post('/media/play_list_tracks/create/', { playlist: ids.playlistB, media: ids.mediaA });
    expect([intoB.status, intoB.body.fields]).toEqual([400, { playlist: 'not_found' }]);
    const save = await a.put(`/campaigns/${ids.campaignA}/devices/`, { devices: [ids.deviceA, ids.deviceB] });
    expect([save.status, save.body.fields]).toEqual([400, { [`devices.${ids.deviceB}`]: 'not_found' }]);
    const sns = [(await admin.get(`/tvpi/devices/${ids.deviceA}`)).body.sn, (await admin.get(`/tvpi/devices/${ids.deviceB}`)).body.sn];
    const matched = await a.post(`/campaigns/${ids.campaignA}/devices/match/`, { values: sns });
    expect([matched.body.devices.map((d: { id: number }) => d.id), matched.body.unmatched]).toEqual([[ids.deviceA], [1]]);
    const multiply = await a.post(`/campaigns/${ids.campaignA}/multiply/`, { campaigns: [ids.campaignB] });
    expect([multiply.status, multiply.body.fields]).toEqual([400, { campaigns: 'not_found' }]);
    const move = await a.put(`/tvpi/devices/${ids.deviceA}`, { office: ids.officeB });
    expect([move.status, move.body.fields]).toEqual([400, { office: 'not_found' }]);
    const orphan = await a.post('/tvpi/devices/create/', { sn: 'SCOPE-NO-OFFICE', user: 1 });
    expect([orphan.status, orphan.body.fields]).toEqual([400, { office: 'required' }]);
  });

  it('keeps the xlsx download to the scope', async () => {
    const response = await fetch(`${server.api}/tvpi/devices-xslx/`, { headers: { authorization: `JWT ${(await signIn(server, 'scope-a', 'scope-a-pass-1')).access}` } });
    expect(response.status).toBe(200);
    const rows = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(rows.length).toBe(2);
  });

  it('refuses a view-only user’s writes with 403 and a user without groups everything', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/tvpi/devices/create/', { sn: 'SCOPE-VIEW', office: ids.officeA, user: 1 }],
      ['PUT', `/tvpi/devices/${ids.deviceA}`, { name: 'viewer edit' }],
      ['DELETE', `/tvpi/devices/${ids.deviceA}`],
      ['PUT', `/tvpi/devices/${ids.deviceA}/change-active`, {}],
      ['PUT', `/media/files/${ids.mediaA}`, { name: 'viewer edit' }],
      ['POST', '/media/play_lists/create/', { name: 'viewer list', screen_position: 'horizontal' }],
      ['PUT', `/media/play_lists/${ids.playlistA}`, { name: 'viewer edit' }],
      ['POST', '/media/play_list_tracks/create/', { playlist: ids.playlistA, media: ids.mediaA }],
      ['POST', '/campaigns/create/', { name: 'viewer campaign', user: 1 }],
      ['PUT', `/campaigns/${ids.campaignA}/devices/`, { devices: [ids.deviceA] }],
      ['GET', '/clients/'],
    ];
    for (const [method, url, body] of writes) {
      const response = await viewer.call(method, url, body);
      expect([method, url, response.status, response.body.code]).toEqual([method, url, 403, 'forbidden']);
    }
    expect((await viewer.get(`/tvpi/devices/${ids.deviceA}`)).body.name).toBe('');
    for (const url of ['/tvpi/devices/', '/media/files/', '/media/play_lists/', '/campaigns/', `/tvpi/devices/${ids.deviceA}`]) {
      expect([url, (await nobody.get(url)).status]).toEqual([url, 403]);
    }
  });

  it('keeps the company hierarchy and the journal to the scope', async () => {
    const department = (await admin.post('/departments/create/', { company: ids.companyB, name: 'Scope B dept' })).body.id as number;
    expect((await a.get('/companies/')).body.results.map((c: { id: number }) => c.id)).toEqual([ids.companyA]);
    expect((await a.get('/branch-offices/?page_size=500')).body.results.map((o: { id: number }) => o.id)).toEqual([ids.officeA]);
    expect((await a.get(`/branch-offices/?company=${ids.companyB}`)).body.count).toBe(0);
    expect((await a.get('/departments/')).body.count).toBe(0);
    expect((await a.get('/navigation/offices/')).body.results.map((o: { id: number }) => o.id)).toEqual([ids.officeA]);
    for (const url of [`/companies/${ids.companyB}`, `/companies/${ids.companyB}/summary/`, `/branch-offices/${ids.officeB}`, `/departments/${department}`]) {
      expect([url, (await a.get(url)).status]).toEqual([url, 404]);
    }
    // 'view' on the company area: every hierarchy write is 403 on their own company, 404 on another's.
    const writes: [string, string, unknown?][] = [
      ['PUT', `/companies/${ids.companyA}`, { city: 'Tver' }],
      ['PUT', `/companies/${ids.companyA}/change-active`, {}],
      ['PUT', `/companies/${ids.companyA}/change-video-upload`, {}],
      ['POST', '/branch-offices/create/', { company: ids.companyA, name: 'Nope' }],
      ['PUT', `/branch-offices/${ids.officeA}`, { name: 'Nope' }],
      ['POST', '/departments/create/', { company: ids.companyA, name: 'Nope' }],
      ['POST', '/companies/create/', { name: 'Nope' }],
    ];
    for (const [method, url, body] of writes) expect([method, url, (await a.call(method, url, body)).status]).toEqual([method, url, 403]);
    expect([(await a.put(`/companies/${ids.companyB}`, { city: 'Tver' })).status, (await a.delete(`/branch-offices/${ids.officeB}`)).status]).toEqual([404, 404]);
    // An editor of company A's hierarchy cannot point it at company B's campaign: treated as absent.
    const groupEdit = (await admin.post('/groups/create/', { name: 'Scope A company editors', companies: [ids.companyA], permissions: { ...EDIT, company: 'edit' } })).body.id;
    const companyEditor = await userIn('scope-company-editor', [groupEdit]);
    const foreignCampaign = await companyEditor.put(`/companies/${ids.companyA}`, { office_campaign: ids.campaignB });
    expect([foreignCampaign.status, foreignCampaign.body.fields]).toEqual([400, { office_campaign: 'not_found' }]);
    expect((await companyEditor.put(`/companies/${ids.companyA}`, { office_campaign: ids.campaignA })).status).toBe(200);
    expect((await companyEditor.post('/companies/create/', { name: 'Nope' })).status).toBe(403);

    // The journal: company A's entries (by anyone) and the reader's own, nothing about company B's objects.
    const journal = (await a.get('/journal/?page_size=500')).body.results as { entity: string; entity_id: string; user: number }[];
    const named = (entity: string, id: number) => journal.some((entry) => entry.entity === entity && entry.entity_id === String(id));
    expect([named('device', ids.deviceA), named('playlist', ids.playlistA), named('campaign', ids.campaignA), named('company', ids.companyA)]).toEqual([true, true, true, true]);
    expect([named('device', ids.deviceB), named('playlist', ids.playlistB), named('campaign', ids.campaignB), named('company', ids.companyB), named('department', department)]).toEqual([false, false, false, false, false]);
    expect(journal.some((entry) => entry.entity === 'user' || entry.entity === 'group')).toBe(false);
  });

  // Last: the administrator ties company A's objects into company B's campaigns and playlists (and back).
  it('names no other company’s playlists, campaigns, events or devices in usage, broadcasts, reports and the company summary', async () => {
    expect((await admin.get(`/media/play_lists/${ids.playlistA}/commit/`)).status).toBe(200);
    // B's playlist holds A's file; B's campaign shows A's file and A's playlist; A's campaign reaches B's device.
    expect((await admin.post('/media/play_list_tracks/create/', { playlist: ids.playlistB, media: ids.mediaA })).status).toBe(201);
    expect((await admin.put(`/campaigns/${ids.campaignA}/devices/`, { devices: [ids.deviceA, ids.deviceB] })).status).toBe(200);
    expect((await admin.put(`/campaigns/${ids.campaignB}/devices/`, { devices: [ids.deviceA, ids.deviceB] })).status).toBe(200);
    const event = (campaign: number, title: string, what: Record<string, number>) =>
      admin.post('/scheduler/events/create/', {
        campaign, title, start_date: '2026-11-23', start_time: '08:00', end_date: '2026-11-23', end_time: '09:00', devices: [ids.deviceA, ids.deviceB], ...what,
      });
    const eventA = await event(ids.campaignA, 'Scope A event', { playlist: ids.playlistA });
    const eventB = await event(ids.campaignB, 'Scope B secret event', { media: ids.mediaA });
    const eventB2 = await event(ids.campaignB, 'Scope B secret loop', { playlist: ids.playlistA });
    expect([eventA.status, eventB.status, eventB2.status], JSON.stringify([eventA.body, eventB.body, eventB2.body])).toEqual([201, 201, 201]);

    const usage = (client: Client) => client.get(`/media/file/${ids.mediaA}/details/`);
    const names = (refs: { id: number }[]) => refs.map((ref) => ref.id).sort((x, y) => x - y);
    const ofA = (await usage(a)).body;
    expect([names(ofA.playlists), names(ofA.campaigns), names(ofA.events)]).toEqual([[ids.playlistA], [ids.campaignA], [eventA.body.id]]);
    const ofAdmin = (await usage(admin)).body;
    expect([names(ofAdmin.playlists), names(ofAdmin.campaigns)]).toEqual([[ids.playlistA, ids.playlistB], [ids.campaignA, ids.campaignB]]);
    expect(names(ofAdmin.events)).toEqual(expect.arrayContaining([eventA.body.id, eventB.body.id, eventB2.body.id]));

    // Broadcasts of A's playlist: B's campaign is not named, nor B's device in A's campaign.
    const groups = (client: Client) => client.get(`/media/play_list_with_tracks/${ids.playlistA}/device_groups/`);
    const groupsOfA = (await groups(a)).body;
    expect([groupsOfA.count, groupsOfA.results.map((g: { campaign: { id: number } }) => g.campaign.id)]).toEqual([1, [ids.campaignA]]);
    expect([groupsOfA.results[0].devices.map((d: { id: number }) => d.id), groupsOfA.results[0].devices_count]).toEqual([[ids.deviceA], 1]);
    const groupsOfAdmin = (await groups(admin)).body.results as { campaign: { id: number }; devices_count: number }[];
    expect(groupsOfAdmin.map((g) => [g.campaign.id, g.devices_count]).sort()).toEqual([[ids.campaignA, 2], [ids.campaignB, 2]].sort());

    // A playlist used by another company's event is still refused, without naming that event.
    const refused = await a.delete(`/media/play_lists/${ids.playlistA}`);
    expect([refused.status, refused.body.code]).toEqual([409, 'playlist_in_use']);
    expect(refused.body.detail).toContain('Scope A event');
    expect(refused.body.detail).not.toContain('secret');

    // The campaign report has only the reader's devices' rows.
    const report = async (user: string, password: string) => {
      const { access } = await signIn(server, user, password);
      const response = await fetch(`${server.api}/campaigns/${ids.campaignA}/report/?from=2026-11-23&to=2026-11-23`, { headers: { authorization: `JWT ${access}` } });
      expect(response.status).toBe(200);
      return (await readSheet(Buffer.from(await response.arrayBuffer()))).slice(1).map((row) => row[0]);
    };
    const sns = [(await admin.get(`/tvpi/devices/${ids.deviceA}`)).body.sn, (await admin.get(`/tvpi/devices/${ids.deviceB}`)).body.sn];
    expect(await report('scope-a', 'scope-a-pass-1')).toEqual([sns[0]]);
    expect((await report('admin', server.adminPassword)).sort()).toEqual([...sns].sort());

    // The company page's campaigns its devices take part in: B's campaign is not named to A's users.
    const summary = async (client: Client) => (await client.get(`/companies/${ids.companyA}/summary/`)).body.campaigns.map((c: { id: number }) => c.id);
    expect(await summary(a)).toEqual([ids.campaignA]);
    expect((await summary(admin)).sort()).toEqual([ids.campaignA, ids.campaignB].sort());
  });

  it('keeps the scheduler’s events to the scope: lists, ids, references in a body, publish; view-only reads only', async () => {
    expect((await a.put(`/campaigns/${ids.campaignA}/devices/`, { devices: [ids.deviceA] })).status).toBe(200);
    expect((await b.put(`/campaigns/${ids.campaignB}/devices/`, { devices: [ids.deviceB] })).status).toBe(200);
    const event = (campaign: number, device: number, fields: Record<string, unknown>) => ({
      campaign,
      title: 'Scope event',
      start_date: '2026-11-23',
      start_time: '08:00',
      end_date: '2026-11-23',
      end_time: '09:00',
      devices: [device],
      ...fields,
    });
    const createdA = await a.post('/scheduler/events/create/', event(ids.campaignA, ids.deviceA, { media: ids.mediaA }));
    const createdB = await b.post('/scheduler/events/create/', event(ids.campaignB, ids.deviceB, { playlist: ids.playlistB }));
    expect([createdA.status, createdB.status]).toEqual([201, 201]);
    const eventA = createdA.body.id as number;
    const eventB = createdB.body.id as number;

    // Each reader lists the events of their companies' campaigns only (an earlier test made events of campaign A too).
    const listed = async (client: Client) => {
      const events = (await client.get('/scheduler/events/?page_size=500')).body.results as { id: number; campaign: number }[];
      return { ids: events.map((e) => e.id), campaigns: [...new Set(events.map((e) => e.campaign))].sort((x, y) => x - y) };
    };
    const [ofA, ofB, ofAdmin, ofViewer] = [await listed(a), await listed(b), await listed(admin), await listed(viewer)];
    expect([ofA.campaigns, ofA.ids.includes(eventA), ofA.ids.includes(eventB)]).toEqual([[ids.campaignA], true, false]);
    expect([ofB.campaigns, ofB.ids.includes(eventB)]).toEqual([[ids.campaignB], true]);
    expect([ofAdmin.ids.includes(eventA), ofAdmin.ids.includes(eventB)]).toEqual([true, true]);
    expect(ofViewer).toEqual(ofA);

    for (const [method, url, body] of [
      ['GET', `/scheduler/events/?campaign=${ids.campaignB}`],
      ['GET', `/scheduler/events/${eventB}`],
      ['PUT', `/scheduler/events/${eventB}`, { title: 'taken over' }],
      ['DELETE', `/scheduler/events/${eventB}`],
      ['POST', `/scheduler/publish/${ids.campaignB}/`, {}],
    ] as [string, string, unknown?][]) {
      const response = await a.call(method, url, body);
      expect([method, url, response.status, response.body?.code]).toEqual([method, url, 404, 'not_found']);
    }
    const intoB = await a.post('/scheduler/events/create/', event(ids.campaignB, ids.deviceB, { media: ids.mediaA }));
    expect([intoB.status, intoB.body.fields]).toEqual([400, { campaign: 'not_found' }]);
    const foreignMedia = await a.post('/scheduler/events/create/', event(ids.campaignA, ids.deviceA, { media: ids.mediaB }));
    expect([foreignMedia.status, foreignMedia.body.fields]).toEqual([400, { media: 'not_found' }]);
    const foreignPlaylist = await a.put(`/scheduler/events/${eventA}`, { playlist: ids.playlistB });
    expect([foreignPlaylist.status, foreignPlaylist.body.fields]).toEqual([400, { playlist: 'not_found' }]);

    expect((await viewer.get(`/scheduler/events/${eventA}`)).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/scheduler/events/create/', event(ids.campaignA, ids.deviceA, { media: ids.mediaA })],
      ['PUT', `/scheduler/events/${eventA}`, { title: 'viewer edit' }],
      ['DELETE', `/scheduler/events/${eventA}`],
      ['POST', `/scheduler/publish/${ids.campaignA}/`, {}],
    ] as [string, string, unknown?][]) {
      const response = await viewer.call(method, url, body);
      expect([method, url, response.status, response.body?.code]).toEqual([method, url, 403, 'forbidden']);
    }
    expect((await nobody.get('/scheduler/events/')).status).toBe(403);

    // Nothing changed: B's event is as B made it, A's keeps its title, and A may still publish its own.
    expect((await b.get(`/scheduler/events/${eventB}`)).body.title).toBe('Scope event');
    expect((await a.get(`/scheduler/events/${eventA}`)).body.title).toBe('Scope event');
    expect((await a.post(`/scheduler/publish/${ids.campaignA}/`, {})).status).toBe(200);
  });
});

describe('API tokens (issue 40)', () => {
  const RIGHTS = { devices: 'edit', media: 'none', playlists: 'none', campaigns: 'view', statistics: 'none', company: 'view' };
  let holder: Client;
  let holderId: number;
  const tokenOf = async (body: Record<string, unknown>) => {
    const made = await holder.post('/profile/api-tokens/', body);
    expect([made.status, made.body.code]).toEqual([201, undefined]);
    return made.body as { id: number; token: string; prefix: string };
  };
  beforeAll(async () => {
    const group = (await admin.post('/groups/create/', { name: 'Token holders', companies: [ids.companyA], permissions: RIGHTS })).body.id;
    holder = await userIn('scope-tokens', [group]);
    holderId = (await holder.get('/users/profile/')).body.id;
  });

  it('works within the token’s rights, its user’s rights and companies, never the administrator’s, and names itself in the journal', async () => {
    const viewDevices = await tokenOf({ name: 'Wall display', expires_days: 30, permissions: { devices: 'view', campaigns: 'view' } });
    expect(viewDevices.token).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    const reader = apiClient(server, viewDevices.token, 'Token');
    expect(idsOf((await reader.get('/tvpi/devices/?page_size=100')).body)).toEqual([ids.deviceA]);
    expect((await apiClient(server, viewDevices.token, 'Bearer').get(`/tvpi/devices/${ids.deviceA}`)).status).toBe(200);
    expect((await reader.get(`/tvpi/devices/${ids.deviceB}`)).status).toBe(404);
    // The token may view devices only: an edit is refused although its user may edit them.
    const renamed = await reader.put(`/tvpi/devices/${ids.deviceA}`, { name: 'Renamed by a view token' });
    expect([renamed.status, renamed.body.code]).toEqual([403, 'forbidden']);
    expect((await reader.get('/media/files/')).status).toBe(403);
    expect((await reader.get('/users/profile/')).body.access.permissions).toEqual({ ...RIGHTS, devices: 'view', company: 'none' });
    // Tokens cannot manage tokens.
    for (const [method, url] of [['GET', '/profile/api-tokens/'], ['POST', '/profile/api-tokens/'], ['DELETE', `/profile/api-tokens/${viewDevices.id}/`]]) {
      const refused = await reader.call(method!, url!, method === 'POST' ? { name: 'x', permissions: { devices: 'view' } } : undefined);
      expect([method, refused.status, refused.body.code]).toEqual([method, 403, 'session_required']);
    }

    const editor = await tokenOf({ name: 'Inventory sync', permissions: { devices: 'edit' } });
    const synced = await apiClient(server, editor.token, 'Token').put(`/tvpi/devices/${ids.deviceA}`, { name: 'Renamed by the sync' });
    expect(synced.status).toBe(200);
    const journal = await admin.get(`/journal/?entity=device&user=${holderId}`);
    expect(journal.body.results[0]).toMatchObject({ entity_id: String(ids.deviceA), action: 'update', via: 'Inventory sync' });
    expect((await admin.get(`/journal/?entity=api_token&user=${holderId}`)).body.results.map((entry: { action: string }) => entry.action)).toEqual(['create', 'create']);
    // The journal's download names the token too, in the reader's language; the token itself writes to the journal as its user.
    const sheet = await fetch(`${server.api}/journal/xlsx/?entity=device&user=${holderId}&lang=ru`, { headers: { authorization: `Token ${editor.token}` } });
    expect((await readSheet(Buffer.from(await sheet.arrayBuffer()))).slice(1).map((row) => row[1])).toEqual(['scope-tokens (API-токен «Inventory sync»)']);

    // The administrator's token carries every company but never the administrator's own routes.
    const adminToken = (await admin.post('/profile/api-tokens/', { name: 'Fleet report', permissions: { devices: 'view' } })).body.token as string;
    const fleet = apiClient(server, adminToken, 'Token');
    expect(idsOf((await fleet.get('/tvpi/devices/?page_size=100')).body)).toEqual([ids.deviceA, ids.deviceB, ids.deviceNone].sort((x, y) => x - y));
    for (const url of ['/users/', '/groups/']) expect([url, (await fleet.get(url)).status]).toEqual([url, 403]);

    // Listed without their value; a session's list is its own.
    const listed = (await holder.get('/profile/api-tokens/')).body.results;
    expect(listed.map((token: { name: string }) => token.name)).toEqual(['Inventory sync', 'Wall display']);
    expect(listed[1]).toMatchObject({ prefix: viewDevices.token.slice(0, 10), permissions: { ...Object.fromEntries(Object.keys(RIGHTS).map((area) => [area, 'none'])), devices: 'view', campaigns: 'view' } });
    expect(JSON.stringify(listed)).not.toContain(viewDevices.token);
    expect(Date.parse(listed[1].expires_at) - Date.parse(listed[1].created_at)).toBe(30 * 86_400_000);
    expect((await admin.get('/profile/api-tokens/')).body.results.map((token: { name: string }) => token.name)).toEqual(['Fleet report']);
  });

  it('refuses more rights than the user has, no rights, a taken name, and keeps nothing', async () => {
    const beyond = await holder.post('/profile/api-tokens/', { name: 'Too much', permissions: { devices: 'edit', media: 'view', campaigns: 'edit' } });
    expect([beyond.status, beyond.body.code, beyond.body.fields]).toEqual([400, 'permission_exceeds', { 'permissions.media': 'out_of_range', 'permissions.campaigns': 'out_of_range' }]);
    const none = await holder.post('/profile/api-tokens/', { name: 'Nothing', permissions: { devices: 'none' } });
    expect([none.status, none.body.fields]).toEqual([400, { permissions: 'required' }]);
    for (const body of [{ name: ' ', permissions: { devices: 'view' } }, { name: 'Bad expiry', expires_days: 7, permissions: { devices: 'view' } }, { name: 'Bad level', permissions: { devices: 'admin' } }]) {
      expect([JSON.stringify(body), (await holder.post('/profile/api-tokens/', body)).status]).toEqual([JSON.stringify(body), 400]);
    }
    const taken = await holder.post('/profile/api-tokens/', { name: 'wall DISPLAY', permissions: { devices: 'view' } });
    expect([taken.status, taken.body.code]).toEqual([409, 'name_taken']);
    expect((await holder.get('/profile/api-tokens/')).body.results).toHaveLength(2);
    const wrong = await apiClient(server, `vit_${'x'.repeat(43)}`, 'Token').get('/tvpi/devices/');
    expect([wrong.status, wrong.body.code]).toEqual([401, 'token_not_valid']);
  });

  it('refuses a revoked token at once here and within 2 s on another instance, an expired one, and those of a deactivated user', async () => {
    const other = await startSecondInstance(server);
    try {
      const made = await tokenOf({ name: 'Kiosk feed', permissions: { devices: 'view' } });
      const here = apiClient(server, made.token, 'Token');
      const there = apiClient(other, made.token, 'Token');
      expect([(await here.get('/tvpi/devices/')).status, (await there.get('/tvpi/devices/')).status]).toEqual([200, 200]);
      expect((await holder.delete(`/profile/api-tokens/${made.id}/`)).status).toBe(204);
      expect((await here.get('/tvpi/devices/')).body.code).toBe('token_revoked');
      const started = performance.now();
      while ((await there.get('/tvpi/devices/')).status === 200) {
        expect(performance.now() - started).toBeLessThan(CACHE_TTL_MS + 1500);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await there.get('/tvpi/devices/')).body.code).toBe('token_revoked');
      expect((await holder.delete(`/profile/api-tokens/${made.id}/`)).status).toBe(404);
      expect((await b.delete(`/profile/api-tokens/${made.id - 1}/`)).status).toBe(404);
      expect((await admin.get(`/journal/?entity=api_token&action=delete&user=${holderId}`)).body.results[0]).toMatchObject({ entity_id: String(made.id) });

      const expiring = await tokenOf({ name: 'Short lived', expires_days: 30, permissions: { devices: 'view' } });
      await server.ctx.db.execute(sql`UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE id = ${expiring.id}`);
      const expired = await apiClient(server, expiring.token, 'Token').get('/tvpi/devices/');
      expect([expired.status, expired.body.code]).toEqual([401, 'token_expired']);

      const lasting = await tokenOf({ name: 'Lasting', permissions: { devices: 'view' } });
      expect((await apiClient(server, lasting.token, 'Token').get('/tvpi/devices/')).status).toBe(200);
      expect((await admin.put(`/users/${holderId}/`, { is_active: false })).status).toBe(200);
      const inactive = await apiClient(server, lasting.token, 'Token').get('/tvpi/devices/');
      expect([inactive.status, inactive.body.code]).toEqual([401, 'token_not_valid']);
    } finally {
      await other.close();
    }
  });
});
