import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands } from '../../server/db/devices.schema.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat, nextSerial, setLastConnection } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let player: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
  player = apiClient(server);
});
afterAll(async () => {
  await server?.close();
});

const statusOf = async (id: number) => (await client.get(`/tvpi/devices/${id}`)).body.status;

describe('POST /player/hello/ and /clients', () => {
  it('registers an unknown player as waiting, listed on /clients', async () => {
    const serial = nextSerial('NEW');
    const first = await player.post('/player/hello/', { serial, mac: 'de:ad:be:ef:00:01', version: '2.0.0', ip: '10.9.8.7' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ status: 'pending', heartbeat_seconds: 30 });
    await player.post('/player/hello/', { version: '2.0.1' }, { 'x-device-serial': serial });
    const clients = await client.get('/clients/');
    expect(clients.status).toBe(200);
    const waiting = clients.body.results.find((c: { serial: string }) => c.serial === serial);
    // the second hello reported no address: the one it connected from is kept
    expect(waiting).toMatchObject({ serial, mac: 'DE:AD:BE:EF:00:01', ip: '127.0.0.1', version: '2.0.1', hello_count: 2 });
  });

  it('adopts a waiting player: creating the device hands the key over once on the next hello', async () => {
    const serial = nextSerial('ADOPT');
    await player.post('/player/hello/', { serial, mac: '02:ad:00:00:00:01', version: '3.1' });
    const device = await createDevice(client, { sn: serial, name: 'Adopted' });
    expect(device.mac).toBe('02:AD:00:00:00:01');
    expect(device.version).toBe('3.1');
    const clients = await client.get('/clients/?page_size=500');
    expect(clients.body.results.map((c: { serial: string }) => c.serial)).not.toContain(serial);

    const adopted = await player.post('/player/hello/', { serial });
    expect(adopted.status).toBe(200);
    expect(adopted.body).toEqual({ status: 'adopted', device: device.id, key: device.key, heartbeat_seconds: 30, schedule_version: 0 });
    const again = await player.post('/player/hello/', { serial });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('device_key_required');
    const registered = await player.post('/player/hello/', { serial, key: device.key, version: '3.2' });
    expect(registered.body).toEqual({ status: 'registered', device: device.id, heartbeat_seconds: 30, schedule_version: 0 });
    expect(await statusOf(device.id)).toBe('online');
  });

  it('gives an adopted player of Unknown position the one of the screen it reports; a chosen position stays (issue 26.16)', async () => {
    const screen = (orientation: string) => ({ codecs: ['h264'], screen: { width: 1080, height: 1920, orientation } });
    const portrait = nextSerial('PORTRAIT');
    await player.post('/player/hello/', { serial: portrait });
    const unknown = await createDevice(client, { sn: portrait, name: 'Portrait web player', position: 'unknown' });
    expect(unknown.position).toBe('unknown');
    expect((await player.post('/player/hello/', { serial: portrait, capabilities: screen('portrait') })).body.status).toBe('adopted');
    expect((await client.get(`/tvpi/devices/${unknown.id}`)).body.position).toBe('vertical');
    // Still editable: the operator's choice is kept at the next hello.
    expect((await client.put(`/tvpi/devices/${unknown.id}`, { position: 'horizontal' })).status).toBe(200);
    await player.post('/player/hello/', { serial: portrait, key: unknown.key, capabilities: screen('portrait') });
    expect((await client.get(`/tvpi/devices/${unknown.id}`)).body.position).toBe('horizontal');

    const chosen = nextSerial('CHOSEN');
    await player.post('/player/hello/', { serial: chosen });
    const horizontal = await createDevice(client, { sn: chosen, name: 'Chosen horizontal', position: 'horizontal' });
    await player.post('/player/hello/', { serial: chosen, capabilities: screen('portrait') });
    expect((await client.get(`/tvpi/devices/${horizontal.id}`)).body.position).toBe('horizontal');
  });

  it('refuses a wrong key, a disabled device and a missing serial', async () => {
    const device = await createDevice(client);
    const wrong = await player.post('/player/hello/', { serial: device.sn, key: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_device_key');
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const disabled = await player.post('/player/hello/', { serial: device.sn, key: device.key });
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('device_disabled');
    const missing = await player.post('/player/hello/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ serial: 'required' });
  });

  it('dismisses a waiting player with DELETE /clients/{id}', async () => {
    const serial = nextSerial('GONE');
    await player.post('/player/hello/', { serial });
    const waiting = (await client.get('/clients/?page_size=500')).body.results.find((c: { serial: string }) => c.serial === serial);
    expect((await client.delete(`/clients/${waiting.id}`)).status).toBe(204);
    expect((await client.delete(`/clients/${waiting.id}`)).status).toBe(404);
    expect((await apiClient(server).get('/clients/')).status).toBe(401);
  });
});

describe('POST /player/heartbeat/', () => {
  it('records the contact, address, version and schedule state; the device turns online', async () => {
    const device = await createDevice(client);
    expect(await statusOf(device.id)).toBe('offline');
    const response = await heartbeat(server, device, { ip: '172.16.0.9', version: '4.0.0', schedule_state: 'playing', schedule_expiry: '2030-01-01T00:00:00Z' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ device: device.id, commands: [], schedule_version: 0, config_version: 1 });
    const after = (await client.get(`/tvpi/devices/${device.id}`)).body;
    expect(after).toMatchObject({ status: 'online', ip: '172.16.0.9', version: '4.0.0', schedule_state: 'playing', schedule_expiry: '2030-01-01T00:00:00.000Z' });
    expect(Date.now() - Date.parse(after.last_connection)).toBeLessThan(60_000);
  });

  it('takes the credentials from the body as well', async () => {
    const device = await createDevice(client);
    const response = await player.post('/player/heartbeat/', { serial: device.sn, key: device.key });
    expect(response.status).toBe(200);
    expect(response.body.device).toBe(device.id);
  });

  it('goes offline when the heartbeats stop for two minutes, or at once when the player signs off', async () => {
    const device = await createDevice(client);
    await heartbeat(server, device);
    await setLastConnection(server, device.id, 119);
    expect(await statusOf(device.id)).toBe('online');
    await setLastConnection(server, device.id, 121);
    expect(await statusOf(device.id)).toBe('offline');
    await heartbeat(server, device);
    expect(await statusOf(device.id)).toBe('online');
    const bye = await player.post('/player/bye/', {}, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    expect(bye.body).toEqual({ status: 'signed_off' });
    expect(await statusOf(device.id)).toBe('offline');
    await heartbeat(server, device);
    expect(await statusOf(device.id)).toBe('online');
  });

  it('refuses an unknown serial, a wrong key, a disabled device and bad fields', async () => {
    const device = await createDevice(client);
    const unknown = await heartbeat(server, { sn: nextSerial('NOPE'), key: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('unknown_device');
    const wrong = await heartbeat(server, { sn: device.sn, key: 'wrong-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_device_key');
    const bad = await heartbeat(server, device, { ip: 'not-an-ip', schedule_state: 'dancing' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ ip: 'invalid_format', schedule_state: 'invalid' });
    expect((await player.post('/player/heartbeat/', {})).body.fields).toEqual({ serial: 'required', key: 'required' });

    await heartbeat(server, device);
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const disabled = await heartbeat(server, device);
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual({ detail: 'The device is disabled.', code: 'device_disabled' });
    expect(await statusOf(device.id)).toBe('disabled');
  });

  it('delivers a queued REBOOT exactly once and records the acknowledgement', async () => {
    const device = await createDevice(client);
    const queued = await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT', user: 1 });
    const first = await heartbeat(server, device);
    expect(first.body.commands).toEqual([{ id: queued.body.id, command: 'REBOOT', created_at: queued.body.created_at }]);
    const second = await heartbeat(server, device);
    expect(second.body.commands).toEqual([]);
    await heartbeat(server, device, { acknowledged: [queued.body.id] });
    const [row] = await server.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, queued.body.id));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(row?.acknowledgedAt).toBeInstanceOf(Date);
  });

  it('delivers a command once even when heartbeats race', async () => {
    const device = await createDevice(client);
    await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => heartbeat(server, device)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.flatMap((a) => a.body.commands)).toHaveLength(1);
  });

  it('answers each of many simultaneous players its own device and commands', async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => createDevice(client)));
    const rebooting = new Set([fleet[2]!.id, fleet[7]!.id]);
    for (const id of rebooting) await client.post(`/tvpi/devices/${id}/send-command`, { command: 'REBOOT' });
    const answers = await Promise.all([...fleet.map((device) => heartbeat(server, device)), heartbeat(server, { sn: fleet[0]!.sn, key: 'bad' })]);
    expect(answers.slice(0, 12).map((a) => [a.status, a.body.device, a.body.commands.length])).toEqual(
      fleet.map((device) => [200, device.id, rebooting.has(device.id) ? 1 : 0]),
    );
    expect(answers[12]!.status).toBe(401);
  });

  it('hands the config files over until the player holds the current version, and again after an edit', async () => {
    const device = await createDevice(client);
    const first = await heartbeat(server, device);
    expect(first.body.configs.map((c: { path: string }) => c.path)).toEqual(['/etc/vitrine/player.json', '/etc/vitrine/display.conf']);
    const version = first.body.config_version;
    const current = await heartbeat(server, device, { config_version: version });
    expect(current.body.configs).toBeNull();
    const config = first.body.configs[0];
    await client.put(`/tvpi/devices/${device.id}/configs/${config.id}`, { content: '{"volume": 5}' });
    const stale = await heartbeat(server, device, { config_version: version });
    expect(stale.body.config_version).toBe(version + 1);
    expect(stale.body.configs[0]).toMatchObject({ id: config.id, path: '/etc/vitrine/player.json', content: '{"volume": 5}' });
  });
});
