import pg from 'pg';
import { httpFetch } from '../server/channel/httpFetch.ts';
import { connectChannel, type NoticeKind } from '../src/services/player/channel.ts';
import { CHANNEL_BENCH_PASSWORD } from './channel-server.ts';
import { benchKey, benchSerial } from './devices-server.ts';
import { askChild, percentile, printMeasurements, signInToken, spawnBenchScript, type BenchServer, type Measurement } from './lib.ts';

/*
 * The live channel (issue 25). The server runs in a child process (bench/channel-server.ts), the players here, each an
 * open GET /player/channel/ on a connection of its own:
 *  - 1,000 players on one instance (PGlite): from the publish request of a campaign on all of them to each player's
 *    `schedule` notice (p95); from the start and the clear request of an emergency override on all of them to each
 *    player's `override` notice (p95, issue 35: the switch notice, after which the player cuts what it shows at once); REBOOT queued for each (20 at a time): from its send-command request to the heartbeat the
 *    `command` notice triggered answering it (p95);
 *  - two instances on one PostgreSQL (VITRINE_TEST_PG or DATABASE_URL; skipped without), 500 players on each: a
 *    publish through the first, to the `schedule` notice of each player of the second (p95);
 *  - 10,000 players on one instance: the server's live memory per open channel (heapUsed + external after full
 *    garbage collections in the server, asked over IPC; the server runs with --expose-gc), with its resident memory's
 *    growth beside it (RSS alone moved with the collector's timing: it once came out negative).
 * Measured 2026-11-27, `npx tsx bench/run.ts channel` with VITRINE_TEST_PG, load average 22.7 at the start and 21.4 at
 * the end on 2 cores (eight engineers at work): publish to 1,000 players p95 957 ms (last 1,020 ms); REBOOT delivered
 * p95 3,831 ms (misses its 1 s goal under that load); two instances p95 1,041 ms; memory per open channel 6.27 KB live
 * (heap + external after GC), 6.82 KB RSS growth. A memory-only run (CHANNEL_BENCH_PARTS=memory, load 23.1):
 * 6.27 KB live, 7.17 KB RSS.
 * Issue 35, 2026-11-28, CHANNEL_BENCH_PARTS=latency, load average 6.8 at the start on 2 cores (not quiet): override start
 * to 1,000 players switch notice p95 607 ms, override clear p95 313 ms, publish p95 541 ms, REBOOT delivered p95 336 ms.
 * Issue 35.20, 2026-11-29, the compile of a publish or override of more than 250 devices queued and done by the
 * compiler after the answer (500 a batch on PGlite, 1,000 on PostgreSQL), CHANNEL_BENCH_PARTS=latency,instances, load
 * average 1.3 at the start, 1.6 at the end: publish p95 791 ms, override start p95 670 ms, clear p95 590 ms, REBOOT
 * delivered p95 320 ms, two instances p95 472 ms.
 */

interface Player {
  index: number;
  notices: { kinds: NoticeKind[]; at: number }[];
  ready: Promise<void>;
  abort: AbortController;
}

function connect(origin: string, index: number): Player {
  const notices: Player['notices'] = [];
  const abort = new AbortController();
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  void connectChannel(
    { origin, serial: benchSerial(index), key: benchKey(index), fetch: httpFetch },
    (event) => {
      if (event.type === 'ready') opened();
      if (event.type === 'notice') notices.push({ kinds: event.kinds, at: performance.now() });
    },
    abort.signal,
  );
  return { index, notices, ready, abort };
}

async function connectAll(origin: string, from: number, count: number): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = from; i < from + count; i += 1) {
    players.push(connect(origin, i));
    // About 500 connections at a time: the listen backlog of a loaded machine.
    if (players.length % 500 === 0) await Promise.all(players.slice(-500).map((p) => p.ready));
  }
  await Promise.all(players.map((p) => p.ready));
  return players;
}

async function api(origin: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}/api/v1${url}`, { method, headers: { authorization: `JWT ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Publishes a campaign with one all-day event today on devices 1..count through `origin`; answers when the publish was sent. */
async function publishAll(origin: string, token: string, count: number, publishOrigin = origin): Promise<number> {
  // The seeded devices are 1..count (a fresh database).
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const media = (await api(origin, token, 'GET', '/media/files/?page_size=1')).body;
  const mediaId = (media.results ?? media)[0].id as number;
  const campaign = (await api(origin, token, 'POST', '/campaigns/create/', { name: `Channel bench ${Date.now()}`, screen_position: 'horizontal' })).body.id as number;
  await api(origin, token, 'PUT', `/campaigns/${campaign}/devices/`, { devices: ids });
  const today = new Date().toISOString().slice(0, 10);
  const event = await api(origin, token, 'POST', '/scheduler/events/create/', { campaign, title: 'Now', media: mediaId, start_date: today, end_date: today, all_day: true, devices: ids });
  if (event.status !== 201) throw new Error(`event create answered ${event.status} ${JSON.stringify(event.body)}`);
  const sentAt = performance.now();
  const published = await api(publishOrigin, token, 'POST', `/scheduler/publish/${campaign}/`);
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  return sentAt;
}

const noticeAfter = (player: Player, kind: NoticeKind, since: number) => player.notices.find((n) => n.at >= since && n.kinds.includes(kind))?.at;

async function oneInstance(): Promise<Measurement[]> {
  const COUNT = 1000;
  const server = await spawnBenchScript(new URL('./channel-server.ts', import.meta.url).href, [String(COUNT)]);
  try {
    const token = await signInToken(server.origin, 'admin', CHANNEL_BENCH_PASSWORD);
    const players = await connectAll(server.origin, 1, COUNT);
    const sentAt = await publishAll(server.origin, token, COUNT);
    await waitFor(() => players.every((p) => noticeAfter(p, 'schedule', sentAt) !== undefined), 30_000);
    const publish = players.map((p) => noticeAfter(p, 'schedule', sentAt)! - sentAt);

    // Issue 35: an emergency override on all of them, then its clear: from the request to each player's `override`
    // notice (the player then fetches its schedule and cuts what it shows at once).
    const media = (await api(server.origin, token, 'GET', '/media/files/?page_size=1')).body;
    const mediaId = (media.results ?? media)[0].id as number;
    const ids = players.map((p) => p.index);
    const startAt = performance.now();
    const started = await api(server.origin, token, 'POST', '/overrides/create/', { devices: ids, media: mediaId });
    if (started.status !== 201) throw new Error(`override create answered ${started.status} ${JSON.stringify(started.body)}`);
    await waitFor(() => players.every((p) => noticeAfter(p, 'override', startAt) !== undefined), 30_000);
    const overrideStart = players.map((p) => noticeAfter(p, 'override', startAt)! - startAt);
    const clearAt = performance.now();
    const cleared = await api(server.origin, token, 'POST', `/overrides/${started.body.id}/clear/`);
    if (cleared.status !== 200) throw new Error(`override clear answered ${cleared.status}`);
    await waitFor(() => players.every((p) => noticeAfter(p, 'override', clearAt) !== undefined), 30_000);
    const overrideClear = players.map((p) => noticeAfter(p, 'override', clearAt)! - clearAt);

    // REBOOT: each player heartbeats on its command notice; delivered when that heartbeat answers the command.
    const devices = players.map((p) => ({ id: p.index, sn: benchSerial(p.index) }));
    const reboot: number[] = [];
    const bySerial = new Map(players.map((p) => [benchSerial(p.index), p]));
    const deliver = async (device: { id: number; sn: string }) => {
      const player = bySerial.get(device.sn)!;
      const since = performance.now();
      const queued = await api(server.origin, token, 'POST', `/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
      if (queued.status !== 202) throw new Error(`send-command answered ${queued.status}`);
      await waitFor(() => noticeAfter(player, 'command', since) !== undefined, 30_000);
      const beat = await fetch(`${server.origin}/api/v1/player/heartbeat/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-serial': device.sn, 'x-device-key': benchKey(player.index) },
        body: '{}',
      });
      const body = (await beat.json()) as { commands: { command: string }[] };
      if (!body.commands.some((c) => c.command === 'REBOOT')) throw new Error('the heartbeat after the notice did not carry the REBOOT');
      reboot.push(performance.now() - since);
    };
    for (let i = 0; i < devices.length; i += 20) await Promise.all(devices.slice(i, i + 20).map(deliver));
    for (const p of players) p.abort.abort();
    return [
      { name: `publish to ${COUNT} connected players: schedule notice p50`, value: percentile(publish, 50), unit: 'ms' },
      { name: `override start on ${COUNT} connected players: switch notice p50`, value: percentile(overrideStart, 50), unit: 'ms' },
      { name: `override clear on ${COUNT} connected players: switch notice p50`, value: percentile(overrideClear, 50), unit: 'ms' },
      { name: `publish to ${COUNT} connected players: schedule notice p95`, value: percentile(publish, 95), unit: 'ms', goal: { op: '<=', value: 1000 } },
      { name: `publish to ${COUNT} connected players: last notice`, value: Math.max(...publish), unit: 'ms' },
      { name: `override start on ${COUNT} connected players: switch notice p95`, value: percentile(overrideStart, 95), unit: 'ms', goal: { op: '<=', value: 1000 } },
      { name: `override clear on ${COUNT} connected players: switch notice p95`, value: percentile(overrideClear, 95), unit: 'ms', goal: { op: '<=', value: 1000 } },
      { name: `REBOOT to each of ${COUNT} players: delivered p95`, value: percentile(reboot, 95), unit: 'ms', goal: { op: '<=', value: 1000 } },
    ];
  } finally {
    await server.stop();
  }
}

async function twoInstances(): Promise<Measurement[]> {
  const adminUrl = process.env.DATABASE_URL ?? process.env.VITRINE_TEST_PG;
  if (!adminUrl) {
    console.log('  two instances: skipped (set VITRINE_TEST_PG or DATABASE_URL to a PostgreSQL server)');
    return [];
  }
  const name = `vitrine_bench_channel_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  try {
    const EACH = 500;
    servers.push(await spawnBenchScript(new URL('./channel-server.ts', import.meta.url).href, [String(EACH * 2), url.toString()]));
    servers.push(await spawnBenchScript(new URL('./channel-server.ts', import.meta.url).href, ['0', url.toString()]));
    const [first, second] = servers as [BenchServer, BenchServer];
    const token = await signInToken(first.origin, 'admin', CHANNEL_BENCH_PASSWORD);
    await connectAll(first.origin, 1, EACH);
    const onSecond = await connectAll(second.origin, EACH + 1, EACH);
    const sentAt = await publishAll(first.origin, token, EACH * 2);
    await waitFor(() => onSecond.every((p) => noticeAfter(p, 'schedule', sentAt) !== undefined), 30_000);
    const latency = onSecond.map((p) => noticeAfter(p, 'schedule', sentAt)! - sentAt);
    return [{ name: `publish via instance 1 to ${EACH} players on instance 2: p95`, value: percentile(latency, 95), unit: 'ms', goal: { op: '<=', value: 2000 } }];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** heapUsed + external (arrayBuffers are part of external) after full collections, and RSS, of the server. */
async function serverMemory(server: BenchServer): Promise<{ live: number; rss: number }> {
  const usage = await askChild<NodeJS.MemoryUsage & { collected: boolean }>(server.child, 'memory');
  if (!usage.collected) throw new Error('the channel bench server runs without --expose-gc');
  return { live: usage.heapUsed + usage.external, rss: usage.rss };
}

async function memory(): Promise<Measurement[]> {
  const COUNT = Number(process.env.CHANNEL_BENCH_CONNECTIONS ?? 10_000);
  const server = await spawnBenchScript(new URL('./channel-server.ts', import.meta.url).href, [String(COUNT)], { nodeFlags: ['--expose-gc'], ipc: true });
  try {
    // Warm: a few channels first, so the route's code paths are loaded (and compiled) before the baseline.
    const warm = await connectAll(server.origin, 1, 50);
    for (const p of warm) p.abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await serverMemory(server);
    const players = await connectAll(server.origin, 1, COUNT);
    const after = await serverMemory(server);
    for (const p of players) p.abort.abort();
    return [
      {
        name: `server live memory per open channel (${COUNT})`,
        value: (after.live - before.live) / COUNT / 1024,
        unit: 'KB',
        goal: { op: '<=', value: 20 },
      },
      { name: `server RSS growth per open channel (${COUNT})`, value: (after.rss - before.rss) / COUNT / 1024, unit: 'KB' },
    ];
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<Measurement[]> {
  // CHANNEL_BENCH_PARTS=memory (or latency, instances; comma-separated) runs only those parts.
  const parts = (process.env.CHANNEL_BENCH_PARTS ?? 'latency,instances,memory').split(',');
  const measurements = [
    ...(parts.includes('latency') ? await oneInstance() : []),
    ...(parts.includes('instances') ? await twoInstances() : []),
    ...(parts.includes('memory') ? await memory() : []),
  ];
  printMeasurements('Live channel', measurements);
  return measurements;
}
