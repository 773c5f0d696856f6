import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertDevicesBulk, insertOffice, type DeviceInsert } from '../server/db/devices.ts';
import { DEVICE_POSITIONS, DEVICE_TYPES, SCHEDULE_STATES } from '../src/services/schemas/devices.ts';
import { pinned, spawnBenchServer, type BenchServer } from './lib.ts';

/*
 * Child process of bench/devices.bench.ts, so that the server runs on a core of its own:
 *   tsx bench/devices-server.ts bare          a bare Fastify route answering {}
 *   tsx bench/devices-server.ts app <count>   the real server (PGlite in a temporary DATA_DIR) with <count> devices
 * Prints one JSON line {port} when listening; SIGTERM stops it.
 */

export const benchSerial = (i: number) => `BENCH-${String(i).padStart(6, '0')}`;
export const benchKey = (i: number) => `bench-key-${i}`;
/** The address a bench device is seeded with and reports in its heartbeats, as a player on a LAN does (server/simulate.ts). */
export const benchIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export async function bare() {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({}));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
}

export async function real(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-devices-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  const officeIds: number[] = [];
  for (let c = 1; c <= 5; c += 1) {
    const company = await insertCompany(ctx.db, { name: `Bench company ${c}` });
    for (let o = 1; o <= 4; o += 1) officeIds.push((await insertOffice(ctx.db, { companyId: company.id, name: `Bench office ${c}.${o}` })).id);
  }
  const now = Date.now();
  const rows: DeviceInsert[] = [];
  for (let i = 1; i <= count; i += 1) {
    rows.push({
      sn: benchSerial(i),
      mac: `02:BE:00:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`,
      name: `Screen ${i}`,
      officeId: officeIds[i % officeIds.length]!,
      deviceType: DEVICE_TYPES[i % DEVICE_TYPES.length]!,
      position: DEVICE_POSITIONS[i % DEVICE_POSITIONS.length]!,
      scheduleState: SCHEDULE_STATES[i % SCHEDULE_STATES.length]!,
      ip: benchIp(i),
      description: i % 10 === 0 ? 'Outdoor' : '',
      // a third online, a third offline for minutes, a third never seen
      lastConnection: i % 3 === 0 ? new Date(now - 10_000) : i % 3 === 1 ? new Date(now - 600_000) : null,
      isActive: i % 25 !== 0,
      deviceKey: benchKey(i),
      userId: 1,
    });
  }
  await insertDevicesBulk(ctx.db, rows);
  // The files the delivery heartbeats report playing and skipping (media 1 to 51, bench/devices.bench.ts deliveryFields),
  // ready to play, as a player's schedule names them: their skips are summed and their status follows what plays.
  await ctx.db.execute(sql`
    INSERT INTO media_files (name, screen_position, device_type, kind, original_name, source_ext, mime_type, size_bytes, status)
    SELECT 'Bench clip ' || g, 'horizontal', 'tvpi', 'video', 'bench.mp4', 'mp4', 'video/mp4', 1000, 'ready_to_play' FROM generate_series(1, 51) g`);
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await ctx.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { pinned } from './lib.ts';

/**
 * Keeps the calling process (the load generator) off the server's core: with the server pinned to core 1 and the
 * client free to run anywhere, the scheduler sometimes put both on core 1 and the latencies measured that.
 */
export function pinClientToCore0(): void {
  if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}

/** Starts this file as a child process (`bare`, or `app <count>`) and answers its origin once it listens. */
export async function startDevicesServer(args: string[]): Promise<BenchServer> {
  const script = fileURLToPath(import.meta.url);
  const command = pinned ? 'taskset' : process.execPath;
  // BENCH_SERVER_PROF=<dir> writes a V8 CPU profile of each bench server into <dir> (open it in Chrome's DevTools),
  // sampled every BENCH_SERVER_PROF_INTERVAL microseconds (default 1000; 100 to see the few microseconds of one hook).
  const profile = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`, '--cpu-prof-interval', process.env.BENCH_SERVER_PROF_INTERVAL ?? '1000'] : [];
  return spawnBenchServer(command, [...(pinned ? ['-c', '1', process.execPath] : []), ...profile, '--import', 'tsx', script, ...args]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode, count] = process.argv.slice(2);
  const server = mode === 'bare' ? await bare() : await real(Number(count ?? 10000));
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
}
