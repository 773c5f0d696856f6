import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { startDevicesServer } from './devices-server.ts';
import { percentile, printMeasurements, ROOT, type Measurement } from './lib.ts';

/*
 * The devices page's "Download as xlsx" with 10,000 devices in the database: from the click to the file, which the
 * server writes (GET /tvpi/devices-xslx/, translated values, real dates) and the page downloads. Needs the built SPA (dist/).
 */

const DEVICES = 10_000;
const RUNS = 3;

export async function run(): Promise<Measurement[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await startDevicesServer(['app', String(DEVICES)]);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-xlsx-bench-'));
  try {
    const page = await browser.newPage({ baseURL: server.origin, viewport: { width: 1366, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('bench-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/devices');
    await page.getByRole('button', { name: /^Open / }).first().waitFor();
    const timings: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Download as xlsx' }).click()]);
      const file = path.join(downloads, `devices-${i}.xlsx`);
      await download.saveAs(file);
      timings.push(performance.now() - started);
      rows = (await readSheet(fs.readFileSync(file))).length - 1;
    }
    if (rows !== DEVICES) throw new Error(`the xlsx holds ${rows} devices, expected ${DEVICES}`);
    return [
      { name: `xlsx of ${DEVICES} devices from the click to the file, median of ${RUNS}`, value: percentile(timings, 50), unit: 'ms', goal: { op: '<=', value: 3000 } },
      { name: `xlsx of ${DEVICES} devices from the click to the file, slowest`, value: Math.max(...timings), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Devices xlsx download', await run());
}
