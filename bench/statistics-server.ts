import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/index.ts';
import { bare } from './devices-server.ts';
import { serveWhenRunDirectly, type LocalBenchServer } from './lib.ts';

/*
 * Child process of bench/statistics.bench.ts (pinned to a core of its own):
 *   tsx bench/statistics-server.ts bare                     a bare Fastify route answering {}
 *   tsx bench/statistics-server.ts app <plays> [infoFile]   the real server (PGlite, or DATABASE_URL) with 1,000 devices
 *     (BENCH-STATS-0001.., key "bench-key"), 10 campaigns of 100 devices, 20 media, one published event per campaign
 *     and media pair, and <plays> plays over the 30 days from the first day with their hourly roll-ups, seeded by
 *     generate_series in SQL (writing 10,000,000 plays through the route would take the bench most of an hour), with
 *     the tables' indexes dropped while they fill and built again after (a sorted build is many times faster than
 *     10,000,000 inserts into each index). It writes {firstDay, seedSeconds, cached} to infoFile before it listens.
 *
 * The seeded PGlite database is kept between runs when it holds at least a million plays (seeding 10,000,000 takes
 * minutes): in $TMPDIR/vitrine-bench-stats-cache/<plays>-<key>, the key hashing the plays migrations and the seed's
 * version, so a change to either seeds afresh (other new migrations are applied to the cached database at start).
 * STATS_BENCH_CACHE=0 seeds into a temporary directory removed afterwards; deleting the cache directory frees its space
 * (about 3 GB for 10,000,000 plays). One bench run at a time uses a cache.
 */

export const DEVICES = 1000;
export const CAMPAIGNS = 10;
export const MEDIA = 20;
export const DAYS = 30;
/** Raise when the seeded data changes, so cached databases are seeded again. */
const SEED_VERSION = 2;

type Run = (statement: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }>;

/** Drops a table's indexes (its primary key too), runs fill, and builds them again from their definitions. */
async function withoutIndexes(run: Run, table: string, fill: () => Promise<void>) {
  const { rows } = await run(sql`SELECT i.indexname AS name, i.indexdef AS definition, c.conname AS constraint
                                 FROM pg_indexes i LEFT JOIN pg_constraint c ON c.conindid = (quote_ident(i.indexname))::regclass
                                 WHERE i.schemaname = current_schema() AND i.tablename = ${table}`);
  const indexes = rows as { name: string; definition: string; constraint: string | null }[];
  for (const index of indexes) {
    await run(index.constraint ? sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${index.constraint}`) : sql.raw(`DROP INDEX ${index.name}`));
  }
  await fill();
  for (const index of indexes) {
    await run(sql.raw(index.definition));
    if (index.constraint) await run(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${index.constraint} PRIMARY KEY USING INDEX ${index.name}`));
  }
}

/** Seeds the fleet, campaigns, media, published events and `plays` plays from firstDay (YYYY-MM-DD) on. */
export async function seed(db: Db, plays: number, firstDay: string) {
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement) as unknown as ReturnType<Run>;
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
                SELECT c, 'Loop ' || m, m, ${firstDay}::date, current_date + 30, true, true FROM generate_series(1, ${CAMPAIGNS}) c, generate_series(1, ${MEDIA}) m ORDER BY c, m`);
  await run(sql`INSERT INTO published_events (id, campaign_id, title, media_id, start_date, end_date, all_day, weekdays, priority, devices)
                SELECT e.id, e.campaign_id, e.title, e.media_id, e.start_date, e.end_date, true, '{}', 0,
                  ARRAY(SELECT device_id FROM campaign_devices cd WHERE cd.campaign_id = e.campaign_id)
                FROM events e`);
  if (plays > 0) {
    await run(sql`SET maintenance_work_mem = '256MB'`);
    // Play n: device n % DEVICES + 1 (its campaign follows), media n / DEVICES % MEDIA + 1, spread evenly over the days.
    await withoutIndexes(run, 'plays', async () => {
      await run(sql`INSERT INTO plays (device_id, play_id, started_at, duration, event_id, campaign_id, media_id)
                    SELECT n % ${DEVICES} + 1, 'seed-' || n,
                      ${firstDay}::date::timestamptz + (n::float8 / ${plays}) * interval '${sql.raw(String(DAYS))} days', 10,
                      (((n % ${DEVICES}) / ${DEVICES / CAMPAIGNS})) * ${MEDIA} + (n / ${DEVICES}) % ${MEDIA} + 1,
                      (n % ${DEVICES}) / ${DEVICES / CAMPAIGNS} + 1, (n / ${DEVICES}) % ${MEDIA} + 1
                    FROM generate_series(0, ${plays - 1}) n`);
    });
    // Roll-up rows in hour order, as ingest writes them while the hours pass (each hour's rows together on disk).
    await withoutIndexes(run, 'play_hours', async () => {
      await run(sql`INSERT INTO play_hours (campaign_id, hour, device_id, media_id, event_id, plays, seconds)
                    SELECT campaign_id, date_trunc('hour', started_at, 'UTC'), device_id, media_id, event_id, count(*), sum(duration)
                    FROM plays GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 1, 3, 4, 5`);
    });
    await withoutIndexes(run, 'play_hours_device', async () => {
      await run(sql`INSERT INTO play_hours_device (campaign_id, hour, device_id, plays, seconds)
                    SELECT campaign_id, hour, device_id, sum(plays), sum(seconds) FROM play_hours GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`);
    });
    await withoutIndexes(run, 'play_hours_media', async () => {
      await run(sql`INSERT INTO play_hours_media (campaign_id, hour, media_id, plays, seconds)
                    SELECT campaign_id, hour, media_id, sum(plays), sum(seconds) FROM play_hours GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`);
    });
    await run(sql`RESET maintenance_work_mem`);
    for (const table of ['plays', 'play_hours', 'play_hours_device', 'play_hours_media']) await run(sql.raw(`VACUUM ANALYZE ${table}`));
  }
}

/**
 * GET /__bench/memory: this process's memory, sampled every 20 ms: {rss, heap} now and their peaks since the last
 * ?reset=1, in MB; ?gc=1 collects garbage first (the bench starts this script with --expose-gc). Bench only.
 */
function memoryRoute(app: FastifyInstance) {
  const mb = (bytes: number) => bytes / 1_048_576;
  let peak = { rss: 0, heap: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, mb(rss)), heap: Math.max(peak.heap, mb(heapUsed)) };
    return { rss: mb(rss), heap: mb(heapUsed) };
  };
  const timer = setInterval(sample, 20);
  timer.unref();
  app.get('/__bench/memory', async (request) => {
    const query = request.query as { gc?: string; reset?: string };
    if (query.gc) (globalThis as { gc?: () => void }).gc?.();
    const now = sample();
    const answer = { ...now, peakRss: peak.rss, peakHeap: peak.heap };
    if (query.reset) peak = now;
    return answer;
  });
}

/** The cache directory for a seed of `plays` plays: named by the migrations and the seed's version. */
function cacheDir(plays: number): string {
  // Other migrations (landed after the seed) are applied to the cached database when the server starts, as in production.
  const folder = path.join(import.meta.dirname, '..', 'server', 'db', 'migrations');
  const hash = createHash('sha256').update(String(SEED_VERSION));
  for (const file of fs.readdirSync(folder).filter((name) => /^\d{4}[a-z]?_play(s|_)/.test(name)).sort()) hash.update(`${file}:${fs.readFileSync(path.join(folder, file), 'utf8')}`);
  const key = hash.digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), 'vitrine-bench-stats-cache', `${plays}-${key}`);
}

export async function real(plays: number, infoFile?: string): Promise<LocalBenchServer> {
  const cached = !process.env.DATABASE_URL && plays >= 1_000_000 && process.env.STATS_BENCH_CACHE !== '0';
  const dataDir = cached ? cacheDir(plays) : fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-stats-'));
  const marker = path.join(dataDir, 'seeded.json');
  const reused = cached && fs.existsSync(marker);
  if (cached && !reused) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  let info: { firstDay: string; seedSeconds: number; cached: boolean };
  if (reused) {
    info = { ...(JSON.parse(fs.readFileSync(marker, 'utf8')) as { firstDay: string; seedSeconds: number }), cached: true };
    process.stderr.write(`reusing ${plays} plays seeded on ${info.firstDay} in ${dataDir}\n`);
  } else {
    await ensureAdmin(ctx, 'bench-admin-password');
    const started = Date.now();
    const firstDay = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
    await seed(ctx.db, plays, firstDay);
    info = { firstDay, seedSeconds: (Date.now() - started) / 1000, cached: false };
    process.stderr.write(`seeded ${plays} plays in ${info.seedSeconds.toFixed(0)} s (${ctx.database.kind})\n`);
    if (cached) fs.writeFileSync(marker, JSON.stringify({ firstDay, seedSeconds: info.seedSeconds }));
  }
  if (infoFile) fs.writeFileSync(infoFile, JSON.stringify(info));
  const app = await buildApp(ctx, { logger: false });
  memoryRoute(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await ctx.database.close();
      if (!cached) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

await serveWhenRunDirectly(import.meta.url, async () => {
  const [mode, count, infoFile] = process.argv.slice(2);
  if (mode === 'bare') return bare();
  return real(Number(count ?? 0), infoFile);
});
