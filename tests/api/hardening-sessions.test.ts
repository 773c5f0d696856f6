import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '../../server/db/schema.ts';
import { apiClient, createUserAndSignIn, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const refresh = (token: string) => apiClient(server).post('/auth/token/token-refresh/', { refresh: token });
const familyOf = async (token: string) =>
  (await server.ctx.db.select({ family: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.id, token.split('.')[0]!)))[0]!.family;
const liveTokensOf = async (family: string) =>
  (await server.ctx.db.select({ id: refreshTokens.id }).from(refreshTokens).where(and(eq(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)))).length;

/** How many rounds the reuse race runs: the issue's number. */
const ROUNDS = 200;

describe('defect 2: a reused refresh token revokes its whole family, whatever the timing', () => {
  it(`leaves no descendant alive over ${ROUNDS} rounds of 2 and 20 concurrent refreshes of one token`, async () => {
    let surviving = 0;
    let reuseSeen = 0;
    const statuses = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const concurrency = round % 2 === 0 ? 2 : 20;
      const { refresh: first } = await server.ctx.tokens.issue(1);
      const family = await familyOf(first);
      const answers = await Promise.all(Array.from({ length: concurrency }, () => refresh(first)));
      for (const answer of answers) {
        const key = answer.status === 200 ? '200' : `${answer.status} ${answer.body.code}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      if (answers.some((a) => a.body?.code === 'token_reused')) reuseSeen += 1;
      // every descendant the winner got must be dead: by the database and by asking
      const winners = answers.filter((a) => a.status === 200);
      for (const winner of winners) if ((await refresh(winner.body.refresh)).status === 200) surviving += 1;
      surviving += await liveTokensOf(family);
    }
    expect({ surviving, reuseSeen }).toEqual({ surviving: 0, reuseSeen: ROUNDS });
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining(['200', '401 token_reused']));
  }, 240_000);
});

describe('defect 4: a password change ends the other sessions at once', () => {
  it('refuses the other sessions\' access and refresh tokens; the session that made the change goes on', async () => {
    const changer = await createUserAndSignIn(server, 'sessions-self', 'password-old-1');
    const other = await signIn(server, 'sessions-self', 'password-old-1');
    expect((await other.client.get('/users/profile/')).status).toBe(200);

    const changed = await changer.client.post('/users/set_password/', { id: changer.id, password: 'password-new-1', current_password: 'password-old-1' });
    expect(changed.status).toBe(200);

    const otherAccess = await other.client.get('/users/profile/');
    expect([otherAccess.status, otherAccess.body.code]).toEqual([401, 'token_revoked']);
    expect((await refresh(other.refresh)).body.code).toBe('token_revoked');

    expect((await changer.client.get('/users/profile/')).status).toBe(200);
    const renewed = await refresh(changer.refresh);
    expect(renewed.status).toBe(200);
    expect((await apiClient(server, renewed.body.access).get('/users/profile/')).status).toBe(200);
    expect((await apiClient(server).post('/auth/token-obtain/', { username: 'sessions-self', password: 'password-old-1' })).status).toBe(401);
    expect((await signIn(server, 'sessions-self', 'password-new-1')).access).toBeTruthy();
  });

  it('ends every session of a user whose password the administrator resets, and no session of the administrator', async () => {
    const admin = await signIn(server);
    const user = await createUserAndSignIn(server, 'sessions-reset', 'password-old-2');
    const second = await signIn(server, 'sessions-reset', 'password-old-2');
    expect((await admin.client.post('/users/set_password/', { id: user.id, password: 'password-new-2' })).status).toBe(200);
    for (const session of [user, second]) {
      expect((await session.client.get('/users/profile/')).body.code).toBe('token_revoked');
      expect((await refresh(session.refresh)).body.code).toBe('token_revoked');
    }
    expect((await admin.client.get('/users/profile/')).status).toBe(200);
    expect((await refresh(admin.refresh)).status).toBe(200);
  });

  it('refuses the old access token on another instance too, once its cache entry is older than the change', async () => {
    const { startSecondInstance } = await import('../helpers/server.ts');
    const second = await startSecondInstance(server);
    try {
      const user = await createUserAndSignIn(server, 'sessions-elsewhere', 'password-old-3');
      const other = await signIn(server, 'sessions-elsewhere', 'password-old-3');
      const elsewhere = apiClient(second, other.access);
      expect((await elsewhere.get('/users/profile/')).status).toBe(200);
      await user.client.post('/users/set_password/', { id: user.id, password: 'password-new-3', current_password: 'password-old-3' });
      // The other instance trusts its entry for at most 2 s (README, caches): then the token is refused there too.
      second.ctx.activeUsers.forget(user.id);
      expect((await elsewhere.get('/users/profile/')).body.code).toBe('token_revoked');
    } finally {
      await second.close();
    }
  });
});

describe('issue 26.5: a logout or a refresh reuse ends the session\'s access tokens at once, on every instance', () => {
  /** Waits (at most 3 s: the other instance trusts what it read for 2 s) until `client` is refused; answers how long it took. */
  const refusedWithin = async (client: ReturnType<typeof apiClient>) => {
    const started = Date.now();
    await vi.waitFor(async () => expect((await client.get('/users/profile/')).body.code).toBe('token_revoked'), { timeout: 3000, interval: 100 });
    return Date.now() - started;
  };

  it('refuses the access token after POST /auth/logout/ here at once and on a second instance within 2 s', async () => {
    const second = await startSecondInstance(server);
    try {
      await createUserAndSignIn(server, 'sessions-logout', 'password-out-1');
      const session = await signIn(server, 'sessions-logout', 'password-out-1');
      const kept = await signIn(server, 'sessions-logout', 'password-out-1');
      const elsewhere = apiClient(second, session.access);
      expect((await elsewhere.get('/users/profile/')).status).toBe(200);
      expect((await session.client.get('/users/profile/')).status).toBe(200);
      expect((await apiClient(server).post('/auth/logout/', { refresh: session.refresh })).status).toBe(200);
      const here = await session.client.get('/users/profile/');
      expect([here.status, here.body.code]).toEqual([401, 'token_revoked']);
      expect(await refusedWithin(elsewhere)).toBeLessThan(3000);
      // the user's other session goes on
      expect((await kept.client.get('/users/profile/')).status).toBe(200);
      expect((await apiClient(second, kept.access).get('/users/profile/')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("refuses the winner's access token once a reuse of its parent refresh token revoked the family", async () => {
    const second = await startSecondInstance(server);
    try {
      const { refresh: first } = await server.ctx.tokens.issue(1);
      const winner = await refresh(first);
      expect(winner.status).toBe(200);
      const elsewhere = apiClient(second, winner.body.access);
      expect((await elsewhere.get('/users/profile/')).status).toBe(200);
      expect((await apiClient(server, winner.body.access).get('/users/profile/')).status).toBe(200);
      expect((await refresh(first)).body.code).toBe('token_reused');
      expect((await apiClient(server, winner.body.access).get('/users/profile/')).body.code).toBe('token_revoked');
      expect(await refusedWithin(elsewhere)).toBeLessThan(3000);
    } finally {
      await second.close();
    }
  });
});

describe('defect 7: guesses of the current password are rate-limited like sign-in', () => {
  it('answers 429 with Retry-After past the limit, even for the right password', async () => {
    const limited = await startTestServer({ loginRateLimit: { max: 3, windowSeconds: 60 } });
    try {
      const admin = await signIn(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await admin.client.post('/users/set_password/', { id: 1, password: 'new-password-x', current_password: `guess-${i}` })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      const blocked = await admin.client.post('/users/set_password/', { id: 1, password: 'new-password-x', current_password: limited.adminPassword });
      expect([blocked.status, blocked.body.code]).toEqual([429, 'rate_limited']);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions table', () => {
  it('keeps the token generation per user (migration 0008)', async () => {
    const rows = (await server.ctx.db.execute(sql`SELECT token_generation, kept_family FROM users WHERE id = 1`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(1);
  });
});
