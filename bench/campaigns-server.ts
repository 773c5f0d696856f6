import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertDevicesBulk, insertOffice, type DeviceInsert } from '../server/db/devices.ts';
import { DEVICE_TYPES, SCHEDULE_STATES } from '../src/services/schemas/devices.ts';
import { benchIp, benchKey, benchSerial, pinned } from './devices-server.ts';
import { spawnBenchServer, type BenchServer } from './lib.ts';

/*
 * Child process of bench/campaigns.bench.ts: the real server (PGlite in a temporary DATA_DIR) with <count> horizontal
 * devices, so that one campaign can take all of them. Prints one JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/campaigns-server.ts <count>
 */
async function real(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-campaigns-'));
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
      position: 'horizontal',
      scheduleState: SCHEDULE_STATES[i % SCHEDULE_STATES.length]!,
      ip: benchIp(i),
      lastConnection: i % 3 === 0 ? new Date(now - 10_000) : i % 3 === 1 ? new Date(now - 600_000) : null,
      isActive: i % 25 !== 0,
      deviceKey: benchKey(i),
      userId: 1,
    });
  }
  await insertDevicesBulk(ctx.db, rows);
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

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export async function startCampaignsServer(count: number): Promise<BenchServer> {
  const script = fileURLToPath(import.meta.url);
  const command = pinned ? 'taskset' : process.execPath;
  return spawnBenchServer(command, [...(pinned ? ['-c', '1', process.execPath] : []), '--import', 'tsx', script, String(count)]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await real(Number(process.argv[2] ?? 10000));
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
}
