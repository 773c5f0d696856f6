import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { startCampaignsServer } from './campaigns-server.ts';
import { signIn } from './devices.bench.ts';
import { benchSerial, pinClientToCore0 } from './devices-server.ts';
import { percentile, printMeasurements, ROOT, type Measurement } from './lib.ts';

/*
 * Campaigns at scale, with 10,000 devices (all of one screen position) in the database:
 *  - p95 of each side of the campaign devices page as the page loads it (first page of 50, no filter; the campaign's own
 *    side with every participating id) at the API, for a campaign holding half of the fleet: 300 sequential samples per
 *    side over one kept-alive connection; and, for information, with the filters an operator sets afterwards (the
 *    campaign's own side with every participating id there too: the page reads the saved set on each of its loads);
 *  - saving a participating set of 10,000 devices in one PUT (from an empty campaign), median of 5;
 *  - importing an xlsx of 10,000 serial numbers on the page in Chromium, from choosing the file to the import result
 *    (reading the sheet with read-excel-file, the server's match, the lists updated), median of 3.
 * The server runs in a child process pinned to one core; this client on the other. Needs the built SPA (dist/).
 */

const DEVICES = 10_000;
const SIDE_SAMPLES = 300;
const SAVE_RUNS = 5;
const IMPORT_RUNS = 3;
const FILTERED_SAMPLES = 100;
/** Filters an operator sets on a side after the page has loaded. */
const SIDE_FILTERS = ['&search=Screen%2012', '&status=online', '&status=offline&search=Screen'];

function client(origin: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  return (method: string, path: string, body?: unknown) =>
    new Promise<string>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        { method, hostname, port, path, agent, headers: { authorization: `JWT ${token}`, 'accept-encoding': 'gzip, deflate, br', ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.once('end', () => (response.statusCode! < 300 ? resolve(text) : reject(new Error(`${method} ${path} answered ${response.statusCode}: ${text.slice(0, 200)}`))));
        },
      );
      request.once('error', reject);
      request.end(payload);
    });
}

/**
 * Latencies of one side: as the page loads it (first page of 50, no filter), or with the filters an operator sets
 * afterwards; the campaign's own side always with every participating id, as the page asks for it.
 */
async function sideLatencies(call: ReturnType<typeof client>, campaign: number, side: 'participating' | 'available', filtered: boolean): Promise<number[]> {
  const ids = side === 'participating' ? '&with_ids=1' : '';
  const url = (i: number) =>
    filtered
      ? `/api/v1/campaigns/${campaign}/devices/?side=${side}&${side}_page_size=50${ids}${SIDE_FILTERS[i % SIDE_FILTERS.length]!.replaceAll('&', `&${side}_`)}`
      : `/api/v1/campaigns/${campaign}/devices/?side=${side}&${side}_page_size=50${ids}`;
  for (let i = 0; i < 15; i += 1) await call('GET', url(i));
  const samples: number[] = [];
  for (let i = 0; i < (filtered ? FILTERED_SAMPLES : SIDE_SAMPLES); i += 1) {
    const started = performance.now();
    await call('GET', url(i));
    samples.push(performance.now() - started);
  }
  return samples;
}

async function importTimings(origin: string, campaign: number): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-campaign-import-'));
  const file = path.join(dir, 'serials.xlsx');
  await writeXlsxFile([['SN'], ...Array.from({ length: DEVICES }, (_, i) => [benchSerial(i + 1)])]).toFile(file);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage({ baseURL: origin, viewport: { width: 1366, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('bench-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/campaigns/${campaign}/devices`);
    await page.getByRole('list', { name: 'Available devices' }).waitFor();
    const timings: number[] = [];
    for (let run = 0; run < IMPORT_RUNS; run += 1) {
      const started = performance.now();
      await page.getByTestId('campaign-import-file').setInputFiles(file);
      const result = page.getByRole('dialog', { name: 'Import result' });
      await result.getByText('All file devices were involved').waitFor({ timeout: 60_000 });
      timings.push(performance.now() - started);
      await result.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Discard changes' }).click();
    }
    return timings;
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Measurement[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  pinClientToCore0();
  const server = await startCampaignsServer(DEVICES);
  try {
    const call = client(server.origin, await signIn(server.origin));
    const create = async (name: string) => (JSON.parse(await call('POST', '/api/v1/campaigns/create/', { name, screen_position: 'horizontal' })) as { id: number }).id;
    const half = await create('Half of the fleet');
    const empty = await create('Import target');
    const saveTarget = await create('Save target');
    const ids = Array.from({ length: DEVICES }, (_, i) => i + 1);
    await call('PUT', `/api/v1/campaigns/${half}/devices/`, { devices: ids.filter((id) => id % 2 === 0) });

    const participating = await sideLatencies(call, half, 'participating', false);
    const available = await sideLatencies(call, half, 'available', false);
    const participatingFiltered = await sideLatencies(call, half, 'participating', true);
    const availableFiltered = await sideLatencies(call, half, 'available', true);

    const saves: number[] = [];
    for (let run = 0; run < SAVE_RUNS; run += 1) {
      await call('PUT', `/api/v1/campaigns/${saveTarget}/devices/`, { devices: [] });
      const started = performance.now();
      const saved = JSON.parse(await call('PUT', `/api/v1/campaigns/${saveTarget}/devices/`, { devices: ids })) as { added: number };
      saves.push(performance.now() - started);
      if (saved.added !== DEVICES) throw new Error(`the save added ${saved.added} devices`);
    }

    const imports = await importTimings(server.origin, empty);
    return [
      { name: `campaign devices page load, participating side, p95 (${DEVICES})`, value: percentile(participating, 95), unit: 'ms', goal: { op: '<=', value: 30 } },
      { name: '  participating side, median', value: percentile(participating, 50), unit: 'ms' },
      { name: `campaign devices page load, available side, p95 (${DEVICES})`, value: percentile(available, 95), unit: 'ms', goal: { op: '<=', value: 30 } },
      { name: '  available side, median', value: percentile(available, 50), unit: 'ms' },
      { name: '  participating side with a search or status filter, p95', value: percentile(participatingFiltered, 95), unit: 'ms' },
      { name: '  available side with a search or status filter, p95', value: percentile(availableFiltered, 95), unit: 'ms' },
      { name: `save a participating set of ${DEVICES} devices, median of ${SAVE_RUNS}`, value: percentile(saves, 50), unit: 'ms', goal: { op: '<=', value: 1000 } },
      { name: `  slowest save`, value: Math.max(...saves), unit: 'ms' },
      { name: `import an xlsx of ${DEVICES} serials in Chromium, median of ${IMPORT_RUNS}`, value: percentile(imports, 50), unit: 'ms', goal: { op: '<=', value: 2000 } },
      { name: `  slowest import`, value: Math.max(...imports), unit: 'ms' },
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Campaigns at scale', await run());
}
