import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { percentile, pinned, printMeasurements, signInToken, type Measurement } from './lib.ts';
import { SCOPED_COMPANIES, SCOPED_PASSWORD, startScopeServer } from './scope-server.ts';
import { spawnSync } from 'node:child_process';

/*
 * Access scopes at scale (issue 12): with 100 companies, 10,000 devices and a user scoped to 5 companies, the p95 of the
 * device list page for that user against the administrator's, measured in the same run: the two users' requests
 * alternate, over one kept-alive connection each, so both meet the same server state and machine load.
 */

const DEVICES = 10_000;
const SAMPLES = 400;
const WARM_UP_ROUNDS = 5;

/** The pages an operator opens: the first page, the next ones, the usual filters. */
const QUERIES = ['', 'page=2', 'status=online', 'status=offline', 'position=vertical', 'type=tvpi', 'search=Screen%2012', 'schedule=playing&page=2'];

/** GET over one kept-alive connection (node:http, as bench/devices.bench.ts), answering the body's length. */
function keptAliveGet(origin: string, access: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  return (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get({ hostname, port, path, agent, headers: { authorization: `JWT ${access}` } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.once('end', () => resolve(length));
      });
      request.once('error', reject);
    });
}

export async function run(): Promise<Measurement[]> {
  if (pinned) spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  const server = await startScopeServer(DEVICES);
  try {
    const admin = keptAliveGet(server.origin, await signInToken(server.origin, 'admin', 'bench-admin-password'));
    const scoped = keptAliveGet(server.origin, await signInToken(server.origin, 'scoped', SCOPED_PASSWORD));
    const page = (get: typeof admin, query: string) => get(`/api/v1/tvpi/devices/${query ? `?${query}` : ''}`);
    for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
      for (const query of QUERIES) {
        await page(admin, query);
        await page(scoped, query);
      }
    }
    const adminSamples: number[] = [];
    const scopedSamples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const query = QUERIES[i % QUERIES.length]!;
      // Which user goes first alternates too, so neither always follows the other's request.
      const order: [typeof admin, number[]][] = i % 2 === 0 ? [[admin, adminSamples], [scoped, scopedSamples]] : [[scoped, scopedSamples], [admin, adminSamples]];
      for (const [get, samples] of order) {
        const started = performance.now();
        await page(get, query);
        samples.push(performance.now() - started);
      }
    }
    const adminP95 = percentile(adminSamples, 95);
    const scopedP95 = percentile(scopedSamples, 95);
    return [
      { name: `device list page p95, administrator (${DEVICES} devices, 100 companies)`, value: adminP95, unit: 'ms' },
      { name: `device list page p95, user scoped to ${SCOPED_COMPANIES.length} companies`, value: scopedP95, unit: 'ms' },
      { name: 'scoped p95 / administrator p95', value: scopedP95 / adminP95, unit: 'ratio', goal: { op: '<=', value: 1.2 } },
      { name: 'device list page median, administrator', value: percentile(adminSamples, 50), unit: 'ms' },
      { name: 'device list page median, scoped user', value: percentile(scopedSamples, 50), unit: 'ms' },
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Access scopes at scale', await run());
}
