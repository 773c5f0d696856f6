/*
 * npm run fuzz [-- --requests N --seed S]: a large random run of the API fuzzer (tests/api/fuzz.harness.ts) on a fresh
 * server (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set). Prints the requests tried and the status
 * counts; exits 1 on any 5xx or any change made by a refused request.
 */
import { signIn, startTestServer } from '../helpers/server.ts';
import { runFuzz, seed } from './fuzz.harness.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const requests = Number(argument('requests') ?? 20_000);
const seedValue = Number(argument('seed') ?? Date.now() % 2 ** 31);

const server = await startTestServer({ scheduleCompileMs: 0 }); // the schedule compiler would write between a request's before and after digests
const { access } = await signIn(server);
await seed(server, access);
const started = Date.now();
console.log(`fuzz: ${requests} requests, seed ${seedValue}, ${server.ctx.database.kind}, ${server.app.routeTable.length} routes`);
const report = await runFuzz(server, {
  seed: seedValue,
  count: requests,
  onProgress: (done) => {
    if (done % 2000 === 0) console.log(`  ${done} requests (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  },
});
await server.close();

const statuses = Object.entries(report.statuses).sort(([a], [b]) => Number(a) - Number(b));
console.log(`requests tried: ${report.tried} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`status counts: ${statuses.map(([status, n]) => `${status}: ${n}`).join(', ')}`);
console.log(`answers of 5xx: ${report.serverErrors.length}`);
console.log(`refused requests that changed the database: ${report.refusedChanges.length}`);
for (const failure of report.serverErrors.slice(0, 10)) console.log('  5xx', failure.status, failure.request.method, failure.request.url.slice(0, 200), failure.request.body?.payload.slice(0, 200), failure.body);
for (const failure of report.refusedChanges.slice(0, 10)) console.log('  changed', failure.status, failure.request.method, failure.request.url.slice(0, 200), failure.tables.join(','));
process.exit(report.serverErrors.length || report.refusedChanges.length ? 1 : 0);
