import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Office } from '../../src/services/schemas/devices.ts';
import { apiClient, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { compileSchedules } from '../../server/domain/schedules.ts';
import { detectOutages } from '../../server/webhooks/offline.ts';
import { createDevice, heartbeat, setLastConnection } from './devices.helpers.ts';

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

describe('screen power schedules (issue 41)', () => {
  const span = (on: string, off: string) => ({ on, off });
  const days = (...spans: { on: string; off: string }[][]) => spans;
  const everyDay = (...spans: { on: string; off: string }[]) => days(spans, spans, spans, spans, spans, spans, spans);
  const rows = async <T>(query: string) => ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const dev2 = async (id: number) => (await client.get(`/scheduler/dev2/${id}`)).body as { version: number; power: { on: string; off: string }[] | null; valid_until: string };

  async function berlinDevice(name: string) {
    const office = await client.post('/branch-offices/create/', { company, name: `${name} office`, timezone: 'Europe/Berlin' });
    const device = await createDevice(client, { office: office.body.id, name });
    return { office: office.body.id as number, device };
  }

  it('refuses overlapping spans, times outside 00:00-24:00, too many spans or exceptions, and unknown offices and devices, writing nothing', async () => {
    const { office, device } = await berlinDevice('Refusals');
    const journal = await journalCount();
    const refusals: [unknown, number, string, Record<string, string> | undefined][] = [
      [{ schedule: { week: days([span('08:00', '12:00'), span('11:00', '14:00')], [], [], [], [], [], []), exceptions: [] } }, 400, 'power_spans_overlap', { 'schedule.week.0.1.on': 'overlap' }],
      [{ schedule: { week: everyDay(span('08:00', '24:30')), exceptions: [] } }, 400, 'power_time_invalid', { 'schedule.week.0.0.off': 'invalid' }],
      [{ schedule: { week: days([], [], [], [], [], [], [span('18:00', '07:00')]), exceptions: [] } }, 400, 'power_span_empty', { 'schedule.week.6.0.off': 'before_on' }],
      [{ schedule: { week: everyDay(...Array.from({ length: 7 }, (_, i) => span(`1${i}:00`, `1${i}:30`))), exceptions: [] } }, 400, 'power_too_many_spans', { 'schedule.week.0': 'too_many' }],
      [{ schedule: { week: everyDay(), exceptions: Array.from({ length: 61 }, (_, i) => ({ date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10), spans: [] })) } }, 400, 'power_too_many_exceptions', { 'schedule.exceptions': 'too_many' }],
      [{ schedule: { week: everyDay(), exceptions: [{ date: '2027-12-25', spans: [] }, { date: '2027-12-25', spans: [span('10:00', '12:00')] }] } }, 400, 'power_exception_duplicate', { 'schedule.exceptions.1.date': 'duplicate' }],
      [{ schedule: { week: [[], []], exceptions: [] } }, 400, 'validation_error', { 'schedule.week': 'out_of_range' }],
    ];
    for (const [body, status, code, fields] of refusals) {
      const refused = await client.put(`/branch-offices/${office}/power/`, body);
      expect([refused.status, refused.body.code, refused.body.fields]).toEqual([status, code, fields]);
    }
    expect((await client.put('/branch-offices/999999/power/', { schedule: null })).status).toBe(404);
    expect((await client.get('/tvpi/devices/999999/power/')).status).toBe(404);
    const ownless = await client.put(`/tvpi/devices/${device.id}/power/`, { mode: 'own' });
    expect([ownless.status, ownless.body.code, ownless.body.fields]).toEqual([400, 'power_schedule_required', { schedule: 'required' }]);
    const badOwn = await client.put(`/tvpi/devices/${device.id}/power/`, { mode: 'own', schedule: { week: everyDay(span('07:00', '06:00')), exceptions: [] } });
    expect([badOwn.status, badOwn.body.code]).toEqual([400, 'power_span_empty']);
    expect((await client.get(`/branch-offices/${office}/power/`)).body).toEqual({ office, timezone: 'Europe/Berlin', schedule: null });
    expect((await client.get(`/tvpi/devices/${device.id}/power/`)).body).toMatchObject({ mode: 'office', schedule: null, effective: null });
    expect(await journalCount()).toBe(journal);
  });

  it('carries the on times in dev2 across both DST switches in Berlin, with a holiday, and lets a device override its office', async () => {
    const { office, device } = await berlinDevice('Lobby DST');
    const before = await dev2(device.id);
    expect(before.power ?? null).toBeNull();
    const saved = await client.put(`/branch-offices/${office}/power/`, { schedule: { week: everyDay(span('08:00', '20:00')), exceptions: [{ date: '2026-10-26', spans: [] }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.schedule.week[0]).toEqual([span('08:00', '20:00')]);
    const [entry] = await rows<{ action: string; entity: string }>(`SELECT action, entity FROM journal WHERE entity = 'office' AND entity_id = '${office}' ORDER BY id DESC LIMIT 1`);
    expect(entry).toEqual({ action: 'update', entity: 'office' });
    // Compiled in the request: the version moved though the device plays nothing.
    const now = await dev2(device.id);
    expect(now.version).toBeGreaterThan(before.version);
    expect(now.power!.length).toBeGreaterThanOrEqual(7);

    // Spring: Sunday 29 March 2026 loses 02:00-03:00; 08:00-20:00 local is 07:00Z-19:00Z before and 06:00Z-18:00Z after.
    await compileSchedules(server.ctx.db, [device.id], Temporal.Instant.from('2026-03-27T12:00:00Z'));
    const march = await dev2(device.id);
    expect(march.power!.slice(0, 4)).toEqual([
      span('2026-03-27T07:00:00Z', '2026-03-27T19:00:00Z'),
      span('2026-03-28T07:00:00Z', '2026-03-28T19:00:00Z'),
      span('2026-03-29T06:00:00Z', '2026-03-29T18:00:00Z'),
      span('2026-03-30T06:00:00Z', '2026-03-30T18:00:00Z'),
    ]);
    expect(march.valid_until).toBe('2026-04-03T22:00:00.000Z');
    // Autumn: Sunday 25 October 2026 repeats 02:00-03:00; Monday 26 is a holiday (off all day).
    await compileSchedules(server.ctx.db, [device.id], Temporal.Instant.from('2026-10-24T12:00:00Z'));
    const october = await dev2(device.id);
    expect(october.power!.slice(0, 3)).toEqual([
      span('2026-10-24T06:00:00Z', '2026-10-24T18:00:00Z'),
      span('2026-10-25T07:00:00Z', '2026-10-25T19:00:00Z'),
      span('2026-10-27T07:00:00Z', '2026-10-27T19:00:00Z'),
    ]);

    // The device overrides its office: always on, then its own hours, then its office's again.
    const alwaysOn = await client.put(`/tvpi/devices/${device.id}/power/`, { mode: 'always_on' });
    expect(alwaysOn.body).toMatchObject({ mode: 'always_on', schedule: null, effective: null, office_schedule: { week: everyDay(span('08:00', '20:00')) } });
    expect((await dev2(device.id)).power).toBeNull();
    const own = await client.put(`/tvpi/devices/${device.id}/power/`, { mode: 'own', schedule: { week: everyDay(span('10:00', '12:00'), span('06:00', '09:00')), exceptions: [] } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.effective.week[0]).toEqual([span('06:00', '09:00'), span('10:00', '12:00')]);
    const ownPower = (await dev2(device.id)).power!;
    expect(ownPower.every((s) => ['05', '04', '08', '09', '10', '11'].includes(s.on.slice(11, 13)))).toBe(true);
    expect((await client.put(`/tvpi/devices/${device.id}/power/`, { mode: 'office' })).body).toMatchObject({ mode: 'office', effective: { week: everyDay(span('08:00', '20:00')) } });
  });

  it('reaches dev2 read through another instance, and stores what the player reports of its screen', async () => {
    const { office, device } = await berlinDevice('Two instances');
    const second = await startSecondInstance(server);
    try {
      const other = apiClient(second, (await signIn(server)).access);
      const version = (await dev2(device.id)).version;
      expect((await other.put(`/branch-offices/${office}/power/`, { schedule: { week: everyDay(), exceptions: [] } })).status).toBe(200);
      const read = await dev2(device.id);
      expect([read.version > version, read.power]).toEqual([true, []]);
    } finally {
      await second.close();
    }
    // Off all week: silent, it is off by its schedule rather than failing.
    expect((await heartbeat(server, device, { display: 'off' })).status).toBe(200);
    const reported = (await client.get(`/tvpi/devices/${device.id}`)).body;
    expect([reported.status, reported.display, reported.screen_off]).toEqual(['online', 'off', true]);
    await setLastConnection(server, device.id, 15 * 60);
    const silent = (await client.get(`/tvpi/devices/${device.id}`)).body;
    const listed = (await client.get(`/tvpi/devices/?search=${device.sn}`)).body.results[0];
    expect([silent.status, silent.screen_off, listed.status, listed.screen_off, listed.display]).toEqual(['offline', true, 'offline', true, 'off']);
    const refused = await heartbeat(server, device, { display: 'dim' });
    expect([refused.status, refused.body.fields]).toEqual([400, { display: 'invalid' }]);
  });

  it('sends no offline alert during the off hours, and one once the screen is meant to be on', async () => {
    const { office, device } = await berlinDevice('Alert at night');
    expect((await client.put(`/branch-offices/${office}/power/`, { schedule: { week: everyDay(), exceptions: [] } })).status).toBe(200);
    expect((await heartbeat(server, device, {})).status).toBe(200);
    expect((await client.get(`/tvpi/devices/${device.id}`)).body.status).toBe('online');
    await setLastConnection(server, device.id, 15 * 60);
    const outage = async () => (await rows<{ alerted: boolean }>(`SELECT alerted_at IS NOT NULL AS alerted FROM device_outages WHERE device_id = ${device.id} AND ended_at IS NULL`))[0];
    await detectOutages(server.ctx.db, null);
    expect(await outage()).toEqual({ alerted: false });
    // Silent for 15 minutes past the 10-minute threshold, but off all week: nothing is sent.
    expect((await detectOutages(server.ctx.db, null)).offline).toBe(0);
    expect(await outage()).toEqual({ alerted: false });
    // Always on again: the screen should be on, so its silence is a failure.
    expect((await client.put(`/branch-offices/${office}/power/`, { schedule: null })).status).toBe(200);
    await detectOutages(server.ctx.db, null);
    expect(await outage()).toEqual({ alerted: true });
  });
});
