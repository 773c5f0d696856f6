import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertDevicesBulk, type DeviceInsert } from '../server/db/devices.ts';
import { insertGroup } from '../server/db/groups.ts';
import { insertUser } from '../server/db/users.ts';
import { DEVICE_POSITIONS, DEVICE_TYPES, SCHEDULE_STATES } from '../src/services/schemas/devices.ts';
import { listenBenchApp, serveWhenRunDirectly, spawnBenchScript, type BenchServer } from './lib.ts';

/*
 * Child process of bench/scope.bench.ts: the real server (PGlite in a temporary DATA_DIR) with 100 companies of two
 * offices each, <count> devices spread over the offices, and a user `scoped` (password SCOPED_PASSWORD) in a group of
 * five companies with view rights on devices. Prints one JSON line {port} when listening; SIGTERM stops it.
 *   tsx bench/scope-server.ts <count>
 */
export const COMPANIES = 100;
export const SCOPED_COMPANIES = [3, 23, 43, 63, 83];
export const SCOPED_PASSWORD = 'bench-scoped-password-1';

async function real(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-scope-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, 'bench-admin-password');
  await ctx.db.execute(sql`INSERT INTO companies (name) SELECT 'Bench company ' || g FROM generate_series(1, ${COMPANIES}) g`);
  await ctx.db.execute(sql`INSERT INTO offices (company_id, name) SELECT c.id, c.name || ' office ' || o FROM companies c, generate_series(1, 2) o ORDER BY c.id, o`);
  const officeIds = ((await ctx.db.execute(sql`SELECT id FROM offices ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const now = Date.now();
  const rows: DeviceInsert[] = [];
  for (let i = 1; i <= count; i += 1) {
    rows.push({
      sn: `SCOPE-${String(i).padStart(6, '0')}`,
      name: `Screen ${i}`,
      officeId: officeIds[i % officeIds.length]!,
      deviceType: DEVICE_TYPES[i % DEVICE_TYPES.length]!,
      position: DEVICE_POSITIONS[i % DEVICE_POSITIONS.length]!,
      scheduleState: SCHEDULE_STATES[i % SCHEDULE_STATES.length]!,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      lastConnection: i % 3 === 0 ? new Date(now - 10_000) : i % 3 === 1 ? new Date(now - 600_000) : null,
      isActive: i % 25 !== 0,
      deviceKey: `scope-key-${i}`,
      userId: 1,
    });
  }
  await insertDevicesBulk(ctx.db, rows);
  const group = await insertGroup(ctx.db, { name: 'Bench five companies', companies: SCOPED_COMPANIES, permissions: { devices: 'view' } });
  await insertUser(ctx.db, 'scoped', await hashPassword(SCOPED_PASSWORD), [group]);
  await ctx.db.execute(sql`ANALYZE`);
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

export function startScopeServer(count: number): Promise<BenchServer> {
  return spawnBenchScript(import.meta.url, [String(count)]);
}

await serveWhenRunDirectly(import.meta.url, () => real(Number(process.argv[2] ?? 10_000)));
