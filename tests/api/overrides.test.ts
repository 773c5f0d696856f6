import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import { settleEndedOverrides } from '../../server/domain/overrideEnds.ts';
import { Override, OVERRIDE_PRIORITY } from '../../src/services/schemas/overrides.ts';
import { DeviceSchedule } from '../../src/services/schemas/scheduler.ts';
import { winnersAt, type DeviceSchedule as PlayerSchedule } from '../../src/services/player/schedule.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat } from './devices.helpers.ts';

/*
 * Emergency overrides (issue 25): an override on an office plays above a published event on every device there (the
 * web player's own rule picks it), clearing or its end time brings the schedule back, each moving the devices'
 * schedule_version; the devices scope applies; every start and clear is journaled. A webhook receiver on a free port
 * hears override.cleared from a clear and, once, from an end time (issue 29).
 */

type Client = ReturnType<typeof apiClient>;
type Device = Awaited<ReturnType<typeof createDevice>>;

let server: TestServer;
let admin: Client;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let companyA: number;
let companyB: number;
let officeA1: number;
let officeA2: number;
let officeB: number;
let inA1: Device[];
let inA2: Device;
let inB: Device;
let poster: number;
let alert: number;
let mediaB: number;
let eventId: number;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const count = async (table: string) => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const versionOf = async (device: number) => (await rows<{ v: number }>(sql`SELECT schedule_version AS v FROM devices WHERE id = ${device}`))[0]!.v;

async function media(name: string, companyId: number | null): Promise<number> {
  const [row] = await insertMediaFiles(server.ctx.db, [
    {
      name,
      companyId,
      screenPosition: 'horizontal',
      deviceType: 'android',
      kind: 'image',
      originalName: `${name}.png`,
      sourceExt: 'png',
      mimeType: 'image/png',
      sizeBytes: 1000,
      duration: null,
      status: 'ready_to_play',
    },
  ]);
  return row!.id;
}

async function userIn(name: string, company: number, level: 'view' | 'edit'): Promise<Client> {
  const permissions = { devices: level, media: level, playlists: level, campaigns: level, statistics: level, company: 'view' };
  const group = (await admin.post('/groups/create/', { name: `${name} group`, companies: [company], permissions })).body.id;
  const created = await admin.post('/users/', { username: name, password: `${name}-pass-1`, user: 1, groups: [group] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (await signIn(server, name, `${name}-pass-1`)).client;
}

const schedule = async (id: number) => {
  const response = await admin.get(`/scheduler/dev2/${id}`);
  expect(response.status).toBe(200);
  expect(DeviceSchedule.is(response.body)).toBe(true);
  return response.body as DeviceSchedule;
};
/** What the web player plays now on the device: the winning items' event ids and priorities. */
const playingNow = async (id: number) =>
  winnersAt((await schedule(id)) as unknown as PlayerSchedule, Date.now()).map((item) => ({ event: item.event, priority: item.priority }));
/** The channel's override notices written for a device. */
const notices = async (id: number) =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM device_changes WHERE device_id = ${id} AND kind = 'override'`))[0]!.n;
const version = async (device: Device) => (await heartbeat(server, device)).body.schedule_version as number;

/** The override.cleared bodies the receiver got for one override. */
const clearedHooks = (id: number) =>
  receiver
    .on('/overrides')
    .map((entry) => JSON.parse(entry.body) as { type: string; data: { override: Override; reason: string } })
    .filter((body) => body.type === 'override.cleared' && body.data.override.id === id);

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ webhooks: { allowPrivate: true, tickMs: 50, retryBaseMs: 50, retryMaxMs: 400 } });
  admin = (await signIn(server)).client;
  const hook = await admin.post('/webhooks/create/', { url: receiver.url('/overrides'), events: ['override.started', 'override.cleared'] });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  companyA = (await admin.post('/companies/create/', { name: 'Override A', user: 1 })).body.id;
  companyB = (await admin.post('/companies/create/', { name: 'Override B', user: 1 })).body.id;
  officeA1 = (await admin.post('/branch-offices/create/', { company: companyA, name: 'A first', timezone: 'Europe/Berlin' })).body.id;
  officeA2 = (await admin.post('/branch-offices/create/', { company: companyA, name: 'A second', timezone: 'Asia/Tokyo' })).body.id;
  officeB = (await admin.post('/branch-offices/create/', { company: companyB, name: 'B only', timezone: 'UTC' })).body.id;
  inA1 = [await createDevice(admin, { office: officeA1, position: 'horizontal' }), await createDevice(admin, { office: officeA1, position: 'horizontal' })];
  inA2 = await createDevice(admin, { office: officeA2, position: 'horizontal' });
  inB = await createDevice(admin, { office: officeB, position: 'horizontal' });
  poster = await media('Poster', companyA);
  alert = await media('Fire alert', companyA);
  mediaB = await media('B file', companyB);

  // A published event at the highest event priority plays on the three devices of company A all of today and tomorrow.
  const campaign = (await admin.post('/campaigns/create/', { name: 'Everyday', screen_position: 'horizontal', company: companyA })).body.id;
  expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [...inA1, inA2].map((d) => d.id) })).status).toBe(200);
  const today = Temporal.Now.plainDateISO('UTC');
  const created = await admin.post('/scheduler/events/create/', {
    campaign,
    title: 'Loop',
    media: poster,
    start_date: today.subtract({ days: 1 }).toString(),
    end_date: today.add({ days: 2 }).toString(),
    all_day: true,
    priority: 100,
    devices: [...inA1, inA2].map((d) => d.id),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
  expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('an override on an office', () => {
  let started: Override;

  it('plays above the published event on every device of the office, at once', async () => {
    for (const device of [...inA1, inA2]) expect(await playingNow(device.id)).toEqual([{ event: eventId, priority: 100 }]);
    const before = await Promise.all(inA1.map(version));
    const otherBefore = await version(inA2);

    const response = await admin.post('/overrides/create/', { offices: [officeA1], media: alert });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(Override.is(response.body)).toBe(true);
    started = response.body;
    expect(started).toMatchObject({
      company: companyA,
      targets: { kind: 'offices', ids: [officeA1] },
      target_names: ['A first'],
      devices: 2,
      media: alert,
      media_name: 'Fire alert',
      playlist: null,
      ends_at: null,
      created_by: 1,
      created_by_name: 'admin',
      cleared_at: null,
      active: true,
    });

    // Through the schedule path: the heartbeat's version moved, dev2 carries the override's item, the player picks it.
    expect(await Promise.all(inA1.map(version))).toEqual(before.map((v) => v + 1));
    for (const device of inA1) {
      expect(await playingNow(device.id)).toEqual([{ event: started.id, priority: OVERRIDE_PRIORITY }]);
      const item = (await schedule(device.id)).items.find((i) => i.override === started.id)!;
      expect(item.media.map((m) => m.id)).toEqual([alert]);
      expect(item.title).toBe('Fire alert');
    }
    // The event is still below it, and the other office is untouched.
    expect((await schedule(inA1[0]!.id)).items.some((i) => i.event === eventId)).toBe(true);
    expect(await version(inA2)).toBe(otherBefore);
    expect(await playingNow(inA2.id)).toEqual([{ event: eventId, priority: 100 }]);
  });

  it('is listed for the panel, and for each device it reaches', async () => {
    const listed = await admin.get('/overrides/');
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((o: Override) => o.id)).toEqual([started.id]);
    expect((await admin.get(`/overrides/?device=${inA1[1]!.id}`)).body.results.map((o: Override) => o.id)).toEqual([started.id]);
    expect((await admin.get(`/overrides/?device=${inA2.id}`)).body).toMatchObject({ count: 0, results: [] });
    expect((await admin.get('/overrides/?device=999999')).status).toBe(404);
    expect((await admin.get(`/overrides/${started.id}`)).body).toEqual(started);
  });

  it('shows per screen when its player reported showing it, and refuses a report of an override not running there (issue 35)', async () => {
    expect(started).toMatchObject({ switched: 0 });
    const [first, second] = inA1 as [Device, Device];
    const report = (device: { sn: string; key: string }, body: unknown) =>
      apiClient(server).post('/player/channel/switched/', body, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    const onCard = async (device: Device) => (await admin.get(`/overrides/?device=${device.id}`)).body.results[0] as Override;
    expect(await onCard(first)).toMatchObject({ switched: 0, switched_at: null });
    const before = Date.now();
    expect((await report(first, { override: started.id })).status).toBe(204);
    // A second report of the same screen keeps the first time.
    const firstAt = (await onCard(first)).switched_at!;
    expect(Date.parse(firstAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await report(first, { override: started.id })).status).toBe(204);
    expect(await onCard(first)).toMatchObject({ switched: 1, switched_at: firstAt });
    expect(await onCard(second)).toMatchObject({ switched: 1, switched_at: null });
    expect((await admin.get('/overrides/')).body.results[0]).toMatchObject({ switched: 1 });
    expect((await admin.get('/overrides/')).body.results[0].switched_at).toBeUndefined();
    // The other office's device does not run it; a malformed body, no credentials: refused, nothing written.
    expect([(await report(inA2, { override: started.id })).body.code, (await report(inA2, { override: started.id })).status]).toEqual(['override_not_active', 409]);
    expect((await report(first, { override: 'x' })).status).toBe(400);
    expect((await apiClient(server).post('/player/channel/switched/', { override: started.id })).body.code).toBe('device_key_required');
    expect((await report({ sn: first.sn, key: 'wrong' }, { override: started.id })).status).toBe(401);
    expect(await rows(sql`SELECT device_id FROM override_switches WHERE override_id = ${started.id}`)).toEqual([{ device_id: first.id }]);
    started = (await admin.get(`/overrides/${started.id}`)).body;
  });

  it('survives in the stored schedule: a device joining the office takes it too', async () => {
    const newcomer = await createDevice(admin, { office: officeA2, position: 'horizontal' });
    expect((await admin.put(`/tvpi/devices/${newcomer.id}`, { office: officeA1 })).status).toBe(200);
    // The move queued it. Waited for: dev2 compiles a queued device before answering, but the background compiler may
    // have taken it off the queue first, and until that compile stores dev2 answers the previous schedule.
    await vi.waitFor(async () => expect(await playingNow(newcomer.id)).toEqual([{ event: started.id, priority: OVERRIDE_PRIORITY }]), { timeout: 20_000, interval: 200 });
    expect((await admin.get(`/overrides/${started.id}`)).body.devices).toBe(3);
    // A screen created in the office takes it at once too (before: nothing queued it, so its schedule stayed empty until
    // the hourly recompile).
    const created = await createDevice(admin, { office: officeA1, position: 'horizontal' });
    expect(await playingNow(created.id)).toEqual([{ event: started.id, priority: OVERRIDE_PRIORITY }]);
    expect((await admin.delete(`/tvpi/devices/${created.id}`)).status).toBe(204);
    expect((await admin.delete(`/tvpi/devices/${newcomer.id}`)).status).toBe(204);
  });

  it('clearing brings the schedule back on every device and moves their version', async () => {
    const before = await Promise.all(inA1.map(version));
    const cleared = await admin.post(`/overrides/${started.id}/clear/`);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ id: started.id, active: false, cleared_by: 1, cleared_by_name: 'admin' });
    expect(typeof cleared.body.cleared_at).toBe('string');
    expect(await Promise.all(inA1.map(version))).toEqual(before.map((v) => v + 1));
    for (const device of inA1) {
      expect(await playingNow(device.id)).toEqual([{ event: eventId, priority: 100 }]);
      expect((await schedule(device.id)).items.some((i) => i.override !== undefined)).toBe(false);
    }
    expect((await admin.get('/overrides/')).body.count).toBe(0);
    // Once only.
    const again = await admin.post(`/overrides/${started.id}/clear/`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('override_not_active');
    await receiver.waitFor(() => clearedHooks(started.id).length > 0);
    expect(clearedHooks(started.id).map((body) => [body.data.reason, body.data.override.cleared_by])).toEqual([['cleared', 1]]);
  });
});

describe('an override with an end time', () => {
  it('plays until then, and the schedule is back (version moved) once it has passed', async () => {
    const before = await version(inA2);
    const noticesBefore = await notices(inA2.id);
    const endsAt = new Date(Date.now() + 2500).toISOString();
    const response = await admin.post('/overrides/create/', { devices: [inA2.id], media: alert, ends_at: endsAt });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.ends_at).toBe(endsAt);
    const item = (await schedule(inA2.id)).items.find((i) => i.override === response.body.id)!;
    expect(item.ends_at).toBe(endsAt.replace('.000Z', 'Z').replace(/(\.\d*[1-9])0*Z$/, '$1Z'));
    expect(await playingNow(inA2.id)).toEqual([{ event: response.body.id, priority: OVERRIDE_PRIORITY }]);
    expect(await version(inA2)).toBe(before + 1);

    // The compiler settles it after its end: compiled again, the version moves and the item is gone.
    await vi.waitFor(async () => expect(await version(inA2)).toBe(before + 2), { timeout: 20_000, interval: 200 });
    expect((await schedule(inA2.id)).items.some((i) => i.override !== undefined)).toBe(false);
    expect(await playingNow(inA2.id)).toEqual([{ event: eventId, priority: 100 }]);
    expect((await admin.get(`/overrides/${response.body.id}`)).body.active).toBe(false);
    const clear = await admin.post(`/overrides/${response.body.id}/clear/`);
    expect(clear.status).toBe(409);

    // The end had a clear's effects: the webhook (reason "ended"), the journal entry without a user, and the channel's
    // override notice to the device after the compile.
    await receiver.waitFor(() => clearedHooks(response.body.id).length > 0);
    expect(clearedHooks(response.body.id).map((body) => [body.data.reason, body.data.override.active, body.data.override.cleared_at])).toEqual([
      ['ended', false, null],
    ]);
    await vi.waitFor(async () => expect(await notices(inA2.id)).toBe(noticesBefore + 2), { timeout: 10_000, interval: 100 });
    // Exactly once: the claim answers no one again, however many ask at the same time (two instances on PostgreSQL).
    expect(await Promise.all([settleEndedOverrides(server.ctx.db), settleEndedOverrides(server.ctx.db)])).toEqual([[], []]);
    const ends = await rows<{ user_id: number | null; n: number }>(
      sql`SELECT user_id, count(*)::int AS n FROM journal WHERE entity = 'override' AND action = 'end' AND entity_id = ${String(response.body.id)} GROUP BY user_id`,
    );
    expect(ends).toEqual([{ user_id: null, n: 1 }]);
    const deliveries = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event = 'override.cleared' AND body::jsonb -> 'data' -> 'override' ->> 'id' = ${String(response.body.id)}`,
    );
    expect(deliveries).toEqual([{ n: 1 }]);
  });

  it('ends once when two claims race for it', async () => {
    const response = await admin.post('/overrides/create/', { devices: [inA2.id], media: alert, ends_at: new Date(Date.now() + 60_000).toISOString() });
    expect(response.status).toBe(201);
    await server.ctx.db.execute(sql`UPDATE overrides SET ends_at = now() WHERE id = ${response.body.id}`);
    // The compiler's own turn races these two as well; between all three, one ends it.
    const settled = (await Promise.all([settleEndedOverrides(server.ctx.db), settleEndedOverrides(server.ctx.db)])).flat();
    expect(settled.filter((ended) => ended.id === response.body.id).length).toBeLessThanOrEqual(1);
    await receiver.waitFor(() => clearedHooks(response.body.id).length > 0);
    const ends = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal WHERE action = 'end' AND entity_id = ${String(response.body.id)}`);
    expect(ends).toEqual([{ n: 1 }]);
    // The claim queues the device for compiling; the compile (and so the schedule without the override) comes after.
    await vi.waitFor(async () => expect(await playingNow(inA2.id)).toEqual([{ event: eventId, priority: 100 }]), { timeout: 20_000, interval: 200 });
  });
});

describe('scope and input', () => {
  let viewer: Client;
  let editorA: Client;
  let editorB: Client;
  let running: number;

  beforeAll(async () => {
    viewer = await userIn('override-viewer', companyA, 'view');
    editorA = await userIn('override-editor-a', companyA, 'edit');
    editorB = await userIn('override-editor-b', companyB, 'edit');
  });

  it('lets an editor of the company start and clear, a view-only user see but not touch, and hides it from another company', async () => {
    const started = await editorA.post('/overrides/create/', { company: companyA, media: alert });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    running = started.body.id;
    expect(started.body).toMatchObject({ targets: { kind: 'company', ids: [companyA] }, target_names: ['Override A'], devices: 3 });
    for (const device of [...inA1, inA2]) expect(await playingNow(device.id)).toEqual([{ event: running, priority: OVERRIDE_PRIORITY }]);

    // View-only: sees it (list, one, per device), may not start or clear.
    expect((await viewer.get('/overrides/')).body.results.map((o: Override) => o.id)).toEqual([running]);
    expect((await viewer.get(`/overrides/${running}`)).status).toBe(200);
    expect((await viewer.get(`/overrides/?device=${inA2.id}`)).body.count).toBe(1);
    const refused = await viewer.post('/overrides/create/', { offices: [officeA1], media: alert });
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    expect((await viewer.post(`/overrides/${running}/clear/`)).status).toBe(403);

    // Another company: A's targets, override and devices answer 404 like absent ones; its list leaves A's out.
    for (const body of [{ offices: [officeA1] }, { devices: [inA1[0]!.id] }, { company: companyA }, { offices: [999999] }]) {
      const response = await editorB.post('/overrides/create/', { ...body, media: mediaB });
      expect([JSON.stringify(body), response.status, response.body.code]).toEqual([JSON.stringify(body), 404, 'not_found']);
    }
    expect((await editorB.get(`/overrides/${running}`)).status).toBe(404);
    expect((await editorB.post(`/overrides/${running}/clear/`)).status).toBe(404);
    expect((await editorB.get(`/overrides/?device=${inA1[0]!.id}`)).status).toBe(404);
    expect((await editorB.get('/overrides/')).body.count).toBe(0);
    // Another company's file is as unknown as an absent one.
    const foreignFile = await editorA.post('/overrides/create/', { devices: [inA2.id], media: mediaB });
    expect([foreignFile.status, foreignFile.body.code]).toEqual([400, 'unknown_media']);

    const cleared = await editorA.post(`/overrides/${running}/clear/`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.cleared_by_name).toBe('override-editor-a');
    expect(await playingNow(inA2.id)).toEqual([{ event: eventId, priority: 100 }]);
  });

  it.each([
    [{ media: 1 }, 'override_target_required'],
    [{ devices: [1], company: 1, media: 1 }, 'override_target_required'],
    [{ devices: [], media: 1 }, 'validation_error'],
    [{ devices: ['x'], media: 1 }, 'validation_error'],
    [{ devices: [1], media: 1, ends_at: 'tomorrow' }, 'validation_error'],
    [{ devices: [1], media: 1, extra: true }, 'validation_error'],
  ])('refuses %j with 400 %s and changes nothing', async (body, code) => {
    const [overrides, journal] = [await count('overrides'), await count('journal')];
    const response = await admin.post('/overrides/create/', body);
    expect([response.status, response.body.code]).toEqual([400, code]);
    expect([await count('overrides'), await count('journal')]).toEqual([overrides, journal]);
  });

  /*
   * The instant rule (issue 35.13, 35.16): each of these answered 500 before it (2027-02-30, 2027-04-31 and +16:00 were
   * refused by the database after the checks; the year 10000 in UTC was stored and then failed every compile of its
   * devices), from a company-scoped editor. Now each is a 400 naming ends_at, and nothing is stored.
   */
  it.each([
    ['9999-12-31T23:59:59-14:00', 'out_of_range'],
    ['9999-12-31T12:00:00Z', 'out_of_range'],
    ['2027-02-30T12:00:00Z', 'invalid_format'],
    ['2027-04-31T12:00:00+02:00', 'invalid_format'],
    ['2027-06-01T12:00:00+16:00', 'invalid_format'],
    ['2027-06-01T24:00:00Z', 'invalid_format'],
    ['2027-02-30', 'invalid_format'],
    ['+010000-01-01T00:00:00Z', 'invalid_format'],
  ])('refuses ends_at %s with 400 and fields.ends_at %s, storing nothing', async (endsAt, code) => {
    const [overrides, journal, versions] = [await count('overrides'), await count('journal'), await versionOf(inA2.id)];
    const response = await editorA.post('/overrides/create/', { devices: [inA2.id], media: alert, ends_at: endsAt });
    expect([response.status, response.body.code, response.body.fields]).toEqual([400, 'validation_error', { ends_at: code }]);
    expect([await count('overrides'), await count('journal'), await versionOf(inA2.id)]).toEqual([overrides, journal, versions]);
  });

  it('refuses targets of two companies, no content or both, an end in the past, an uncommitted playlist', async () => {
    const [overrides, journal] = [await count('overrides'), await count('journal')];
    const cases: [Record<string, unknown>, string][] = [
      [{ devices: [inA1[0]!.id, inB.id], media: alert }, 'override_mixed_companies'],
      [{ offices: [officeA1, officeB], media: alert }, 'override_mixed_companies'],
      [{ devices: [inA2.id] }, 'media_or_playlist_required'],
      [{ devices: [inA2.id], media: alert, playlist: 1 }, 'media_or_playlist_required'],
      [{ devices: [inA2.id], media: 999999 }, 'unknown_media'],
      [{ devices: [inA2.id], playlist: 999999 }, 'unknown_playlist'],
      [{ devices: [inA2.id], media: alert, ends_at: new Date(Date.now() - 1000).toISOString() }, 'override_end_in_past'],
    ];
    const draft = await admin.post('/media/play_lists/create/', { name: 'Never committed', screen_position: 'horizontal' });
    cases.push([{ devices: [inA2.id], playlist: draft.body.id }, 'playlist_not_committed']);
    const journalAfterDraft = await count('journal');
    for (const [body, code] of cases) {
      const response = await admin.post('/overrides/create/', body);
      expect([JSON.stringify(body), response.status, response.body.code]).toEqual([JSON.stringify(body), 400, code]);
    }
    expect(await count('overrides')).toBe(overrides);
    expect(await count('journal')).toBe(journalAfterDraft);
    expect(journalAfterDraft).toBe(journal + 1);
  });

  it('journals every start, clear and end with who did it (none for an end) and the company', async () => {
    const entries = await rows<{ action: string; user_id: number | null; entity_id: string; company_id: number | null }>(
      sql`SELECT action, user_id, entity_id, company_id FROM journal WHERE entity = 'override' ORDER BY id`,
    );
    const editorId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'override-editor-a'`))[0]!.id;
    const ids = (await rows<{ id: number }>(sql`SELECT id FROM overrides ORDER BY id`)).map((r) => String(r.id));
    expect(entries).toEqual([
      { action: 'start', user_id: 1, entity_id: ids[0], company_id: companyA },
      { action: 'clear', user_id: 1, entity_id: ids[0], company_id: companyA },
      { action: 'start', user_id: 1, entity_id: ids[1], company_id: companyA },
      { action: 'end', user_id: null, entity_id: ids[1], company_id: companyA },
      { action: 'start', user_id: 1, entity_id: ids[2], company_id: companyA },
      { action: 'end', user_id: null, entity_id: ids[2], company_id: companyA },
      { action: 'start', user_id: editorId, entity_id: ids[3], company_id: companyA },
      { action: 'clear', user_id: editorId, entity_id: ids[3], company_id: companyA },
    ]);
    // The journal route shows them to the company's view-only user too.
    const listed = await viewer.get('/journal/?entity=override');
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(8);
  });
});

describe('deleting what an override plays', () => {
  it('ends a running override (its devices return to their schedule) and is not refused for a cleared one', async () => {
    const temporary = await media('Temporary alert', companyA);
    const started = await admin.post('/overrides/create/', { devices: [inA2.id], media: temporary });
    expect(started.status).toBe(201);
    expect(await playingNow(inA2.id)).toEqual([{ event: started.body.id, priority: OVERRIDE_PRIORITY }]);
    const before = await version(inA2);
    expect((await admin.delete(`/media/files/${temporary}`)).status).toBe(204);
    expect((await admin.get(`/overrides/${started.body.id}`)).status).toBe(404);
    // Queued by the delete; waited for, as the background compiler may have taken the device before dev2 (see above).
    await vi.waitFor(async () => expect(await playingNow(inA2.id)).toEqual([{ event: eventId, priority: 100 }]), { timeout: 20_000, interval: 200 });
    expect(await version(inA2)).toBe(before + 1);

    const kept = await media('Kept alert', companyA);
    const cleared = await admin.post('/overrides/create/', { devices: [inA2.id], media: kept });
    expect((await admin.post(`/overrides/${cleared.body.id}/clear/`)).status).toBe(200);
    expect((await admin.delete(`/media/files/${kept}`)).status).toBe(204);
  });
});
