import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import { DeviceSchedule } from '../../src/services/schemas/scheduler.ts';
import { TimelinePage, type TimelineRow } from '../../src/services/schemas/timeline.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice } from './devices.helpers.ts';

/*
 * GET /scheduler/timeline/ (issue 11, /timeline): many devices' compiled items for one day in one request, equal to what
 * dev2 answers for each, filtered by office, campaign and status, paged, and within the caller's scope.
 */

type Client = ReturnType<typeof apiClient>;
let server: TestServer;
let admin: Client;
const ids = {} as Record<'companyA' | 'companyB' | 'berlin' | 'newYork' | 'paris' | 'd1' | 'd2' | 'd3' | 'd4' | 'campaign' | 'campaignB', number>;
/** Two days from today (UTC): inside every zone's compiled window. */
const day = Temporal.Now.plainDateISO('UTC').add({ days: 2 }).toString();

const timeline = async (client: Client, query: string) => {
  const response = await client.get(`/scheduler/timeline/?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(TimelinePage.is(response.body)).toBe(true);
  return response.body as { count: number; next: string | null; results: TimelineRow[] };
};
const deviceIds = (page: { results: TimelineRow[] }) => page.results.map((row) => row.device.id).sort((x, y) => x - y);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server)).client;
  ids.companyA = (await admin.post('/companies/create/', { name: 'Timeline A' })).body.id;
  ids.companyB = (await admin.post('/companies/create/', { name: 'Timeline B' })).body.id;
  ids.berlin = (await admin.post('/branch-offices/create/', { company: ids.companyA, name: 'Berlin', timezone: 'Europe/Berlin' })).body.id;
  ids.paris = (await admin.post('/branch-offices/create/', { company: ids.companyA, name: 'Paris', timezone: 'Europe/Paris' })).body.id;
  ids.newYork = (await admin.post('/branch-offices/create/', { company: ids.companyB, name: 'New York', timezone: 'America/New_York' })).body.id;
  ids.d1 = (await createDevice(admin, { office: ids.berlin, position: 'horizontal' })).id;
  ids.d2 = (await createDevice(admin, { office: ids.berlin, position: 'horizontal' })).id;
  ids.d3 = (await createDevice(admin, { office: ids.newYork, position: 'horizontal' })).id;
  ids.d4 = (await createDevice(admin, { office: ids.paris, position: 'horizontal' })).id;
  expect((await admin.put(`/tvpi/devices/${ids.d4}/change-active`, { is_active: false })).status).toBe(200);
  const [image] = await insertMediaFiles(server.ctx.db, [
    { name: 'Poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'poster.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 1000, status: 'ready_to_play' },
  ]);
  ids.campaign = (await admin.post('/campaigns/create/', { name: 'Timeline campaign', screen_position: 'horizontal', company: ids.companyA })).body.id;
  ids.campaignB = (await admin.post('/campaigns/create/', { name: 'Timeline B campaign', screen_position: 'horizontal', company: ids.companyB })).body.id;
  expect((await admin.put(`/campaigns/${ids.campaign}/devices/`, { devices: [ids.d1, ids.d3, ids.d4] })).status).toBe(200);
  const today = Temporal.Now.plainDateISO('UTC');
  const created = await admin.post('/scheduler/events/create/', {
    campaign: ids.campaign,
    title: 'Morning loop',
    media: image!.id,
    start_date: today.subtract({ days: 1 }).toString(),
    start_time: '08:00',
    end_date: today.add({ days: 10 }).toString(),
    end_time: '09:00',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    devices: [ids.d1, ids.d3, ids.d4],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await admin.post(`/scheduler/publish/${ids.campaign}/`, {})).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /scheduler/timeline/', () => {
  it("answers each device's compiled items that touch the day, as dev2 has them, in the device's own zone", async () => {
    const page = await timeline(admin, `date=${day}&page_size=500`);
    expect(page.count).toBe(4);
    expect(deviceIds(page)).toEqual([ids.d1, ids.d2, ids.d3, ids.d4].sort((x, y) => x - y));
    for (const row of page.results) {
      const dev2 = (await admin.get(`/scheduler/dev2/${row.device.id}`)).body as DeviceSchedule;
      expect(DeviceSchedule.is(dev2)).toBe(true);
      expect(row.version).toBe(dev2.version);
      expect(row.timezone).toBe(dev2.timezone);
      expect(row.items).toEqual(dev2.items.filter((item) => item.local_start < `${day}T24:00` && item.local_end > `${day}T00:00`));
    }
    const byId = new Map(page.results.map((row) => [row.device.id, row]));
    // 08:00 wall clock in Berlin and in New York: different instants, the same local time.
    expect(byId.get(ids.d1)!.items.map((item) => item.local_start)).toEqual([`${day}T08:00:00`]);
    expect(byId.get(ids.d3)!.items.map((item) => item.local_start)).toEqual([`${day}T08:00:00`]);
    expect(byId.get(ids.d1)!.items[0]!.starts_at).not.toBe(byId.get(ids.d3)!.items[0]!.starts_at);
    expect(byId.get(ids.d3)!.timezone).toBe('America/New_York');
    // Not in the campaign: nothing compiled, version 0.
    expect(byId.get(ids.d2)!).toMatchObject({ version: 0, items: [] });
    expect(byId.get(ids.d1)!.device).toMatchObject({ name: expect.any(String), office_name: 'Berlin', status: 'offline' });
    // Another day of the window holds its own occurrence; a day past the window none.
    const next = Temporal.PlainDate.from(day).add({ days: 1 }).toString();
    expect((await timeline(admin, `date=${next}&office=${ids.berlin}`)).results.find((row) => row.device.id === ids.d1)!.items[0]!.local_start).toBe(`${next}T08:00:00`);
    const far = Temporal.PlainDate.from(day).add({ days: 30 }).toString();
    expect((await timeline(admin, `date=${far}`)).results.every((row) => row.items.length === 0)).toBe(true);
  });

  it('filters by office, campaign and status, and pages', async () => {
    expect(deviceIds(await timeline(admin, `date=${day}&office=${ids.berlin}`))).toEqual([ids.d1, ids.d2].sort((x, y) => x - y));
    expect(deviceIds(await timeline(admin, `date=${day}&campaign=${ids.campaign}`))).toEqual([ids.d1, ids.d3, ids.d4].sort((x, y) => x - y));
    expect(deviceIds(await timeline(admin, `date=${day}&campaign=${ids.campaign}&office=${ids.newYork}`))).toEqual([ids.d3]);
    expect(deviceIds(await timeline(admin, `date=${day}&status=disabled`))).toEqual([ids.d4]);
    expect(deviceIds(await timeline(admin, `date=${day}&status=online`))).toEqual([]);
    const first = await timeline(admin, `date=${day}&page_size=3`);
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('page=2');
    const second = await timeline(admin, `date=${day}&page_size=3&page=2`);
    expect(second.results).toHaveLength(1);
    expect(new Set([...deviceIds(first), ...deviceIds(second)]).size).toBe(4);
  });

  it('refuses a missing or impossible date and unknown filters with 400', async () => {
    for (const query of ['', 'date=2026-02-30', 'date=tomorrow', `date=${day}&status=lost`, `date=${day}&office=0`, `date=${day}&page=0`]) {
      const response = await admin.get(`/scheduler/timeline/?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('validation_error');
    }
  });

  it("keeps to the caller's scope: another company's devices are left out and its campaign is 404; no devices view is 403", async () => {
    const viewA = (await admin.post('/groups/create/', { name: 'Timeline A viewers', companies: [ids.companyA], permissions: { devices: 'view', campaigns: 'view' } })).body.id;
    const noDevices = (await admin.post('/groups/create/', { name: 'Timeline A media', companies: [ids.companyA], permissions: { media: 'view' } })).body.id;
    const userIn = async (name: string, group: number) => {
      expect((await admin.post('/users/', { username: name, password: `${name}-Pass-1`, user: 1, groups: [group] })).status).toBe(201);
      return (await signIn(server, name, `${name}-Pass-1`)).client;
    };
    const viewer = await userIn('timeline-viewer', viewA);
    expect(deviceIds(await timeline(viewer, `date=${day}`))).toEqual([ids.d1, ids.d2, ids.d4].sort((x, y) => x - y));
    expect(deviceIds(await timeline(viewer, `date=${day}&campaign=${ids.campaign}`))).toEqual([ids.d1, ids.d4].sort((x, y) => x - y));
    expect((await viewer.get(`/scheduler/timeline/?date=${day}&campaign=${ids.campaignB}`)).status).toBe(404);
    expect((await viewer.get(`/scheduler/timeline/?date=${day}&campaign=999999`)).status).toBe(404);
    const other = await userIn('timeline-media', noDevices);
    expect((await other.get(`/scheduler/timeline/?date=${day}`)).status).toBe(403);
    expect((await apiClient(server).get(`/scheduler/timeline/?date=${day}`)).status).toBe(401);
  });
});
