import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** One measured number: what, its value and unit, and the goal an issue names (for the printed verdict). */
export interface Measurement {
  name: string;
  value: number;
  unit: string;
  goal?: { op: '<=' | '>='; value: number };
}

export function verdict(m: Measurement): string {
  if (!m.goal) return '';
  const ok = m.goal.op === '<=' ? m.value <= m.goal.value : m.value >= m.goal.value;
  return `${ok ? 'meets' : 'MISSES'} goal ${m.goal.op} ${m.goal.value}`;
}

export function printMeasurements(title: string, measurements: Measurement[]): void {
  console.log(`\n## ${title}`);
  for (const m of measurements) {
    const value = Number.isInteger(m.value) ? String(m.value) : m.value.toFixed(2);
    console.log(`  ${m.name.padEnd(58)} ${value.padStart(10)} ${m.unit.padEnd(8)} ${verdict(m)}`);
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Starts `npm run serve` (the production server over the built dist/) in a child process on a free port
 * with a fresh data directory, and waits until it answers.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<{ origin: string; dataDir: string; child: ChildProcess; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  const port = String(18000 + Math.floor(Math.random() * 2000));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const response = await fetch(`${origin}/login`, { headers: { accept: 'text/html' } });
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    dataDir,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a bench server script that prints `{"port": N}` on a line of its own once it listens
 * (bench/devices-server.ts, bench/media-server.ts), and answers its origin.
 */
export async function spawnBenchServer(command: string, argv: string[], ipc = false): Promise<BenchServer> {
  const child = spawn(command, argv, { cwd: ROOT, stdio: ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Whether the bench servers run pinned to a core of their own (two cores or more and taskset). */
export const pinned = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** A bench server running in this process: its port, and close, which also removes its data directory. */
export interface LocalBenchServer {
  port: number;
  close(): Promise<void>;
}

/** Serves a seeded app on a loopback port; close stops it, closes its database and removes its data directory. */
export async function listenBenchApp(app: FastifyInstance, database: { close(): Promise<void> }, dataDir: string): Promise<LocalBenchServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a bench server script as a child process pinned to core 1 (when `pinned`) and answers its origin.
 * `nodeFlags` go to node (e.g. --expose-gc); `ipc` opens a message channel to the child (see askChild).
 */
export function spawnBenchScript(scriptUrl: string, args: string[], options: { nodeFlags?: string[]; ipc?: boolean } = {}): Promise<BenchServer> {
  const command = pinned ? 'taskset' : process.execPath;
  return spawnBenchServer(
    command,
    [...(pinned ? ['-c', '1', process.execPath] : []), ...(options.nodeFlags ?? []), '--import', 'tsx', fileURLToPath(scriptUrl), ...args],
    options.ipc,
  );
}

/** Sends `message` to a bench child spawned with `ipc` and answers its next message. */
export function askChild<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message as never, (error) => error && reject(error));
  });
}

/** When the script is run directly (as spawnBenchScript does): starts its server, prints {port}, stops on SIGTERM. */
export async function serveWhenRunDirectly(scriptUrl: string, start: () => Promise<LocalBenchServer>): Promise<void> {
  if (!process.argv[1] || scriptUrl !== pathToFileURL(process.argv[1]).href) return;
  const server = await start();
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
}

/** Signs `username` in through the API of the server at `origin`, answering the access token (401/429: throws). */
export async function signInToken(origin: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/token-obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

/** Signs in through the panel's login form (the English labels) and waits to leave /login. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Records requestAnimationFrame timestamps in the page until the returned function is called, which answers the
 * intervals between frames (ms). A string is evaluated, so the bundler's helper names (__name) do not reach the page.
 */
export async function recordFrames(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(`(() => {
    window.frames_ = [];
    window.recording_ = true;
    function tick(time) {
      window.frames_.push(time);
      if (window.recording_) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  })()`);
  return async () => {
    const frames = (await page.evaluate('(() => { window.recording_ = false; return window.frames_; })()')) as number[];
    return frames.slice(1).map((t, i) => t - frames[i]!);
  };
}
