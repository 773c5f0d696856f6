import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /auth/token-obtain/', () => {
  it('answers an access and a refresh token for the right password', async () => {
    const response = await apiClient(server).post('/auth/token-obtain/', { username: 'admin', password: server.adminPassword });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh']);
    const payload = JSON.parse(Buffer.from(response.body.access.split('.')[1], 'base64url').toString());
    expect(payload.user_id).toBe(1);
  });

  it('refuses a wrong password with 401 invalid_credentials', async () => {
    const response = await apiClient(server).post('/auth/token-obtain/', { username: 'admin', password: 'nope' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_credentials');
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

  it('loads the profile with the JWT header', async () => {
    const { client } = await signIn(server);
    const profile = await client.get('/users/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('admin');
  });
});
