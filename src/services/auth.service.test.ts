// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi, type FakeReply } from './fakeApiServer.ts';
import { memoryStorage } from './tokenStore.ts';

let fake: FakeApi;
let reply: FakeReply = { status: 200, body: {} };
let auth: typeof import('./auth.service.ts');
let users: typeof import('./users.service.ts');
let tokenStore: typeof import('./tokenStore.ts').tokenStore;
let ApiRequestError: typeof import('./http.ts').ApiRequestError;

const user = { id: 2, username: 'kiosk', is_active: true, is_admin: false, date_joined: '2024-01-01T00:00:00.000Z' };

beforeAll(async () => {
  fake = await startFakeApi(() => reply);
  vi.stubEnv('API_URL', fake.base);
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  // config.ts came in with the static import above; reload it so API_BASE reads the stubbed env.
  vi.resetModules();
  auth = await import('./auth.service.ts');
  users = await import('./users.service.ts');
  tokenStore = (await import('./tokenStore.ts')).tokenStore;
  ApiRequestError = (await import('./http.ts')).ApiRequestError;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  tokenStore.clearTokens();
});

function error(status: number, code: string, fields?: Record<string, string>): FakeReply {
  return { status, body: { detail: `${code} detail`, code, ...(fields ? { fields } : {}) } };
}

describe('obtainTokens', () => {
  it('resolves the token pair', async () => {
    reply = { status: 200, body: { access: 'A', refresh: 'R' } };
    expect(await auth.obtainTokens({ username: 'admin', password: 'secret' })).toEqual({ ok: true, tokens: { access: 'A', refresh: 'R' } });
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/auth/token-obtain/', authorization: undefined, body: { username: 'admin', password: 'secret' } },
    ]);
  });

  it.each([
    [401, 'invalid_credentials', 'invalidCredentials'],
    [429, 'rate_limited', 'rateLimited'],
    [400, 'validation_error', 'validation'],
  ])('resolves a %i %s as { ok: false, reason: %s }', async (status, code, reason) => {
    reply = error(status, code);
    expect(await auth.obtainTokens({ username: 'admin', password: 'x' })).toEqual({ ok: false, reason });
  });

  it('rejects on a real failure', async () => {
    reply = error(500, 'server_error');
    await expect(auth.obtainTokens({ username: 'admin', password: 'x' })).rejects.toMatchObject({ status: 500, code: 'server_error' });
  });

  it('rejects a malformed answer as invalid_response', async () => {
    reply = { status: 200, body: { access: 'A' } };
    await expect(auth.obtainTokens({ username: 'admin', password: 'x' })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('refreshTokens, logout, fetchProfile', () => {
  it('refreshes with the refresh token', async () => {
    reply = { status: 200, body: { access: 'A2', refresh: 'R2' } };
    expect(await auth.refreshTokens('R1')).toEqual({ access: 'A2', refresh: 'R2' });
    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/auth/token/token-refresh/', { refresh: 'R1' }]]);
  });

  it('logs out with the refresh token', async () => {
    reply = { status: 200, body: {} };
    await auth.logout('R1');
    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/auth/logout/', { refresh: 'R1' }]]);
  });

  it('loads and validates the profile with the JWT header', async () => {
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    reply = { status: 200, body: user };
    expect(await auth.fetchProfile()).toEqual(user);
    expect(fake.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([['GET', '/users/profile/', 'JWT A1']]);
  });
});

describe('users service', () => {
  it('lists a page of users', async () => {
    const page = { count: 1, next: null, previous: null, results: [user] };
    reply = { status: 200, body: page };
    expect(await users.listUsers()).toEqual(page);
    expect(fake.requests.map((r) => r.path)).toEqual(['/users/?page=1&page_size=20']);
  });

  it('creates a user with user: 1 and resolves a taken name as a domain outcome', async () => {
    reply = { status: 201, body: user };
    expect(await users.createUser({ username: 'kiosk', password: 'password1' })).toEqual({ ok: true, user });
    expect(fake.requests.map((r) => r.body)).toEqual([{ username: 'kiosk', password: 'password1', user: 1 }]);
    reply = error(409, 'username_taken', { username: 'taken' });
    expect(await users.createUser({ username: 'kiosk', password: 'password1' })).toEqual({
      ok: false,
      reason: 'usernameTaken',
      fields: { username: 'taken' },
    });
  });

  it('deletes a user; the administrator is a refusal, a 404 a failure', async () => {
    reply = { status: 204 };
    expect(await users.deleteUser(2)).toEqual({ ok: true });
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/users/2/']]);
    reply = error(409, 'cannot_delete_admin');
    expect(await users.deleteUser(1)).toEqual({ ok: false, reason: 'cannotDeleteAdmin' });
    reply = error(404, 'not_found');
    const failure = await users.deleteUser(9).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('sets the username and the password', async () => {
    reply = { status: 200, body: { ...user, username: 'lobby' } };
    expect(await users.setUsername(2, 'lobby')).toEqual({ ok: true, user: { ...user, username: 'lobby' } });
    reply = error(400, 'wrong_password', { current_password: 'wrong' });
    expect(await users.setPassword(2, 'password2', 'nope')).toEqual({
      ok: false,
      reason: 'wrongPassword',
      fields: { current_password: 'wrong' },
    });
    reply = { status: 200, body: user };
    await users.setPassword(3, 'password3');
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ['/users/set_username/', { id: 2, username: 'lobby' }],
      ['/users/set_password/', { id: 2, password: 'password2', current_password: 'nope' }],
      ['/users/set_password/', { id: 3, password: 'password3' }],
    ]);
  });

  it('rejects a forbidden write', async () => {
    reply = error(403, 'forbidden');
    await expect(users.setUsername(3, 'other')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});
