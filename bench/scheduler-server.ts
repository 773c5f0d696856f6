import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertDevicesBulk, insertOffice, type DeviceInsert } from '../server/db/devices.ts';
import type { Db } from '../server/db/index.ts';
import { insertMediaFiles } from '../server/db/media.ts';
import { benchIp, benchKey, benchSerial } from './devices-server.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';

/*
 * Child process of bench/scheduler.bench.ts: the real server (PGlite in a temporary DATA_DIR) with <devices> horizontal
 * screens in 20 offices across 5 time zones, all in one campaign (id 1) with <events> unpublished weekly-repeating
 * events, each on every device (events 1..5 play a committed playlist of 3 tracks, the others an image). Prints one
 * JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/scheduler-server.ts <devices> <events>
 */

export const BENCH_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'Australia/Sydney'];

async function real(count: number, events: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-scheduler-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  await seedScheduler(ctx.db, count, events);
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

/** The bench's fleet, campaign 1 and its events (see the top of the file). */
export async function seedScheduler(db: Db, count: number, events: number): Promise<void> {
  const officeIds: number[] = [];
  for (let c = 1; c <= 5; c += 1) {
    const company = await insertCompany(db, { name: `Bench company ${c}` });
    for (let o = 1; o <= 4; o += 1) {
      officeIds.push((await insertOffice(db, { companyId: company.id, name: `Bench office ${c}.${o}`, timezone: BENCH_ZONES[(c + o) % BENCH_ZONES.length] })).id);
    }
  }
  const rows: DeviceInsert[] = [];
  for (let i = 1; i <= count; i += 1) {
    rows.push({ sn: benchSerial(i), name: `Screen ${i}`, officeId: officeIds[i % officeIds.length]!, position: 'horizontal', ip: benchIp(i), deviceKey: benchKey(i), userId: 1 });
  }
  await insertDevicesBulk(db, rows);
  const media = await insertMediaFiles(
    db,
    Array.from({ length: 4 }, (_, i) => ({
      name: `Bench poster ${i + 1}`,
      screenPosition: 'horizontal' as const,
      deviceType: 'android' as const,
      kind: 'image' as const,
      originalName: `poster-${i + 1}.png`,
      sourceExt: 'png',
      mimeType: 'image/png',
      sizeBytes: 100_000 + i,
      status: 'ready_to_play' as const,
    })),
  );
  const tracks = JSON.stringify(media.slice(0, 3).map((m) => ({ media: m.id, duration: 10 })));
  await db.execute(sql`INSERT INTO playlists (name, screen_position, version, committed, tracks_count, duration) VALUES ('Bench loop', 'horizontal', 1, true, 3, 30)`);
  await db.execute(sql`INSERT INTO playlist_tracks (playlist_id, media_id, position, duration) SELECT 1, (t->>'media')::int, ord, 10 FROM jsonb_array_elements(${tracks}::jsonb) WITH ORDINALITY AS x(t, ord)`);
  await db.execute(sql`INSERT INTO playlist_versions (playlist_id, version, tracks, duration) VALUES (1, 1, ${tracks}::jsonb, 30)`);
  await db.execute(sql`INSERT INTO campaigns (name, screen_position) VALUES ('Bench campaign', 'horizontal')`);
  await db.execute(sql`INSERT INTO campaign_devices (campaign_id, device_id) SELECT 1, id FROM devices`);
  // Weekly repeats around today: hour slots from 06:00 on, on 3 to 7 days of the week, a few overlapping with priorities.
  const today = Temporal.Now.plainDateISO('UTC');
  for (let e = 1; e <= events; e += 1) {
    const hour = 6 + (e % 16);
    const weekdays = [1, 2, 3, 4, 5, 6, 7].filter((day) => (day + e) % 7 < 3 + (e % 5));
    await db.execute(sql`
      INSERT INTO events (campaign_id, title, media_id, playlist_id, start_date, start_time, end_date, end_time, color, weekdays, priority)
      VALUES (1, ${`Bench event ${e}`}, ${e <= 5 ? null : media[3]!.id}, ${e <= 5 ? 1 : null}, ${today.subtract({ days: 10 }).toString()},
              ${`${String(hour).padStart(2, '0')}:00`}, ${today.add({ days: 60 }).toString()}, ${`${String(hour).padStart(2, '0')}:45`}, '#3788d8',
              ${`{${weekdays.join(',')}}`}::smallint[], ${e % 3})`);
  }
  await db.execute(sql`INSERT INTO event_devices (event_id, device_id) SELECT e.id, d.id FROM events e CROSS JOIN devices d`);
  await db.execute(sql`DELETE FROM schedule_dirty`);
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export function startSchedulerServer(devices: number, events: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [String(devices), String(events)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(Number(process.argv[2] ?? 10000), Number(process.argv[3] ?? 50)));
