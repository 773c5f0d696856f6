import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { signIn } from './devices.bench.ts';
import { pinClientToCore0 } from './devices-server.ts';
import { startJournalServer } from './journal-server.ts';
import { percentile, printMeasurements, type Measurement } from './lib.ts';

/*
 * The journal at scale: 1,000,000 entries over a year (bench/journal-server.ts). p95 of filtered pages of
 * GET /journal/ (by user, entity, action, period, their combinations, later pages), sequential requests over one
 * kept-alive connection. The server runs in a child process pinned to one core; this client on the other.
 */

const ENTRIES = Number(process.env.JOURNAL_BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = 600;
const WARM_UP = 30;

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

export async function run(): Promise<Measurement[]> {
  pinClientToCore0();
  const seeding = performance.now();
  const server = await startJournalServer(ENTRIES);
  const seededMs = performance.now() - seeding;
  try {
    const get = client(server.origin, await signIn(server.origin));
    const last = await get(`/api/v1/journal/?page_size=1&page=${ENTRIES}`);
    if (last < 1) throw new Error(`the journal holds fewer than ${ENTRIES} entries`);
    const byQuery = new Map<string, number[]>();
    const all: number[] = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
      const query = QUERIES[i % QUERIES.length]!;
      const started = performance.now();
      await get(`/api/v1/journal/?${query}`);
      const ms = performance.now() - started;
      if (i < WARM_UP) continue;
      all.push(ms);
      byQuery.set(query, [...(byQuery.get(query) ?? []), ms]);
    }
    const slowest = [...byQuery].map(([query, samples]) => ({ query, p95: percentile(samples, 95) })).sort((a, b) => b.p95 - a.p95)[0]!;
    return [
      { name: `filtered journal page (${ENTRIES.toLocaleString('en')} entries), p95 of ${SAMPLES}`, value: percentile(all, 95), unit: 'ms', goal: { op: '<=', value: 30 } },
      { name: '  filtered page, median', value: percentile(all, 50), unit: 'ms' },
      { name: `  slowest filter's p95 (${slowest.query || 'no filter'})`, value: slowest.p95, unit: 'ms' },
      { name: '  seeding and start', value: seededMs / 1000, unit: 's' },
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Journal', await run());
}
