import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { bare } from './devices-server.ts';
import { listenBenchApp, serveWhenRunDirectly, type LocalBenchServer } from './lib.ts';

/*
 * Child process of bench/statistics.bench.ts (pinned to a core of its own):
 *   tsx bench/statistics-server.ts bare          a bare Fastify route answering {}
 *   tsx bench/statistics-server.ts app <plays>   the real server (PGlite in a temporary DATA_DIR, or DATABASE_URL) with
 *     1,000 devices (BENCH-STATS-0001.., key "bench-key"), 10 campaigns of 100 devices, 20 media, one published event per
 *     campaign and media pair, and <plays> plays over the 30 days before today with their hourly roll-ups, seeded by
 *     generate_series in SQL (writing 10,000,000 plays through the route would take the bench most of an hour).
 */

export const DEVICES = 1000;
export const CAMPAIGNS = 10;
export const MEDIA = 20;
export const DAYS = 30;

export async function seed(db: ReturnType<typeof Object>, plays: number) {
  const run = (statement: ReturnType<typeof sql>) => (db as { execute(s: unknown): Promise<unknown> }).execute(statement);
  await run(sql`INSERT INTO companies (name) VALUES ('Bench stats')`);
  await run(sql`INSERT INTO offices (company_id, name) SELECT id, 'Bench stats office' FROM companies WHERE name = 'Bench stats'`);
  await run(sql`INSERT INTO devices (sn, name, device_key, office_id, position)
                SELECT 'BENCH-STATS-' || lpad(n::text, 4, '0'), 'Screen ' || n, 'bench-key', (SELECT id FROM offices WHERE name = 'Bench stats office'), 'horizontal'
                FROM generate_series(1, ${DEVICES}) n`);
  await run(sql`INSERT INTO campaigns (name, screen_position) SELECT 'Bench campaign ' || n, 'horizontal' FROM generate_series(1, ${CAMPAIGNS}) n`);
  await run(sql`INSERT INTO campaign_devices (campaign_id, device_id)
                SELECT c.id, d.id FROM campaigns c JOIN devices d ON (d.id - 1) / ${DEVICES / CAMPAIGNS} = (c.id - 1)`);
  await run(sql`INSERT INTO media_files (name, screen_position, device_type, kind, original_name, source_ext, mime_type, size_bytes, duration, status)
                SELECT 'Bench clip ' || n, 'horizontal', 'tvpi', 'video', 'clip.mp4', 'mp4', 'video/mp4', 1000, 10, 'ready_to_play' FROM generate_series(1, ${MEDIA}) n`);
  // Event (c - 1) * MEDIA + m shows media m in campaign c.
  await run(sql`INSERT INTO events (campaign_id, title, media_id, start_date, end_date, all_day, published)
                SELECT c, 'Loop ' || m, m, current_date - ${DAYS}::int, current_date + 30, true, true FROM generate_series(1, ${CAMPAIGNS}) c, generate_series(1, ${MEDIA}) m ORDER BY c, m`);
  await run(sql`INSERT INTO published_events (id, campaign_id, title, media_id, start_date, end_date, all_day, weekdays, priority, devices)
                SELECT e.id, e.campaign_id, e.title, e.media_id, e.start_date, e.end_date, true, '{}', 0,
                  ARRAY(SELECT device_id FROM campaign_devices cd WHERE cd.campaign_id = e.campaign_id)
                FROM events e`);
  if (plays > 0) {
    // Play n: device n % DEVICES + 1 (its campaign follows), media n / DEVICES % MEDIA + 1, spread evenly over the days.
    await run(sql`INSERT INTO plays (device_id, play_id, started_at, duration, event_id, campaign_id, media_id)
                  SELECT n % ${DEVICES} + 1, 'seed-' || n,
                    (current_date - ${DAYS}::int)::timestamptz + (n::float8 / ${plays}) * interval '${sql.raw(String(DAYS))} days', 10,
                    (((n % ${DEVICES}) / ${DEVICES / CAMPAIGNS})) * ${MEDIA} + (n / ${DEVICES}) % ${MEDIA} + 1,
                    (n % ${DEVICES}) / ${DEVICES / CAMPAIGNS} + 1, (n / ${DEVICES}) % ${MEDIA} + 1
                  FROM generate_series(0, ${plays - 1}) n`);
    await run(sql`INSERT INTO play_hours (campaign_id, hour, device_id, media_id, event_id, plays, seconds)
                  SELECT campaign_id, date_trunc('hour', started_at, 'UTC'), device_id, media_id, event_id, count(*), sum(duration)
                  FROM plays GROUP BY 1, 2, 3, 4, 5`);
    await run(sql`ANALYZE plays`);
    await run(sql`ANALYZE play_hours`);
  }
}

export async function real(plays: number): Promise<LocalBenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-stats-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  const started = Date.now();
  await seed(ctx.db, plays);
  process.stderr.write(`seeded ${plays} plays in ${((Date.now() - started) / 1000).toFixed(0)} s (${ctx.database.kind})\n`);
  const app = await buildApp(ctx, { logger: false });
  return listenBenchApp(app, ctx.database, dataDir);
}

await serveWhenRunDirectly(import.meta.url, async () => {
  const [mode, count] = process.argv.slice(2);
  if (mode === 'bare') return bare();
  return real(Number(count ?? 0));
});
