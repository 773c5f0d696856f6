import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { settings } from '../../server/db/schema.ts';
import { apiClient, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { CLIENT, signInAtProvider, startProvider, type TestProvider } from './oidc.provider.ts';

/** Where the provider sends the browser back (the tests carry its query to the server themselves). */
const REDIRECT = 'http://localhost/api/v1/auth/oidc/callback/';

let server: TestServer;
let provider: TestProvider;
beforeAll(async () => {
  // A real OpenID provider in this process (issue 40's single sign-on); the server is its relying party.
  provider = await startProvider([REDIRECT]);
  server = await startTestServer({
    oidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUrl: REDIRECT, groupsClaim: 'groups', scopes: 'openid profile email', name: 'Test ID' },
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('POST /auth/token-obtain/', () => {
  it('answers an access and a refresh token for the right password', async () => {
    const response = await apiClient(server).post('/auth/token-obtain/', { username: 'admin', password: server.adminPassword });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh']);
    const payload = payloadOf(response.body.access);
    expect(payload.user_id).toBe(1);
    expect(payload.exp - payload.iat).toBe(300);
  });

  it('accepts the path without its trailing slash', async () => {
    const response = await apiClient(server).post('/auth/token-obtain', { username: 'admin', password: server.adminPassword });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike with 401 invalid_credentials', async () => {
    const wrong = await apiClient(server).post('/auth/token-obtain/', { username: 'admin', password: 'nope' });
    const unknown = await apiClient(server).post('/auth/token-obtain/', { username: 'ghost', password: 'nope' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_credentials']);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_credentials']);
  });

  it('answers 400 with the missing fields', async () => {
    const response = await apiClient(server).post('/auth/token-obtain/', {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: 'The request has invalid fields.',
      code: 'validation_error',
      fields: { username: 'required', password: 'required' },
    });
  });

  it('answers 400 for wrong types and for a body that is not JSON', async () => {
    const typed = await apiClient(server).post('/auth/token-obtain/', { username: ['admin'], password: 12 });
    expect(typed.status).toBe(400);
    expect(typed.body.code).toBe('validation_error');
    expect(Object.keys(typed.body.fields).sort()).toEqual(['password', 'username']);
    const broken = await apiClient(server).post('/auth/token-obtain/', '{"username":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('bad_request');
  });
});

describe('token refresh and logout', () => {
  it('rotates: the new pair works, the old refresh is spent', async () => {
    const first = await signIn(server);
    const rotated = await apiClient(server).post('/auth/token/token-refresh/', { refresh: first.refresh });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).not.toBe(first.refresh);
    expect((await apiClient(server, rotated.body.access).get('/users/profile/')).status).toBe(200);
    const again = await apiClient(server).post('/auth/token/token-refresh/', { refresh: rotated.body.refresh });
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh is presented again', async () => {
    const first = await signIn(server);
    const second = await apiClient(server).post('/auth/token/token-refresh/', { refresh: first.refresh });
    const reuse = await apiClient(server).post('/auth/token/token-refresh/', { refresh: first.refresh });
    expect([reuse.status, reuse.body.code]).toEqual([401, 'token_reused']);
    const descendant = await apiClient(server).post('/auth/token/token-refresh/', { refresh: second.body.refresh });
    expect([descendant.status, descendant.body.code]).toEqual([401, 'token_revoked']);
  });

  it('refuses a forged or malformed refresh with 401, and a missing one with 400', async () => {
    const forged = await apiClient(server).post('/auth/token/token-refresh/', { refresh: '00000000-0000-0000-0000-000000000000.abc' });
    expect([forged.status, forged.body.code]).toEqual([401, 'token_not_valid']);
    const malformed = await apiClient(server).post('/auth/token/token-refresh/', { refresh: 'garbage' });
    expect([malformed.status, malformed.body.code]).toEqual([401, 'token_not_valid']);
    const missing = await apiClient(server).post('/auth/token/token-refresh/', {});
    expect([missing.status, missing.body.fields]).toEqual([400, { refresh: 'required' }]);
  });

  it('logout revokes the refresh token', async () => {
    const session = await signIn(server);
    const out = await apiClient(server).post('/auth/logout/', { refresh: session.refresh });
    expect(out.status).toBe(200);
    const after = await apiClient(server).post('/auth/token/token-refresh/', { refresh: session.refresh });
    expect([after.status, after.body.code]).toEqual([401, 'token_revoked']);
  });
});

describe('access tokens', () => {
  async function signWithServerKey(claims: Record<string, unknown>, expiresIn: string | number) {
    const [row] = await server.ctx.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(row!.value));
  }

  it('refuses an expired access token with 401 token_expired', async () => {
    const expired = await signWithServerKey({ user_id: 1, token_type: 'access' }, Math.floor(Date.now() / 1000) - 60);
    const response = await apiClient(server, expired).get('/users/profile/');
    expect([response.status, response.body.code]).toEqual([401, 'token_expired']);
  });

  it('refuses a token once it expires, though it was accepted a moment before', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await signWithServerKey({ user_id: 1, token_type: 'access' }, expiresAt);
    const before = await apiClient(server, shortLived).get('/users/profile/');
    expect(before.status).toBe(200);
    // Asked again until the server refuses it: that must happen once the expiry passes, and not before.
    const after = await vi.waitFor(
      async () => {
        const response = await apiClient(server, shortLived).get('/users/profile/');
        if (response.status === 200) throw new Error('still accepted');
        return response;
      },
      { timeout: 5000, interval: 100 },
    );
    expect([after.status, after.body.code]).toEqual([401, 'token_expired']);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(expiresAt);
  });

  it('refuses a token signed with another key, and a missing header', async () => {
    const other = await new SignJWT({ user_id: 1, token_type: 'access' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode('x'.repeat(48)));
    const forged = await apiClient(server, other).get('/users/profile/');
    expect([forged.status, forged.body.code]).toEqual([401, 'token_not_valid']);
    const anonymous = await apiClient(server).get('/users/profile/');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'not_authenticated']);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client address exceeds the sign-in limit', async () => {
    const limited = await startTestServer({ loginRateLimit: { max: 3, windowSeconds: 60 } });
    try {
      const client = apiClient(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await client.post('/auth/token-obtain/', { username: 'admin', password: 'wrong' })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const blocked = await client.post('/auth/token-obtain/', { username: 'admin', password: limited.adminPassword });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('rate_limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy', async () => {
    const response = await fetch(`${server.api}/users/profile/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    // The layout editor's previews of a web page widget frame the address it names, as the web player does.
    expect(csp).toContain("frame-src 'self' https: http:");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('single sign-on (OpenID Connect)', () => {
  type Outcome = { error: string | null; status?: number; body?: any; landing: string };
  /**
   * A sign-in through the provider as `login`: start on `starter`, the provider's login page, the callback on
   * `finisher`, then the exchange of the fragment's one-time code. `tamper` may change the provider's address
   * (before the browser goes there) or the callback's query.
   */
  async function ssoSignIn(login: string, options: { starter?: Pick<TestServer, 'api'>; finisher?: Pick<TestServer, 'api'>; authorize?: (url: URL) => void; callback?: (query: URLSearchParams) => void } = {}): Promise<Outcome> {
    const starter = options.starter ?? server;
    const finisher = options.finisher ?? server;
    const start = await fetch(`${starter.api}/auth/oidc/start/?next=${encodeURIComponent('/media?page=2')}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    options.authorize?.(authorize);
    const back = await signInAtProvider(authorize.href, login);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    const query = back.searchParams;
    options.callback?.(query);
    const callback = await fetch(`${finisher.api}/auth/oidc/callback/?${query}`, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    const landing = callback.headers.get('location')!;
    const fragment = new URLSearchParams(landing.split('#')[1]);
    if (fragment.get('error')) return { error: fragment.get('error'), landing };
    const exchanged = await apiClient(finisher).post('/auth/oidc/exchange/', { code: fragment.get('code') });
    return { error: null, status: exchanged.status, body: exchanged.body, landing };
  }
  const journalOf = async (entity: string, since: number) =>
    ((await server.ctx.db.execute(sql`SELECT id, user_id, action, entity, entity_id, detail FROM journal WHERE entity = ${entity} AND id > ${since} ORDER BY id`)) as unknown as { rows: { user_id: number | null; action: string; entity_id: string | null; detail: Record<string, unknown> }[] }).rows;
  const lastJournalId = async () => ((await server.ctx.db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM journal`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

  let editors: number;
  let viewers: number;
  beforeAll(async () => {
    const admin = await signIn(server);
    editors = (await admin.client.post('/groups/create/', { name: 'SSO editors', companies: [], permissions: { media: 'edit' } })).body.id;
    viewers = (await admin.client.post('/groups/create/', { name: 'SSO viewers', companies: [], permissions: { media: 'view' } })).body.id;
    expect((await admin.client.post('/groups/oidc-mappings/', { provider_group: 'signage-editors', group: editors })).status).toBe(201);
    expect((await admin.client.post('/groups/oidc-mappings/', { provider_group: 'signage-viewers', group: viewers })).status).toBe(201);
  });

  it('says whether it is on and its name, to anyone', async () => {
    const answer = await apiClient(server).get('/auth/oidc/');
    expect([answer.status, answer.body]).toEqual([200, { enabled: true, name: 'Test ID' }]);
  });

  it('creates the user of a mapped group with that group, journals the link, and hands the SPA a password sign-in\'s tokens', async () => {
    const since = await lastJournalId();
    provider.accounts.set('alice', ['signage-editors', 'not-mapped']);
    const first = await ssoSignIn('alice');
    expect(first.landing).toMatch(/^\/login\/sso#code=/);
    expect(first.status).toBe(200);
    expect(first.body.next).toBe('/media?page=2');
    const payload = payloadOf(first.body.access);
    expect(payload.sim).toBe('oidc');
    const profile = await apiClient(server, first.body.access).get('/users/profile/');
    expect([profile.body.username, profile.body.groups]).toEqual(['alice', [editors]]);
    // A second sign-in is the same user; the one-time code cannot be used twice; no password signs this user in.
    const second = await ssoSignIn('alice');
    expect(payloadOf(second.body.access).user_id).toBe(profile.body.id);
    const replay = await apiClient(server).post('/auth/oidc/exchange/', { code: new URLSearchParams(second.landing.split('#')[1]).get('code') });
    expect([replay.status, replay.body.code]).toEqual([401, 'code_invalid']);
    const password = await apiClient(server).post('/auth/token-obtain/', { username: 'alice', password: '!oidc' });
    expect([password.status, password.body.code]).toEqual([401, 'invalid_credentials']);
    const users = await journalOf('user', since);
    expect(users.map((entry) => entry.action)).toEqual(['create', 'link']);
    expect(users[1]!.detail).toMatchObject({ method: 'oidc', issuer: provider.issuer, subject: 'alice' });
    const sessions = await journalOf('session', since);
    expect(sessions.map((entry) => [entry.action, entry.user_id, entry.detail.method])).toEqual([
      ['login', profile.body.id, 'oidc'],
      ['login', profile.body.id, 'oidc'],
    ]);
  });

  it('refuses a user whose groups map to no Vitrine group, creating nobody, journaled', async () => {
    const since = await lastJournalId();
    provider.accounts.set('bob', ['visitors']);
    const outcome = await ssoSignIn('bob');
    expect(outcome.error).toBe('no_access');
    const admin = await signIn(server);
    const users = (await admin.client.get('/users/?page_size=500')).body.results as { username: string }[];
    expect(users.map((user) => user.username)).not.toContain('bob');
    const refusals = (await journalOf('session', since)).filter((entry) => entry.action !== 'login');
    expect(refusals.map((entry) => [entry.action, entry.detail.reason])).toEqual([['refuse', 'no_access']]);
  });

  it('sets the user\'s groups from the claim at each sign-in, and refuses (groups removed) when none is mapped any more', async () => {
    provider.accounts.set('carol', ['signage-editors']);
    const first = await ssoSignIn('carol');
    const id = payloadOf(first.body.access).user_id;
    provider.accounts.set('carol', ['signage-viewers']);
    const changed = await ssoSignIn('carol');
    expect(payloadOf(changed.body.access).user_id).toBe(id);
    expect((await apiClient(server, changed.body.access).get('/users/profile/')).body.groups).toEqual([viewers]);
    provider.accounts.set('carol', ['signage-editors', 'signage-viewers']);
    const both = await ssoSignIn('carol');
    expect((await apiClient(server, both.body.access).get('/users/profile/')).body.groups).toEqual([editors, viewers].sort((a, b) => a - b));
    provider.accounts.set('carol', []);
    expect((await ssoSignIn('carol')).error).toBe('no_access');
    const admin = await signIn(server);
    expect((await admin.client.get('/users/?page_size=500')).body.results.find((user: { id: number }) => user.id === id).groups).toEqual([]);
  });

  it('refuses a tampered state, a changed nonce, another issuer, another audience and an expired ID token', async () => {
    provider.accounts.set('dave', ['signage-viewers']);
    const since = await lastJournalId();
    expect((await ssoSignIn('dave', { callback: (query) => query.set('state', `${query.get('state')}x`) })).error).toBe('state_invalid');
    expect((await ssoSignIn('dave', { callback: (query) => query.delete('state') })).error).toBe('state_invalid');
    // The nonce the provider puts in the ID token is not the one the server stored.
    expect((await ssoSignIn('dave', { authorize: (url) => url.searchParams.set('nonce', 'chosen-by-someone-else') })).error).toBe('id_token_invalid');
    try {
      // A well-signed ID token (same keys, as a multi-tenant provider's tenants) naming another issuer.
      provider.mode = 'other-issuer';
      expect((await ssoSignIn('dave')).error).toBe('id_token_invalid');
      // A well-signed ID token of the right issuer, made for another client.
      provider.mode = 'other-client';
      expect((await ssoSignIn('dave')).error).toBe('id_token_invalid');
      provider.mode = 'normal';
      // The provider's clock an hour behind: the ID token expired before it was made.
      provider.idTokenTtl = -3600;
      expect((await ssoSignIn('dave')).error).toBe('id_token_invalid');
    } finally {
      provider.mode = 'normal';
      provider.idTokenTtl = 3600;
    }
    const refusals = await journalOf('session', since);
    expect(refusals.map((entry) => entry.detail.reason)).toEqual(['state_invalid', 'state_invalid', 'id_token_invalid', 'id_token_invalid', 'id_token_invalid', 'id_token_invalid']);
    expect(String(refusals[3]!.detail.cause)).toMatch(/iss/);
    expect(String(refusals[4]!.detail.cause)).toMatch(/aud/);
    expect(String(refusals[5]!.detail.cause)).toMatch(/exp/);
    // Every refusal left dave without an account; the same sign-in, untouched, works.
    expect((await ssoSignIn('dave')).status).toBe(200);
  });

  it('finishes on another instance a sign-in started on this one', async () => {
    provider.accounts.set('erin', ['signage-viewers']);
    const second = await startSecondInstance(server);
    try {
      const outcome = await ssoSignIn('erin', { finisher: second });
      expect(outcome.status).toBe(200);
      expect((await apiClient(second, outcome.body.access).get('/users/profile/')).body.username).toBe('erin');
    } finally {
      await second.close();
    }
  });

  it('refreshes, detects reuse and logs out as a password session does, the session staying an oidc one', async () => {
    provider.accounts.set('frank', ['signage-viewers']);
    const { body } = await ssoSignIn('frank');
    const rotated = await apiClient(server).post('/auth/token/token-refresh/', { refresh: body.refresh });
    expect(rotated.status).toBe(200);
    expect(payloadOf(rotated.body.access).sim).toBe('oidc');
    const reuse = await apiClient(server).post('/auth/token/token-refresh/', { refresh: body.refresh });
    expect([reuse.status, reuse.body.code]).toEqual([401, 'token_reused']);
    const again = await ssoSignIn('frank');
    expect((await apiClient(server).post('/auth/logout/', { refresh: again.body.refresh })).status).toBe(200);
    const after = await apiClient(server, again.body.access).get('/users/profile/');
    expect([after.status, after.body.code]).toEqual([401, 'token_revoked']);
    const refresh = await apiClient(server).post('/auth/token/token-refresh/', { refresh: again.body.refresh });
    expect([refresh.status, refresh.body.code]).toEqual([401, 'token_revoked']);
    // A password sign-in stays a password session.
    expect(payloadOf((await signIn(server)).access).sim).toBe('password');
  });

  it('keeps the mapping table the administrator\'s, with stable codes, journaled', async () => {
    const admin = await signIn(server);
    const since = await lastJournalId();
    const made = await admin.client.post('/groups/oidc-mappings/', { provider_group: '  kiosk-staff ', group: viewers });
    expect([made.status, made.body]).toEqual([201, { id: made.body.id, provider_group: 'kiosk-staff', group: viewers, group_name: 'SSO viewers' }]);
    const twice = await admin.client.post('/groups/oidc-mappings/', { provider_group: 'kiosk-staff', group: viewers });
    expect([twice.status, twice.body.code]).toEqual([409, 'mapping_exists']);
    const unknown = await admin.client.post('/groups/oidc-mappings/', { provider_group: 'kiosk-staff', group: 999999 });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'unknown_group']);
    const blank = await admin.client.post('/groups/oidc-mappings/', { provider_group: '  ', group: viewers });
    expect([blank.status, blank.body.code, blank.body.fields]).toEqual([400, 'validation_error', { provider_group: expect.any(String) }]);
    const list = await admin.client.get('/groups/oidc-mappings/');
    expect(list.body.results.map((row: { provider_group: string }) => row.provider_group)).toEqual(['kiosk-staff', 'signage-editors', 'signage-viewers']);
    provider.accounts.set('gina', ['signage-viewers']);
    const gina = await ssoSignIn('gina');
    const forbidden = await apiClient(server, gina.body.access).post('/groups/oidc-mappings/', { provider_group: 'x', group: viewers });
    expect(forbidden.status).toBe(403);
    expect((await admin.client.delete(`/groups/oidc-mappings/${made.body.id}/`)).status).toBe(204);
    expect((await admin.client.delete(`/groups/oidc-mappings/${made.body.id}/`)).status).toBe(404);
    expect((await journalOf('oidc_group_mapping', since)).map((entry) => entry.action)).toEqual(['create', 'delete']);
  });
});
