import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { createContext, ensureAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';

/*
 * Child process of bench/media.bench.ts: the real server (PGlite and the media store in a temporary DATA_DIR,
 * processing worker included), so that its memory can be sampled on its own.
 * Prints one JSON line {port, dataDir} when listening; SIGTERM stops it and removes the data.
 */

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-media-'));
  const ctx = await createContext(loadConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', demo: false }));
  await ensureAdmin(ctx, BENCH_ADMIN_PASSWORD);
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    dataDir,
    close: async () => {
      await app.close();
      await ctx.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await start();
  process.stdout.write(`${JSON.stringify({ port: server.port, dataDir: server.dataDir })}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
}
