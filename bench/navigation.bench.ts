import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ffmpegPath } from '../server/media/tools.ts';
import { MAX_NAVIGATION_FILE_BYTES } from '../src/services/schemas/navigation.ts';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { percentile, printMeasurements, recordFrames, ROOT, signInThroughForm, spawnBenchServer, type Measurement } from './lib.ts';
import { BENCH_ADMIN_PASSWORD } from './media-server.ts';

/*
 * Navigation (issue 16):
 *  - a layout of almost 25 MB (a 2900 x 2900 PNG of noise) uploaded over loopback: growth of the server process's RSS
 *    (sampled from /proc every 20 ms from before the upload to the answer) and the time from the last byte sent to the
 *    answer, which comes once the display copy (4096 px at most, WebP, ffmpeg) is made;
 *  - in Chromium, a layout with 1,000 markers: first render (from the click on "Open" to the stage drawn with the layout
 *    and every marker) and the frame times (requestAnimationFrame timestamps) while zooming by wheel and panning by drag.
 * The server (the real app over dist/, PGlite) runs in a child process; the client and the browser run here.
 */

const MARKERS = 1000;

async function api<T>(origin: string, token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { ...(token ? { authorization: `JWT ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Streams a multipart object create from disk; answers status, the answer's body and the ms from the last byte to the answer. */
function streamedCreate(origin: string, token: string, office: number, file: string): Promise<{ status: number; body: string; afterUploadMs: number; totalMs: number }> {
  const boundary = `----vitrinenav${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="office"\r\n\r\n${office}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench floor\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="layout"; filename="floor.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sentAt = 0;
    const request = http.request(`${origin}/api/v1/navigation/objects/create/`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const now = performance.now();
        resolve({ status: response.statusCode ?? 0, body: text, afterUploadMs: now - sentAt, totalMs: now - started });
      });
    });
    request.on('error', reject);
    request.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.pipe(request, { end: false });
    stream.on('end', () => request.end(tail, () => (sentAt = performance.now())));
  });
}

async function layoutUpload(origin: string, pid: number, token: string, office: number, dir: string): Promise<{ growth: number; afterUploadMs: number; totalMs: number; bytes: number }> {
  const raw = path.join(dir, 'noise.rgb');
  const png = path.join(dir, 'floor.png');
  fs.writeFileSync(raw, randomBytes(2900 * 2900 * 3));
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '2900x2900', '-i', raw, '-frames:v', '1', '-compression_level', '0', png]);
  const bytes = fs.statSync(png).size;
  if (bytes > MAX_NAVIGATION_FILE_BYTES) throw new Error(`the bench layout is ${bytes} bytes, over the limit`);
  const baseline = rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  try {
    const answer = await streamedCreate(origin, token, office, png);
    if (answer.status !== 201) throw new Error(`the layout upload answered ${answer.status} ${answer.body}`);
    return { growth: (peak - baseline) / 1024 / 1024, afterUploadMs: answer.afterUploadMs, totalMs: answer.totalMs, bytes };
  } finally {
    clearInterval(sampler);
  }
}

async function stageInChromium(origin: string, company: number, office: number, object: number): Promise<{ firstRender: number; network: number; frameP95: number; frameP50: number; frames: number; over: number; longest: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage({ baseURL: origin, viewport: { width: 1366, height: 900 } });
    await signInThroughForm(page, 'admin', BENCH_ADMIN_PASSWORD);
    // The screen's document is served cross-origin isolated (COOP + COEP, everything it loads is same-origin), so that
    // performance.now() and requestAnimationFrame timestamps are precise to microseconds rather than coarsened to
    // 100 us: a 60 Hz frame (16.67 ms) would otherwise show as 16.6 or 16.8 ms at random.
    await page.route(
      (url) => url.pathname === '/navigation',
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } });
      },
    );
    await page.goto(`/navigation?company=${company}&office=${office}`);
    if (!(await page.evaluate(() => window.crossOriginIsolated))) throw new Error('the bench page is not cross-origin isolated: its timestamps would be coarse');
    const open = page.getByRole('button', { name: 'Open Bench markers' });
    await open.waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { openedAt: number; drawnAt: number };
      new MutationObserver(() => {
        const stage = document.querySelector<HTMLElement>('[data-testid="layout-stage"]');
        if (!w.drawnAt && stage && stage.dataset.markers === '1000' && Number(stage.dataset.layoutWidth) > 1) w.drawnAt = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
      document.addEventListener('click', () => (w.openedAt ??= performance.now()), { capture: true, once: true });
    });
    await open.click();
    await page.waitForFunction(() => (window as unknown as { drawnAt?: number }).drawnAt, undefined, { timeout: 60_000 });
    const { firstRender, network, requests } = await page.evaluate(() => {
      const w = window as unknown as { openedAt: number; drawnAt: number };
      // The part of it spent waiting for the network (the markers list and the layout image, fetched side by side).
      const fetched = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= w.openedAt)
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      const requests = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= w.openedAt)
        .map((e) => `${Math.round(e.startTime - w.openedAt)}..${Math.round((e as PerformanceResourceTiming).responseEnd - w.openedAt)} ms ${e.name}`);
      return { requests, firstRender: w.drawnAt - w.openedAt, network: fetched.length ? Math.max(...fetched) - w.openedAt : 0 };
    });
    if (process.env.NAVIGATION_BENCH_VERBOSE) console.log(`  requests after "Open" (drawn at ${Math.round(firstRender)} ms):\n    ${requests.join('\n    ')}`);
    const stage = page.getByTestId('layout-stage');
    const box = (await stage.boundingBox())!;
    const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const stopRecording = await recordFrames(page);
    await page.mouse.move(center.x, center.y);
    for (let i = 0; i < 20; i += 1) await page.mouse.wheel(0, i < 10 ? -120 : 120);
    await page.mouse.down();
    for (let i = 0; i < 60; i += 1) await page.mouse.move(center.x + Math.sin(i / 6) * 200, center.y + Math.cos(i / 6) * 120);
    await page.mouse.up();
    for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, -120);
    const deltas = await stopRecording();
    return { firstRender, network, frameP95: percentile(deltas, 95), frameP50: percentile(deltas, 50), frames: deltas.length, over: deltas.filter((d) => d > 16.7).length, longest: Math.max(...deltas) };
  } finally {
    await browser.close();
  }
}

function uploadMeasurements(upload: { growth: number; afterUploadMs: number; totalMs: number; bytes: number }): Measurement[] {
  return [
    { name: `${(upload.bytes / 1024 / 1024).toFixed(1)} MB layout upload: server RSS growth`, value: upload.growth, unit: 'MB', goal: { op: '<=', value: 64 } },
    { name: '  last byte sent to answer (display copy made)', value: upload.afterUploadMs, unit: 'ms', goal: { op: '<=', value: 10_000 } },
    { name: '  whole request', value: upload.totalMs, unit: 'ms' },
  ];
}

export async function run(): Promise<Measurement[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-navigation-'));
  const server = await spawnBenchServer(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/media-server.ts')]);
  try {
    const token = (await api<{ access: string }>(server.origin, null, 'POST', '/auth/token-obtain/', { username: 'admin', password: BENCH_ADMIN_PASSWORD })).body.access;
    const company = (await api<{ id: number }>(server.origin, token, 'POST', '/companies/create/', { name: 'Bench mall', user: 1 })).body.id;
    const office = (await api<{ id: number }>(server.origin, token, 'POST', '/branch-offices/create/', { company, name: 'Bench centre', user: 1 })).body.id;
    // NAVIGATION_BENCH_STAGE_ONLY=1 measures the stage alone (the upload takes a while on a busy machine).
    const upload = process.env.NAVIGATION_BENCH_STAGE_ONLY ? null : await layoutUpload(server.origin, server.child.pid!, token, office, dir);

    const plan = path.join(dir, 'plan.png');
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0xd0d0d0:s=2400x1600', '-frames:v', '1', plan]);
    const form = new FormData();
    form.append('office', String(office));
    form.append('name', 'Bench markers');
    form.append('layout', new Blob([new Uint8Array(fs.readFileSync(plan))], { type: 'image/png' }), 'plan.png');
    const object = (await api<{ id: number }>(server.origin, token, 'POST', '/navigation/objects/create/', form)).body.id;
    const kinds = ['none', 'toilet', 'atm', 'mother_care_room', 'disabled_room'];
    for (let i = 0; i < MARKERS; i += 1) {
      const created = await api(server.origin, token, 'POST', '/navigation/markers/create/', { object, kind: kinds[i % kinds.length], x: ((i * 37) % 1000) / 1000, y: ((i * 61) % 1000) / 1000 });
      if (created.status !== 201) throw new Error(`marker ${i} answered ${created.status}`);
    }
    const stage = await stageInChromium(server.origin, company, office, object);
    return [
      ...(upload ? uploadMeasurements(upload) : []),
      { name: `${MARKERS} markers: first render (click "Open" to drawn)`, value: stage.firstRender, unit: 'ms', goal: { op: '<=', value: 500 } },
      { name: '  of which waiting for the network (markers, layout image)', value: stage.network, unit: 'ms' },
      { name: `  pan and zoom: p95 frame time of ${stage.frames} frames`, value: stage.frameP95, unit: 'ms', goal: { op: '<=', value: 16.7 } },
      { name: '  median frame time', value: stage.frameP50, unit: 'ms' },
      { name: '  frames longer than 16.7 ms', value: stage.over, unit: 'frames' },
      { name: '  longest frame', value: stage.longest, unit: 'ms' },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Navigation', await run());
}
