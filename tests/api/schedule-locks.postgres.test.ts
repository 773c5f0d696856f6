import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
