import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { percentile, printMeasurements, recordFrames, ROOT, signInThroughForm, spawnBenchServer, startProductionServer, type Measurement } from './lib.ts';
import { BENCH_ADMIN_PASSWORD } from './media-server.ts';
import { makeMedia, memory, QUIET_CHROMIUM } from './player.bench.ts';

/*
 * A layout on the web player (issue 36): the real player page from dist/player in Chromium, its protocol answered by
 * Playwright routes as in player.bench.ts, one layout item of four zones for LAYOUTS_BENCH_MINUTES (default 10): main
 * (two images of 0.3 s and two 0.5 s videos), side (the two videos), a strip (the two images), a corner (one image,
 * kept in its node). Each zone's gaps between consecutive plays (the zone's stage measures from the end of one, video
 * `ended` or image timer, to the next one's start) p50/p95 against 100 ms, and the page's growth from the first minute
 * to the end: the JS heap after a forced collection (CDP) and the page renderer's resident memory (/proc), against 50 MB.
 * The editor half: a layout of 16 zones (4 x 4, in layout pixels 1920 x 1080) opened in the panel's editor in Chromium, one
 * zone dragged by the mouse across the others (120 moves, snapping to the grid and to the other zones' edges), the
 * requestAnimationFrame intervals p95 against 20 ms, in a cross-origin isolated page so the timestamps are precise.
 * LAYOUTS_BENCH_PARTS=player,editor runs the parts named (default both).
 *
 * The widgets part (issue 38; LAYOUTS_BENCH_PARTS=widgets): a layout of the six widgets (clock, ticker of a dataset, QR
 * code, data table of 25 rows, web page, the screen's map), each zone's first paint after the zone starts, against
 * 500 ms: the page loaded once (datasets and map read and kept), then reloaded LAYOUTS_BENCH_RELOADS times (default 5),
 * the table, ticker and map drawn from what the screen keeps.
 */

const MINUTES = Number(process.env.LAYOUTS_BENCH_MINUTES) || 10;
/**
 * LAYOUTS_BENCH_DUMPS=1: a detailed memory-infra dump of every process (CDP Tracing with disabled-by-default-memory-infra,
 * Tracing.requestMemoryDump) at minute 1 and at the end, and the page renderer's allocators that grew the most printed
 * (to tell the image decode cache, the compositor's resources, media players or the JS heap apart).
 */
const DUMPS = process.env.LAYOUTS_BENCH_DUMPS === '1';

/** Sizes in bytes of each allocator (and its children, as `a/b`) in one detailed dump, by process id. */
async function memoryDump(context: BrowserContext, page: Page): Promise<Map<number, Map<string, number>>> {
  const cdp = await context.newCDPSession(page);
  const events: { ph?: string; pid?: number; args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string; units: string }> }> } } }[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as typeof events)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } } as never, transferMode: 'ReportEvents' });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' } as never);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const byPid = new Map<number, Map<string, number>>();
  for (const event of events) {
    const allocators = event.args?.dumps?.allocators;
    if (event.ph !== 'v' || !allocators || event.pid === undefined) continue;
    const sizes = byPid.get(event.pid) ?? new Map<string, number>();
    for (const [name, { attrs }] of Object.entries(allocators)) {
      const size = attrs?.size;
      if (size?.units === 'bytes') sizes.set(name, (sizes.get(name) ?? 0) + parseInt(size.value, 16));
    }
    byPid.set(event.pid, sizes);
  }
  return byPid;
}

/** Prints the allocators of `pid` that grew most between two dumps (at most three levels deep). */
function printGrowth(pid: number, first: Map<number, Map<string, number>>, last: Map<number, Map<string, number>>): void {
  const before = first.get(pid) ?? new Map<string, number>();
  const after = last.get(pid) ?? new Map<string, number>();
  const rows = [...after]
    .filter(([name]) => name.split('/').length <= 3)
    .map(([name, size]) => ({ name, before: before.get(name) ?? 0, after: size }))
    .sort((a, b) => b.after - b.before - (a.after - a.before))
    .slice(0, 30);
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  console.log(`  memory-infra, renderer ${pid}: allocator, MB at minute 1 -> end (growth)`);
  for (const row of rows) console.log(`    ${row.name.padEnd(60)} ${mb(row.before).padStart(8)} -> ${mb(row.after).padStart(8)} (${mb(row.after - row.before)})`);
  const tops = [...after].filter(([name]) => !name.includes('/'));
  console.log(`    top-level total ${mb(tops.reduce((sum, [, size]) => sum + size, 0))} MB: ${tops.map(([name, size]) => `${name} ${mb(size)}`).join(', ')}`);
}
const PARTS = (process.env.LAYOUTS_BENCH_PARTS ?? 'player,editor').split(',');
const RELOADS = Number(process.env.LAYOUTS_BENCH_RELOADS) || 5;

/** The six widgets, each with what it reads (a dataset, the map, a page) answered by routes. */
async function routeWidgets(page: Page, media: Awaited<ReturnType<typeof makeMedia>>) {
  const now = Date.now();
  const menu = { id: 7, version: 1, checksum: 'c'.repeat(64), columns: [{ name: 'Dish' }, { name: 'Price' }], rows: Array.from({ length: 25 }, (_, i) => [`Dish ${i + 1}`, 100 + i]) };
  const widget = (kind: string, settings: Record<string, unknown>, data: unknown = null) => ({ kind, settings, data });
  const data = { id: 7, url: '/api/v1/player/datasets/7/?v=cccc', version: 1, checksum: menu.checksum };
  const zone = (id: number, x: number, y: number, width: number, height: number, w: unknown) => ({ id, x, y, width, height, z: id, widget: w });
  const layout = {
    id: 2,
    version: 1,
    width: 1920,
    height: 1080,
    background: { color: '#202830', image: null },
    zones: [
      zone(1, 0, 0, 480, 200, widget('clock', { format: 'time_seconds', hour12: false, color: '#ffffff', background: null, font_size: 64 })),
      zone(2, 0, 200, 480, 680, widget('qr_code', { text: 'https://vitrine.example/menu', caption: 'Menu', color: '#000000', background: '#ffffff' })),
      zone(3, 480, 0, 800, 880, widget('data_table', { dataset: 7, columns: [], rows_per_page: 10, page_seconds: 5, header_color: '#ffffff', header_background: '#333333', color: '#ffffff', background: '#000000', font_size: 32 }, data)),
      zone(4, 1280, 0, 640, 440, widget('map', { legend: true })),
      zone(5, 1280, 440, 640, 440, widget('web_page', { url: 'http://127.0.0.1:9/bench-page.html', reload_minutes: 0, zoom: 1 })),
      zone(6, 0, 880, 1920, 200, widget('ticker', { messages: [], dataset: 7, items: 10, speed: 200, direction: 'left', separator: ' • ', color: '#ffffff', background: '#000000', font_size: 40 }, data)),
    ],
  };
  const schedule = {
    device: 1,
    version: 1,
    timezone: 'Europe/Berlin',
    generated_at: new Date(now).toISOString(),
    valid_until: new Date(now + 7 * 86_400_000).toISOString(),
    items: [{ event: 1, title: 'Bench', starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 6 * 3_600_000).toISOString(), priority: 0, playlist: null, media: [], layout }],
  };
  const map = { version: 1, object: { name: 'Ground floor', layout: '/api/v1/bench/plan.png', width: 1280, height: 720 }, position: { x: 0.4, y: 0.5 }, comment: '', placeholder: { x: 0, y: 0, width: 1, height: 1 }, markers: [{ id: 1, kind: 'toilet', device: null, x: 0.2, y: 0.3, color: '#0f6cbd', description: 'WC' }] };
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/v1/player/hello/', (route) => route.fulfill(json({ status: 'registered', device: 1, heartbeat_seconds: 30, schedule_version: 1 })));
  await page.route('**/api/v1/player/heartbeat/', (route) => route.fulfill(json({ device: 1, commands: [], schedule_version: 1, config_version: 1, configs: null, navigation_version: 1 })));
  await page.route('**/api/v1/player/plays/', (route) => route.fulfill(json({ accepted: 0, duplicates: 0, refused: [] })));
  await page.route('**/api/v1/scheduler/dev2/1', (route) => route.fulfill(json(schedule)));
  await page.route('**/api/v1/player/datasets/7/**', (route) => route.fulfill({ ...json(menu), headers: { etag: `"${menu.checksum}"` } }));
  await page.route('**/api/v1/player/navigation/', (route) => route.fulfill(json(map)));
  await page.route('**/api/v1/bench/plan.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: fs.readFileSync(media[1].file) }));
  await page.route('http://127.0.0.1:9/bench-page.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Page</title><h1>Opening hours</h1>' }));
}

type Paint = { zone: number; kind: string; ms: number };
const paints = (page: Page) => page.evaluate(() => (window as any).vitrinePlayer.diagnostics.widgetPaints as Paint[]);

/** Widgets: the first paint of each, the first visit (reads) apart from the reloads (kept data). */
async function widgetsPart(): Promise<Measurement[]> {
  const server = await startProductionServer();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-widgets-bench-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-widgets-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...QUIET_CHROMIUM], viewport: { width: 1280, height: 720 } });
  try {
    const media = await makeMedia(mediaDir);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      localStorage.setItem('vitrine.player.serial', 'WEB-BENCH');
      localStorage.setItem('vitrine.player.key', 'bench-key');
      localStorage.setItem('vitrine.player.device', '1');
    });
    return await measureWidgets(page, server.origin, media);
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function measureWidgets(page: Page, origin: string, media: Awaited<ReturnType<typeof makeMedia>>): Promise<Measurement[]> {
  await routeWidgets(page, media);
  const six = () => page.waitForFunction(() => new Set(((window as any).vitrinePlayer?.diagnostics.widgetPaints ?? []).map((paint: Paint) => paint.kind)).size === 6, undefined, { timeout: 60_000, polling: 100 });
  await page.goto(`${origin}/player/`);
  await six();
  // The map arrives with the first heartbeat's navigation version; the next visits have it kept.
  await page.waitForFunction(() => document.querySelector('.widget-map')?.getAttribute('data-state') === 'map', undefined, { timeout: 60_000, polling: 100 });
  const first = await paints(page);
  const kept: Paint[] = [];
  for (let round = 0; round < RELOADS; round++) {
    await page.reload();
    await six();
    kept.push(...(await paints(page)));
  }
  const kinds = ['clock', 'ticker', 'qr_code', 'data_table', 'web_page', 'map'];
  const measurements: Measurement[] = kinds.flatMap((kind) => {
    const list = kept.filter((paint) => paint.kind === kind).map((paint) => paint.ms);
    return [
      { name: `${kind}: first paint after its zone starts, worst of ${list.length} (kept data)`, value: Math.round(Math.max(...list)), unit: 'ms', goal: { op: '<=' as const, value: 500 } },
      { name: `  ${kind}: median / first visit`, value: Math.round(percentile(list, 50)), unit: `/ ${Math.round(first.find((paint) => paint.kind === kind)?.ms ?? Number.NaN)} ms` },
    ];
  });
  printMeasurements(`Web player: six widgets' first paint (${RELOADS} reloads)`, measurements);
  return measurements;
}


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
  // LAYOUTS_BENCH_ZONES=2,3 keeps only the zones named (to tell which kind of zone a memory growth comes from).
  const only = process.env.LAYOUTS_BENCH_ZONES?.split(',').map(Number);
  if (only) layout.zones = layout.zones.filter((zone) => only.includes(zone.id));
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
  // The live channel: held open and silent (the bench's schedule never changes), not refused with a 401 and retried.
  await page.route('**/api/v1/player/channel/', () => undefined);
  await page.route('**/api/v1/scheduler/dev2/1', (route) => route.fulfill(json(schedule)));
  await page.route('**/api/v1/media/files/*/source', (route) => {
    const id = Number(/files\/(\d+)\//.exec(route.request().url())![1]) as keyof typeof media;
    route.fulfill({ status: 200, contentType: media[id].type, body: fs.readFileSync(media[id].file) });
  });
}

const zoneGaps = (page: Page) => page.evaluate(() => (window as any).vitrinePlayer.layoutGaps() as Record<string, number[]>);

export async function run(): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  if (PARTS.includes('player')) measurements.push(...(await playerPart()));
  if (PARTS.includes('editor')) measurements.push(...(await editorPart()));
  if (PARTS.includes('widgets')) measurements.push(...(await widgetsPart()));
  return measurements;
}

async function api<T>(origin: string, token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { ...(token ? { authorization: `JWT ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The editor: one zone of 16 dragged across the others, the frame intervals while it moves. */
async function editorPart(): Promise<Measurement[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await spawnBenchServer(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/media-server.ts')]);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const token = (await api<{ access: string }>(server.origin, null, 'POST', '/auth/token-obtain/', { username: 'admin', password: BENCH_ADMIN_PASSWORD })).access;
    const zones = Array.from({ length: 16 }, (_, i) => ({ name: `Zone ${i + 1}`, x: (i % 4) * 480, y: Math.floor(i / 4) * 270, width: 480, height: 270, z: i, content: null }));
    const layout = await api<{ id: number }>(server.origin, token, 'POST', '/layouts/create/', { name: 'Bench sixteen zones', screen_position: 'horizontal', width: 1920, height: 1080, zones });
    const page = await browser.newPage({ baseURL: server.origin, viewport: { width: 1366, height: 900 } });
    await signInThroughForm(page, 'admin', BENCH_ADMIN_PASSWORD);
    // Cross-origin isolated, so that requestAnimationFrame timestamps are not coarsened to 100 us (navigation bench).
    await page.route(
      (url) => url.pathname === `/layouts/${layout.id}`,
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } });
      },
    );
    await page.goto(`/layouts/${layout.id}`);
    if (!(await page.evaluate(() => window.crossOriginIsolated))) throw new Error('the bench page is not cross-origin isolated: its timestamps would be coarse');
    const canvas = page.locator('[role="application"] canvas').first();
    await canvas.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const box = (await canvas.boundingBox())!;
    const scale = box.width / 1920;
    // The second zone of the second row, grabbed at its centre and dragged in a loop over its neighbours.
    const start = { x: box.x + (480 + 240) * scale, y: box.y + (270 + 135) * scale };
    const stopRecording = await recordFrames(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= 120; i += 1) await page.mouse.move(start.x + Math.sin(i / 10) * 420 * scale, start.y + (1 - Math.cos(i / 10)) * 200 * scale);
    await page.mouse.up();
    const deltas = await stopRecording();
    // The zone really moved: its X in the side panel is no longer 480 (it snaps, so any other multiple of 8).
    const x = Number(await page.getByLabel('X (px)').inputValue());
    if (x === 480) throw new Error('the dragged zone did not move: the drag did not reach the zone');
    const measurements: Measurement[] = [
      { name: `Editor, 16 zones: a zone dragged, frame interval p95 (${deltas.length} frames)`, value: percentile(deltas, 95), unit: 'ms', goal: { op: '<=', value: 20 } },
      { name: '  median frame / frames over 16.7 ms / longest', value: percentile(deltas, 50), unit: `ms / ${deltas.filter((d) => d > 16.7).length} / ${Math.round(Math.max(...deltas))} ms` },
      { name: '  the zone dropped at X (layout px, was 480)', value: x, unit: 'px' },
    ];
    printMeasurements('Layout editor: dragging one zone among 16', measurements);
    return measurements;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function playerPart(): Promise<Measurement[]> {
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
    // Counts the media players made (a load() with a source): a replayed pooled video makes none.
    await page.addInitScript(`(() => {
      const load = HTMLMediaElement.prototype.load;
      window.mediaLoads_ = 0;
      HTMLMediaElement.prototype.load = function () { if (this.getAttribute('src')) window.mediaLoads_ += 1; return load.call(this); };
    })()`);
    await page.addInitScript(() => {
      localStorage.setItem('vitrine.player.serial', 'WEB-BENCH');
      localStorage.setItem('vitrine.player.key', 'bench-key');
      localStorage.setItem('vitrine.player.device', '1');
    });
    await page.goto(`${server.origin}/player/`);
    await page.waitForFunction((zones) => Object.values((window as any).vitrinePlayer.layoutGaps() as Record<string, number[]>).filter((gaps) => gaps.length > 0).length === zones, process.env.LAYOUTS_BENCH_ZONES?.split(",").length ?? 4, { timeout: 120_000, polling: 250 });
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const first = await memory(context, page, userDataDir);
    const [pagePid, pageFirst] = [...first.renderers].reduce((a, b) => (b[1] > a[1] ? b : a));
    const firstDump = DUMPS ? await memoryDump(context, page) : null;
    const end = Date.now() + Math.max(0, MINUTES - 1) * 60_000;
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, Math.max(0, end - Date.now()))));
      const now = await memory(context, page, userDataDir);
      console.log(`  ${Math.round((end - Date.now()) / 1000)} s left; renderer ${Math.round((now.renderers.get(pagePid) ?? 0) / 1048576)} MB, JS heap ${Math.round(now.heap / 1048576)} MB, videos loaded ${await page.evaluate('window.mediaLoads_')}; ${JSON.stringify(await page.evaluate(() => (window as any).vitrinePlayer.state()))}`);
    }
    const last = await memory(context, page, userDataDir);
    if (firstDump) {
      const lastDump = await memoryDump(context, page);
      // The dump's process ids are the system's (no sandbox here); else the process whose allocators hold the most.
      const total = (sizes: Map<string, number>) => [...sizes].filter(([name]) => !name.includes('/')).reduce((sum, [, size]) => sum + size, 0);
      printGrowth(lastDump.has(pagePid) ? pagePid : [...lastDump].reduce((a, b) => (total(b[1]) > total(a[1]) ? b : a))[0], firstDump, lastDump);
    }
    const gaps = await zoneGaps(page);
    const elements = await page.evaluate(() => ({ video: document.querySelectorAll('video').length, img: document.querySelectorAll('img').length, loads: (window as unknown as { mediaLoads_: number }).mediaLoads_ }));
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
      { name: '  videos loaded (media players made) over the run', value: elements.loads, unit: `for ${Object.values(gaps).reduce((sum, list) => sum + list.length, 0)} plays` },
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
