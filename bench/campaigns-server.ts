import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertDevicesBulk, insertOffice, type DeviceInsert } from '../server/db/devices.ts';
import { DEVICE_TYPES, SCHEDULE_STATES } from '../src/services/schemas/devices.ts';
import { benchIp, benchKey, benchSerial } from './devices-server.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';

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
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

/** Starts this file as a child process pinned to core 1 (when there are two cores) and answers its origin. */
export function startCampaignsServer(count: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [String(count)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(Number(process.argv[2] ?? 10000)));
