import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, createUserAndSignIn, grantGroup, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { authenticator } from '../helpers/totp.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ twoFactorKey: 'profile-test-two-factor-key' });
});
afterAll(async () => {
  await server?.close();
});

describe('profile preferences', () => {
  it('keeps language and theme on the server: PUT /users/profile/ saves them, a new sign-in reads them back', async () => {
    const user = await createUserAndSignIn(server, 'profile-prefs', 'prefs-password-1');
    const fresh = await user.client.get('/users/profile/');
    expect([fresh.body.language, fresh.body.theme]).toEqual([null, null]);

    const saved = await user.client.put('/users/profile/', { language: 'ru', theme: 'DARK' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ language: 'ru', theme: 'DARK' });
    expect((await user.client.put('/users/profile/', { theme: 'GREEN' })).body).toEqual({ language: 'ru', theme: 'GREEN' });

    const elsewhere = await signIn(server, 'profile-prefs', 'prefs-password-1');
    const profile = await elsewhere.client.get('/users/profile/');
    expect(profile.body).toMatchObject({ id: user.id, username: 'profile-prefs', language: 'ru', theme: 'GREEN' });
    // Another user's preferences are their own.
    const admin = await signIn(server);
    expect((await admin.client.get('/users/profile/')).body).toMatchObject({ language: null, theme: null });

    expect((await user.client.put('/users/profile/', { language: null })).body).toEqual({ language: null, theme: 'GREEN' });
    const journal = await admin.client.get(`/journal/?user=${user.id}&action=preferences`);
    expect(journal.body.results.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { language: ['ru', null] },
      { theme: ['DARK', 'GREEN'] },
      { language: [null, 'ru'], theme: [null, 'DARK'] },
    ]);
  });

  it('refuses unknown values and empty bodies with 400, and anonymous calls with 401, changing nothing', async () => {
    const user = await createUserAndSignIn(server, 'profile-refusals');
    await user.client.put('/users/profile/', { language: 'en', theme: 'BLUE' });
    for (const body of [{}, { language: 'de' }, { theme: 'PINK' }, { theme: 'dark' }, { language: 5 }, []]) {
      const response = await user.client.put('/users/profile/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_error');
    }
    expect((await apiClient(server).put('/users/profile/', { theme: 'DARK' })).status).toBe(401);
    expect((await user.client.get('/users/profile/')).body).toMatchObject({ language: 'en', theme: 'BLUE' });
  });
});

async function enrol(client: ReturnType<typeof apiClient>) {
  const enrolment = await client.post('/profile/two-factor/enrol/');
  expect(enrolment.status).toBe(200);
  const app = authenticator(enrolment.body.secret);
  const confirmed = await client.post('/profile/two-factor/confirm/', { code: app.next() });
  expect(confirmed.status).toBe(200);
  return { app, secret: enrolment.body.secret as string, recovery: confirmed.body.recovery_codes as string[] };
}

describe('two-factor codes', () => {
  it('enrols with a first code, then a password sign-in takes a code once; recovery codes work once; turned off with a code', async () => {
    const user = await createUserAndSignIn(server, 'tfa-user', 'tfa-password-1');
    expect((await user.client.get('/profile/two-factor/')).body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    expect((await user.client.post('/profile/two-factor/confirm/', { code: '123456' })).body.code).toBe('not_enrolling');

    const enrolment = await user.client.post('/profile/two-factor/enrol/');
    expect(enrolment.body.otpauth_uri).toBe(`otpauth://totp/Vitrine:tfa-user?secret=${enrolment.body.secret}&issuer=Vitrine`);
    const app = authenticator(enrolment.body.secret);
    const wrong = await user.client.post('/profile/two-factor/confirm/', { code: app.wrong() });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_code']);
    expect((await user.client.post('/profile/two-factor/confirm/', { code: 'not a code' })).body.code).toBe('invalid_code');
    const confirmed = await user.client.post('/profile/two-factor/confirm/', { code: app.next() });
    expect(confirmed.status).toBe(200);
    const recovery = confirmed.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await user.client.get('/profile/two-factor/')).body).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect((await user.client.post('/profile/two-factor/enrol/')).body.code).toBe('two_factor_enabled');
    // Sealed with the server's key: the database holds neither the secret nor the recovery codes.
    const stored = (await server.ctx.db.execute(sql`SELECT two_factor_secret FROM users WHERE id = ${user.id}`)) as unknown as { rows: { two_factor_secret: string }[] };
    expect(stored.rows[0]!.two_factor_secret).toMatch(/^v1:/);
    expect(stored.rows[0]!.two_factor_secret).not.toContain(enrolment.body.secret);
    const hashes = (await server.ctx.db.execute(sql`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ${user.id}`)) as unknown as { rows: { code_hash: string }[] };
    expect(hashes.rows.map((row) => row.code_hash)).not.toContain(recovery[0]!.replace('-', ''));

    const anonymous = apiClient(server);
    const signInWithCode = async (code: string) => {
      const first = await anonymous.post('/auth/token-obtain/', { username: 'tfa-user', password: 'tfa-password-1' });
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['challenge', 'expires_in']);
      return { challenge: first.body.challenge as string, answer: await anonymous.post('/auth/token-obtain/second-factor/', { challenge: first.body.challenge, code }) };
    };
    // The code the enrolment was confirmed with is spent: a replay within its window is refused.
    const replay = await signInWithCode(app.again());
    expect([replay.answer.status, replay.answer.body.code]).toEqual([401, 'invalid_code']);
    const signed = await anonymous.post('/auth/token-obtain/second-factor/', { challenge: replay.challenge, code: app.next() });
    expect(signed.status).toBe(200);
    expect((await apiClient(server, signed.body.access).get('/users/profile/')).body).toMatchObject({ id: user.id, two_factor: { enabled: true, required: false } });
    // The challenge is spent with its sign-in; another user's password gives no way into this one.
    const spent = await anonymous.post('/auth/token-obtain/second-factor/', { challenge: replay.challenge, code: '123456' });
    expect([spent.status, spent.body.code]).toEqual([401, 'challenge_not_valid']);
    expect((await anonymous.post('/auth/token-obtain/second-factor/', { challenge: 'made-up', code: '123456' })).body.code).toBe('challenge_not_valid');
    expect((await anonymous.post('/auth/token-obtain/second-factor/', { challenge: replay.challenge })).body.code).toBe('validation_error');

    // A recovery code (any case, with or without its dash) signs in once.
    const byRecovery = await signInWithCode(recovery[0]!.toUpperCase().replace('-', ' '));
    expect(byRecovery.answer.status).toBe(200);
    const again = await signInWithCode(recovery[0]!);
    expect([again.answer.status, again.answer.body.code]).toEqual([401, 'invalid_code']);
    expect((await user.client.get('/profile/two-factor/')).body.recovery_codes_left).toBe(9);

    // Wrong codes are limited like wrong passwords (the per-account count, filled here rather than by 1,000 requests).
    await server.ctx.db.execute(sql`UPDATE rate_limits SET hits = 100000 WHERE key = ${`two_factor:${user.id}`}`);
    const limited = await anonymous.post('/auth/token-obtain/second-factor/', { challenge: again.challenge, code: app.wrong() });
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await server.ctx.db.execute(sql`DELETE FROM rate_limits WHERE key = ${`two_factor:${user.id}`}`);

    // Turned off with a current code (not a wrong one); then the password alone signs in.
    expect((await user.client.post('/profile/two-factor/disable/', { code: app.wrong() })).body.code).toBe('invalid_code');
    const off = await user.client.post('/profile/two-factor/disable/', { code: app.next() });
    expect([off.status, off.body.enabled]).toEqual([200, false]);
    expect((await anonymous.post('/auth/token-obtain/', { username: 'tfa-user', password: 'tfa-password-1' })).body).toHaveProperty('access');
    expect((await user.client.post('/profile/two-factor/disable/', { code: '123456' })).body.code).toBe('two_factor_not_enabled');

    const admin = await signIn(server);
    const journal = await admin.client.get(`/journal/?user=${user.id}&entity=two_factor`);
    expect(journal.body.results.map((entry: { action: string }) => entry.action)).toEqual(['disable', 'recovery_code', 'enable']);
  });

  it("lets the administrator reset a user's second factor (journaled), and no one else", async () => {
    const user = await createUserAndSignIn(server, 'tfa-reset', 'tfa-password-2');
    await enrol(user.client);
    const other = await createUserAndSignIn(server, 'tfa-other', 'tfa-password-3');
    expect((await other.client.delete(`/users/${user.id}/two-factor/`)).status).toBe(403);
    const admin = await signIn(server);
    expect((await admin.client.get('/users/?page_size=500')).body.results.find((row: { id: number }) => row.id === user.id)).toMatchObject({ two_factor: true });
    expect((await admin.client.delete(`/users/${user.id}/two-factor/`)).status).toBe(204);
    expect((await admin.client.delete(`/users/${user.id}/two-factor/`)).body.code).toBe('two_factor_not_enabled');
    expect((await admin.client.delete('/users/999999/two-factor/')).status).toBe(404);
    expect((await apiClient(server).post('/auth/token-obtain/', { username: 'tfa-reset', password: 'tfa-password-2' })).body).toHaveProperty('access');
    const journal = await admin.client.get(`/journal/?user=1&entity=two_factor`);
    expect(journal.body.results[0]).toMatchObject({ action: 'reset' });
  });

  it("holds a user of a company requiring two-factor codes to enrolment: 403 two_factor_required until they enrol", async () => {
    const admin = await signIn(server);
    const company = (await admin.client.post('/companies/create/', { name: 'Two-factor company' })).body;
    expect(company.require_two_factor).toBe(false);
    const user = await createUserAndSignIn(server, 'tfa-required', 'tfa-password-4');
    await grantGroup(server, user.id);
    expect((await user.client.get('/tvpi/devices/')).status).toBe(200);
    const token = (await user.client.post('/profile/api-tokens/', { name: 'Held integration', permissions: { devices: 'view' } })).body.token as string;
    const integration = apiClient(server, token, 'Token');
    expect((await integration.get('/tvpi/devices/')).status).toBe(200);
    // User 1 is not covered by the requirement even as a member of the company's group (their way back in).
    const adminGroup = (await admin.client.post('/groups/create/', { name: 'Two-factor admins', companies: [company.id], permissions: {} })).body;
    expect((await admin.client.put('/users/1/', { groups: [adminGroup.id] })).status).toBe(200);
    const on = await admin.client.put(`/companies/${company.id}`, { require_two_factor: true });
    expect([on.status, on.body.require_two_factor, on.body.require_two_factor_sso]).toEqual([200, true, false]);
    try {
      const held = await user.client.get('/tvpi/devices/');
      expect([held.status, held.body.code]).toEqual([403, 'two_factor_required']);
      // The user's API tokens are held the same way until they enrol.
      const heldToken = await integration.get('/tvpi/devices/');
      expect([heldToken.status, heldToken.body.code]).toEqual([403, 'two_factor_required']);
      expect((await user.client.put('/users/profile/', { theme: 'DARK' })).body.code).toBe('two_factor_required');
      expect((await user.client.get('/users/profile/')).body.two_factor).toEqual({ enabled: false, required: true });
      expect((await user.client.get('/profile/two-factor/')).body.required).toBe(true);
      // A session opened through single sign-on is not held (the provider enforces its own).
      const sso = await server.ctx.tokens.issue(user.id, undefined, 'oidc');
      expect((await apiClient(server, sso.access).get('/tvpi/devices/')).status).toBe(200);
      expect((await apiClient(server, sso.access).get('/users/profile/')).body.two_factor).toEqual({ enabled: false, required: false });
      // The administrator (user 1) is not held: the requirement covers the members of the company's groups.
      expect((await admin.client.get('/tvpi/devices/')).status).toBe(200);
      expect((await admin.client.get('/users/profile/')).body.two_factor).toEqual({ enabled: false, required: false });
      // "Also for single sign-on": single sign-on sessions are held too, at once on this instance.
      const ssoToo = await admin.client.put(`/companies/${company.id}`, { require_two_factor_sso: true });
      expect([ssoToo.status, ssoToo.body.require_two_factor_sso]).toEqual([200, true]);
      expect((await apiClient(server, sso.access).get('/tvpi/devices/')).body.code).toBe('two_factor_required');
      expect((await apiClient(server, sso.access).get('/users/profile/')).body.two_factor).toEqual({ enabled: false, required: true });
      expect((await apiClient(server, sso.access).get('/profile/two-factor/')).body.required).toBe(true);
      expect((await admin.client.put(`/companies/${company.id}`, { require_two_factor_sso: 'yes' })).status).toBe(400);
      await enrol(user.client);
      expect((await user.client.get('/tvpi/devices/')).status).toBe(200);
      expect((await apiClient(server, sso.access).get('/tvpi/devices/')).status).toBe(200);
      expect((await integration.get('/tvpi/devices/')).status).toBe(200);
      expect((await user.client.get('/users/profile/')).body.two_factor).toEqual({ enabled: true, required: false });
    } finally {
      await admin.client.put(`/companies/${company.id}`, { require_two_factor: false, require_two_factor_sso: false });
      await admin.client.put('/users/1/', { groups: [] });
    }
  });
});
