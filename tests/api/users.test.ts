import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { journal } from '../../server/db/schema.ts';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('users', () => {
  it('GET /users/profile/ answers the signed-in user', async () => {
    const { client } = await signIn(server);
    const profile = await client.get('/users/profile/');
    expect(profile.status).toBe(200);
    expect({ ...profile.body, date_joined: 'x', access: 'x' }).toEqual({ id: 1, username: 'admin', is_active: true, is_admin: true, date_joined: 'x', groups: [], access: 'x', language: null, theme: null, two_factor: { enabled: false, required: false } });
  });

  it('the administrator creates a user (user field accepted as sent), who can then sign in', async () => {
    const { client } = await signIn(server);
    const created = await client.post('/users/', { username: 'alice', password: 'alice-password', user: 1 });
    expect(created.status).toBe(201);
    expect(created.body.username).toBe('alice');
    expect(created.body.is_admin).toBe(false);
    const alice = await signIn(server, 'alice', 'alice-password');
    expect((await alice.client.get('/users/profile/')).body.username).toBe('alice');
    const [entry] = await server.ctx.db.select().from(journal).orderBy(desc(journal.id)).limit(1);
    expect([entry!.action, entry!.entity]).toEqual(['login', 'session']);
  });

  it('stores passwords hashed, never in clear', async () => {
    const { rows } = (await server.ctx.db.execute('SELECT password_hash FROM users' as never)) as unknown as { rows: { password_hash: string }[] };
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(server.adminPassword);
    }
  });

  it('refuses a duplicate username with 409 and bad fields with 400', async () => {
    const { client } = await signIn(server);
    await client.post('/users/', { username: 'bob', password: 'bob-password', user: 1 });
    const duplicate = await client.post('/users/', { username: 'bob', password: 'another-password', user: 1 });
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'username_taken']);
    const bad = await client.post('/users/', { username: 'has space', password: 'short', user: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ username: 'invalid_format', password: 'out_of_range', user: 'invalid' });
  });

  it('lists users with the paged envelope', async () => {
    const { client } = await signIn(server);
    const list = await client.get('/users/?page_size=2');
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThanOrEqual(3);
    expect(list.body.results).toHaveLength(2);
    expect(list.body.next).toBe('/api/v1/users/?page_size=2&page=2');
    expect(list.body.previous).toBeNull();
    const badPage = await client.get('/users/?page=zero');
    expect([badPage.status, badPage.body.code]).toEqual([400, 'validation_error']);
  });

  it('only user 1 creates or deletes accounts; others get 403', async () => {
    const carol = await createUserAndSignIn(server, 'carol');
    const create = await carol.client.post('/users/', { username: 'mallory', password: 'mallory-password', user: 1 });
    expect([create.status, create.body.code]).toEqual([403, 'forbidden']);
    const remove = await carol.client.delete('/users/1/');
    expect(remove.status).toBe(403);
  });

  it('a user changes their own username and password (current password required), not someone else’s', async () => {
    const dave = await createUserAndSignIn(server, 'dave', 'dave-password');
    const renamed = await dave.client.post('/users/set_username/', { id: dave.id, username: 'david' });
    expect([renamed.status, renamed.body.username]).toEqual([200, 'david']);
    const other = await dave.client.post('/users/set_username/', { id: 1, username: 'pwned' });
    expect(other.status).toBe(403);
    const noCurrent = await dave.client.post('/users/set_password/', { id: dave.id, password: 'new-password-1' });
    expect([noCurrent.status, noCurrent.body.fields]).toEqual([400, { current_password: 'required' }]);
    const wrongCurrent = await dave.client.post('/users/set_password/', { id: dave.id, password: 'new-password-1', current_password: 'nope' });
    expect([wrongCurrent.status, wrongCurrent.body.code]).toEqual([400, 'wrong_password']);
    const changed = await dave.client.post('/users/set_password/', { id: dave.id, password: 'new-password-1', current_password: 'dave-password' });
    expect(changed.status).toBe(200);
    expect((await apiClient(server).post('/auth/token-obtain/', { username: 'david', password: 'new-password-1' })).status).toBe(200);
  });

  it('the administrator renames, resets and deletes another user; user 1 cannot be deleted', async () => {
    const { client } = await signIn(server);
    const erin = await createUserAndSignIn(server, 'erin');
    expect((await client.post('/users/set_username/', { id: erin.id, username: 'bob' })).status).toBe(409);
    expect((await client.post('/users/set_password/', { id: erin.id, password: 'reset-password' })).status).toBe(200);
    expect((await client.delete(`/users/${erin.id}/`)).status).toBe(204);
    expect((await client.delete(`/users/${erin.id}/`)).status).toBe(404);
    expect((await erin.client.get('/users/profile/')).body.code).toBe('user_inactive');
    const admin = await client.delete('/users/1/');
    expect([admin.status, admin.body.code]).toEqual([409, 'cannot_delete_admin']);
    expect((await client.delete('/users/abc/')).status).toBe(400);
    const huge = await client.delete('/users/99999999999/');
    expect([huge.status, huge.body.fields]).toEqual([400, { id: 'invalid' }]);
    const overInt = await client.post('/users/set_username/', { id: 2147483648, username: 'x' });
    expect([overInt.status, overInt.body.fields]).toEqual([400, { id: 'out_of_range' }]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { client } = await signIn(server);
    const response = await client.get('/nothing/here/');
    expect([response.status, response.body.code]).toEqual([404, 'not_found']);
  });
});
