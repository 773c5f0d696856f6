import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUserAndSignIn, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

const fullHd = { name: 'Full HD', value: '1920 x 1080 @ fps=30 @ x264', type: 'video', device: 'tvpi', screen: 'horizontal' };

describe('Directory access', () => {
  it('refuses every Directory call of a user other than user 1 with 403', async () => {
    const created = await admin.client.post('/directory/queries/create/', { ...fullHd, name: 'Guarded' });
    expect(created.status).toBe(201);
    const operator = await createUserAndSignIn(server, 'directory-operator');
    const calls = [
      operator.client.get('/directory/queries/'),
      operator.client.post('/directory/queries/create/', { ...fullHd, name: 'Sneaky' }),
      operator.client.get(`/directory/queries/${created.body.id}`),
      operator.client.put(`/directory/queries/${created.body.id}`, { active: false }),
      operator.client.delete(`/directory/queries/${created.body.id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    expect((await admin.client.get(`/directory/queries/${created.body.id}`)).body.active).toBe(true);
  });

  it('refuses anonymous calls with 401', async () => {
    expect((await apiClient(server).get('/directory/queries/')).status).toBe(401);
  });
});

describe('Directory queries', () => {
  it('creates, lists, reads, edits, deactivates, activates and deletes a query', async () => {
    const created = await admin.client.post('/directory/queries/create/', { ...fullHd, value: '1920x1080@fps=30@X264' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Full HD',
      value: '1920 x 1080 @ fps=30 @ x264',
      type: 'video',
      device: 'tvpi',
      screen: 'horizontal',
      active: true,
      created: expect.any(String),
      updated: expect.any(String),
    });
    const id = created.body.id;
    const list = await admin.client.get('/directory/queries/');
    expect(list.body.results.map((q: any) => q.name)).toContain('Full HD');
    expect((await admin.client.get(`/directory/queries/${id}`)).body.name).toBe('Full HD');

    const edited = await admin.client.put(`/directory/queries/${id}`, { value: '3840 x 2160 @ fps=25 @ hevc', name: '4K' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: '4K', value: '3840 x 2160 @ fps=25 @ hevc', active: true });
    expect((await admin.client.put(`/directory/queries/${id}`, { active: false })).body.active).toBe(false);
    expect((await admin.client.put(`/directory/queries/${id}`, { active: true })).body.active).toBe(true);

    expect((await admin.client.delete(`/directory/queries/${id}`)).status).toBe(204);
    expect((await admin.client.get(`/directory/queries/${id}`)).status).toBe(404);
  });

  it.each([
    '1920x1080',
    '1920 x 1080 @ fps=30',
    '1920 x 1080 @ fps=30 @ vp9',
    '1920 x 1080 @ 30 @ x264',
    '1921 x 1080 @ fps=30 @ x264',
    '8 x 8 @ fps=30 @ x264',
    '1920 x 1080 @ fps=0 @ x264',
    '1920 x 1080 @ fps=500 @ hevc',
    'wide @ fps=30 @ x264',
  ])('answers 400 invalid_query_value for the value "%s"', async (value) => {
    const response = await admin.client.post('/directory/queries/create/', { ...fullHd, name: `Bad ${value}`, value });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_query_value');
    expect(response.body.fields).toEqual({ value: 'invalid_format' });
  });

  it('checks the value on edit too', async () => {
    const created = await admin.client.post('/directory/queries/create/', { ...fullHd, name: 'Edit check' });
    const response = await admin.client.put(`/directory/queries/${created.body.id}`, { value: '1920 by 1080' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_query_value');
  });

  it('answers 400 with the fields for other invalid input', async () => {
    const response = await admin.client.post('/directory/queries/create/', { name: '', value: '640 x 360 @ fps=25 @ x264', type: 'audio', device: 'tvpi', screen: 'sideways' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_error', fields: { name: 'required', type: 'invalid', screen: 'invalid' } });
  });

  it('refuses a second query with the same name with 409', async () => {
    expect((await admin.client.post('/directory/queries/create/', { ...fullHd, name: 'Twin' })).status).toBe(201);
    const twin = await admin.client.post('/directory/queries/create/', { ...fullHd, name: 'Twin' });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'query_name_taken', fields: { name: 'taken' } });
  });
});
