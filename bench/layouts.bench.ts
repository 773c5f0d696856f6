import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { percentile, printMeasurements, startProductionServer, type Measurement } from './lib.ts';
import { makeMedia, memory, QUIET_CHROMIUM } from './player.bench.ts';

/*
 * A layout on the web player (issue 36): the real player page from dist/player in Chromium, its protocol answered by
 * Playwright routes as in player.bench.ts, one layout item of four zones for LAYOUTS_BENCH_MINUTES (default 10): main
 * (two images of 0.3 s and two 0.5 s videos), side (the two videos), a strip (the two images), a corner (one image,
 * kept in its node). Each zone's gaps between consecutive plays (the zone's stage measures from the end of one, video
 * `ended` or image timer, to the next one's start) p50/p95 against 100 ms, and the page's growth from the first minute
 * to the end: the JS heap after a forced collection (CDP) and the page renderer's resident memory (/proc), against 50 MB.
 * The editor half of the bench (16 zones dragged in the Konva editor) is not measured here yet.
 */

const MINUTES = Number(process.env.LAYOUTS_BENCH_MINUTES) || 10;

async function routeProtocol(page: Page, media: Awaited<ReturnType<typeof makeMedia>>) {
  const now = Date.now();
  const file = (id: keyof typeof media) => ({ id, url: `/api/v1/media/files/${id}/source`, checksum: createHash('sha256').update(fs.readFileSync(media[id].file)).digest('hex'), duration: media[id].duration });
  const layout = {
    id: 1,
    version: 1,
    width: 1920,
    height: 1080,
    background: { color: '#202830', image: null },
    zones: [
      { id: 1, x: 0, y: 0, width: 1440, height: 880, z: 0, items: [file(1), file(2), file(3), file(4)] },
      { id: 2, x: 1440, y: 0, width: 480, height: 440, z: 1, items: [file(2), file(4)] },
      { id: 3, x: 0, y: 880, width: 1920, height: 200, z: 2, items: [file(1), file(3)] },
      { id: 4, x: 1440, y: 440, width: 480, height: 440, z: 3, items: [file(3)] },
    ],
  };
  const schedule = {
    device: 1,
    version: 1,
    timezone: 'UTC',
    generated_at: new Date(now).toISOString(),
    valid_until: new Date(now + 7 * 86_400_000).toISOString(),
    items: [{ event: 1, title: 'Bench', starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 6 * 3_600_000).toISOString(), priority: 0, playlist: null, media: [], layout }],
  };
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/v1/player/hello/', (route) => route.fulfill(json({ status: 'registered', device: 1, heartbeat_seconds: 30, schedule_version: 1 })));
  await page.route('**/api/v1/player/heartbeat/', (route) => route.fulfill(json({ device: 1, commands: [], schedule_version: 1, config_version: 1, configs: null })));
  await page.route('**/api/v1/player/plays/', (route) => route.fulfill(json({ accepted: 0, duplicates: 0, refused: [] })));
  await page.route('**/api/v1/scheduler/dev2/1', (route) => route.fulfill(json(schedule)));
  await page.route('**/api/v1/media/files/*/source', (route) => {
    const id = Number(/files\/(\d+)\//.exec(route.request().url())![1]) as keyof typeof media;
    route.fulfill({ status: 200, contentType: media[id].type, body: fs.readFileSync(media[id].file) });
  });
}

const zoneGaps = (page: Page) => page.evaluate(() => (window as any).vitrinePlayer.layoutGaps() as Record<string, number[]>);

export async function run(): Promise<Measurement[]> {
  const server = await startProductionServer();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-layouts-bench-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-layouts-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    args: [...CHROME_ARGS, '--autoplay-policy=no-user-gesture-required', ...QUIET_CHROMIUM],
    viewport: { width: 1280, height: 720 },
  });
  try {
    const media = await makeMedia(mediaDir);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.log(`  page: ${message.text()}`);
    });
    await routeProtocol(page, media);
    await page.addInitScript(() => {
      localStorage.setItem('vitrine.player.serial', 'WEB-BENCH');
      localStorage.setItem('vitrine.player.key', 'bench-key');
      localStorage.setItem('vitrine.player.device', '1');
    });
    await page.goto(`${server.origin}/player/`);
    await page.waitForFunction(() => Object.values((window as any).vitrinePlayer.layoutGaps() as Record<string, number[]>).filter((gaps) => gaps.length > 0).length === 4, undefined, { timeout: 120_000, polling: 250 });
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const first = await memory(context, page, userDataDir);
    const [pagePid, pageFirst] = [...first.renderers].reduce((a, b) => (b[1] > a[1] ? b : a));
    const end = Date.now() + Math.max(0, MINUTES - 1) * 60_000;
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, Math.max(0, end - Date.now()))));
      console.log(`  ${Math.round((end - Date.now()) / 1000)} s left; ${JSON.stringify(await page.evaluate(() => (window as any).vitrinePlayer.state()))}`);
    }
    const last = await memory(context, page, userDataDir);
    const gaps = await zoneGaps(page);
    const elements = await page.evaluate(() => ({ video: document.querySelectorAll('video').length, img: document.querySelectorAll('img').length }));
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const measurements: Measurement[] = [
      ...Object.entries(gaps).flatMap(([zone, list]) => [
        { name: `Zone ${zone}: gap between plays, p95 (${list.length} transitions)`, value: percentile(list, 95), unit: 'ms', goal: { op: '<=' as const, value: 100 } },
        { name: `  zone ${zone}: median gap`, value: percentile(list, 50), unit: 'ms' },
      ]),
      { name: `JS heap growth, minute 1 -> ${MINUTES}`, value: mb(last.heap - first.heap), unit: 'MB', goal: { op: '<=', value: 50 } },
      { name: `Page's renderer process growth, minute 1 -> ${MINUTES}`, value: mb((last.renderers.get(pagePid) ?? Number.NaN) - pageFirst), unit: 'MB', goal: { op: '<=', value: 50 } },
      { name: "  page's renderer at minute 1 / at the end", value: mb(pageFirst), unit: `/ ${mb(last.renderers.get(pagePid) ?? Number.NaN)} MB` },
      { name: '  <video> / <img> elements in the page at the end (full screen 2 + 4 zones x 2)', value: elements.video, unit: `/ ${elements.img}` },
    ];
    printMeasurements(`Web player: a 4-zone layout for ${MINUTES} minutes`, measurements);
    return measurements;
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
