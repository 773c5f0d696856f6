import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertOffice } from '../server/db/devices.ts';
import type { Db } from '../server/db/index.ts';
import { insertMediaFiles } from '../server/db/media.ts';
import { DEVICE_POSITIONS, DEVICE_TYPES, SCHEDULE_STATES } from '../src/services/schemas/devices.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';
import { BENCH_ZONES } from './scheduler-server.ts';

/*
 * Child process of bench/scale.bench.ts: the real server on a PostgreSQL database (its URL the first argument), seeded
 * on first start with <devices> devices by set-based SQL (generate_series; the same serials, keys, addresses and mix of
 * types, positions, states and contacts as bench/devices-server.ts), one campaign (id 1) on all of them with 5 weekly
 * events of one image. Prints one JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/scale-server.ts <databaseUrl> <devices>
 */

export const EVENTS = 5;

async function real(databaseUrl: string, count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-scale-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  const seeded = (await ctx.db.execute(sql`SELECT count(*)::int AS devices FROM devices`)) as unknown as { rows: { devices: number }[] };
  if (seeded.rows[0]!.devices === 0) await seedScale(ctx.db, count);
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

async function seedScale(db: Db, count: number): Promise<void> {
  const started = performance.now();
  for (let c = 1; c <= 5; c += 1) {
    const company = await insertCompany(db, { name: `Bench company ${c}` });
    for (let o = 1; o <= 4; o += 1) await insertOffice(db, { companyId: company.id, name: `Bench office ${c}.${o}`, timezone: BENCH_ZONES[(c + o) % BENCH_ZONES.length] });
  }
  // Fixed words of the schemas, written into the statement (drizzle would send a JS array as a tuple of parameters).
  const pick = (words: readonly string[]) => sql.raw(`(ARRAY[${words.map((w) => `'${w}'`).join(',')}])[1 + i % ${words.length}]`);
  const byte = (shift: number) => sql.raw(`upper(lpad(to_hex((i >> ${shift}) & 255), 2, '0'))`);
  await db.execute(sql`
    INSERT INTO devices (sn, mac, name, office_id, device_type, position, schedule_state, ip, description, last_connection, is_active, device_key, user_id)
    SELECT 'BENCH-' || lpad(i::text, 6, '0'),
           '02:BE:00:' || ${byte(16)} || ':' || ${byte(8)} || ':' || ${byte(0)},
           'Screen ' || i,
           offices.ids[1 + i % array_length(offices.ids, 1)],
           ${pick(DEVICE_TYPES)},
           ${pick(DEVICE_POSITIONS)},
           ${pick(SCHEDULE_STATES)},
           '10.' || ((i >> 16) & 255) || '.' || ((i >> 8) & 255) || '.' || (i & 255),
           CASE WHEN i % 10 = 0 THEN 'Outdoor' ELSE '' END,
           CASE i % 3 WHEN 0 THEN now() - interval '10 seconds' WHEN 1 THEN now() - interval '10 minutes' END,
           i % 25 <> 0,
           'bench-key-' || i,
           1
    FROM generate_series(1, ${count}::int) AS i, (SELECT array_agg(id ORDER BY id) AS ids FROM offices) AS offices`);
  const [image] = await insertMediaFiles(db, [
    { name: 'Bench poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'poster.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 100_000, status: 'ready_to_play' },
  ]);
  await db.execute(sql`INSERT INTO campaigns (name, screen_position) VALUES ('Bench campaign', 'horizontal')`);
  await db.execute(sql`INSERT INTO campaign_devices (campaign_id, device_id) SELECT 1, id FROM devices`);
  const today = Temporal.Now.plainDateISO('UTC');
  for (let e = 1; e <= EVENTS; e += 1) {
    const hour = String(6 + e * 2).padStart(2, '0');
    await db.execute(sql`
      INSERT INTO events (campaign_id, title, media_id, start_date, start_time, end_date, end_time, color, weekdays, priority)
      VALUES (1, ${`Bench event ${e}`}, ${image!.id}, ${today.subtract({ days: 10 }).toString()}, ${`${hour}:00`}, ${today.add({ days: 60 }).toString()},
              ${`${hour}:45`}, '#3788d8', '{1,2,3,4,5,6,7}'::smallint[], ${e % 3})`);
  }
  await db.execute(sql`INSERT INTO event_devices (event_id, device_id) SELECT e.id, d.id FROM events e CROSS JOIN devices d`);
  await db.execute(sql`DELETE FROM schedule_dirty`);
  await db.execute(sql`VACUUM ANALYZE`);
  console.error(`  seeded ${count} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export function startScaleServer(databaseUrl: string, devices: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [databaseUrl, String(devices)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(process.argv[2]!, Number(process.argv[3] ?? 10000)));
