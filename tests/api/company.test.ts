import fsp from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat } from './devices.helpers.ts';
import { describeAs, makeFixtures, tempFiles, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

const fullCompany = {
  name: 'Северный ветер',
  short_name: 'СВ',
  description: 'Retail chain',
  legal_address: 'Moscow, Tverskaya 1',
  postal_address: 'Moscow, PO box 7',
  phone: '+7 (495) 123-45-67',
  email: 'office@north.example',
  url: 'https://north.example/about',
  person_name: 'Ivan Petrov',
  inn: '7707083893',
  contract: 'C-2026/14',
  is_active: true,
  video_upload_active: true,
  alias: 'north',
  country: 'Russia',
  city: 'Moscow',
  representative: 'Anna Smirnova',
  office_campaign: null,
  user: 1,
};

async function company(name: string, fields: Record<string, unknown> = {}) {
  const response = await client.post('/companies/create/', { name, ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: number; name: string };
}

async function office(companyId: number, name: string, fields: Record<string, unknown> = {}) {
  const response = await client.post('/branch-offices/create/', { company: companyId, name, ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: number; name: string };
}

const journalOf = async (entity: string, id: number) =>
  (
    (await server.ctx.db.execute(sql`SELECT action, changes FROM journal WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`)) as unknown as {
      rows: { action: string; changes: Record<string, [unknown, unknown]> }[];
    }
  ).rows;

describe('companies', () => {
  it('creates a company with every field, reads, lists, edits and deletes it, journalling each write', async () => {
    const created = await client.post('/companies/create/', fullCompany);
    expect(created.status).toBe(201);
    const { user: _user, ...fields } = fullCompany;
    expect(created.body).toEqual({
      ...fields,
      id: expect.any(Number),
      offices_count: 0,
      departments_count: 0,
      devices_count: 0,
      require_two_factor: false,
      require_two_factor_sso: false,
      created_at: expect.any(String),
    });
    const id = created.body.id;
    expect((await client.get(`/companies/${id}`)).body).toEqual(created.body);
    expect((await client.get('/companies/?page_size=500')).body.results).toContainEqual(created.body);

    const edited = await client.put(`/companies/${id}/`, { city: 'Kazan', inn: '500100732259' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ city: 'Kazan', inn: '500100732259', name: fullCompany.name });

    expect((await client.delete(`/companies/${id}`)).status).toBe(204);
    expect((await client.get(`/companies/${id}`)).status).toBe(404);
    const entries = await journalOf('company', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual({ city: ['Moscow', 'Kazan'], inn: ['7707083893', '500100732259'] });
  });

  it.each([
    [{ inn: '7707083894' }, 'invalid_inn', { inn: 'invalid_checksum' }],
    [{ inn: '500100732258' }, 'invalid_inn', { inn: 'invalid_checksum' }],
    [{ inn: '12345' }, 'validation_error', { inn: 'invalid_format' }],
    [{ inn: '77070838931' }, 'validation_error', { inn: 'invalid_format' }],
    [{ email: 'office.example' }, 'validation_error', { email: 'invalid_format' }],
    [{ url: 'north.example' }, 'validation_error', { url: 'invalid_format' }],
    [{ url: 'ftp://north.example' }, 'validation_error', { url: 'invalid_format' }],
    [{ phone: 'call me' }, 'validation_error', { phone: 'invalid_format' }],
    [{ phone: '12' }, 'validation_error', { phone: 'invalid_format' }],
    [{ name: '  ' }, 'validation_error', { name: 'required' }],
    [{ office_campaign: 999999 }, 'unknown_campaign', { office_campaign: 'not_found' }],
  ])('refuses %j with 400 %s and changes nothing', async (fields, code, expected) => {
    const before = (await client.get('/companies/?page_size=500')).body.count;
    const response = await client.post('/companies/create/', { name: 'Bad', ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, fields: expected });
    expect((await client.get('/companies/?page_size=500')).body.count).toBe(before);
  });

  it('accepts the empty optional contact fields and a 12-digit INN', async () => {
    const created = await client.post('/companies/create/', { name: 'Plain', inn: '773370857141', email: '', url: '', phone: '' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ inn: '773370857141', email: '', url: '', phone: '', is_active: true, video_upload_active: true });
  });

  it('refuses an edit with a bad INN and keeps the stored one', async () => {
    const { id } = await company('Keeps INN', { inn: '7707083893' });
    const response = await client.put(`/companies/${id}`, { inn: '7707083890', city: 'Omsk' });
    expect(response.status).toBe(400);
    expect((await client.get(`/companies/${id}`)).body).toMatchObject({ inn: '7707083893', city: '' });
  });

  it('toggles active and video upload when the flag is absent, and sets them when given', async () => {
    const { id } = await company('Toggles');
    expect((await client.put(`/companies/${id}/change-active`, {})).body.is_active).toBe(false);
    expect((await client.put(`/companies/${id}/change-active`, {})).body.is_active).toBe(true);
    expect((await client.put(`/companies/${id}/change-active`, { is_active: true })).body.is_active).toBe(true);
    const off = await client.put(`/companies/${id}/change-video-upload`, {});
    expect(off.body).toMatchObject({ video_upload_active: false, is_active: true });
    expect((await client.put(`/companies/${id}/change-video-upload`, { video_upload_active: false })).body.video_upload_active).toBe(false);
    expect((await client.put(`/companies/${id}/change-video-upload`, {})).body.video_upload_active).toBe(true);
    expect((await client.put(`/companies/${id}/change-active`, { is_active: 'no' })).status).toBe(400);
    expect((await client.put('/companies/999999/change-active', {})).status).toBe(404);
    expect((await journalOf('company', id)).map((e) => e.action)).toEqual(['create', 'deactivate', 'activate', 'activate', 'update', 'update', 'update']);
  });

  it('answers 404 for unknown or out-of-range ids and 400 for malformed ones', async () => {
    expect((await client.get('/companies/999999')).status).toBe(404);
    expect((await client.get('/companies/99999999999')).status).toBe(400);
    expect((await client.get('/companies/abc')).status).toBe(400);
    expect((await client.put('/companies/999999', { name: 'x' })).status).toBe(404);
    expect((await client.delete('/companies/999999')).status).toBe(404);
  });

  it('refuses anonymous calls with 401', async () => {
    expect((await apiClient(server).get('/companies/')).status).toBe(401);
    expect((await apiClient(server).post('/departments/create/', {})).status).toBe(401);
  });
});

describe('departments', () => {
  it('builds a tree below a company, keeps it acyclic and inside the company, and deletes leaves only', async () => {
    const north = await company('Tree Co');
    const other = await company('Other tree Co');
    const root = await client.post('/departments/create/', { company: north.id, name: 'Sales', description: 'All sales' });
    expect(root.status).toBe(201);
    expect(root.body).toEqual({ id: expect.any(Number), company: north.id, company_name: 'Tree Co', parent: null, name: 'Sales', description: 'All sales', offices_count: 0 });
    const child = await client.post('/departments/create/', { company: north.id, parent: root.body.id, name: 'Retail' });
    expect(child.body.parent).toBe(root.body.id);
    const grandchild = await client.post('/departments/create/', { company: north.id, parent: child.body.id, name: 'Kiosks' });

    const cycle = await client.put(`/departments/${root.body.id}`, { parent: grandchild.body.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toMatchObject({ code: 'department_cycle', fields: { parent: 'cycle' } });
    expect((await client.put(`/departments/${root.body.id}`, { parent: root.body.id })).body.code).toBe('department_cycle');
    const foreign = await client.post('/departments/create/', { company: other.id, parent: root.body.id, name: 'Stray' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'department_other_company', fields: { parent: 'other_company' } });
    expect((await client.post('/departments/create/', { company: 999999, name: 'Nowhere' })).body).toMatchObject({ code: 'unknown_company' });

    const list = await client.get(`/departments/?company=${north.id}`);
    expect(list.body.results.map((d: { name: string }) => d.name)).toEqual(['Kiosks', 'Retail', 'Sales']);
    expect((await client.get(`/departments/?company=${other.id}`)).body.count).toBe(0);

    const moved = await client.put(`/departments/${grandchild.body.id}`, { parent: root.body.id, name: 'Kiosks and stands' });
    expect(moved.body).toMatchObject({ parent: root.body.id, name: 'Kiosks and stands' });
    const refused = await client.delete(`/departments/${root.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('department_has_children');
    expect((await client.delete(`/departments/${grandchild.body.id}`)).status).toBe(204);
    expect((await client.get(`/departments/${grandchild.body.id}`)).status).toBe(404);
    expect((await journalOf('department', grandchild.body.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('branch offices', () => {
  it('creates an office with every field inside a department, lists it with device counts, edits and deletes it', async () => {
    const north = await company('Office Co');
    const department = (await client.post('/departments/create/', { company: north.id, name: 'Field' })).body;
    const created = await client.post('/branch-offices/create/', {
      company: north.id,
      department: department.id,
      name: 'Riverside',
      description: 'Ground floor',
      address: 'River street 5',
      phone: '+7 900 000-00-00',
      email: 'riverside@north.example',
      contact_person: 'Oleg',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      company: north.id,
      company_name: 'Office Co',
      department: department.id,
      department_name: 'Field',
      name: 'Riverside',
      description: 'Ground floor',
      address: 'River street 5',
      phone: '+7 900 000-00-00',
      email: 'riverside@north.example',
      contact_person: 'Oleg',
      devices: { online: 0, offline: 0, disabled: 0 },
    });
    const id = created.body.id;
    const online = await createDevice(client, { office: id });
    await createDevice(client, { office: id });
    await createDevice(client, { office: id, is_active: false });
    expect((await heartbeat(server, online)).status).toBe(200);
    const listed = await client.get(`/branch-offices/?company=${north.id}`);
    expect(listed.body.results.map((o: { id: number; devices: unknown }) => [o.id, o.devices])).toEqual([[id, { online: 1, offline: 1, disabled: 1 }]]);
    expect((await client.get(`/departments/${department.id}`)).body.offices_count).toBe(1);

    const badEmail = await client.put(`/branch-offices/${id}`, { email: 'nope' });
    expect(badEmail.body).toMatchObject({ code: 'validation_error', fields: { email: 'invalid_format' } });
    const edited = await client.put(`/branch-offices/${id}`, { name: 'Riverside 2', department: null });
    expect(edited.body).toMatchObject({ name: 'Riverside 2', department: null, department_name: null, address: 'River street 5' });

    const refused = await client.delete(`/branch-offices/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('office_has_devices');
    expect((await client.get(`/branch-offices/${id}`)).status).toBe(200);
    const empty = await office(north.id, 'Empty');
    expect((await client.delete(`/branch-offices/${empty.id}`)).status).toBe(204);
    expect((await journalOf('office', id)).map((e) => e.action)).toEqual(['create', 'update']);
  });

  it("refuses a department of another company and an unknown company", async () => {
    const a = await company('A offices');
    const b = await company('B offices');
    const department = (await client.post('/departments/create/', { company: b.id, name: 'B dept' })).body;
    const response = await client.post('/branch-offices/create/', { company: a.id, department: department.id, name: 'Mixed' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'department_other_company', fields: { department: 'other_company' } });
    expect((await client.post('/branch-offices/create/', { company: 999999, name: 'Nowhere' })).body).toMatchObject({ code: 'unknown_company' });
  });
});

describe("a company's devices", () => {
  it('refuses to delete a company that still holds devices, with the reason', async () => {
    const north = await company('Holding Co');
    const hq = await office(north.id, 'HQ');
    const device = await createDevice(client, { office: hq.id });
    const refused = await client.delete(`/companies/${north.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'company_has_devices' });
    expect((await client.get(`/companies/${north.id}`)).body.devices_count).toBe(1);
    expect((await client.delete(`/tvpi/devices/${device.id}`)).status).toBe(204);
    expect((await client.delete(`/companies/${north.id}`)).status).toBe(204);
    expect((await client.get(`/branch-offices/${hq.id}`)).status).toBe(404);
  });

  it("switches a deactivated company's devices off for the player protocol and the lists, and back on with it", async () => {
    const north = await company('Dark Co');
    const hq = await office(north.id, 'Dark HQ');
    const active = await createDevice(client, { office: hq.id });
    const ownOff = await createDevice(client, { office: hq.id, is_active: false });
    expect((await heartbeat(server, active)).status).toBe(200);

    expect((await client.put(`/companies/${north.id}/change-active`, { is_active: false })).body.is_active).toBe(false);
    const refused = await heartbeat(server, active);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('company_disabled');
    expect((await client.get(`/tvpi/devices/${active.id}`)).body).toMatchObject({ status: 'disabled', is_active: false });
    expect((await client.get(`/companies/${north.id}/summary/`)).body.devices).toEqual({ online: 0, offline: 0, disabled: 2 });

    // A device added or switched on meanwhile stays off until the company is activated.
    const added = await createDevice(client, { office: hq.id });
    expect(added.is_active).toBe(false);
    expect((await client.put(`/tvpi/devices/${ownOff.id}/change-active`, { is_active: true })).body.is_active).toBe(false);

    expect((await client.put(`/companies/${north.id}/change-active`, {})).body.is_active).toBe(true);
    expect((await heartbeat(server, active)).status).toBe(200);
    expect((await client.get(`/tvpi/devices/${added.id}`)).body.is_active).toBe(true);
    expect((await client.get(`/tvpi/devices/${ownOff.id}`)).body.is_active).toBe(true);
  });

  it("keeps a device that was off before its company's deactivation off afterwards, and releases a device moved out", async () => {
    const north = await company('Keeps off Co');
    const south = await company('South Co');
    const hq = await office(north.id, 'North HQ');
    const southHq = await office(south.id, 'South HQ');
    const off = await createDevice(client, { office: hq.id, is_active: false });
    const mover = await createDevice(client, { office: hq.id });
    await client.put(`/companies/${north.id}/change-active`, {});
    expect((await client.put(`/tvpi/devices/${mover.id}`, { office: southHq.id })).body.is_active).toBe(true);
    expect((await heartbeat(server, mover)).status).toBe(200);
    await client.put(`/companies/${north.id}/change-active`, {});
    expect((await client.get(`/tvpi/devices/${off.id}`)).body.is_active).toBe(false);
    expect((await heartbeat(server, off)).body.code).toBe('device_disabled');
  });

  it("keeps a device an operator switched off while its company was deactivated off when the company comes back", async () => {
    const north = await company('Switched off meanwhile Co');
    const hq = await office(north.id, 'Meanwhile HQ');
    const offMeanwhile = await createDevice(client, { office: hq.id });
    const offByEdit = await createDevice(client, { office: hq.id });
    const onMeanwhile = await createDevice(client, { office: hq.id, is_active: false });
    const untouched = await createDevice(client, { office: hq.id });
    await client.put(`/companies/${north.id}/change-active`, { is_active: false });
    // While the company is off each is disabled; the operator switches two off and one on, by either route.
    expect((await client.put(`/tvpi/devices/${offMeanwhile.id}/change-active`, { is_active: false })).body.is_active).toBe(false);
    expect((await client.put(`/tvpi/devices/${offByEdit.id}`, { is_active: false })).body.is_active).toBe(false);
    expect((await client.put(`/tvpi/devices/${onMeanwhile.id}/change-active`, { is_active: true })).body.is_active).toBe(false);
    expect((await client.put(`/companies/${north.id}/change-active`, { is_active: true })).body.is_active).toBe(true);
    const activeOf = async (device: { id: number }) => (await client.get(`/tvpi/devices/${device.id}`)).body.is_active;
    expect([await activeOf(offMeanwhile), await activeOf(offByEdit), await activeOf(onMeanwhile), await activeOf(untouched)]).toEqual([false, false, true, true]);
    expect((await heartbeat(server, offMeanwhile)).body.code).toBe('device_disabled');
    expect((await heartbeat(server, untouched)).status).toBe(200);
  });

  it('gives the additional info: device counts by status, offices and the campaigns its devices take part in', async () => {
    const north = await company('Summary Co');
    const hq = await office(north.id, 'Summary HQ');
    const device = await createDevice(client, { office: hq.id, position: 'horizontal' });
    const campaign = await client.post('/campaigns/create/', { name: 'Summary campaign', screen_position: 'horizontal' });
    expect(campaign.status).toBe(201);
    expect((await client.put(`/campaigns/${campaign.body.id}/devices/`, { devices: [device.id] })).status).toBe(200);
    const summary = await client.get(`/companies/${north.id}/summary/`);
    expect(summary.body).toEqual({
      company: north.id,
      devices: { online: 0, offline: 1, disabled: 0 },
      offices: [{ id: hq.id, name: 'Summary HQ', devices: { online: 0, offline: 1, disabled: 0 } }],
      campaigns: [{ id: campaign.body.id, name: 'Summary campaign', devices_count: 1 }],
    });
  });
});

describe('access scopes on the hierarchy', () => {
  async function scopedUser(username: string, companies: number[], level: 'view' | 'edit') {
    const group = await client.post('/groups/create/', { name: `${username} group`, companies, permissions: { company: level, devices: 'view' } });
    expect(group.status).toBe(201);
    const password = `${username}-pass-1`;
    expect((await client.post('/users/', { username, password, user: 1, groups: [group.body.id] })).status).toBe(201);
    return (await signIn(server, username, password)).client;
  }

  it("shows a user only their companies' companies, departments and offices; another company's ids answer 404", async () => {
    const mine = await company('Scope mine');
    const theirs = await company('Scope theirs');
    const myOffice = await office(mine.id, 'Mine HQ');
    const theirOffice = await office(theirs.id, 'Theirs HQ');
    const theirDepartment = (await client.post('/departments/create/', { company: theirs.id, name: 'Theirs dept' })).body;
    const viewer = await scopedUser('scope-viewer', [mine.id], 'view');

    expect((await viewer.get('/companies/')).body.results.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    expect((await viewer.get('/branch-offices/')).body.results.map((o: { id: number }) => o.id)).toEqual([myOffice.id]);
    expect((await viewer.get('/departments/')).body.count).toBe(0);
    expect((await viewer.get(`/companies/${mine.id}`)).status).toBe(200);
    for (const url of [`/companies/${theirs.id}`, `/companies/${theirs.id}/summary/`, `/branch-offices/${theirOffice.id}`, `/departments/${theirDepartment.id}`]) {
      expect([url, (await viewer.get(url)).status]).toEqual([url, 404]);
    }
    expect((await viewer.put(`/companies/${theirs.id}/change-active`, {})).status).toBe(404);
    expect((await client.get(`/companies/${theirs.id}`)).body.is_active).toBe(true);
  });

  it('refuses a view-only user every write with 403 and lets an editor change only their companies', async () => {
    const mine = await company('Edit mine');
    const theirs = await company('Edit theirs');
    const viewer = await scopedUser('scope-viewer-2', [mine.id], 'view');
    expect((await viewer.put(`/companies/${mine.id}/change-active`, {})).status).toBe(403);
    expect((await viewer.put(`/companies/${mine.id}`, { city: 'Tver' })).status).toBe(403);
    expect((await viewer.post('/branch-offices/create/', { company: mine.id, name: 'Nope' })).status).toBe(403);
    expect((await client.get(`/companies/${mine.id}`)).body).toMatchObject({ is_active: true, city: '', offices_count: 0 });

    const editor = await scopedUser('scope-editor', [mine.id], 'edit');
    expect((await editor.put(`/companies/${mine.id}/change-video-upload`, {})).body.video_upload_active).toBe(false);
    expect((await editor.post('/branch-offices/create/', { company: mine.id, name: 'Editor office' })).status).toBe(201);
    const foreign = await editor.post('/branch-offices/create/', { company: theirs.id, name: 'Foreign office' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ company: 'not_found' });
    expect((await editor.post('/companies/create/', { name: 'Editor company' })).status).toBe(403);
    expect((await editor.delete(`/companies/${mine.id}`)).status).toBe(403);
  });
});

describe('video upload', () => {
  it("refuses an upload owned by a company whose video upload is off with 403 video_upload_disabled, storing nothing", async () => {
    const fixtures = await makeFixtures();
    try {
      const north = await company('Upload Co');
      const before = (await client.get('/media/files/?page_size=500')).body.count;
      expect((await client.put(`/companies/${north.id}/change-video-upload`, { video_upload_active: false })).body.video_upload_active).toBe(false);
      const refused = await client.post('/media/files/create/', await uploadForm([fixtures.png], [{ ...describeAs('Refused still'), company: north.id }]));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('video_upload_disabled');
      expect((await client.get('/media/files/?page_size=500')).body.count).toBe(before);
      expect(await tempFiles(server)).toEqual([]);

      await client.put(`/companies/${north.id}/change-video-upload`, {});
      const accepted = await client.post('/media/files/create/', await uploadForm([fixtures.png], [{ ...describeAs('Accepted still'), company: north.id }]));
      expect(accepted.status).toBe(201);
    } finally {
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
    }
  });
});
