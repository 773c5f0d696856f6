import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ActiveUserCache, PlayerCache } from '../../server/caches.ts';
import type { AppContext } from '../../server/context.ts';
import { ContactWriter } from '../../server/db/heartbeats.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createFleet, daysAgo, play, postPlays } from './statistics.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  return Number(((await server.ctx.db.execute(statement)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe('plays retention', () => {
  it('deletes plays and their hourly roll-ups past the retention window on a timer, logs it, and refuses plays that old', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const old = daysAgo(40);
    const recent = daysAgo(2);
    // stored while the window was the default 400 days
    const stored = await postPlays(server, device!, [
      play(fleet, 'old-1', `${old}T10:00:00Z`),
      play(fleet, 'old-2', `${old}T10:30:00Z`, 5),
      play(fleet, 'recent-1', `${recent}T10:00:00Z`),
    ]);
    expect(stored.body).toEqual({ accepted: 3, duplicates: 0, refused: [] });
    expect((await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${old}&period=24`)).body.total).toEqual({ plays: 2, seconds: 15 });

    // another instance configured with a 30-day window (PLAY_RETENTION_DAYS=30, swept every 50 ms) deletes them
    const logs: string[] = [];
    const ctx: AppContext = {
      ...server.ctx,
      config: { ...server.ctx.config, playRetentionDays: 30, playRetentionSweepMs: 50, scheduleCompileMs: 0 },
      activeUsers: new ActiveUserCache(),
      players: new PlayerCache(),
      contacts: new ContactWriter(server.ctx.db),
    };
    const sweeper = await buildApp(ctx, { logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } });
    try {
      await sweeper.ready();
      const campaign = fleet.campaign.id;
      await vi.waitFor(async () => expect(await count(sql`SELECT count(*)::int AS n FROM plays WHERE device_id = ${device!.id}`)).toBe(1), { timeout: 30_000, interval: 100 });
      await vi.waitFor(() => expect(logs.some((line) => line.includes('Deleted plays past the retention window'))).toBe(true), { timeout: 30_000, interval: 100 });
      const line = JSON.parse(logs.find((entry) => entry.includes('Deleted plays past the retention window'))!) as { plays: number; retentionDays: number };
      expect(line).toMatchObject({ plays: 2, retentionDays: 30 });
      // the roll-ups of those hours went with them; the recent ones stay
      for (const table of ['play_hours', 'play_hours_device', 'play_hours_media']) {
        expect(await count(sql`SELECT COALESCE(sum(plays), 0)::int AS n FROM ${sql.raw(table)} WHERE campaign_id = ${campaign} AND hour < ${recent}::timestamptz`)).toBe(0);
        expect(await count(sql`SELECT COALESCE(sum(plays), 0)::int AS n FROM ${sql.raw(table)} WHERE campaign_id = ${campaign}`)).toBe(1);
      }
      expect((await client.get(`/statistics/?campaign=${campaign}&date=${old}&period=24`)).body.total).toEqual({ plays: 0, seconds: 0 });
      expect((await client.get(`/statistics/?campaign=${campaign}&date=${recent}&period=24`)).body.total).toEqual({ plays: 1, seconds: 10 });

      // that instance refuses a play older than its window and takes one inside it
      const answer = await sweeper.inject({
        method: 'POST',
        url: '/api/v1/player/plays/',
        headers: { 'x-device-serial': device!.sn, 'x-device-key': device!.key },
        payload: { plays: [play(fleet, 'too-old', `${daysAgo(31)}T10:00:00Z`), play(fleet, 'in-window', `${daysAgo(29)}T10:00:00Z`)] },
      });
      expect(answer.json()).toEqual({ accepted: 1, duplicates: 0, refused: [{ id: 'too-old', reason: 'too_old' }] });
    } finally {
      await sweeper.close();
    }
  });
});
