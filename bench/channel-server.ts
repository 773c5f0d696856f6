import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { insertCompany, insertDevicesBulk, insertOffice, type DeviceInsert } from '../server/db/devices.ts';
import { insertMediaFiles } from '../server/db/media.ts';
import { benchKey, benchSerial } from './devices-server.ts';
import { listenBenchApp, serveWhenRunDirectly } from './lib.ts';

/*
 * Child process of bench/channel.bench.ts: the real server with <count> active devices (BENCH-000001.., keys
 * bench-key-N) in one office, on PGlite in a temporary DATA_DIR, or on DATABASE_URL (a second instance passes
 * count 0 and seeds nothing). Prints {port} when listening; SIGTERM stops it.
 *   tsx bench/channel-server.ts <count> [databaseUrl]
 * Spawned with --expose-gc and an IPC channel (the memory part), it answers the message 'memory' with
 * process.memoryUsage() taken after full garbage collections, so the bench compares live memory rather than RSS alone.
 */
export const CHANNEL_BENCH_PASSWORD = 'bench-admin-password';

async function start() {
  const count = Number(process.argv[2] ?? 0);
  const databaseUrl = process.argv[3] || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-channel-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, CHANNEL_BENCH_PASSWORD);
  if (count > 0) {
    const company = await insertCompany(ctx.db, { name: 'Channel bench' });
    const office = await insertOffice(ctx.db, { companyId: company.id, name: 'Channel bench office' });
    const rows: DeviceInsert[] = [];
    for (let i = 1; i <= count; i += 1) {
      rows.push({ sn: benchSerial(i), name: `Screen ${i}`, officeId: office.id, deviceType: 'android', position: 'horizontal', isActive: true, deviceKey: benchKey(i), userId: 1 } as DeviceInsert);
    }
    await insertDevicesBulk(ctx.db, rows);
    await insertMediaFiles(ctx.db, [
      { name: 'Bench poster', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'p.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 10, status: 'ready_to_play' },
    ]);
  }
  return listenBenchApp(await buildApp(ctx, { logger: false }), ctx.database, dataDir);
}

/** The live memory after full collections (several: weak references and finalizers free more on the next pass). */
function collectedMemory(): NodeJS.MemoryUsage & { collected: boolean } {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; gc && i < 3; i += 1) gc();
  return { ...process.memoryUsage(), collected: gc !== undefined };
}

if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send!(collectedMemory());
  });
}

await serveWhenRunDirectly(import.meta.url, start);
