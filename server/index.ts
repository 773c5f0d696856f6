import { buildApp } from './app.ts';
import { createContext, ensureAdmin } from './bootstrap.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const ctx = await createContext(config);
const password = await ensureAdmin(ctx);
if (password) {
  console.log(`\n  Vitrine: created the administrator.\n    username: admin\n    password: ${password}\n  (also written to ${config.dataDir}/initial-admin-password)\n`);
}
if (config.demo) {
  const { loadDemo } = await import('./demo.ts');
  await loadDemo(ctx);
}
const app = await buildApp(ctx);
await app.listen({ port: config.port, host: config.host });
// The port actually bound (PORT=0 picks a free one: the two-instance test starts servers that way).
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`  Vitrine is running on http://localhost:${port} (${ctx.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    let code = 0;
    try {
      await app.close();
      await ctx.database.close();
    } catch (error) {
      console.error('Vitrine: shutting down failed', error);
      code = 1;
    }
    process.exit(code);
  });
}
