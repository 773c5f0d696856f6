import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ContactWriter } from '../../server/db/heartbeats.ts';
import { compileSchedules } from '../../server/domain/schedules.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice } from './devices.helpers.ts';
import { createFleet } from './statistics.helpers.ts';

/*
 * Row locks between a schedule compile's store and a device edit, on PostgreSQL only (the project api-postgres: PGlite
 * has one connection, so nothing there runs beside anything else).
 */
let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  // The compiler's timer stays out of the way: this test runs the compile itself.
  server = await startTestServer({ scheduleCompileMs: 3_600_000 });
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

async function waitingOnLocks(): Promise<number> {
  const result = (await server.ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

it("a device edit while a compile stores the device's new schedule: both go through, the device is queued again", async () => {
  const { office } = await createCompanyAndOffice(client, 'Locks');
  const fleet = await createFleet(server, client, 1, 1);
  const [device] = fleet.devices;
  // The edit's transaction holds the device's row, as an UPDATE of it does before its trigger queues the device.
  const edit = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
  await edit.connect();
  try {
    await edit.query('BEGIN');
    await edit.query('SELECT id FROM devices WHERE id = $1 FOR NO KEY UPDATE', [device!.id]);
    // The compile of the queued device (a first schedule: its version goes up) waits for that row.
    const compiled = compileSchedules(server.ctx.db, [device!.id]);
    const failed = compiled.then(
      () => undefined,
      (error: Error) => error,
    );
    await expect.poll(waitingOnLocks, { timeout: 15_000, interval: 20 }).toBe(1);
    // The edit goes on: its trigger queues the device again (queue_schedule_compile). A store that held the queue row
    // while it waited for the device's row deadlocked here, and PostgreSQL failed one of the two after a second.
    await edit.query('UPDATE devices SET office_id = $1 WHERE id = $2', [office.id, device!.id]);
    await edit.query('COMMIT');
    expect(await failed).toBeUndefined();
    expect((await compiled).changed).toEqual([device!.id]);
  } finally {
    await edit.end();
  }
  // The device changed during the compile, so it waits for the next one (the store kept its requeued row).
  const queued = (await server.ctx.db.execute(sql`SELECT taken_at IS NULL AS fresh FROM schedule_dirty WHERE device_id = ${device!.id}`)) as unknown as { rows: { fresh: boolean }[] };
  expect(queued.rows).toEqual([{ fresh: true }]);
});

it('a batch of contacts and a schedule store locking the same devices go through at once, whatever order the rows lie in', async () => {
  const fleet = await createFleet(server, client, 2, 1);
  const [low, high] = fleet.devices.map((device) => device.id).sort((a, b) => a - b) as [number, number];
  // The lower id's row moves behind the other's in the table (an update writes a new row version), so an UPDATE that
  // scans the table meets the higher id first.
  await server.ctx.db.execute(sql`UPDATE devices SET name = name || '' WHERE id = ${low}`);
  const failures: unknown[] = [];
  const writer = new ContactWriter(server.ctx.db, (error) => failures.push(error), Date.now, 3_600_000);
  const store = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
  await store.connect();
  try {
    // A store locks the devices whose version it raises in id order (storeSchedules): the lower one first.
    await store.query('BEGIN');
    await store.query('SELECT id FROM devices WHERE id = $1 FOR NO KEY UPDATE', [low]);
    for (const deviceId of [high, low]) writer.note({ deviceId, at: Date.now(), ip: '10.0.0.9', version: null, scheduleState: null, scheduleExpiry: undefined });
    const flushed = writer.flush().then(
      () => undefined,
      (error: Error) => error,
    );
    await expect.poll(waitingOnLocks, { timeout: 15_000, interval: 20 }).toBe(1);
    // The store goes on to the higher id. A contact write that had locked it while it waited for the lower one closed
    // a circle: PostgreSQL waited its deadlock_timeout (1 s) and failed one of the two.
    const started = performance.now();
    await store.query('SELECT id FROM devices WHERE id = $1 FOR NO KEY UPDATE', [high]);
    const waited = performance.now() - started;
    await store.query('COMMIT');
    expect(await flushed).toBeUndefined();
    expect(failures).toEqual([]);
    expect(waited).toBeLessThan(500);
  } finally {
    await store.end();
  }
  const written = (await server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM devices WHERE id IN (${low}, ${high}) AND ip = '10.0.0.9'`)) as unknown as { rows: { n: number }[] };
  expect(written.rows[0]!.n).toBe(2);
});
