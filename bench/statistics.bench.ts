import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile, pinned, printMeasurements, spawnBenchServer, type BenchServer, type Measurement } from './lib.ts';

/*
 * npm run bench -- statistics
 * - Ingest: POST /player/plays/ in batches of 500 from four players at once for 10 s against the real server (PGlite,
 *   pinned to one core), then the same bodies against a bare Fastify route; plays accepted per second and the ratio.
 * - With 10,000,000 plays stored (seeded by generate_series in SQL, see statistics-server.ts; STATS_BENCH_PLAYS
 *   changes the count): p95 of a 24-hour campaign statistics query (200 requests) and of a compare of 10 entities (100).
 * - An unload of 1,000,000 raw plays (3 of the 30 seeded days): the server's resident memory growth while it streams,
 *   and rows per second.
 */

const SERVER = new URL('./statistics-server.ts', import.meta.url).href;

/** Starts statistics-server.ts pinned to core 1 (when `pinned`); STATS_BENCH_CPU_PROF=<dir> writes its CPU profile there. */
function spawnBenchScript(scriptUrl: string, args: string[]): Promise<BenchServer> {
  const profile = process.env.STATS_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STATS_BENCH_CPU_PROF}`] : [];
  const node = [...profile, '--expose-gc', '--import', 'tsx', fileURLToPath(scriptUrl), ...args];
  return pinned ? spawnBenchServer('taskset', ['-c', '1', process.execPath, ...node]) : spawnBenchServer(process.execPath, node);
}
const PLAYS = Number(process.env.STATS_BENCH_PLAYS ?? 10_000_000);
const DAYS = 30;

function batch(worker: number, start: number): string {
  const now = Date.now();
  const plays = Array.from({ length: 500 }, (_, i) => ({ id: `w${worker}-${start + i}`, event: 1, media: 1, started_at: new Date(now - ((start + i) % 86_400) * 1000).toISOString(), duration: 10 }));
  return JSON.stringify({ plays });
}

async function drive(url: string, worker: number, headers: Record<string, string>, until: number): Promise<{ requests: number; accepted: number }> {
  let requests = 0;
  let accepted = 0;
  while (Date.now() < until) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: batch(worker, requests * 500) });
    const answer = (await response.json()) as { accepted?: number };
    requests += 1;
    accepted += answer.accepted ?? 0;
  }
  return { requests, accepted };
}

async function ingest(): Promise<Measurement[]> {
  const workers = [1, 2, 3, 4];
  const seconds = 10;
  const app = await spawnBenchScript(SERVER, ['app', '0']);
  let playsPerSecond = 0;
  try {
    const until = Date.now() + seconds * 1000;
    const results = await Promise.all(
      workers.map((w) => drive(`${app.origin}/api/v1/player/plays/`, w, { 'x-device-serial': `BENCH-STATS-${String(w).padStart(4, '0')}`, 'x-device-key': 'bench-key' }, until)),
    );
    playsPerSecond = results.reduce((sum, r) => sum + r.accepted, 0) / seconds;
  } finally {
    await app.stop();
  }
  const bareServer = await spawnBenchScript(SERVER, ['bare']);
  let barePlays = 0;
  try {
    const until = Date.now() + seconds * 1000;
    const results = await Promise.all(workers.map((w) => drive(`${bareServer.origin}/bare`, w, {}, until)));
    barePlays = (results.reduce((sum, r) => sum + r.requests, 0) * 500) / seconds;
  } finally {
    await bareServer.stop();
  }
  return [
    { name: `ingest: plays accepted per second (batches of 500, ${pinned ? 'one core' : 'unpinned'})`, value: Math.round(playsPerSecond), unit: 'plays/s', goal: { op: '>=', value: 20_000 } },
    { name: 'ingest: the same bodies to a bare Fastify route', value: Math.round(barePlays), unit: 'plays/s' },
    { name: 'ingest: ratio to the bare route', value: playsPerSecond / barePlays, unit: 'x' },
  ];
}


async function stored(): Promise<Measurement[]> {
  const infoFile = path.join(os.tmpdir(), `vitrine-bench-stats-info-${process.pid}.json`);
  const app = await spawnBenchScript(SERVER, ['app', String(PLAYS), infoFile]);
  const seeded = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { firstDay: string; seedSeconds: number; cached: boolean };
  fs.rmSync(infoFile, { force: true });
  try {
    const token = ((await (await fetch(`${app.origin}/api/v1/auth/token-obtain/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }) })).json()) as { access: string }).access;
    const headers = { authorization: `JWT ${token}` };
    const firstDay = new Date(`${seeded.firstDay}T00:00:00Z`);
    const day = (offset: number) => new Date(Date.UTC(firstDay.getUTCFullYear(), firstDay.getUTCMonth(), firstDay.getUTCDate() + offset)).toISOString().slice(0, 10);
    const timed = async (url: string) => {
      const t = performance.now();
      const response = await fetch(`${app.origin}/api/v1${url}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - t;
    };
    const campaign: number[] = [];
    for (let i = 0; i < 200; i += 1) campaign.push(await timed(`/statistics/?campaign=${(i % 10) + 1}&date=${day(1 + (i % 27))}&period=24`));
    const entities = ['device:5', 'device:150', 'device:420', 'device:999', 'campaign:1', 'campaign:4', 'campaign:9', 'media:2', 'media:11', 'media:20'].join(',');
    const compare: number[] = [];
    for (let i = 0; i < 100; i += 1) compare.push(await timed(`/statistics/compare/?entities=${entities}&date=${day(1 + (i % 27))}&period=24`));

    // The unload: 3 of the 30 days hold 1,000,000 of the 10,000,000 plays. Twice: the first (cold) also fills the
    // embedded database's buffer cache (shared_buffers, 128 MB, inside this process with PGlite); the second (warm)
    // shows what the unload itself holds. Memory is sampled in the server every 20 ms (GET /__bench/memory).
    const rows = Math.round((PLAYS * 3) / DAYS);
    const memory = async (query: string) => (await (await fetch(`${app.origin}/__bench/memory?${query}`)).json()) as { rss: number; heap: number; peakRss: number; peakHeap: number };
    const unload = async () => {
      const baseline = await memory('gc=1&reset=1');
      const t = performance.now();
      const response = await fetch(`${app.origin}/api/v1/statistics/unloads/?granularity=raw&from=${day(0)}&to=${day(2)}`, { headers });
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
      const seconds = (performance.now() - t) / 1000;
      const after = await memory('');
      const retained = await memory('gc=1');
      return { seconds, bytes, rss: after.peakRss - baseline.rss, heap: after.peakHeap - baseline.heap, retained: retained.heap - baseline.heap };
    };
    const cold = await unload();
    const warm = await unload();
    return [
      {
        name: `seeding ${PLAYS.toLocaleString('en')} plays (generate_series)${seeded.cached ? ', cached: when first seeded' : ''}`,
        value: seeded.seedSeconds,
        unit: 's',
      },
      { name: `campaign statistics, 24 h, p95 (${PLAYS.toLocaleString('en')} plays)`, value: percentile(campaign, 95), unit: 'ms', goal: { op: '<=', value: 100 } },
      { name: 'compare of 10 entities, 24 h, p95', value: percentile(compare, 95), unit: 'ms', goal: { op: '<=', value: 300 } },
      { name: `unload of ${rows.toLocaleString('en')} raw plays, cold: server RSS growth (with the DB cache filling)`, value: cold.rss, unit: 'MB' },
      { name: 'unload, cold: rows per second', value: Math.round(rows / cold.seconds), unit: 'rows/s' },
      { name: `unload of ${rows.toLocaleString('en')} raw plays, warm: server RSS growth`, value: warm.rss, unit: 'MB', goal: { op: '<=', value: 100 } },
      { name: 'unload, warm: server JS heap growth (peak)', value: warm.heap, unit: 'MB', goal: { op: '<=', value: 100 } },
      { name: 'unload, warm: JS heap kept after it (after a GC)', value: warm.retained, unit: 'MB' },
      { name: 'unload, warm: rows per second', value: Math.round(rows / warm.seconds), unit: 'rows/s' },
      { name: 'unload: file size', value: warm.bytes / 1_048_576, unit: 'MB' },
    ];
  } finally {
    await app.stop();
  }
}

/** STATS_BENCH_PART=ingest or stored runs one half. */
export async function run(): Promise<Measurement[]> {
  const only = process.env.STATS_BENCH_PART;
  return [...(only === 'stored' ? [] : await ingest()), ...(only === 'ingest' ? [] : await stored())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printMeasurements('Statistics', await run());
