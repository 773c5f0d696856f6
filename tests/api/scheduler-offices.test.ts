import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Office } from '../../src/services/schemas/devices.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let company: number;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
  company = (await client.post('/companies/create/', { name: 'Zones Co', user: 1 })).body.id;
});
afterAll(async () => {
  await server?.close();
});

const journalCount = async () => Number(((await server.ctx.db.execute('SELECT count(*) AS n FROM journal')) as unknown as { rows: { n: string }[] }).rows[0]!.n);

describe('office time zone (migration 0013)', () => {
  it('stores and answers the IANA zone it was given, in its canonical spelling', async () => {
    const created = await client.post('/branch-offices/create/', { company, name: 'Berlin store', timezone: 'europe/berlin' });
    expect(created.status).toBe(201);
    expect(Office.is(created.body)).toBe(true);
    expect(created.body.timezone).toBe('Europe/Berlin');
    const listed = await client.get(`/branch-offices/?company=${company}`);
    expect(listed.body.results.find((o: { id: number }) => o.id === created.body.id).timezone).toBe('Europe/Berlin');
  });

  it("takes the server's zone when left out", async () => {
    const created = await client.post('/branch-offices/create/', { company, name: 'Local store' });
    expect(created.status).toBe(201);
    expect(created.body.timezone).toBe(Temporal.Now.timeZoneId());
  });

  it('answers an office stored without a zone (older rows) with the server zone', async () => {
    const created = await client.post('/branch-offices/create/', { company, name: 'Old store', timezone: 'Asia/Tokyo' });
    await server.ctx.db.execute(`UPDATE offices SET timezone = NULL WHERE id = ${created.body.id}`);
    const listed = await client.get(`/branch-offices/?company=${company}`);
    expect(listed.body.results.find((o: { id: number }) => o.id === created.body.id).timezone).toBe(Temporal.Now.timeZoneId());
  });

  it.each(['Mars/Olympus', '+02:00', 'Europe/Berlin; DROP', ''])('refuses %j with 400 and changes nothing', async (timezone) => {
    const before = (await client.get(`/branch-offices/?company=${company}`)).body.count;
    const journal = await journalCount();
    const refused = await client.post('/branch-offices/create/', { company, name: 'Nowhere store', timezone });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ timezone: timezone === '' ? 'out_of_range' : 'invalid' });
    expect(refused.body.code).toBe(timezone === '' ? 'validation_error' : 'invalid_timezone');
    expect((await client.get(`/branch-offices/?company=${company}`)).body.count).toBe(before);
    expect(await journalCount()).toBe(journal);
  });
});
