import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { noticeWants } from '../src/player/channel.ts';
import { connectChannel } from '../src/services/player/channel.ts';
import { httpFetch } from '../server/channel/httpFetch.ts';
import { percentile, printMeasurements, ROOT, signInToken, type Measurement } from './lib.ts';

/*
 * A quiet load run (issue 26.8): the production server (server/index.ts) with LOAD_BENCH_PLAYERS simulated players
 * (1,000) heartbeating every 10 s and sending a batch of plays every 60 s, plus 20 operator requests per second (device
 * list pages, the device xlsx-free list filters, media, campaigns, journal and statistics pages), for LOAD_BENCH_SECONDS
 * (180), on PGlite and, with LOAD_BENCH_PG=postgres://..., on a throw-away database of that PostgreSQL too. Prints the
 * errors (non-2xx answers and failed requests) and the p95 per kind, and the server's resident memory growth from the
 * start of the run to its end. Goal: no errors, p95 under 100 ms for heartbeats and operator pages.
 *
 * Delivery under load (issue 35.20): each player keeps the live channel open (LOAD_BENCH_CHANNEL=0: not) and, as the
 * web player does (src/player/channel.ts), downloads its schedule (dev2) at once on a schedule notice and heartbeats on
 * any other; a heartbeat whose version moved downloads the schedule too.
 * A quarter of the way in an emergency override reaches every device, half way it is cleared, three quarters in a
 * publish reaches them (a second event on all of them); the heartbeats begun in the DELIVERY_WINDOW_S seconds after each
 * are measured apart (p50, p95, p99; goal p95 < 100 ms too), as are the schedule downloads. Heartbeats between the first
 * 15 s (warm-up: every first beat and download) and the override are the quiet baseline, those past each window "later".
 * Players send the config version their last heartbeat answered, as the web player does (without it every heartbeat
 * is told the config files, so it goes to the database).
 * Measured 2026-11-29 (issue 35.20: compiles of more than 250 devices queued after the answer, PGlite statements giving
 * the event loop back, plays of requests together in one statement, live statistics in one pass), `LOAD_BENCH_PG=...
 * npx tsx bench/run.ts load`, load average 1.6 before, 0.6 after PGlite, 1.5 after PostgreSQL (quiet): no errors;
 * heartbeat p95 quiet / after the override / after the clear / after the publish / later: PGlite 8 / 11 / 16 / 26 / 15 ms,
 * PostgreSQL 3 / 12 / 11 / 5 / 4 ms; warm-up p95 83 and 29 ms; operator p95 49 and 25 ms; notice p95 override / clear /
 * publish: PGlite 693 / 997 / 888 ms, PostgreSQL 893 / 780 / 703 ms; server CPU per 20 s 7.9-9.7 s on PGlite, 2.7-3.3 s
 * on PostgreSQL.
 */
const CHANNEL = process.env.LOAD_BENCH_CHANNEL !== '0';
const DELIVERY_WINDOW_S = 20;

const PLAYERS = Number(process.env.LOAD_BENCH_PLAYERS ?? 1000);
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 180);
const OPERATOR_RATE = 20;
/**
 * Issue 35.4: players showing short items report each change of what plays at once, at most every 5.5 s. With
 * LOAD_BENCH_ROTATE_S=5.5 every player's file changes that often and it heartbeats on each change, with now_playing
 * (its regular beats carry it too); 0 (the default): no now_playing, the beats of issue 26.8.
 */
const ROTATE_MS = Number(process.env.LOAD_BENCH_ROTATE_S ?? 0) * 1000;

interface Server {
  origin: string;
  pid: number;
  stop(): Promise<void>;
  /** The lines the server logged at level error or above (pino's JSON lines). */
  errorLines(): string[];
}

async function startServer(env: Record<string, string>): Promise<Server & { password: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-load-'));
  const port = String(21000 + Math.floor(Math.random() * 4000));
  // LOAD_BENCH_PROF=<dir>: a V8 CPU profile of the server (written when it stops); the bench prints the profile clock
  // (µs, CLOCK_MONOTONIC like the profile's startTime) at the override and the publish, to cut the profile there.
  const profile = process.env.LOAD_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${origin}/api/v1/health/`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const password = fs.readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
  return {
    origin,
    pid: child.pid!,
    password,
    errorLines: () => output.split('\n').filter((line) => /"level":(50|60)/.test(line)),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time a process has used, user and system, in ms (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function call(origin: string, method: string, url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

interface Player {
  sn: string;
  key: string;
  plays: number;
  /** The schedule version last downloaded, and the device id (from the heartbeat's answer). */
  scheduleVersion: number;
  device: number;
  /** The config version the last heartbeat answered: sent with the next, as the web player does (null until then). */
  configVersion: number | null;
}

async function seed(origin: string, token: string): Promise<{ players: Player[]; event: number; media: number; second: number; campaign: number; devices: number[] }> {
  const auth = { authorization: `JWT ${token}` };
  const form = new FormData();
  form.append('user', '1');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  form.append('src_file[0]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'load.png');
  form.append('src_file[1]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'load-2.png');
  const info = { screen_position: 'horizontal', device_type: 'tvpi' };
  form.append('file_info', JSON.stringify([{ name: 'Load', ...info }, { name: 'Load 2', ...info }]));
  const uploaded = await fetch(`${origin}/api/v1/media/files/create/`, { method: 'POST', headers: auth, body: form });
  const [media, second] = ((await uploaded.json()) as { id: number }[]).map((file) => file.id) as [number, number];
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, PLAYERS - i) }, (_, j) => call(origin, 'POST', '/tvpi/devices/create/', { sn: `LOAD-${i + j}`, user: 1, position: 'horizontal' }, auth)),
    );
    for (const created of batch) {
      if (created.status !== 201) throw new Error(`device create answered ${created.status}`);
      players.push({ sn: created.json.sn, key: created.json.key, plays: 0, scheduleVersion: -1, device: created.json.id, configVersion: null });
    }
  }
  const campaign = (await call(origin, 'POST', '/campaigns/create/', { name: 'Load', screen_position: 'horizontal', user: 1 }, auth)).json.id as number;
  const ids = (await Promise.all(players.map((p) => p.sn))).length;
  const devices = (await call(origin, 'GET', `/tvpi/devices/?page_size=500&search=LOAD`, undefined, auth)).json;
  const allIds: number[] = [];
  for (let page = 1; allIds.length < ids; page += 1) {
    const list = (await call(origin, 'GET', `/tvpi/devices/?page_size=500&page=${page}`, undefined, auth)).json as { results: { id: number }[] };
    if (!list.results.length) break;
    allIds.push(...list.results.map((d) => d.id));
  }
  void devices;
  await call(origin, 'PUT', `/campaigns/${campaign}/devices/`, { devices: allIds }, auth);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const event = await call(origin, 'POST', '/scheduler/events/create/', { campaign, title: 'Load', media, all_day: true, start_date: day(-1), end_date: day(2), devices: allIds }, auth);
  if (event.status !== 201) throw new Error(`event create answered ${event.status} ${JSON.stringify(event.json)}`);
  await call(origin, 'POST', `/scheduler/publish/${campaign}/`, undefined, auth);
  return { players, event: event.json.id as number, media, second, campaign, devices: allIds };
}

async function loadRun(label: string, env: Record<string, string>): Promise<Measurement[]> {
  const server = await startServer(env);
  try {
    const token = await signInToken(server.origin, 'admin', server.password);
    const { players, event, media, second, campaign, devices } = await seed(server.origin, token);
    // A fresh access token (5 minutes) for the run: seeding may have used up most of the first one.
    const auth = { authorization: `JWT ${await signInToken(server.origin, 'admin', server.password)}` };
    const samples = new Map<string, number[]>();
    const errors = new Map<string, number>();
    /**
     * When the override and the publish were sent (performance.now()), to file heartbeats by phase; and after each, when
     * every player had its first notice and its first schedule download with the version it moved to (ms after the send).
     */
    const phases: { name: string; at: number; notice: Map<number, number>; schedule: Map<number, number> }[] = [];
    /**
     * The server's CPU time over the DELIVERY_WINDOW_S after each phase, and over as long a window of the quiet part
     * just before the override: the work a delivery costs, which a loaded machine slows down but does not change much.
     */
    const cpu: { name: string; ms: number }[] = [];
    const measureCpu = (name: string, delayMs: number) => {
      timers.push(
        setTimeout(() => {
          const before = cpuMs(server.pid);
          timers.push(setTimeout(() => cpu.push({ name, ms: cpuMs(server.pid) - before }), DELIVERY_WINDOW_S * 1000));
        }, delayMs),
      );
    };
    const startPhase = (name: string) => {
      phases.push({ name, at: performance.now(), notice: new Map(), schedule: new Map() });
      measureCpu(`after ${name}`, 0);
      if (process.env.LOAD_BENCH_PROF) console.log(`  ${label} ${name} sent at profile clock ${process.hrtime.bigint() / 1000n} µs`);
    };
    const phaseOf = (kind: string, at: number) => {
      if (kind !== 'heartbeat' && kind !== 'schedule') return kind;
      const phase = [...phases].reverse().find((p) => at >= p.at);
      // The first 15 s: every player's first heartbeat and schedule download, not the quiet baseline.
      if (!phase) return at < warmedUp ? `${kind} warm-up` : `${kind} quiet`;
      return at < phase.at + DELIVERY_WINDOW_S * 1000 ? `${kind} after ${phase.name}` : `${kind} later`;
    };
    // `what` names the request in the error count (an operator page's path), so a failure says where it was.
    const timed = async <T extends { status: number }>(kind: string, run: () => Promise<T>, what = kind): Promise<T | null> => {
      const started = performance.now();
      let answer: T | null = null;
      try {
        answer = await run();
        if (answer.status >= 300) errors.set(`${what} ${answer.status}`, (errors.get(`${what} ${answer.status}`) ?? 0) + 1);
      } catch (error) {
        errors.set(`${what} ${(error as Error).message}`, (errors.get(`${what} ${(error as Error).message}`) ?? 0) + 1);
      }
      const name = phaseOf(kind, started);
      const list = samples.get(name) ?? [];
      list.push(performance.now() - started);
      samples.set(name, list);
      return answer;
    };
    const today = new Date().toISOString().slice(0, 10);
    const pages = [
      '/tvpi/devices/?page_size=20',
      '/tvpi/devices/?page_size=20&status=online',
      '/tvpi/devices/?page_size=20&search=LOAD-1',
      '/media/files/?page_size=20',
      '/campaigns/?page_size=20',
      '/journal/?page_size=20',
      `/statistics/live/`,
      `/scheduler/events/?start=${today}`,
    ];
    const startRss = rssMb(server.pid);
    const warmedUp = performance.now() + 15_000;
    const end = Date.now() + SECONDS * 1000;
    const pending = new Set<Promise<unknown>>();
    const track = (p: Promise<unknown>) => {
      pending.add(p);
      void p.finally(() => pending.delete(p));
    };
    // Each player beats every 10 s and sends its plays every 60 s, spread evenly over the period.
    const timers: NodeJS.Timeout[] = [];
    const channels = new AbortController();
    players.forEach((player, i) => {
      const headers = { 'x-device-serial': player.sn, 'x-device-key': player.key };
      // A heartbeat, then the schedule when its version moved (as the players do); one at a time per player.
      let beating: Promise<void> | null = null;
      // LOAD_BENCH_ROTATE_S: the file shown changes that often, and each change is reported at once (issue 35.4).
      let shown = 0;
      let shownAt = Date.now();
      // The schedule, as a player downloads it: after a heartbeat whose version moved, or at once on a schedule notice.
      const download = async () => {
        const asked = performance.now();
        const schedule = await timed('schedule', () => call(server.origin, 'GET', `/scheduler/dev2/${player.device}`, undefined, headers));
        if (schedule && schedule.status === 200) {
          player.scheduleVersion = schedule.json.version;
          const phase = phases.at(-1);
          if (phase && asked >= phase.at && !phase.schedule.has(i)) phase.schedule.set(i, performance.now() - phase.at);
        }
      };
      const beatOnce = async () => {
        // The config version the last answer gave, as the web player sends it (src/machines/player/playerLifecycle.machine.ts):
        // a heartbeat without it is told the config files each time, so it goes to the database every time.
        const body = { version: 'load-1', schedule_state: 'playing', ...(player.configVersion !== null ? { config_version: player.configVersion } : {}), ...(ROTATE_MS ? { now_playing: { event, media: shown % 2 ? second : media, started_at: new Date(shownAt).toISOString() } } : {}) };
        const answer = await timed('heartbeat', () => call(server.origin, 'POST', '/player/heartbeat/', body, headers));
        const version = answer?.json?.schedule_version;
        if (typeof answer?.json?.config_version === 'number') player.configVersion = answer.json.config_version;
        if (typeof version === 'number' && version !== player.scheduleVersion) await download();
      };
      // What a notice asked for while this player was busy, carried out next (as the player lifecycle does).
      const wanted = new Set<'beat' | 'schedule'>();
      const pump = () => {
        if (beating || !wanted.size) return;
        const next = wanted.has('schedule') ? 'schedule' : 'beat';
        wanted.delete(next);
        const running = (next === 'schedule' ? download() : beatOnce()).finally(() => {
          beating = null;
          pump();
        });
        beating = running;
        track(running);
      };
      // A regular beat is skipped while the player is busy; what a notice asks for waits its turn.
      const beat = () => {
        if (beating) return;
        wanted.add('beat');
        pump();
      };
      if (CHANNEL) {
        const listen = async () => {
          while (!channels.signal.aborted) {
            await connectChannel({ origin: server.origin, serial: player.sn, key: player.key, fetch: httpFetch }, (event) => {
              if (event.type !== 'notice') return;
              const phase = phases.at(-1);
              if (phase && !phase.notice.has(i)) phase.notice.set(i, performance.now() - phase.at);
              // As the web player does (src/player/channel.ts): a schedule notice downloads the schedule at once, no
              // heartbeat first; any other heartbeats.
              const wants = noticeWants(event.kinds);
              if (wants.schedule) wanted.add('schedule');
              if (wants.heartbeat) wanted.add('beat');
              pump();
            }, channels.signal);
            if (!channels.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        };
        timers.push(setTimeout(() => void listen(), (i / players.length) * 5_000));
      }
      const plays = () => {
        const batch = Array.from({ length: 6 }, () => ({ id: `${player.sn}-${(player.plays += 1)}`, event, media, started_at: new Date(Date.now() - 10_000).toISOString(), duration: 10 }));
        track(timed('plays', () => call(server.origin, 'POST', '/player/plays/', { plays: batch }, headers)));
      };
      timers.push(setTimeout(() => (beat(), timers.push(setInterval(beat, 10_000))), (i / players.length) * 10_000));
      if (ROTATE_MS) {
        const rotate = () => {
          shown += 1;
          shownAt = Date.now();
          beat();
        };
        timers.push(setTimeout(() => (rotate(), timers.push(setInterval(rotate, ROTATE_MS))), (i / players.length) * ROTATE_MS));
      }
      timers.push(setTimeout(() => (plays(), timers.push(setInterval(plays, 60_000))), (i / players.length) * 60_000));
    });
    // The quiet window ends where the override begins (when the run leaves room for it after the warm-up).
    // The override starts a quarter of the way in, is cleared at half way, and a publish comes at three quarters.
    const at = (quarter: number) => (SECONDS * 1000 * quarter) / 4;
    if (at(1) - DELIVERY_WINDOW_S * 1000 >= 15_000) measureCpu('quiet, before the override', at(1) - DELIVERY_WINDOW_S * 1000);
    let n = 0;
    timers.push(
      setInterval(() => {
        const page = pages[n++ % pages.length]!;
        track(timed('operator', () => call(server.origin, 'GET', page, undefined, auth), `operator ${page.split('?')[0]}`));
      }, 1000 / OPERATOR_RATE),
    );
    let peakRss = startRss;
    timers.push(setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 1000));
    // An emergency override on every device, cleared, then a publish reaching all of them.
    let overrideId: number | null = null;
    timers.push(
      setTimeout(() => {
        startPhase('override');
        track(
          timed('override', async () => {
            const started = await call(server.origin, 'POST', '/overrides/create/', { devices, media }, auth);
            overrideId = started.json?.id ?? null;
            return started;
          }),
        );
      }, at(1)),
    );
    timers.push(
      setTimeout(() => {
        startPhase('clear');
        if (overrideId !== null) track(timed('clear', () => call(server.origin, 'POST', `/overrides/${overrideId}/clear/`, undefined, auth)));
      }, at(2)),
    );
    timers.push(
      setTimeout(() => {
        startPhase('publish');
        track(
          timed('publish', async () => {
            const day = new Date().toISOString().slice(0, 10);
            const added = await call(server.origin, 'POST', '/scheduler/events/create/', { campaign, title: 'Load 2', media, all_day: true, start_date: day, end_date: day, devices }, auth);
            if (added.status !== 201) return added;
            return call(server.origin, 'POST', `/scheduler/publish/${campaign}/`, undefined, auth);
          }),
        );
      }, at(3)),
    );
    await new Promise((resolve) => setTimeout(resolve, end - Date.now()));
    for (const timer of timers) clearInterval(timer);
    channels.abort();
    await Promise.all(pending);
    const endRss = rssMb(server.pid);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    if (errorCount) {
      console.log(`  ${label} errors: ${JSON.stringify(Object.fromEntries(errors))}`);
      // What the server logged about them (its errors, at most five).
      for (const line of server.errorLines().slice(0, 5)) console.log(`  ${label} server: ${line.slice(0, 2000)}`);
    }
    const measurements: Measurement[] = [{ name: `${label}: errors`, value: errorCount, unit: 'requests', goal: { op: '<=', value: 0 } }];
    for (const [kind, values] of samples) {
      const goal = kind === 'plays' || kind.startsWith('schedule') || kind === 'override' || kind === 'clear' || kind === 'publish' ? {} : { goal: { op: '<=' as const, value: 100 } };
      if (kind.startsWith('heartbeat')) measurements.push({ name: `${label}: ${kind} p50`, value: percentile(values, 50), unit: 'ms' });
      measurements.push({ name: `${label}: ${kind} p95 (${values.length} requests)`, value: percentile(values, 95), unit: 'ms', ...goal });
      if (kind.startsWith('heartbeat')) measurements.push({ name: `${label}: ${kind} p99`, value: percentile(values, 99), unit: 'ms' });
    }
    // From the override's (the publish's) request to each player's notice (goal 1 s, issue 35.1) and to its download of
    // the schedule that plays it.
    for (const phase of phases) {
      const notices = [...phase.notice.values()];
      const downloads = [...phase.schedule.values()];
      if (notices.length) {
        measurements.push({ name: `${label}: ${phase.name} notice p50 (${notices.length} players)`, value: percentile(notices, 50), unit: 'ms' });
        measurements.push({ name: `${label}: ${phase.name} notice p95`, value: percentile(notices, 95), unit: 'ms', goal: { op: '<=', value: 1000 } });
      }
      if (downloads.length) measurements.push({ name: `${label}: ${phase.name} schedule downloaded p95 (${downloads.length} players)`, value: percentile(downloads, 95), unit: 'ms' });
    }
    for (const { name, ms } of cpu) measurements.push({ name: `${label}: server CPU in the ${DELIVERY_WINDOW_S} s ${name}`, value: ms, unit: 'ms' });
    measurements.push({ name: `${label}: server RSS growth (${startRss.toFixed(0)} MB at start, peak ${peakRss.toFixed(0)})`, value: endRss - startRss, unit: 'MB' });
    return measurements;
  } finally {
    await server.stop();
  }
}

async function withThrowAwayDatabase<T>(url: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `vitrine_load_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await run(target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function run(): Promise<Measurement[]> {
  const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');
  console.log(`  load average before: ${load()} (${os.cpus().length} cores)`);
  // LOAD_BENCH_PGLITE=0 (with LOAD_BENCH_PG): PostgreSQL alone.
  const measurements = process.env.LOAD_BENCH_PGLITE === '0' ? [] : await loadRun('PGlite', {});
  if (measurements.length) console.log(`  load average after PGlite: ${load()}`);
  const pgUrl = process.env.LOAD_BENCH_PG;
  if (pgUrl) {
    measurements.push(...(await withThrowAwayDatabase(pgUrl, (databaseUrl) => loadRun('PostgreSQL', { DATABASE_URL: databaseUrl }))));
    console.log(`  load average after PostgreSQL: ${load()}`);
  }
  printMeasurements(
    `load: ${PLAYERS} players (heartbeat 10 s${ROTATE_MS ? ` and on each change of file, every ${ROTATE_MS / 1000} s` : ''}, plays 60 s${CHANNEL ? ', live channel' : ''}) + ${OPERATOR_RATE} operator requests/s for ${SECONDS} s; an override at ${Math.round(SECONDS / 4)} s, cleared at ${Math.round(SECONDS / 2)} s, a publish at ${Math.round((SECONDS * 3) / 4)} s reach every player`,
    measurements,
  );
  return measurements;
}
