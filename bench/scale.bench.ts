import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { adminQuery, postgresTemplate } from '../tests/helpers/templates.ts';
import { CONTACT_WRITE_INTERVAL_MS } from '../server/db/heartbeats.ts';
import { bareRound, DURATION_SECONDS, heartbeatThroughput, LIST_QUERIES, listLatencies, signIn } from './devices.bench.ts';
import { pinClientToCore0 } from './devices-server.ts';
import { percentile, printMeasurements, type Measurement } from './lib.ts';
import { EVENTS, startScaleServer } from './scale-server.ts';

/*
 * Issue 27, the fleet at scale on PostgreSQL (SCALE_BENCH_PG, else VITRINE_TEST_PG; skipped without): for 10,000 and
 * 100,000 devices (SCALE_BENCH_SIZES), each on a fresh database cloned from the migrated template and seeded by SQL
 * (bench/scale-server.ts):
 *  - p95 of a filtered device-list page (bench/devices.bench.ts' ten filter mixes, 600 sequential requests) (goal 20 ms);
 *  - heartbeat throughput against a bare Fastify route, two alternating pairs, the lower ratio (goal 0.4);
 *  - publishing the one campaign every device is in (5 weekly events: every device's schedule compiled and stored) (goal 20 s).
 * The server runs pinned to one core, this client on the other; PostgreSQL runs wherever the machine puts it.
 *
 * What EXPLAIN (ANALYZE, BUFFERS) showed at 100,000 devices (load average 19 on 2 cores): a list page's exact count read
 * every matching row from the heap. `status=offline&type=android` (16,000 matches) was a bitmap heap scan of 4,692 blocks
 * through devices_type_idx, 60 ms; `search=10.0.3` rechecked 23,056 trigram candidates for 2,816 matches, 90 ms. A
 * covering index would need last_connection, which every heartbeat's contact write changes (its updates would stop
 * being HOT). The count now stops 1,000 matches past the page (DEVICE_COUNT_AHEAD, `count_exact: false` beyond;
 * server/db/devices.ts). Count of each mix, blocks read (shared hit + read) and time at load average 11-15, exact ->
 * stopped at 1,001:
 *   status=online                          4,692 -> 149 blocks    55.1 -> 0.9 ms
 *   status=offline&type=android            4,707 -> 297           39.6 -> 1.6
 *   status=disabled                          849 -> 217           35.4 -> 9.4
 *   schedule=playing&position=vertical     4,788 -> 571           42.0 -> 8.7
 *   company=2&status=online                4,693 -> 747           84.5 -> 9.7
 *   search=10.0.3                          1,633 -> 275           49.3 -> 10.9
 *   type=tvpi&position=horizontal            849 -> 12            29.1 -> 0.4
 *   office=7 (an office alone stays exact)     46                  1.1
 *   search=Screen%2099 (1,111 matches)     1,059 -> 1,053 (the trigram bitmap is built whole either way)
 *   status=online&company=3&schedule=waiting (about 1,300 matches): 4,693 either way, the whole table (no index
 *   serves the status; one on last_connection would cost every heartbeat its HOT update).
 *   The page itself, once counted: `status=offline&type=android` walked the group order (position_rank, id) through
 *   every horizontal device before the first android one (the seed's android players are all vertical, as a real
 *   fleet's may be): 19,963 blocks, 199 ms. Migration 0032 indexes (device_type, position_rank, id) instead of the type
 *   alone: 22 blocks, an index walk of that type's own entries.
 *
 * Publishing to 100,000 devices is PostgreSQL's time (a CPU profile of a compile: about 1.5 s of JavaScript, the rest
 * waiting on statements). Timed statement by statement at load average 17-22, the first publish (no schedule stored):
 * storing 100,000 schedule pointers 6.8 s (of which EXPLAIN ANALYZE put 1.8 s on the foreign key to the device and 1.3 s
 * on the one to the body), raising 100,000 schedule_version 6.4 s (1,466,474 blocks: every device row rewritten, and
 * within one transaction about half of them cannot stay on their page, HOT), reading the devices' zones 1.6 s and again
 * their rendition profiles 0.9 s; 23.9 s for the compile. Now the zones and profiles come in one read and the pointer's
 * key to its body is gone (migration 0034: only storeSchedules writes both, under its lock): 19.2 s for the same compile
 * right after, same database (pointers 4.7 s, versions 3.7 s, the one read 2.4 s).
 *
 * Heartbeats at 100,000 devices (hbperf, 2026-11-27): before the heartbeat route work the lower pair was 0.20 at load
 * average 12 (1,845 and 2,153 beats/s against a bare route at 9,136 and 4,647, starved by the load); after the route
 * answers synchronously from the player cache (see bench/devices.bench.ts) 0.25 at load 7-8 (3,032 and 4,447 beats/s,
 * bare 12,213 and 8,045: pairs 0.25 and 0.55). Both are dominated by the machine's load. What this run measures at
 * 100,000 devices is not the steady state: 8 s at 3,000 to 12,000 beats/s is less than one beat per device, and
 * autocannon walks the serials from 1, so nearly every beat is the device's first on this server: about half of them
 * (the never-seen third, part of the ten-minutes-ago third) are beyond PRELOAD_PLAYERS and wait for a batched read, and
 * nearly all of them carry a contact older than CONTACT_WRITE_INTERVAL_MS (a batched UPDATE per flush). The second pair
 * starts from the contacts the first wrote and preloads those devices. That is a restart after an outage, a real case
 * but not the one the goal names; a steady-state run would need minutes per pair (each device beating more than once).
 *
 * So each pair now measures both (2026-11-27, quiet machine, load average 1.2 to 1.6): the first 8 s after the server
 * starts (the restart, printed for what it is) and then the steady state the goal names: after a warm-up in which every
 * device beats once, and once CONTACT_WRITE_INTERVAL_MS and the run's own length have passed since the warm-up began,
 * the measured run walks the serials from 1 again, so each beat finds its player in memory and carries its contact
 * write, as a real player's 30 s beat does against the 15 s interval. Not in it: the player entries a real server reads
 * again after WATCHED_ENTRY_MAX_AGE_MS (5 min, at most one beat in ten). Measured: 100,000 devices, steady state 0.47
 * (pairs 0.56 and 0.47: 22,122 and 17,023 beats/s against 39,563 and 36,419), after a restart 0.30; 10,000 devices
 * 0.75 and 0.69. List p95 15.6 ms at 100,000 (7.3 at 10,000), publish 5.3 s (0.89 s).
 */

const SIZES = (process.env.SCALE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const PAIRS = 2;
const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');

async function measure(adminUrl: string, devices: number): Promise<Measurement[]> {
  const template = await postgresTemplate(adminUrl);
  const name = `vitrine_scale_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const ratios: { beats: number; restart: number; bare: number }[] = [];
    let latencies: number[] = [];
    let publish = 0;
    let published: { devices: number; changed: number } | undefined;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const server = await startScaleServer(url.toString(), devices);
      try {
        const token = await signIn(server.origin);
        if (pair === 0) {
          console.log(`  ${devices} devices: load average ${load()}`);
          latencies = await listLatencies(server.origin, token);
          // Sample i asked LIST_QUERIES[i % 10]: the slowest mixes say where to look.
          const byQuery = LIST_QUERIES.map((query, q) => ({ query, p95: percentile(latencies.filter((_, i) => i % LIST_QUERIES.length === q), 95) }));
          for (const { query, p95 } of byQuery.sort((a, b) => b.p95 - a.p95).slice(0, 4)) console.log(`    list p95 ${p95.toFixed(1)} ms  ?${query}`);
          const started = performance.now();
          const response = await fetch(`${server.origin}/api/v1/scheduler/publish/1/`, { method: 'POST', headers: { authorization: `JWT ${token}` } });
          publish = performance.now() - started;
          published = (await response.json()) as { devices: number; changed: number };
          if (response.status !== 200 || published.devices !== devices) throw new Error(`publish answered ${response.status} ${JSON.stringify(published)}`);
        }
        // The first beats after a start: nearly every one is its device's first on this server (a restart).
        const restart = await heartbeatThroughput(server.origin, devices);
        // The steady state the goal is about: a server that has heard every player (the warm-up: each device beats
        // once), each beat's contact due for its write again, as with a real player's 30 s beat against the 15 s
        // CONTACT_WRITE_INTERVAL_MS: the measured run starts at serial 1 again once that interval and the run's own
        // length have passed since the warm-up began, so every device it reaches last beat longer ago than that.
        const warmUp = performance.now();
        await heartbeatThroughput(server.origin, devices, false, DURATION_SECONDS, devices);
        const due = CONTACT_WRITE_INTERVAL_MS + DURATION_SECONDS * 1000 - (performance.now() - warmUp);
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        const beats = await heartbeatThroughput(server.origin, devices);
        for (const run of [restart, beats]) if (run.non2xx > 0 || run.errors > 0) throw new Error(`heartbeats failed: ${run.non2xx} non-2xx, ${run.errors} errors`);
        ratios.push({ beats: beats.requests.average, restart: restart.requests.average, bare: await bareRound() });
      } finally {
        await server.stop();
      }
    }
    const lowest = Math.min(...ratios.map((r) => r.beats / r.bare));
    return [
      { name: `${devices} devices: device list, filtered page, p95`, value: percentile(latencies, 95), unit: 'ms', goal: { op: '<=', value: 20 } },
      { name: `  median`, value: percentile(latencies, 50), unit: 'ms' },
      { name: `${devices} devices: heartbeats/s / bare route, steady state, lower of ${PAIRS} pairs`, value: lowest, unit: 'ratio', goal: { op: '>=', value: 0.4 } },
      { name: `  heartbeats/s (${ratios.map((r) => Math.round(r.beats)).join(', ')}), bare (${ratios.map((r) => Math.round(r.bare)).join(', ')})`, value: ratios[0]!.beats, unit: 'req/s' },
      { name: `  after a restart (each beat its device's first on the server) / bare, lower of ${PAIRS}`, value: Math.min(...ratios.map((r) => r.restart / r.bare)), unit: 'ratio' },
      { name: `${devices} devices: publish one campaign (${EVENTS} events) to all`, value: publish / 1000, unit: 's', goal: { op: '<=', value: 20 } },
      { name: `  load average (1 min) after ${devices}`, value: os.loadavg()[0]!, unit: '' },
    ];
  } finally {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export async function run(): Promise<Measurement[]> {
  const adminUrl = process.env.SCALE_BENCH_PG ?? process.env.VITRINE_TEST_PG;
  if (!adminUrl) {
    console.log('  skipped: set SCALE_BENCH_PG or VITRINE_TEST_PG to a PostgreSQL server');
    return [];
  }
  pinClientToCore0();
  const measurements: Measurement[] = [];
  for (const devices of SIZES) measurements.push(...(await measure(adminUrl, devices)));
  printMeasurements('Fleet at scale on PostgreSQL (issue 27)', measurements);
  return measurements;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
