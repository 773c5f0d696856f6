import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { settings } from '../../server/db/schema.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
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
