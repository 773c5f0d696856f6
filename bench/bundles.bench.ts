import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { ffmpegPath } from '../server/media/tools.ts';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { ROOT, startProductionServer, type Measurement } from './lib.ts';

/*
 * JavaScript each route of the panel needs (issue 37): in Chromium, for every route of the app, the cache is cleared and
 * the route loaded cold; every script response until the screen is shown and the network has been quiet for 500 ms is
 * counted, in bytes as transferred (the encoded body, brotli as the production server sends dist/'s .br files) and in
 * files. /login is loaded anonymous first; then the bench signs in through the login form and visits every signed-in
 * route with the session kept (localStorage) but the HTTP cache emptied. Goals (issue 37): /login at most 100 KB, the
 * list screens 160 KB, every other signed-in route 200 KB; at most 20 files anywhere. It fails no test: it prints.
 */

const LIST_SCREENS = new Set(['/devices', '/media', '/playlists', '/campaigns', '/journal']);
const MAX_FILES = 20;

async function api(origin: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { authorization: `JWT ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** One of each thing the routes with an id open: a device, a media file, a playlist, a campaign, a layout. */
async function seed(origin: string, token: string, dir: string): Promise<Record<string, number>> {
  const call = (method: string, url: string, body?: unknown) => api(origin, token, method, url, body);
  const company = await call('POST', '/companies/create/', { name: 'Bench Retail', user: 1 });
  const office = await call('POST', '/branch-offices/create/', { company: company.id, name: 'Bench Central', user: 1 });
  const device = await call('POST', '/tvpi/devices/create/', { sn: 'BENCH-BUNDLES-1', name: 'Bench screen', position: 'horizontal', office: office.id, user: 1 });
  const campaign = await call('POST', '/campaigns/create/', { name: 'Bench campaign', screen_position: 'horizontal', user: 1 });
  const playlist = await call('POST', '/media/play_lists/create/', { name: 'Bench loop', screen_position: 'horizontal' });
  const png = path.join(dir, 'bench.png');
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=64x36', '-frames:v', '1', png]);
  const form = new FormData();
  form.append('src_file[0]', await fs.openAsBlob(png), 'bench.png');
  form.append('file_info', JSON.stringify([{ name: 'Bench image', screen_position: 'horizontal', device_type: 'tvpi' }]));
  const [media] = await call('POST', '/media/files/create/', form);
  const layout = await call('POST', '/layouts/create/', { name: 'Bench layout', screen_position: 'horizontal', zones: [{ name: 'Main', x: 0, y: 0, width: 1920, height: 1080 }] });
  return { device: device.id, media: media.id, playlist: playlist.id, campaign: campaign.id, layout: layout.id };
}

interface Weight {
  route: string;
  bytes: number;
  files: number;
  /** Each script's file name and bytes transferred, largest first. */
  scripts: { name: string; bytes: number }[];
}

/** Loads `route` with an empty HTTP cache and answers the script bytes (encoded, as transferred) and files it took. */
async function coldLoad(page: Page, route: string, ready: (page: Page) => Promise<void>): Promise<Weight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes: Promise<{ name: string; bytes: number }>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.slice(1);
    sizes.push(response.request().sizes().then((s) => ({ name, bytes: s.responseBodySize })));
  };
  page.on('response', onResponse);
  try {
    await page.goto(route, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    await cdp.detach();
  }
  const scripts = (await Promise.all(sizes)).sort((a, b) => b.bytes - a.bytes);
  return { route, bytes: scripts.reduce((sum, { bytes }) => sum + bytes, 0), files: scripts.length, scripts };
}

const heading = async (page: Page) => {
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
};

export async function run(): Promise<Measurement[]> {
  const server = await startProductionServer();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const password = fs.readFileSync(path.join(server.dataDir, 'initial-admin-password'), 'utf8').trim();
    const token = (await (await fetch(`${server.origin}/api/v1/auth/token-obtain/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).json()).access as string;
    const ids = await seed(server.origin, token, server.dataDir);
    // Every path of the route table (src/views/routes.tsx), read from its source: importing it would load the app here.
    const table = fs.readFileSync(path.join(ROOT, 'src/views/routes.tsx'), 'utf8');
    const routes = [...table.matchAll(/path: '(\/[^']*)'/g)].map(([, route]) =>
      route!
        .replace(':deviceId', String(ids.device))
        .replace(':mediaId', String(ids.media))
        .replace(':playlistId', String(ids.playlist))
        .replace(':campaignId', String(ids.campaign))
        .replace(':layoutId', String(ids.layout)),
    );

    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const weights: Weight[] = [await coldLoad(page, '/login', (p) => p.getByRole('button', { name: 'Sign in' }).waitFor())];
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await heading(page);
    await page.waitForLoadState('networkidle');
    for (const route of routes) weights.push(await coldLoad(page, route, heading));
    await context.close();

    const goalFor = (route: string) => (route === '/login' ? 100 : LIST_SCREENS.has(route) ? 160 : 200);
    console.log('\n## Bundles: JavaScript per route, cold cache, as transferred (issue 37)');
    console.log(`  ${'route'.padEnd(26)} ${'KB'.padStart(5)} ${'goal'.padStart(6)} ${'files'.padStart(6)} ${'goal'.padStart(5)}  verdict`);
    for (const { route, bytes, files, scripts } of weights) {
      const kb = Math.round(bytes / 1024);
      const ok = kb <= goalFor(route) && files <= MAX_FILES;
      console.log(`  ${route.padEnd(26)} ${String(kb).padStart(5)} ${`<=${goalFor(route)}`.padStart(6)} ${String(files).padStart(6)} ${`<=${MAX_FILES}`.padStart(5)}  ${ok ? 'meets' : 'MISSES'}`);
      // BUNDLES_BENCH_FILES=1 lists each route's scripts, largest first: where the bytes go.
      if (process.env.BUNDLES_BENCH_FILES) for (const script of scripts) console.log(`      ${String(Math.round(script.bytes / 102.4) / 10).padStart(6)} KB  ${script.name}`);
    }
    const measurements: Measurement[] = weights.flatMap(({ route, bytes, files }) => [
      { name: `${route} JavaScript (transferred, cold)`, value: Math.round(bytes / 1024), unit: 'KB', goal: { op: '<=' as const, value: goalFor(route) } },
      { name: `${route} script files`, value: files, unit: 'files', goal: { op: '<=' as const, value: MAX_FILES } },
    ]);
    return measurements;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
