import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statisticsTimeZone } from '../../server/domain/statistics.ts';
import { startSimulatedPlayer } from '../../server/simulate.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { countRows, createFleet } from './statistics.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

it('a simulated player reports every play it makes, and the statistics count exactly those', async () => {
  const fleet = await createFleet(server, client, 1);
  const [device] = fleet.devices;
  const program = [{ event: fleet.event, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString(), media: [{ id: fleet.media[0]!, duration: 10 }] }];
  const player = startSimulatedPlayer({ server: server.origin, serial: device!.sn, key: device!.key, intervalMs: 60_000, plays: { program: () => program, speed: 100, reportMs: 100 } });
  try {
    while ((player.plays?.reported ?? 0) < 5) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await player.stop();
  }
  const played = player.plays!.played;
  expect(player.plays!.buffered).toBe(0);
  expect(await countRows(server, 'plays', [device!.id])).toBe(played);
  // Days as the statistics count them: in the server's time zone, not UTC (run in Tokyo at 01:00 both dates missed every play).
  const today = Temporal.Now.plainDateISO(statisticsTimeZone());
  const hours = await client.get(`/statistics/compare/?entities=device:${device!.id}&date=${today}&period=24`);
  const yesterday = await client.get(`/statistics/compare/?entities=device:${device!.id}&date=${today.subtract({ days: 1 })}&period=48`);
  expect(Math.max(hours.body.series[0].total.plays, yesterday.body.series[0].total.plays)).toBe(played);
  expect(yesterday.body.series[0].total).toEqual({ plays: played, seconds: played * 10 });
});
