import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printMeasurements, ROOT, type Measurement } from './lib.ts';

/*
 * Durability (issue 14): the production server (server/index.ts, PGlite in DATA_DIR) takes writes from a few
 * concurrent writers; once enough are acknowledged it is killed with SIGKILL in the middle of the stream, started
 * again on the same data directory, and every write it acknowledged (answered 201) must be there. Three rounds on one
 * data directory, so each restart also recovers the previous rounds' data.
 */

const ROUNDS = 3;
const WRITERS = 4;
/** Acknowledged writes per round before the kill (the kill lands while the writers keep writing). */
const WRITES_BEFORE_KILL = 300;

interface Running {
  origin: string;
  child: ChildProcess;
}

async function startServer(dataDir: string): Promise<Running> {
  const port = String(20000 + Math.floor(Math.random() * 5000));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${origin}/api/v1/health/`)).ok) return { origin, child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signIn(origin: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/token-obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

async function storedNames(origin: string, access: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${origin}/api/v1/companies/?page=${page}&page_size=500`, { headers: { authorization: `JWT ${access}` } });
    const body = (await response.json()) as { results: { name: string }[]; next: string | null };
    for (const company of body.results) names.add(company.name);
    if (!body.next) return names;
  }
}

/** Writes companies until `stop` and the kill; answers the names the server acknowledged. */
async function writeUntilKilled(server: Running, access: string, round: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  let sequence = 0;
  const writer = async (id: number) => {
    while (!killed) {
      const name = `Durable ${round}-${id}-${(sequence += 1)}`;
      try {
        const response = await fetch(`${server.origin}/api/v1/companies/create/`, {
          method: 'POST',
          headers: { authorization: `JWT ${access}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name, user: 1 }),
        });
        if (response.status === 201) acknowledged.push(name);
      } catch {
        return; // the connection died with the server: this write was never acknowledged
      }
      if (acknowledged.length >= WRITES_BEFORE_KILL && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
  await new Promise<void>((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once('exit', () => resolve())));
  return acknowledged;
}

export async function run(): Promise<Measurement[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-durability-'));
  let acknowledgedTotal = 0;
  let foundTotal = 0;
  let cleanStops = 0;
  const everAcknowledged: string[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const server = await startServer(dataDir);
      const password = fs.readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
      const acknowledged = await writeUntilKilled(server, await signIn(server.origin, password), round);
      const restarted = await startServer(dataDir);
      try {
        const stored = await storedNames(restarted.origin, await signIn(restarted.origin, password));
        everAcknowledged.push(...acknowledged);
        const found = acknowledged.filter((name) => stored.has(name)).length;
        const allFound = everAcknowledged.filter((name) => stored.has(name)).length;
        console.log(`  round ${round}: killed with SIGKILL after ${acknowledged.length} acknowledged writes; found ${found} after restart (all rounds so far: ${allFound} of ${everAcknowledged.length})`);
        acknowledgedTotal += acknowledged.length;
        foundTotal += found;
      } finally {
        restarted.child.kill('SIGTERM');
        const code = await new Promise<number | null>((resolve) => (restarted.child.exitCode !== null ? resolve(restarted.child.exitCode) : restarted.child.once('exit', (exit) => resolve(exit))));
        if (code === 0) cleanStops += 1;
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const measurements: Measurement[] = [
    { name: `acknowledged writes over ${ROUNDS} kill -9 rounds`, value: acknowledgedTotal, unit: 'writes' },
    { name: 'of them found after restart', value: foundTotal, unit: 'writes' },
    { name: 'acknowledged writes lost', value: acknowledgedTotal - foundTotal, unit: 'writes', goal: { op: '<=', value: 0 } },
    { name: `SIGTERM shutdowns with exit code 0 (of ${ROUNDS})`, value: cleanStops, unit: 'stops', goal: { op: '>=', value: ROUNDS } },
  ];
  printMeasurements('durability: kill -9 during writes', measurements);
  return measurements;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
