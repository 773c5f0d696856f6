import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
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
