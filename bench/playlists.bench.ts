import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/helpers/browser.ts';
import { signIn } from './devices.bench.ts';
import { pinClientToCore0 } from './devices-server.ts';
import { percentile, printMeasurements, ROOT, type Measurement } from './lib.ts';
import { BIG_TRACKS, startPlaylistsServer } from './playlists-server.ts';

/*
 * Playlists at scale, with 5,000 playlists of 3 tracks and one playlist of 1,000 tracks in the database:
 *  - reorder of the 1,000-track playlist (the last track moved first, the complete order in one PUT), p95 of 200
 *    sequential requests at the API;
 *  - a filtered page of the playlist list (name search, screen position, commit state, later pages), p95 of 300;
 *  - the editor in Chromium with the 1,000 tracks: a keyboard drag (pick up, 10 moves, drop) while a
 *    PerformanceObserver records long tasks; the longest task and the slowest key-to-announcement time.
 * The server runs in a child process pinned to one core; this client (and Chromium) on the other. Needs dist/.
 */

const PLAYLISTS = 5_000;
const REORDER_SAMPLES = 200;
const LIST_SAMPLES = 300;
const WARM_UP = 20;
const MOVES = 10;

/** Filtered pages an operator asks for; every sample takes the next one. */
const LIST_QUERIES = [
  'search=playlist%2042',
  'screen_position=vertical',
  'committed=false',
  'committed=true&screen_position=horizontal&page=5',
  'search=Bench&page=100',
  'search=99&committed=false',
  'screen_position=horizontal&ordering=name&page=3',
  'committed=false&ordering=-duration',
];

function client(origin: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  return (method: string, url: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        { method, hostname, port, path: url, agent, headers: { authorization: `JWT ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}

async function timed(samples: number[], call: () => Promise<{ status: number }>) {
  const started = performance.now();
  const { status } = await call();
  samples.push(performance.now() - started);
  if (status !== 200) throw new Error(`answered ${status}`);
}

/** The editor with 1,000 tracks: long tasks during a keyboard drag, and each move's key-to-announcement time. */
async function editorDrag(origin: string, playlistId: number): Promise<{ longest: number; longTasks: number; slowestMove: number; renderMs: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage({ baseURL: origin, viewport: { width: 1366, height: 900 } });
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.longTasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('bench-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const opened = performance.now();
    await page.goto(`/playlists/${playlistId}`);
    await page.getByRole('button', { name: /^Move Bench image \d+, position 1$/ }).waitFor({ timeout: 60_000 });
    const renderMs = performance.now() - opened;
    // The list is virtualised: scroll its box to the end to bring the last track in.
    await page.getByRole('list', { name: /^Tracks of / }).evaluate((list) => list.parentElement!.scrollTo({ top: list.scrollHeight }));
    const handle = page.getByRole('button', { name: new RegExp(`^Move Bench image \\d+, position ${BIG_TRACKS}$`) });
    await handle.waitFor({ timeout: 60_000 });
    await handle.focus();
    await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
    const announced = (text: string) => page.waitForFunction((t) => [...document.querySelectorAll('[aria-live]')].some((el) => el.textContent?.includes(t)), text, { timeout: 30_000 });
    const moves: number[] = [];
    await page.keyboard.press('Space');
    await announced(`position ${BIG_TRACKS} of ${BIG_TRACKS}.`);
    for (let i = 1; i <= MOVES; i += 1) {
      const started = performance.now();
      await page.keyboard.press('ArrowUp');
      await announced(`moved to position ${BIG_TRACKS - i} of ${BIG_TRACKS}.`);
      moves.push(performance.now() - started);
    }
    await page.keyboard.press('Space');
    await announced(`dropped at position ${BIG_TRACKS - MOVES} of ${BIG_TRACKS}.`);
    await page.getByText('You have unsaved changes.', { exact: false }).waitFor();
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    return { longest: tasks.length ? Math.max(...tasks) : 0, longTasks: tasks.length, slowestMove: Math.max(...moves), renderMs };
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<Measurement[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  pinClientToCore0();
  const server = await startPlaylistsServer(PLAYLISTS);
  try {
    const call = client(server.origin, await signIn(server.origin));
    const big = PLAYLISTS + 1;
    let order = (JSON.parse((await call('GET', `/api/v1/media/play_lists/${big}/tracks/`)).text) as { id: number }[]).map((t) => t.id);
    if (order.length !== BIG_TRACKS) throw new Error(`the big playlist has ${order.length} tracks`);
    const reorders: number[] = [];
    for (let i = 0; i < WARM_UP + REORDER_SAMPLES; i += 1) {
      order = [order.at(-1)!, ...order.slice(0, -1)];
      const positions = order;
      await timed(i < WARM_UP ? [] : reorders, () => call('PUT', `/api/v1/media/play_lists/${big}/change_position_tracks/`, { positions }));
    }
    const lists: number[] = [];
    for (let i = 0; i < WARM_UP + LIST_SAMPLES; i += 1) {
      const query = LIST_QUERIES[i % LIST_QUERIES.length];
      await timed(i < WARM_UP ? [] : lists, () => call('GET', `/api/v1/media/play_lists/?${query}`));
    }
    // The editor's drag works on the order as the server has it now.
    const editor = await editorDrag(server.origin, big);
    return [
      { name: `reorder ${BIG_TRACKS} tracks (last first), p95 of ${REORDER_SAMPLES}`, value: percentile(reorders, 95), unit: 'ms', goal: { op: '<=', value: 50 } },
      { name: '  reorder, median', value: percentile(reorders, 50), unit: 'ms' },
      { name: `filtered playlist page (${PLAYLISTS} playlists), p95 of ${LIST_SAMPLES}`, value: percentile(lists, 95), unit: 'ms', goal: { op: '<=', value: 20 } },
      { name: '  filtered page, median', value: percentile(lists, 50), unit: 'ms' },
      { name: `editor keyboard drag over ${BIG_TRACKS} tracks: longest task`, value: editor.longest, unit: 'ms', goal: { op: '<=', value: 50 } },
      { name: '  long tasks (over 50 ms) during the drag', value: editor.longTasks, unit: 'tasks' },
      { name: '  slowest move, key to announcement', value: editor.slowestMove, unit: 'ms' },
      { name: `  editor opened with ${BIG_TRACKS} tracks (goto to first handle shown)`, value: editor.renderMs, unit: 'ms' },
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Playlists', await run());
}
