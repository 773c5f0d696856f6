import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import type { DeviceSchedule } from '../../src/services/schemas/scheduler.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, nextSerial } from './devices.helpers.ts';

/*
 * One rule for "over" (server/domain/occurrences.ts lastOccurrenceEnd): a campaign is expired exactly when no device
 * schedule the scheduler compiles for its events has an occurrence still to end. Both are checked on the same events.
 */

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let company: number;
let image: number;
// UTC+14 and UTC-11, no daylight saving: a wall-clock time is 25 hours apart in them.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

type Device = Awaited<ReturnType<typeof createDevice>>;

async function office(timezone: string) {
  const created = await client.post('/branch-offices/create/', { company, name: `${timezone} ${nextSerial('O')}`, timezone });
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

async function campaignWith(devices: Device[]) {
  const created = await client.post('/campaigns/create/', { name: `Expiry ${nextSerial('C')}`, screen_position: 'horizontal' });
  expect(created.status).toBe(201);
  expect((await client.put(`/campaigns/${created.body.id}/devices/`, { devices: devices.map((d) => d.id) })).status).toBe(200);
  return created.body.id as number;
}

async function event(campaign: number, devices: Device[], fields: Record<string, unknown>) {
  const created = await client.post('/scheduler/events/create/', { campaign, title: 'Loop', media: image, devices: devices.map((d) => d.id), ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

const expired = async (campaign: number) => {
  const answer = await client.get(`/campaigns/${campaign}`);
  expect(answer.status).toBe(200);
  return answer.body.expired as boolean;
};

/** Whether the device's compiled schedule still has an occurrence of the event to end (after now). */
async function stillToPlay(device: Device, eventId: number): Promise<boolean> {
  const answer = await client.get(`/scheduler/dev2/${device.id}`);
  expect(answer.status).toBe(200);
  const now = Temporal.Now.instant();
  return (answer.body as DeviceSchedule).items.some((item) => item.event === eventId && Temporal.Instant.compare(item.ends_at, now) > 0);
}

const publish = async (campaign: number) => expect((await client.post(`/scheduler/publish/${campaign}/`, {})).status).toBe(200);

beforeAll(async () => {
  // No background compiler: it could take the west device off the queue after its office moved and not have stored it
  // at the dev2 read, which then answered the schedule before the move (shown with the compiler every 5 ms and its
  // compile held 500 ms: the last stillToPlay read true). Here dev2 compiles the queued device itself.
  server = await startTestServer({ scheduleCompileMs: 0 });
  client = (await signIn(server)).client;
  company = (await client.post('/companies/create/', { name: 'Expiry Co' })).body.id;
  const [row] = await insertMediaFiles(server.ctx.db, [
    {
      name: 'Poster',
      screenPosition: 'horizontal',
      deviceType: 'android',
      kind: 'image',
      originalName: 'poster.png',
      sourceExt: 'png',
      mimeType: 'image/png',
      sizeBytes: 1000,
      duration: null,
      status: 'ready_to_play',
    },
  ]);
  image = row!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('a campaign is expired exactly when the scheduler has nothing of it left to play', () => {
  it('a one-off event is over in the zone furthest east before the one furthest west; an office changing zone moves it', async () => {
    // Ends at the wall-clock time an hour from now in UTC: 13 hours ago in UTC+14, 12 hours ahead in UTC-11.
    const end = Temporal.Now.plainDateTimeISO('UTC').add({ hours: 1 }).round({ smallestUnit: 'minute', roundingMode: 'floor' });
    const start = end.subtract({ hours: 2 });
    const timing = { start_date: start.toPlainDate().toString(), start_time: start.toPlainTime().toString().slice(0, 5), end_date: end.toPlainDate().toString(), end_time: end.toPlainTime().toString().slice(0, 5) };
    const eastOffice = await office(EAST);
    const westOffice = await office(WEST);
    const east = await createDevice(client, { position: 'horizontal', office: eastOffice.id });
    const west = await createDevice(client, { position: 'horizontal', office: westOffice.id });

    const eastOnly = await campaignWith([east]);
    const eastEvent = await event(eastOnly, [east], timing);
    const both = await campaignWith([east, west]);
    const bothEvent = await event(both, [east, west], timing);
    // In a campaign on both, an event on the east device alone is over: its own devices' zones count, not the campaign's.
    const eastEventOfBoth = await event(both, [east], timing);
    await publish(eastOnly);
    await publish(both);
    expect(await stillToPlay(east, eastEventOfBoth)).toBe(false);
    expect(await stillToPlay(west, eastEventOfBoth)).toBe(false);
    expect(await expired(both)).toBe(false);
    expect((await client.delete(`/scheduler/events/${bothEvent}`)).status).toBe(204);
    expect(await expired(both)).toBe(true);
    const bothEventAgain = await event(both, [east, west], timing);
    expect(await expired(both)).toBe(false);
    await publish(both);

    expect(await expired(eastOnly)).toBe(true);
    expect(await stillToPlay(east, eastEvent)).toBe(false);
    expect(await expired(both)).toBe(false);
    expect(await stillToPlay(west, bothEventAgain)).toBe(true);
    expect(await stillToPlay(east, bothEventAgain)).toBe(false);

    // The west office moves to UTC+14: the event is over there too, for the campaigns and for the compiled schedule.
    expect((await client.put(`/branch-offices/${westOffice.id}`, { company, name: 'Moved east', timezone: EAST })).status).toBe(200);
    expect(await expired(both)).toBe(true);
    expect(await stillToPlay(west, bothEventAgain)).toBe(false);
  });

  it('a weekly repeat is over after its last listed weekday, even while its end date is still ahead', async () => {
    const today = Temporal.Now.plainDateISO('UTC');
    const utc = await office('UTC');
    const device = await createDevice(client, { position: 'horizontal', office: utc.id });
    const period = { start_date: today.subtract({ days: 10 }).toString(), end_date: today.add({ days: 1 }).toString(), start_time: '08:00', end_time: '09:00' };

    // Only on the weekday of three days ago: its last occurrence ended then, though the period ends tomorrow.
    const past = await campaignWith([device]);
    const pastEvent = await event(past, [device], { ...period, weekdays: [today.subtract({ days: 3 }).dayOfWeek] });
    await publish(past);
    expect(await expired(past)).toBe(true);
    expect(await stillToPlay(device, pastEvent)).toBe(false);

    // Also on tomorrow's weekday: tomorrow 08:00-09:00 is still to come for both.
    const ahead = await campaignWith([device]);
    const aheadEvent = await event(ahead, [device], { ...period, weekdays: [today.subtract({ days: 3 }).dayOfWeek, today.add({ days: 1 }).dayOfWeek] });
    await publish(ahead);
    expect(await expired(ahead)).toBe(false);
    expect(await stillToPlay(device, aheadEvent)).toBe(true);

    // Editing the event back to the past weekday only: expired again (the edit forgets the stored end).
    expect((await client.put(`/scheduler/events/${aheadEvent}`, { weekdays: [today.subtract({ days: 3 }).dayOfWeek] })).status).toBe(200);
    expect(await expired(ahead)).toBe(true);
  });
});
