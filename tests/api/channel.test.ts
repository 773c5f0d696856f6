import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertMediaFiles } from '../../server/db/media.ts';
import { connectChannel, type ChannelEnd, type ChannelEvent } from '../../src/services/player/channel.ts';
import { httpFetch } from '../../server/channel/httpFetch.ts';
import { MAX_STREAMS_PER_DEVICE, streamConnection } from '../../server/routes/channel.ts';
import { apiClient, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, heartbeat, nextSerial, setLastConnection } from './devices.helpers.ts';

let server: TestServer;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
let client: ReturnType<typeof apiClient>;
let otherClient: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  other = await startSecondInstance(server);
  const admin = await signIn(server);
  client = admin.client;
  otherClient = apiClient(other, admin.access);
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

/** An open channel of a device on one instance: every event it received, and how it ended. */
function open(origin: string, device: { sn: string; key: string }) {
  const events: ChannelEvent[] = [];
  const ended: Promise<ChannelEnd> = connectChannel({ origin, serial: device.sn, key: device.key, fetch: httpFetch }, (event) => events.push(event));
  const notices = () => events.flatMap((event) => (event.type === 'notice' ? event.kinds : []));
  return { events, ended, notices };
}

const within = (ms: number, check: () => void) => vi.waitFor(check, { timeout: ms, interval: 20 });
const count = async (table: 'device_changes' | 'pending_clients') =>
  Number(((await server.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('GET /player/channel/: the live channel', () => {
  it('opens with ready, and a command queued through one instance reaches a player connected to the other within 2 s', async () => {
    const device = await createDevice(client);
    const channel = open(other.origin, device);
    await within(5000, () => expect(channel.events[0]).toEqual({ type: 'ready', device: device.id, scheduleVersion: 0 }));
    expect((await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' })).status).toBe(202);
    await within(2000, () => expect(channel.notices()).toContain('command'));
    // The player fetches through the heartbeat, on either instance.
    const beat = await heartbeat(server, device);
    expect(beat.body.commands).toEqual([expect.objectContaining({ command: 'REBOOT' })]);
  });

  it('counts the adopting hello and an opened channel as contact: a just-adopted player is online at once, not after its first heartbeat (issue 35)', async () => {
    const player = apiClient(server);
    const serial = nextSerial('ADOPTED-ONLINE');
    expect((await player.post('/player/hello/', { serial, version: 'web-1.0.0' })).status).toBe(202);
    const device = await createDevice(client, { sn: serial });
    const statusOf = async () => ((await client.get(`/tvpi/devices/${device.id}`)).body as { status: string; last_connection: string | null });
    expect((await statusOf()).status).toBe('offline');
    expect((await player.post('/player/hello/', { serial })).body.status).toBe('adopted');
    expect(await statusOf()).toMatchObject({ status: 'online', last_connection: expect.any(String) });
    // Its channel, opened on the other instance long after (no heartbeat between): online again within the contact write.
    await setLastConnection(server, device.id, 600);
    expect((await statusOf()).status).toBe('offline');
    const channel = open(other.origin, device);
    await within(5000, () => expect(channel.events[0]?.type).toBe('ready'));
    await within(3000, async () => expect((await statusOf()).status).toBe('online'));
  });

  it('names a publish (schedule), a config change (configs), a navigation send (navigation) and an override started and cleared (override) to the connected player', async () => {
    const { office } = await createCompanyAndOffice(client, 'Channel Co');
    const device = await createDevice(client, { position: 'horizontal', office: office.id });
    const channel = open(server.origin, device);
    await within(5000, () => expect(channel.events[0]?.type).toBe('ready'));
    const [file] = await insertMediaFiles(server.ctx.db, [
      { name: 'Channel poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'p.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 10, status: 'ready_to_play' },
    ]);
    const campaign = (await client.post('/campaigns/create/', { name: 'Channel campaign', screen_position: 'horizontal' })).body.id;
    await client.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] });
    const today = new Date().toISOString().slice(0, 10);
    const event = await client.post('/scheduler/events/create/', { campaign, title: 'Now', media: file!.id, start_date: today, end_date: today, all_day: true, devices: [device.id] });
    expect([event.status, event.body]).toEqual([201, expect.anything()]);
    expect((await otherClient.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    await within(2000, () => expect(channel.notices()).toContain('schedule'));

    const configs = (await client.get(`/tvpi/devices/${device.id}/configs/`)).body;
    const config = (Array.isArray(configs) ? configs : configs.results)[0] as { id: number; content: string };
    expect((await client.call('PUT', `/tvpi/devices/${device.id}/configs/${config.id}`, { content: config.content })).status).toBe(200);
    await within(2000, () => expect(channel.notices()).toContain('configs'));

    expect((await client.post(`/navigation/devices/${device.id}/send/`)).status).toBeLessThan(300);
    await within(2000, () => expect(channel.notices()).toContain('navigation'));

    // An emergency override on the device, started and cleared through the other instance: `override` each time.
    const overrides = () => channel.notices().filter((kind) => kind === 'override').length;
    const started = await otherClient.post('/overrides/create/', { devices: [device.id], media: file!.id });
    expect(started.status).toBe(201);
    await within(2000, () => expect(overrides()).toBe(1));
    expect((await otherClient.post(`/overrides/${started.body.id}/clear/`)).status).toBe(200);
    await within(2000, () => expect(overrides()).toBe(2));
  });

  it('answers the heartbeats of a screen a publish or an override reached from memory, with its new schedule version, while the database is held (issue 35.20)', async () => {
    const device = await createDevice(client, { position: 'horizontal' });
    const channel = open(server.origin, device);
    await within(5000, () => expect(channel.events[0]?.type).toBe('ready'));
    const first = await heartbeat(server, device, { version: '2.0', schedule_state: 'playing', config_version: 1 });
    const beat = () => heartbeat(server, device, { version: '2.0', schedule_state: 'playing', config_version: first.body.config_version });
    expect((await beat()).status).toBe(200);
    const version = async () => Number(((await server.ctx.db.execute(sql`SELECT schedule_version AS v FROM devices WHERE id = ${device.id}`)) as unknown as { rows: { v: number }[] }).rows[0]!.v);
    /**
     * A heartbeat sent while a transaction holds the devices table (on PGlite, its one connection too): only one
     * answered from memory comes back before the transaction ends ('held' after 5 s otherwise).
     */
    const beatWhileHeld = () =>
      server.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE devices IN ACCESS EXCLUSIVE MODE`);
        return Promise.race([beat().then((answer) => answer.body.schedule_version as number), new Promise<string>((resolve) => setTimeout(() => resolve('held'), 5000))]);
      });
    const [file] = await insertMediaFiles(server.ctx.db, [
      { name: 'Held poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'p.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 10, status: 'ready_to_play' },
    ]);
    const campaign = (await client.post('/campaigns/create/', { name: 'Held campaign', screen_position: 'horizontal' })).body.id;
    await client.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] });
    const today = new Date().toISOString().slice(0, 10);
    await client.post('/scheduler/events/create/', { campaign, title: 'Now', media: file!.id, start_date: today, end_date: today, all_day: true, devices: [device.id] });
    // Through the other instance: the schedule's move reaches this one through the device change log.
    expect((await otherClient.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    await within(2000, () => expect(channel.notices()).toContain('schedule'));
    const published = await version();
    expect(published).toBeGreaterThan(first.body.schedule_version);
    expect(await beatWhileHeld()).toBe(published);

    const started = await otherClient.post('/overrides/create/', { devices: [device.id], media: file!.id });
    expect(started.status).toBe(201);
    await within(2000, () => expect(channel.notices()).toContain('override'));
    const overridden = await version();
    expect(overridden).toBeGreaterThan(published);
    expect(await beatWhileHeld()).toBe(overridden);
    await otherClient.post(`/overrides/${started.body.id}/clear/`);
  });

  it('refuses wrong keys, unknown serials and disabled devices with the documented codes, writing nothing', async () => {
    const device = await createDevice(client);
    const disabled = await createDevice(client);
    await client.put(`/tvpi/devices/${disabled.id}/change-active`, { is_active: false });
    const before = { changes: await count('device_changes'), pending: await count('pending_clients') };
    expect(await open(server.origin, { sn: device.sn, key: 'wrong-key' }).ended).toEqual({ reason: 'refused', status: 401, code: 'invalid_device_key' });
    expect(await open(server.origin, disabled).ended).toEqual({ reason: 'refused', status: 403, code: 'device_disabled' });
    const flood: ChannelEnd[] = [];
    for (let i = 0; i < 50; i += 1) flood.push(await open(server.origin, { sn: `UNKNOWN-${process.pid}-${i}`, key: 'k' }).ended);
    expect(new Set(flood.map((end) => JSON.stringify(end)))).toEqual(new Set([JSON.stringify({ reason: 'refused', status: 401, code: 'unknown_device' })]));
    const missing = await fetch(`${server.api}/player/channel/`);
    expect({ status: missing.status, code: ((await missing.json()) as { code: string }).code }).toEqual({ status: 401, code: 'device_key_required' });
    expect({ changes: await count('device_changes'), pending: await count('pending_clients') }).toEqual(before);
  });

  it(`holds a device to ${MAX_STREAMS_PER_DEVICE} open streams per instance (429 too_many_streams), and drops a stream whose client never reads (issue 35.19)`, async () => {
    const device = await createDevice(client);
    const aborts = Array.from({ length: MAX_STREAMS_PER_DEVICE }, () => new AbortController());
    const streams = aborts.map((abort) => {
      const events: ChannelEvent[] = [];
      void connectChannel({ origin: server.origin, serial: device.sn, key: device.key, fetch: httpFetch }, (event) => events.push(event), abort.signal);
      return events;
    });
    await within(5000, () => expect(streams.every((events) => events[0]?.type === 'ready')).toBe(true));
    const refused = await fetch(`${server.api}/player/channel/`, { headers: { 'x-device-serial': device.sn, 'x-device-key': device.key } });
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([429, 'too_many_streams']);
    // The other instance counts its own; one stream closed here lets another in.
    const elsewhere = open(other.origin, device);
    await within(5000, () => expect(elsewhere.events[0]?.type).toBe('ready'));
    aborts[0]!.abort();
    const again = open(server.origin, device);
    await within(5000, () => expect(again.events[0]?.type).toBe('ready'));
    for (const abort of aborts) abort.abort();

    // A client that never reads: frames wait in the stream's buffer until MAX_BUFFERED_BYTES, then it is dropped.
    const frame = `: ${'x'.repeat(64 * 1024)}\n\n`;
    let written = 0;
    let dropped = false;
    const sink = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const connection = streamConnection(response, { deviceId: 0, serial: 's', key: 'k' });
      const push = () => {
        // At most 64 MB: far beyond what the sockets between hold (a few MB) and the bound.
        if (written > 1024) return;
        written += 1;
        if (!connection.write(frame)) dropped = true;
        else setImmediate(push);
      };
      push();
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((sink.address() as net.AddressInfo).port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.pause();
    try {
      await within(15_000, () => expect(dropped || written > 1024).toBe(true));
      expect(dropped).toBe(true);
      expect(written * frame.length).toBeLessThan(64 * 1024 * 1024);
    } finally {
      socket.destroy();
      sink.closeAllConnections();
      await new Promise((resolve) => sink.close(resolve));
    }
  });

  it('closes an open channel on another instance with device_disabled when the device is switched off', async () => {
    const device = await createDevice(client);
    const onOther = open(other.origin, device);
    await within(5000, () => expect(onOther.events[0]?.type).toBe('ready'));
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    expect(await onOther.ended).toEqual({ reason: 'closed', code: 'device_disabled' });
  });
});
