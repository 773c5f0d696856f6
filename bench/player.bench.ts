import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ffmpegPath } from '../server/media/tools.ts';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { percentile, printMeasurements, startProductionServer, type Measurement } from './lib.ts';

/*
 * The web player's playback (issue 18): the real player page from dist/player in Chromium, its protocol answered by
 * Playwright routes (a registered device whose one occurrence cycles two images and two videos), so what is measured
 * is the player alone. Images last 0.3 s and videos 0.5 s (dev2 durations are whole seconds; shorter here so 500
 * transitions take minutes, not an hour). Gaps come from the page's own measure: the previous play's end (video
 * `ended`, image timer) to the next one's start (video `playing`, image on the next frame).
 * Memory, the measure ("JS heap and media"): the JS heap after a forced collection (CDP) and the resident
 * memory of the page's renderer process (/proc), which holds the heap, the DOM and the decoded media. Every Chromium
 * process of this browser is printed too, in total and by type, without a goal: the browser, GPU and utility
 * processes are Chromium's, not the player's. Chromium starts with the services a screen does not need switched off
 * (component updates, optimization hints, translation, media router, the spare renderer). The on-device model service
 * (`on_device_model.mojom.OnDeviceModelService`, ~46 MB, started between transitions 50 and 500) still starts with
 * every feature name tried below (measured 2026-11-22): it shows in the all-process total, not in the page's numbers.
 */

const execAsync = promisify(execFile);

/**
 * Chromium's own services a screen does not need, switched off. One `--disable-features` list only (Chromium reads the
 * last one given), so Playwright's own list is repeated in it.
 */
export const QUIET_CHROMIUM = [
  '--disable-component-update',
  '--disable-extensions',
  '--disable-default-apps',
  '--no-default-browser-check',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  `--disable-features=${[
    // Playwright's defaults
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    // Optimization guide: hints, prediction models, the on-device model service and what uses it
    'OptimizationHints',
    'OptimizationHintsFetching',
    'OptimizationTargetPrediction',
    'OptimizationGuideModelDownloading',
    'OptimizationGuideOnDeviceModel',
    'OptGuideOnDeviceModel',
    'OnDeviceModelService',
    'OnDeviceModelPerformanceParams',
    'OnDeviceModelFetchPerformanceClassEveryStartup',
    'LanguageDetectionAPI',
    'AIWriterAPI',
    'AIRewriterAPI',
    'AIProofreaderAPI',
    'SpareRendererForSitePerProcess',
    'AIPromptAPI',
    'AISummarizationAPI',
    'TextSafetyClassifier',
    'Translate',
    'DialMediaRouteProvider',
    'CertificateTransparencyComponentUpdater',
    'InterestFeedContentSuggestions',
    'AutofillServerCommunication',
    'SafeBrowsingOnDeviceModel',
  ].join(',')}`,
];

export async function makeMedia(dir: string) {
  const ffmpeg = ffmpegPath();
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  const files = {
    1: { file: path.join(dir, 'a.png'), type: 'image/png', duration: 0.3, make: ['-f', 'lavfi', '-i', 'testsrc=size=1280x720', '-frames:v', '1'] },
    2: { file: path.join(dir, 'b.webm'), type: 'video/webm', duration: 1, make: ['-f', 'lavfi', '-i', 'testsrc=duration=0.5:size=1280x720:rate=25', '-c:v', 'libvpx', '-b:v', '1M'] },
    3: { file: path.join(dir, 'c.png'), type: 'image/png', duration: 0.3, make: ['-f', 'lavfi', '-i', 'smptebars=size=1280x720', '-frames:v', '1'] },
    4: { file: path.join(dir, 'd.webm'), type: 'video/webm', duration: 1, make: ['-f', 'lavfi', '-i', 'smptebars=duration=0.5:size=1280x720:rate=25', '-c:v', 'libvpx', '-b:v', '1M'] },
  } as const;
  for (const spec of Object.values(files)) await execAsync(ffmpeg, [...quiet, ...spec.make, spec.file]);
  return files;
}

/** Resident memory of this browser's processes (the one started with `userDataDir` and all below it), by process type. */
export function browserRss(userDataDir: string): { byType: Record<string, number>; renderers: Map<number, number> } {
  const processes = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      return [{ pid: Number(pid), ppid, cmdline, rss }];
    } catch {
      return [];
    }
  });
  const ours = new Set(processes.filter((p) => p.cmdline.includes(userDataDir) && !p.cmdline.includes('--type=')).map((p) => p.pid));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of processes) if (!ours.has(p.pid) && ours.has(p.ppid)) (ours.add(p.pid), (grew = true));
  }
  const byType: Record<string, number> = {};
  const renderers = new Map<number, number>();
  for (const p of processes.filter((candidate) => ours.has(candidate.pid))) {
    const type = /--utility-sub-type=([\w.-]+)/.exec(p.cmdline)?.[1] ?? /--type=([\w-]+)/.exec(p.cmdline)?.[1] ?? 'browser';
    byType[type] = (byType[type] ?? 0) + p.rss;
    if (type === 'renderer') renderers.set(p.pid, p.rss);
  }
  return { byType, renderers };
}

async function routeProtocol(page: Page, media: Awaited<ReturnType<typeof makeMedia>>) {
  const now = Date.now();
  const schedule = {
    device: 1,
    version: 1,
    timezone: 'UTC',
    generated_at: new Date(now).toISOString(),
    valid_until: new Date(now + 7 * 86_400_000).toISOString(),
    items: [
      {
        event: 1,
        title: 'Bench',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 6 * 3_600_000).toISOString(),
        priority: 0,
        playlist: null,
        media: Object.entries(media).map(([id, spec]) => ({ id: Number(id), url: `/api/v1/media/files/${id}/source`, checksum: createHash('sha256').update(fs.readFileSync(spec.file)).digest('hex'), duration: spec.duration })),
      },
    ],
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

const transitions = (page: Page) => page.evaluate(() => (window as any).vitrinePlayer.diagnostics.transitions as number);

async function waitForTransitions(page: Page, count: number): Promise<void> {
  const started = Date.now();
  let said = started;
  while ((await transitions(page)) < count) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (Date.now() - said > 20_000) {
      said = Date.now();
      console.log(`  ${await transitions(page)} transitions; ${JSON.stringify(await page.evaluate(() => (window as any).vitrinePlayer.state()))}`);
    }
    if (Date.now() - started > 600_000) throw new Error(`only ${await transitions(page)} transitions in 10 minutes`);
  }
}

interface Memory {
  heap: number;
  /** Resident memory of every renderer process, by pid (the page's is the largest: it holds the media). */
  renderers: Map<number, number>;
  /** Every process of this browser. */
  rss: number;
  byType: Record<string, number>;
}

export async function memory(context: BrowserContext, page: Page, userDataDir: string): Promise<Memory> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const { byType, renderers } = browserRss(userDataDir);
  return { heap: metrics.find((m) => m.name === 'JSHeapUsedSize')!.value, renderers, rss: Object.values(byType).reduce((a, b) => a + b, 0), byType };
}

export async function run(): Promise<Measurement[]> {
  const server = await startProductionServer();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-player-bench-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-player-profile-'));
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
    await waitForTransitions(page, 50);
    const at50 = await memory(context, page, userDataDir);
    await waitForTransitions(page, 201);
    const gaps = (await page.evaluate(() => (window as any).vitrinePlayer.diagnostics.gaps as number[])).slice(0, 200);
    await waitForTransitions(page, 275);
    const at275 = await memory(context, page, userDataDir);
    await waitForTransitions(page, 500);
    const at500 = await memory(context, page, userDataDir);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    // The page's renderer: the largest renderer after 50 transitions (the others are Chromium's spare and blank
    // renderers, a few MB each), followed by its pid to transition 500.
    const [pagePid, pageAt50] = [...at50.renderers].reduce((a, b) => (b[1] > a[1] ? b : a));
    const pageAt500 = at500.renderers.get(pagePid) ?? Number.NaN;
    const others = [...at500.renderers].filter(([pid]) => pid !== pagePid).map(([, rss]) => mb(rss));
    const measurements: Measurement[] = [
      { name: 'Gap between consecutive plays, p95 (200 transitions)', value: percentile(gaps, 95), unit: 'ms', goal: { op: '<=', value: 100 } },
      { name: '  median gap', value: percentile(gaps, 50), unit: 'ms' },
      { name: '  largest gap', value: Math.max(...gaps), unit: 'ms' },
      { name: 'JS heap growth, transition 50 -> 500', value: mb(at500.heap - at50.heap), unit: 'MB', goal: { op: '<=', value: 50 } },
      { name: "Page's renderer process growth (heap + media), 50 -> 500", value: mb(pageAt500 - pageAt50), unit: 'MB', goal: { op: '<=', value: 50 } },
      { name: '  JS heap after 50 / after 500', value: mb(at50.heap), unit: `/ ${mb(at500.heap)} MB` },
      { name: "  page's renderer after 50 / 275 / 500", value: mb(pageAt50), unit: `/ ${mb(at275.renderers.get(pagePid) ?? Number.NaN)} / ${mb(pageAt500)} MB` },
      { name: "  page's renderer growth, second half (275 -> 500)", value: mb(pageAt500 - (at275.renderers.get(pagePid) ?? Number.NaN)), unit: 'MB' },
      { name: `  other renderers after 500 (${others.length})`, value: others.reduce((a, b) => a + b, 0), unit: `MB (${others.join(', ')})` },
      { name: 'All Chromium processes growth, 50 -> 500 (no goal)', value: mb(at500.rss - at50.rss), unit: 'MB' },
      { name: '  all processes after 50 / after 500', value: mb(at50.rss), unit: `/ ${mb(at500.rss)} MB` },
      ...[...new Set([...Object.keys(at50.byType), ...Object.keys(at500.byType)])].map((type) => ({
        name: `    ${type}: growth (after 500)`,
        value: mb((at500.byType[type] ?? 0) - (at50.byType[type] ?? 0)),
        unit: `MB (${mb(at500.byType[type] ?? 0)} MB)`,
      })),
    ];
    printMeasurements('Web player: gapless playback and memory', measurements);
    return measurements;
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
