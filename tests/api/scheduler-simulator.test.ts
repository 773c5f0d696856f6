import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import { scheduleReport, startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
const players: SimulatedPlayer[] = [];
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await Promise.all(players.map((player) => player.stop()));
  await server?.close();
});

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

describe('scheduleReport: what a player reports of the schedule it holds', () => {
  const at = (text: string) => Date.parse(text);
  const held = {
    version: 3,
    items: [
      { starts_at: '2026-11-22T08:00:00Z', ends_at: '2026-11-22T09:00:00Z' },
      { starts_at: '2026-11-23T08:00:00Z', ends_at: '2026-11-23T09:00:00Z' },
    ],
  };
  it('is playing during an occurrence, waiting before one, not_found after the last; expiry is the last end', () => {
    expect(scheduleReport(held, at('2026-11-22T08:30:00Z'))).toEqual({ schedule_state: 'playing', schedule_expiry: '2026-11-23T09:00:00.000Z' });
    expect(scheduleReport(held, at('2026-11-22T09:00:00Z'))).toEqual({ schedule_state: 'waiting', schedule_expiry: '2026-11-23T09:00:00.000Z' });
    expect(scheduleReport(held, at('2026-11-23T09:00:00Z'))).toEqual({ schedule_state: 'not_found', schedule_expiry: '2026-11-23T09:00:00.000Z' });
    expect(scheduleReport({ version: 0, items: [] }, at('2026-11-22T08:30:00Z'))).toEqual({ schedule_state: 'not_found', schedule_expiry: null });
  });
});

describe('npm run simulate follows the published schedule', () => {
  it('fetches the schedule when its version moves and reports playing, then waiting, on the device list', async () => {
    const company = (await client.post('/companies/create/', { name: 'Sim Co' })).body.id;
    const office = (await client.post('/branch-offices/create/', { company, name: 'Sim store', timezone: 'Asia/Tokyo' })).body.id;
    const device = await createDevice(client, { position: 'horizontal', office });
    const [file] = await insertMediaFiles(server.ctx.db, [
      { name: 'Sim poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'p.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 10, status: 'ready_to_play' },
    ]);
    const campaign = (await client.post('/campaigns/create/', { name: 'Sim campaign', screen_position: 'horizontal' })).body.id;
    await client.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] });
    const player = startSimulatedPlayer({ server: server.origin, serial: device.sn, key: device.key, intervalMs: 100 });
    players.push(player);
    const details = async () => (await client.get(`/tvpi/devices/${device.id}`)).body as { schedule_state: string; schedule_expiry: string | null };
    await eventually(async () => expect((await details()).schedule_state).toBe('not_found'));

    // An all-day event today in Tokyo: on now.
    const today = Temporal.Now.plainDateISO('Asia/Tokyo');
    const event = await client.post('/scheduler/events/create/', {
      campaign,
      title: 'All day',
      media: file!.id,
      start_date: today.toString(),
      end_date: today.toString(),
      all_day: true,
      devices: [device.id],
    });
    expect(event.status).toBe(201);
    expect((await client.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    const expiry = today.add({ days: 1 }).toZonedDateTime('Asia/Tokyo').toInstant().toString();
    await eventually(async () => expect(await details()).toEqual(expect.objectContaining({ schedule_state: 'playing', schedule_expiry: expiry.replace('Z', '.000Z') })));
    expect(player.schedule.version).toBe(1);

    // Moved to next week: the player fetches version 2 and waits.
    await client.put(`/scheduler/events/${event.body.id}`, { start_date: today.add({ days: 3 }).toString(), end_date: today.add({ days: 3 }).toString() });
    await client.post(`/scheduler/publish/${campaign}/`);
    await eventually(async () => expect((await details()).schedule_state).toBe('waiting'));
    expect(player.schedule.version).toBe(2);
  });
});
