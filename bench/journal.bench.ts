import http from 'node:http';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { signIn } from './devices.bench.ts';
import { pinClientToCore0 } from './devices-server.ts';
import { SCOPED_PASSWORD, startJournalServer } from './journal-server.ts';
import { percentile, printMeasurements, signInToken, type Measurement } from './lib.ts';

/*
 * The journal at scale: 1,000,000 entries over a year (bench/journal-server.ts). p95 of filtered pages of
 * GET /journal/ (by user, entity, action, period, their combinations, later pages), sequential requests over one
 * kept-alive connection, for the administrator and for a user scoped to 5 of 100 companies (their companies' entries
 * and their own). A filter's count is kept between its pages (server/db/journal.ts), so the first page of a filter
 * never asked before is measured apart: each of those samples asks a period ending at a new second.
 * The server runs in a child process pinned to one core; this client on the other.
 */

const ENTRIES = Number(process.env.JOURNAL_BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = 600;
/*
 * Requests before the samples of each reader: ten rounds of the twelve mixes. PGlite runs as WebAssembly that V8
 * compiles further as it runs hot, so the first few dozen requests down a path not taken before are several times slower
 * (a scoped reader's merged walks, after the administrator's samples: 50-100 ms for about 40 requests, then 4-10 ms).
 * The goal is about a server that has been running, so both readers are warmed alike.
 */
const WARM_UP = 120;
const FRESH_SAMPLES = 60;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Filtered pages a reader asks for; every sample takes the next one. */
const QUERIES = [
  'user=7',
  'entity=device',
  'action=update',
  'entity=campaign&action=update',
  `user=12&from=${day(30)}`,
  `entity=media_file&from=${day(90)}&to=${day(60)}`,
  `from=${day(7)}&to=${day(0)}`,
  'user=3&entity=device&page=5',
  'entity=playlist&page=50',
  'action=delete&user=20',
  '',
  'entity=session&action=login',
];

function client(origin: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  return (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get({ hostname, port, path, agent, headers: { authorization: `JWT ${token}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}: ${Buffer.concat(chunks)}`));
          else resolve((JSON.parse(Buffer.concat(chunks).toString()) as { results: unknown[] }).results.length);
        });
      });
      request.once('error', reject);
    });
}

/** p95 of the twelve filter mixes, in turn, after a warm-up; `fresh` makes every sample a filter not asked before. */
async function samples(get: (path: string) => Promise<number>, count: number, fresh = false): Promise<{ all: number[]; byQuery: Map<string, number[]> }> {
  const byQuery = new Map<string, number[]>();
  const all: number[] = [];
  const warmUp = fresh ? 0 : WARM_UP;
  for (let i = 0; i < warmUp + count; i += 1) {
    const query = QUERIES[i % QUERIES.length]!;
    // The period's end moved to a new second after every entry: a filter the server has not counted yet.
    const asked = fresh ? `${query.replace(/&?to=[^&]*/, '')}${query ? '&' : ''}to=${encodeURIComponent(new Date(Date.UTC(2030, 0, 1) + i * 1000).toISOString())}` : query;
    const started = performance.now();
    await get(`/api/v1/journal/?${asked}`);
    const ms = performance.now() - started;
    if (i < warmUp) continue;
    all.push(ms);
    byQuery.set(query, [...(byQuery.get(query) ?? []), ms]);
  }
  return { all, byQuery };
}

export async function run(): Promise<Measurement[]> {
  pinClientToCore0();
  const seeding = performance.now();
  const server = await startJournalServer(ENTRIES);
  const seededMs = performance.now() - seeding;
  try {
    const get = client(server.origin, await signIn(server.origin));
    const last = await get(`/api/v1/journal/?page_size=1&page=${ENTRIES}`);
    if (last < 1) throw new Error(`the journal holds fewer than ${ENTRIES} entries`);
    const loadBefore = os.loadavg()[0]!;
    const { all, byQuery } = await samples(get, SAMPLES);
    const scoped = await samples(client(server.origin, await signInToken(server.origin, 'bench-scoped', SCOPED_PASSWORD)), SAMPLES);
    const fresh = await samples(get, FRESH_SAMPLES, true);
    const freshScoped = await samples(client(server.origin, await signInToken(server.origin, 'bench-scoped', SCOPED_PASSWORD)), FRESH_SAMPLES, true);
    const slowestOf = (measured: Map<string, number[]>) =>
      [...measured].map(([query, times]) => ({ query, p95: percentile(times, 95) })).sort((a, b) => b.p95 - a.p95)[0]!;
    const slowest = slowestOf(byQuery);
    const slowestScoped = slowestOf(scoped.byQuery);
    const adminP95 = percentile(all, 95);
    const engine = process.env.JOURNAL_BENCH_PG ? 'PostgreSQL' : 'PGlite';
    return [
      { name: `filtered journal page (${ENTRIES.toLocaleString('en')} entries, ${engine}), p95 of ${SAMPLES}`, value: adminP95, unit: 'ms', goal: { op: '<=', value: 30 } },
      { name: '  filtered page, median', value: percentile(all, 50), unit: 'ms' },
      { name: `  slowest filter's p95 (${slowest.query || 'no filter'})`, value: slowest.p95, unit: 'ms' },
      {
        name: `filtered page, user scoped to 5 of 100 companies, p95 of ${SAMPLES} (administrator's: ${adminP95.toFixed(1)} ms)`,
        value: percentile(scoped.all, 95),
        unit: 'ms',
        goal: { op: '<=', value: 30 },
      },
      { name: '  scoped, median', value: percentile(scoped.all, 50), unit: 'ms' },
      { name: `  scoped, slowest filter's p95 (${slowestScoped.query || 'no filter'})`, value: slowestScoped.p95, unit: 'ms' },
      { name: `  first page of a filter not counted before, administrator, p95 of ${FRESH_SAMPLES}`, value: percentile(fresh.all, 95), unit: 'ms' },
      { name: `  first page of a filter not counted before, scoped user, p95 of ${FRESH_SAMPLES}`, value: percentile(freshScoped.all, 95), unit: 'ms' },
      { name: '  seeding and start', value: seededMs / 1000, unit: 's' },
      // Timings swing with the machine's load (2 cores shared): the 1-minute load average before and after the samples.
      { name: '  load average (1 min) before the samples', value: loadBefore, unit: '' },
      { name: '  load average (1 min) at the end', value: os.loadavg()[0]!, unit: '' },
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Journal', await run());
}
