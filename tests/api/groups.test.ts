import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { journal } from '../../server/db/schema.ts';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice } from './devices.helpers.ts';

let server: TestServer;
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

const NONE = { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' };

describe('groups', () => {
  it('creates, reads, lists, updates and deletes a group, journalled', async () => {
    const { company: north } = await createCompanyAndOffice(admin, 'Groups North');
    const { company: south } = await createCompanyAndOffice(admin, 'Groups South');
    const created = await admin.post('/groups/create/', { name: ' Operators ', companies: [north.id], permissions: { devices: 'edit', media: 'view' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: created.body.id, name: 'Operators', companies: [north.id], permissions: { ...NONE, devices: 'edit', media: 'view' } });
    const id = created.body.id;
    expect((await admin.get(`/groups/${id}`)).body).toEqual(created.body);
    expect((await admin.get('/groups/')).body.results).toContainEqual(created.body);

    const updated = await admin.put(`/groups/${id}`, { companies: [south.id, north.id, south.id], permissions: { media: 'edit' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id, name: 'Operators', companies: [north.id, south.id], permissions: { ...NONE, devices: 'edit', media: 'edit' } });
    const [entry] = await server.ctx.db.select().from(journal).where(eq(journal.entity, 'group')).orderBy(desc(journal.id)).limit(1);
    expect([entry!.action, entry!.entityId]).toEqual(['update', String(id)]);

    expect((await admin.delete(`/groups/${id}`)).status).toBe(204);
    expect((await admin.get(`/groups/${id}`)).status).toBe(404);
    expect((await admin.delete(`/groups/${id}`)).status).toBe(404);
  });

  it('refuses a duplicate name (409), an unknown company or a bad level (400), and changes nothing', async () => {
    await admin.post('/groups/create/', { name: 'Unique' });
    const duplicate = await admin.post('/groups/create/', { name: 'Unique' });
    expect([duplicate.status, duplicate.body.code, duplicate.body.fields]).toEqual([409, 'group_exists', { name: 'taken' }]);
    const unknown = await admin.post('/groups/create/', { name: 'Ghost', companies: [999999] });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { companies: 'not_found' }]);
    const level = await admin.post('/groups/create/', { name: 'Ghost', permissions: { devices: 'admin' } });
    expect([level.status, level.body.fields]).toEqual([400, { 'permissions.devices': 'invalid' }]);
    const blank = await admin.post('/groups/create/', { name: '  ' });
    expect([blank.status, blank.body.fields]).toEqual([400, { name: 'required' }]);
    expect((await admin.get('/groups/?page_size=500')).body.results.filter((g: { name: string }) => g.name === 'Ghost')).toEqual([]);
  });

  it('is managed by the administrator only', async () => {
    const user = await createUserAndSignIn(server, 'groups-outsider', 'outsider-pass-1');
    expect((await user.client.get('/groups/')).status).toBe(403);
    expect((await user.client.post('/groups/create/', { name: 'Mine' })).status).toBe(403);
  });
});

describe('users with groups', () => {
  it('creates a user in groups, answers them in lists and the profile with the united access', async () => {
    const { company: a } = await createCompanyAndOffice(admin, 'Union A');
    const { company: b } = await createCompanyAndOffice(admin, 'Union B');
    const viewers = (await admin.post('/groups/create/', { name: 'Union viewers', companies: [a.id], permissions: { devices: 'view', media: 'edit' } })).body;
    const editors = (await admin.post('/groups/create/', { name: 'Union editors', companies: [b.id], permissions: { devices: 'edit', campaigns: 'view' } })).body;
    const created = await admin.post('/users/', { username: 'union-user', password: 'union-pass-1', user: 1, groups: [editors.id, viewers.id] });
    expect(created.status).toBe(201);
    expect(created.body.groups).toEqual([viewers.id, editors.id].sort((x, y) => x - y));
    const listed = (await admin.get('/users/?page_size=500')).body.results.find((u: { id: number }) => u.id === created.body.id);
    expect(listed.groups).toEqual(created.body.groups);

    const { client } = await signIn(server, 'union-user', 'union-pass-1');
    const profile = (await client.get('/users/profile/')).body;
    expect(profile.access).toEqual({
      admin: false,
      companies: [a.id, b.id].sort((x, y) => x - y),
      permissions: { ...NONE, devices: 'edit', media: 'edit', campaigns: 'view' },
    });
    const adminProfile = (await admin.get('/users/profile/')).body;
    expect(adminProfile.access).toEqual({ admin: true, companies: null, permissions: { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'edit', company: 'edit' } });
    expect((await admin.post('/users/', { username: 'ghost-groups', password: 'ghost-pass-1', groups: [999999] })).body.fields).toEqual({ groups: 'not_found' });
  });

  it('PUT /users/{id}/ sets groups and deactivation ends the user’s sessions at once; reactivation lets them sign in again', async () => {
    const group = (await admin.post('/groups/create/', { name: 'Put group', permissions: { media: 'view' } })).body;
    const user = await createUserAndSignIn(server, 'put-user', 'put-user-pass-1');
    const regrouped = await admin.put(`/users/${user.id}/`, { groups: [group.id] });
    expect([regrouped.status, regrouped.body.groups, regrouped.body.is_active]).toEqual([200, [group.id], true]);
    expect((await user.client.get('/users/profile/')).body.access.permissions.media).toBe('view');

    const deactivated = await admin.put(`/users/${user.id}/`, { is_active: false });
    expect([deactivated.status, deactivated.body.is_active]).toEqual([200, false]);
    expect((await user.client.get('/users/profile/')).status).toBe(401);
    const refresh = await apiClient(server).post('/auth/token/token-refresh/', { refresh: user.refresh });
    expect(refresh.status).toBe(401);
    expect((await apiClient(server).post('/auth/token-obtain/', { username: 'put-user', password: 'put-user-pass-1' })).status).toBe(401);

    expect((await admin.put(`/users/${user.id}/`, { is_active: true })).body.is_active).toBe(true);
    expect((await signIn(server, 'put-user', 'put-user-pass-1')).access).toBeTruthy();

    expect((await admin.put('/users/1/', { is_active: false })).body.code).toBe('cannot_deactivate_admin');
    expect((await admin.put('/users/999999/', { is_active: false })).status).toBe(404);
    expect((await admin.put(`/users/${user.id}/`, { groups: [999999] })).body.fields).toEqual({ groups: 'not_found' });
    expect((await user.client.put(`/users/${user.id}/`, { groups: [] })).status).toBe(401);
    const other = await createUserAndSignIn(server, 'put-other', 'put-other-pass-1');
    expect((await other.client.put(`/users/${user.id}/`, { is_active: false })).status).toBe(403);
    expect((await other.client.get('/users/')).status).toBe(403);
  });

  it('refuses weak passwords on create and on set_password', async () => {
    for (const password of ['abcdefghij', '1234567890', 'password1', 'weakling-user']) {
      const response = await admin.post('/users/', { username: 'weakling-user', password, user: 1 });
      expect([password, response.status, response.body.fields]).toEqual([password, 400, { password: 'weak_password' }]);
    }
    const user = await createUserAndSignIn(server, 'strong-user', 'strong-pass-1');
    const weak = await admin.post('/users/set_password/', { id: user.id, password: 'aaaaaaaaaa' });
    expect([weak.status, weak.body.code]).toEqual([400, 'weak_password']);
    expect((await admin.post('/users/set_password/', { id: user.id, password: 'another pass 2' })).status).toBe(200);
  });
});
