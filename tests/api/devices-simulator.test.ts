import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, nextSerial } from './devices.helpers.ts';

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

const statusOf = async (id: number) => (await client.get(`/tvpi/devices/${id}`)).body.status as string;
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

function play(serial: string, key: string | null) {
  const player = startSimulatedPlayer({ server: server.origin, serial, key, intervalMs: 100, rebootMs: 1500 });
  players.push(player);
  return player;
}

describe('npm run simulate: simulated players', () => {
  it('turns its device online, obeys REBOOT by going offline briefly, and goes offline when stopped', async () => {
    const device = await createDevice(client);
    expect(await statusOf(device.id)).toBe('offline');
    const player = play(device.sn, device.key);
    await eventually(async () => expect(await statusOf(device.id)).toBe('online'));

    await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    await eventually(async () => expect(player.state).toBe('rebooting'));
    expect(await statusOf(device.id)).toBe('offline');
    await eventually(async () => expect(await statusOf(device.id)).toBe('online'));

    await player.stop();
    expect(player.state).toBe('stopped');
    expect(await statusOf(device.id)).toBe('offline');
  });

  it('waits on /clients until adopted, then receives its key and comes online', async () => {
    const serial = nextSerial('SIM');
    const player = play(serial, null);
    await eventually(async () => {
      const waiting = (await client.get('/clients/?page_size=500')).body.results.map((c: { serial: string }) => c.serial);
      expect(waiting).toContain(serial);
    });
    expect(player.state).toBe('pending');
    const device = await createDevice(client, { sn: serial });
    await eventually(async () => expect(await statusOf(device.id)).toBe('online'));
    // hello with the new key turns the device online before the first heartbeat is answered.
    await eventually(async () => expect(player.heartbeats).toBeGreaterThan(0));
  });

  it('is refused while its device is disabled and comes back when it is activated', async () => {
    const device = await createDevice(client, { is_active: false });
    const player = play(device.sn, device.key);
    await eventually(async () => expect(player.state).toBe('disabled'));
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: true });
    await eventually(async () => expect(await statusOf(device.id)).toBe('online'));
  });
});
