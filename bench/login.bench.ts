import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { printMeasurements, startProductionServer, type Measurement } from './lib.ts';

/** JavaScript the browser needs to show /login, gzip-compressed, and whether heavy libraries leak into it. */
async function loginScriptWeight(origin: string): Promise<{ gzipBytes: number; scripts: number; heavy: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const scripts = await Promise.all(bodies);
    const heavy = scripts
      .filter(({ body }) => /FullCalendar|fullcalendar|Konva\b|konva/.test(body.toString('utf8')))
      .map(({ url }) => url);
    const gzipBytes = scripts.reduce((sum, { body }) => sum + zlib.gzipSync(body, { level: 9 }).length, 0);
    return { gzipBytes, scripts: scripts.length, heavy };
  } finally {
    await browser.close();
  }
}

/** Lighthouse (desktop preset) performance score of /login. */
async function lighthouseScore(origin: string): Promise<number> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_ARGS });
  try {
    const result = await lighthouse(`${origin}/login`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}

export async function run(): Promise<Measurement[]> {
  const server = await startProductionServer();
  try {
    const weight = await loginScriptWeight(server.origin);
    const score = await lighthouseScore(server.origin);
    const measurements: Measurement[] = [
      { name: 'JavaScript to show /login (gzip)', value: Math.round(weight.gzipBytes / 1024), unit: 'KB', goal: { op: '<=', value: 150 } },
      { name: `  scripts loaded for /login`, value: weight.scripts, unit: 'files' },
      { name: 'FullCalendar/Konva chunks loaded by /login', value: weight.heavy.length, unit: 'files', goal: { op: '<=', value: 0 } },
      { name: 'Lighthouse 12 desktop performance score, /login', value: score, unit: 'points', goal: { op: '>=', value: 95 } },
    ];
    printMeasurements('Foundation: the /login path', measurements);
    return measurements;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
