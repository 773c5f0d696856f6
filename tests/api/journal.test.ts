import { readSheet } from 'read-excel-file/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffChanges, record } from '../../server/domain/journal.ts';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice } from './devices.helpers.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

/** A user in a group that may edit the devices of a company of their own, and that company's office. */
async function operatorOf(name: string) {
  const { company, office } = await createCompanyAndOffice(admin.client, `${name} company`);
  const group = await admin.client.post('/groups/create/', { name: `${name} group`, companies: [company.id], permissions: { devices: 'edit' } });
  expect(group.status).toBe(201);
  const created = await admin.client.post('/users/', { username: name, password: 'password-123', user: 1, groups: [group.body.id] });
  expect(created.status).toBe(201);
  const signedIn = await signIn(server, name, 'password-123');
  return { id: created.body.id as number, office: office.id, ...signedIn };
}

const entries = async (query = '', client = admin.client) => {
  const response = await client.get(`/journal/${query ? `?${query}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { count: number; next: string | null; previous: string | null; results: any[] };
};

describe('GET /journal/', () => {
  it('records a device edit with what each changed field was before and after', async () => {
    const device = await createDevice(admin.client, { name: 'Lobby', description: 'first floor' });
    const edited = await admin.client.put(`/tvpi/devices/${device.id}`, { name: 'Hall', description: 'first floor', position: 'vertical', user: 1 });
    expect(edited.status).toBe(200);
    const { results } = await entries(`entity=device&action=update`);
    expect(results[0]).toEqual({
      id: expect.any(Number),
      user: 1,
      username: 'admin',
      action: 'update',
      entity: 'device',
      entity_id: String(device.id),
      changes: { name: ['Lobby', 'Hall'], position: ['unknown', 'vertical'] },
      via: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });

    const created = (await entries(`entity=device&action=create`)).results.find((entry) => entry.entity_id === String(device.id));
    expect(created.changes).toMatchObject({ sn: [null, device.sn], name: [null, 'Lobby'], is_active: [null, true] });
    expect(created.changes).not.toHaveProperty('key');

    expect((await admin.client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false })).status).toBe(200);
    const deactivated = (await entries(`entity=device&action=deactivate`)).results[0];
    expect(deactivated).toMatchObject({ entity_id: String(device.id), changes: { is_active: [true, false] } });

    expect((await admin.client.delete(`/tvpi/devices/${device.id}`)).status).toBe(204);
    const deleted = (await entries(`entity=device&action=delete`)).results[0];
    expect(deleted).toMatchObject({ entity_id: String(device.id), changes: { name: ['Hall', null], sn: [device.sn, null] } });
  });

  it('records the before and after of playlist, campaign and preset edits', async () => {
    const playlist = await admin.client.post('/media/play_lists/create/', { name: 'Morning', screen_position: 'horizontal', user: 1 });
    expect(playlist.status).toBe(201);
    expect((await admin.client.put(`/media/play_lists/${playlist.body.id}`, { name: 'Evening' })).status).toBe(200);
    expect((await entries('entity=playlist&action=update')).results[0].changes).toEqual({ name: ['Morning', 'Evening'] });

    const campaign = await admin.client.post('/campaigns/create/', { name: 'Spring', user: 1 });
    expect(campaign.status).toBe(201);
    expect((await admin.client.put(`/campaigns/${campaign.body.id}`, { name: 'Summer', screen_position: 'vertical' })).status).toBe(200);
    expect((await entries('entity=campaign&action=update')).results[0].changes).toEqual({ name: ['Spring', 'Summer'], screen_position: ['unknown', 'vertical'] });

    const preset = await admin.client.post('/directory/queries/create/', { name: 'HD', value: '1280 x 720 @ fps=30 @ x264', type: 'video', device: 'tvpi', screen: 'horizontal' });
    expect(preset.status).toBe(201);
    expect((await admin.client.put(`/directory/queries/${preset.body.id}`, { active: false })).status).toBe(200);
    expect((await entries('entity=directory_query&action=update')).results[0].changes).toEqual({ active: [true, false] });
  });

  it('never lets a password, key or token into changes, whatever a route passes', async () => {
    const operator = await createUserAndSignIn(server, 'journal-secret-keeper', 'first-password-1');
    const changed = await operator.client.post('/users/set_password/', { id: operator.id, password: 'second-password-2', current_password: 'first-password-1' });
    expect(changed.status).toBe(200);
    await record(server.ctx.db, {
      userId: operator.id,
      action: 'update',
      entity: 'user',
      entityId: operator.id,
      before: { username: 'a', password: 'old-secret-value', device_key: 'k1', profile: { apiKey: 'k2', theme: 'DARK' } },
      after: { username: 'b', password: 'new-secret-value', device_key: 'k3', profile: { apiKey: 'k4', theme: 'BLUE' } },
      changes: { refresh_token: ['t1', 't2'], passwordHash: ['h1', 'h2'], key: ['k5', 'k6'] },
    });
    const device = await createDevice(admin.client);
    await admin.client.put(`/tvpi/devices/${device.id}`, { name: 'Keyed' });

    const all = await entries('page_size=500');
    const text = JSON.stringify(all.results.map((entry) => entry.changes));
    for (const secret of ['first-password-1', 'second-password-2', 'old-secret-value', 'new-secret-value', device.key, 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 't1', 'h1']) {
      expect(text).not.toContain(`"${secret}"`);
    }
    const mine = (await entries(`user=${operator.id}&entity=user`)).results[0];
    expect(mine.changes).toEqual({ username: ['a', 'b'], profile: [{ theme: 'DARK' }, { theme: 'BLUE' }] });
    const stored = await server.ctx.db.execute(sql`SELECT detail::text AS d FROM journal`);
    expect(JSON.stringify((stored as unknown as { rows: unknown[] }).rows)).not.toContain('secret-value');
  });

  it('filters by user, entity, action and period, newest first, and pages', async () => {
    const operator = await operatorOf('journal-filter-user');
    const devices = [];
    for (let i = 0; i < 5; i += 1) devices.push(await createDevice(operator.client, { name: `Filter ${i}`, office: operator.office }));
    for (const device of devices) expect((await operator.client.put(`/tvpi/devices/${device.id}`, { name: `${device.sn} renamed` })).status).toBe(200);

    const mine = await entries(`user=${operator.id}&entity=device`);
    expect(mine.count).toBe(10);
    expect(mine.results.every((entry) => entry.user === operator.id && entry.username === 'journal-filter-user' && entry.entity === 'device')).toBe(true);
    const order = mine.results.map((entry) => [entry.created_at, entry.id]);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)));
    expect(mine.results.slice(0, 5).map((entry) => entry.action)).toEqual(['update', 'update', 'update', 'update', 'update']);
    expect(mine.results[0].entity_id).toBe(String(devices[4]!.id));

    const first = await entries(`user=${operator.id}&action=create&page_size=2`);
    expect(first.count).toBe(5);
    expect(first.results.map((entry) => entry.entity_id)).toEqual([String(devices[4]!.id), String(devices[3]!.id)]);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const third = await entries(`user=${operator.id}&action=create&page_size=2&page=3`);
    expect(third.results.map((entry) => entry.entity_id)).toEqual([String(devices[0]!.id)]);
    expect(third.next).toBeNull();

    const newest = mine.results[0].created_at as string;
    const oldest = mine.results.at(-1).created_at as string;
    expect((await entries(`user=${operator.id}&from=${encodeURIComponent(newest)}`)).results.every((entry) => entry.created_at >= newest)).toBe(true);
    expect((await entries(`user=${operator.id}&entity=device&to=${encodeURIComponent(oldest)}`)).count).toBe(0);
    expect((await entries(`user=${operator.id}&from=2000-01-01&to=2000-01-02`)).count).toBe(0);
    const dayAfter = new Date(Date.parse(newest.slice(0, 10)) + 86_400_000).toISOString().slice(0, 10);
    expect((await entries(`user=${operator.id}&entity=device&from=${oldest.slice(0, 10)}&to=${dayAfter}`)).count).toBe(10);
    expect((await entries(`user=${operator.id}&entity=media_file`)).count).toBe(0);
  });

  it('counts exactly up to 10,000 matches and says when the count stops there, with next pages still found', async () => {
    const operator = await createUserAndSignIn(server, 'journal-count-user');
    await server.ctx.db.execute(sql`
      INSERT INTO journal (user_id, action, entity, entity_id, created_at)
      SELECT ${operator.id}::int, 'update', 'device', g::text, now() - make_interval(secs => g * 60) FROM generate_series(1, 10005) g`);
    const first = await entries(`user=${operator.id}&entity=device&page_size=500`);
    expect([first.count, (first as any).count_exact, first.results.length]).toEqual([10_000, false, 500]);
    const last = await entries(`user=${operator.id}&entity=device&page_size=500&page=21`);
    expect([last.results.length, last.next, (last as any).count_exact]).toEqual([5, null, false]);
    const beforeLast = await entries(`user=${operator.id}&entity=device&page_size=500&page=20`);
    expect(beforeLast.next).toContain('page=21');
    const few = await entries(`user=${operator.id}&entity=device&to=${encodeURIComponent(new Date(Date.now() - 600_030_000).toISOString())}`);
    expect([few.count, (few as any).count_exact]).toEqual([5, true]);
  });

  it("shows a reader other than the administrator their own entries and their companies' entries in the areas they may view", async () => {
    const reader = await operatorOf('journal-scope-reader');
    const other = await operatorOf('journal-scope-other');
    const own = await createDevice(reader.client, { name: 'Own screen', office: reader.office });
    const foreign = await createDevice(other.client, { name: 'Foreign screen', office: other.office });
    // The administrator edits and then deletes the reader's company's device, and edits the other company's.
    expect((await admin.client.put(`/tvpi/devices/${own.id}`, { name: 'Renamed by admin' })).status).toBe(200);
    expect((await admin.client.put(`/tvpi/devices/${foreign.id}`, { name: 'Foreign renamed' })).status).toBe(200);
    expect((await admin.client.delete(`/tvpi/devices/${own.id}`)).status).toBe(204);

    const page = await entries('page_size=500', reader.client);
    const seen = page.results;
    expect(page.count).toBe(seen.length);
    const about = (entity: string, id: number) => seen.filter((entry) => entry.entity === entity && entry.entity_id === String(id)).map((entry) => [entry.user, entry.action]);
    expect(about('device', own.id)).toEqual([[1, 'delete'], [1, 'update'], [reader.id, 'create']]);
    expect(about('device', foreign.id)).toEqual([]);
    // Every entry is the reader's own or about their company's devices; none about users, sessions or (no company
    // permission) their company itself.
    expect(seen.every((entry) => entry.user === reader.id || entry.entity === 'device')).toBe(true);
    expect(seen.some((entry) => entry.entity === 'company' || entry.entity === 'office' || entry.entity === 'user')).toBe(false);
    expect((await entries('user=1', reader.client)).results.map((entry) => [entry.entity, entry.entity_id, entry.action])).toEqual([
      ['device', String(own.id), 'delete'],
      ['device', String(own.id), 'update'],
    ]);
    expect((await entries('entity=user', reader.client)).count).toBe(0);
    expect((await entries(`user=${other.id}`, reader.client)).count).toBe(0);
    // The administrator reads everything; the entries carry the owning company, also for the deleted device.
    const stored = await server.ctx.db.execute(sql`SELECT action, company_id FROM journal WHERE entity = 'device' AND entity_id = ${String(own.id)} AND user_id IN (1, ${reader.id}) ORDER BY id`);
    const companyOf = (await admin.client.get(`/branch-offices/${reader.office}`)).body.company;
    expect((stored as unknown as { rows: { action: string; company_id: number }[] }).rows.map((row) => [row.action, row.company_id])).toEqual([
      ['create', companyOf],
      ['update', companyOf],
      ['delete', companyOf],
    ]);
    expect((await entries(`user=${other.id}`)).count).toBeGreaterThan(0);

    // With 'view' on the company area, the company's own entries (its offices) show too.
    const viewer = await admin.client.post('/groups/create/', { name: 'journal company viewers', companies: [companyOf], permissions: { company: 'view' } });
    expect((await admin.client.post('/users/', { username: 'journal-company-viewer', password: 'password-123', user: 1, groups: [viewer.body.id] })).status).toBe(201);
    const companyViewer = await signIn(server, 'journal-company-viewer', 'password-123');
    const ofViewer = (await entries('page_size=500', companyViewer.client)).results;
    expect(ofViewer.some((entry) => entry.entity === 'office' && entry.entity_id === String(reader.office))).toBe(true);
    expect(ofViewer.some((entry) => entry.entity === 'device')).toBe(false);
  });

  it('keeps counting right as entries are written between the pages of a filter', async () => {
    const count = async (query: string) => (await entries(query)).count;
    const before = await count('entity=bench_counted');
    await record(server.ctx.db, { userId: 1, action: 'update', entity: 'bench_counted', entityId: 1 });
    expect(await count('entity=bench_counted')).toBe(before + 1);
    for (let i = 0; i < 3; i += 1) await record(server.ctx.db, { userId: 1, action: 'update', entity: 'bench_counted', entityId: i });
    await record(server.ctx.db, { userId: 1, action: 'update', entity: 'other_counted', entityId: 1 });
    expect(await count('entity=bench_counted')).toBe(before + 4);
    expect(await count('entity=bench_counted&action=update')).toBe(before + 4);
    expect(await count('entity=bench_counted&action=create')).toBe(0);
  });

  it('answers 400 for a bad filter and 401 without a token, changing nothing', async () => {
    for (const query of ['user=abc', 'user=0', 'from=yesterday', 'to=2026-02-30', 'entity=Device%20X', 'from=2026-02-02&to=2026-02-01', 'page=0']) {
      const response = await admin.client.get(`/journal/?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toMatch(/^(validation_error|invalid_period)$/);
    }
    expect((await apiClient(server).get('/journal/')).status).toBe(401);
    expect((await apiClient(server).get('/journal/xlsx/')).status).toBe(401);
  });

  it('exports the filtered entries as xlsx in the chosen language', async () => {
    const operator = await operatorOf('journal-sheet-user');
    const device = await createDevice(operator.client, { name: 'Sheet screen', office: operator.office });
    await operator.client.put(`/tvpi/devices/${device.id}`, { name: 'Sheet screen 2' });
    const download = async (query: string) => {
      const response = await fetch(`${server.api}/journal/xlsx/?${query}`, { headers: { authorization: `JWT ${admin.access}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      return readSheet(Buffer.from(await response.arrayBuffer()));
    };
    const english = await download(`user=${operator.id}&entity=device`);
    expect(english[0]).toEqual(['When', 'User', 'Action', 'Object', 'Id', 'Changes']);
    expect(english.slice(1).map((row) => row.slice(1, 5))).toEqual([
      ['journal-sheet-user', 'Changed', 'Device', String(device.id)],
      ['journal-sheet-user', 'Created', 'Device', String(device.id)],
    ]);
    expect(english[1]![5]).toBe('Name: Sheet screen → Sheet screen 2');
    expect(english[1]![0]).toBeInstanceOf(Date);
    const russian = await download(`user=${operator.id}&action=update&lang=ru&tz=Europe/Moscow`);
    expect(russian[0]![0]).toBe('Когда');
    expect(russian.slice(1).map((row) => [row[2], row[3], row[5]])).toEqual([['Изменение', 'Устройство', 'Название: Sheet screen → Sheet screen 2']]);
    expect(JSON.stringify(await download(''))).not.toContain(device.key);
  });
});

describe('diffChanges', () => {
  it('keeps only the fields that differ, and no secret at any depth', () => {
    expect(diffChanges({ a: 1, b: 'x', token: 'abc' }, { a: 2, b: 'x', token: 'def' })).toEqual({ a: [1, 2] });
    expect(diffChanges(null, { name: 'n', nested: { password: 'p', ok: 1 } })).toEqual({ name: [null, 'n'], nested: [null, { ok: 1 }] });
    expect(diffChanges({ a: 1, b: 2 }, { a: 3, b: 4 }, ['b'])).toEqual({ b: [2, 4] });
  });
});
