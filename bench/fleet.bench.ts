import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { adminQuery, postgresTemplate } from '../tests/helpers/templates.ts';
import { keptAliveGet, LIST_QUERIES, signIn } from './devices.bench.ts';
import { pinClientToCore0 } from './devices-server.ts';
import { percentile, printMeasurements, type Measurement } from './lib.ts';
import { startScaleServer } from './scale-server.ts';

/*
 * Issue 41, the fleet tools at scale on PostgreSQL (SCALE_BENCH_PG, else VITRINE_TEST_PG; skipped without): 100,000
 * devices (FLEET_BENCH_DEVICES) seeded as bench/scale.bench.ts seeds them (bench/scale-server.ts, a fresh database
 * cloned from the migrated template), then tagged by SQL: lobby on every tenth device, bulk on 10,000 others.
 *  - a smart group's member count: GET /device-groups/smart/{id} (the count computed on the read) for four rules (tags
 *    any, tags all + type, a name pattern, position + tags none), 200 sequential requests, p95 (goal 50 ms);
 *  - a bulk action over 10,000 devices (add a tag to those tagged bulk, chosen by the list's filter) from the request to
 *    the job's done (goal 60 s), with the device list's p95 measured meanwhile (the scale bench's ten filter mixes, one
 *    request after another on one kept-alive connection while the job runs; goal 20 ms).
 * The server runs pinned to one core, this client on the other; PostgreSQL wherever the machine puts it.
 */

const DEVICES = Number(process.env.FLEET_BENCH_DEVICES ?? 100_000);
const BULK_DEVICES = 10_000;
const COUNT_SAMPLES = 200;
const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');
const RULES = [
  { tags_any: ['lobby'] },
  { tags_all: ['lobby'], device_type: 'android' },
  { name_pattern: 'Screen 1*' },
  { position: 'horizontal', tags_none: ['lobby'] },
];

async function api<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { authorization: `JWT ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function measure(adminUrl: string): Promise<Measurement[]> {
  const template = await postgresTemplate(adminUrl);
  const name = `vitrine_fleet_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const server = await startScaleServer(url.toString(), DEVICES);
    try {
      await adminQuery(url.toString(), `UPDATE devices SET tags = ARRAY['lobby'], tag_keys = ARRAY['lobby'] WHERE id % 10 = 0`);
      await adminQuery(url.toString(), `UPDATE devices SET tags = ARRAY['bulk'], tag_keys = ARRAY['bulk'] WHERE id IN (SELECT id FROM devices WHERE id % 10 = 1 ORDER BY id LIMIT ${BULK_DEVICES})`);
      await adminQuery(url.toString(), 'VACUUM ANALYZE devices');
      const token = await signIn(server.origin);
      console.log(`  ${DEVICES} devices: load average ${load()}`);

      const groups: { id: number; members: number }[] = [];
      for (const [index, rule] of RULES.entries()) {
        const created = await api<{ id: number; members: number }>(server.origin, token, 'POST', '/device-groups/smart/create/', { name: `Fleet group ${index}`, company: 1, rule });
        if (created.status !== 201) throw new Error(`smart group create answered ${created.status} ${JSON.stringify(created.body)}`);
        groups.push(created.body);
      }
      console.log(`    members: ${groups.map((group) => group.members).join(', ')}`);
      const get = keptAliveGet(server.origin, { authorization: `JWT ${token}` });
      for (const group of groups) for (let i = 0; i < 5; i += 1) await get(`/api/v1/device-groups/smart/${group.id}`);
      const counts: number[] = [];
      for (let i = 0; i < COUNT_SAMPLES; i += 1) {
        const started = performance.now();
        await get(`/api/v1/device-groups/smart/${groups[i % groups.length]!.id}`);
        counts.push(performance.now() - started);
      }
      for (const [index, rule] of RULES.entries()) console.log(`    count p95 ${percentile(counts.filter((_, i) => i % RULES.length === index), 95).toFixed(1)} ms  ${JSON.stringify(rule)}`);

      // The list while no job runs, then while the bulk job runs.
      for (let round = 0; round < 3; round += 1) for (const query of LIST_QUERIES) await get(`/api/v1/tvpi/devices/?${query}`);
      const quiet: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const started = performance.now();
        await get(`/api/v1/tvpi/devices/?${LIST_QUERIES[i % LIST_QUERIES.length]}`);
        quiet.push(performance.now() - started);
      }
      const started = performance.now();
      const job = await api<{ id: number; total: number }>(server.origin, token, 'POST', '/tvpi/devices/bulk/', { action: 'add_tags', tags: ['bulked'], filter: { tags: 'bulk' } });
      if (job.status !== 202 || job.body.total !== BULK_DEVICES) throw new Error(`bulk answered ${job.status} ${JSON.stringify(job.body)}`);
      const during: number[] = [];
      let finished = 0;
      let state = { status: 'queued', done: 0, failed: 0 };
      const watch = (async () => {
        while (state.status === 'queued' || state.status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 250));
          state = (await api<typeof state>(server.origin, token, 'GET', `/jobs/${job.body.id}/`)).body;
        }
        finished = performance.now() - started;
      })();
      for (let i = 0; !finished; i += 1) {
        const begun = performance.now();
        await get(`/api/v1/tvpi/devices/?${LIST_QUERIES[i % LIST_QUERIES.length]}`);
        during.push(performance.now() - begun);
      }
      await watch;
      if (state.status !== 'done' || state.done !== BULK_DEVICES || state.failed !== 0) throw new Error(`the job ended ${JSON.stringify(state)}`);
      const tagged = await api<{ count: number }>(server.origin, token, 'GET', '/tvpi/devices/?tags_all=bulk,bulked&company=1&page_size=1');
      console.log(`    bulk job: ${state.done} devices in ${(finished / 1000).toFixed(1)} s; ${during.length} list pages meanwhile; company 1's tagged: ${tagged.body.count}; load average ${load()}`);
      return [
        { name: `${DEVICES} devices: smart group member count, p95 (${RULES.length} rules)`, value: percentile(counts, 95), unit: 'ms', goal: { op: '<=', value: 50 } },
        { name: '  median', value: percentile(counts, 50), unit: 'ms' },
        { name: `${DEVICES} devices: bulk action (add a tag) over ${BULK_DEVICES} devices, request to done`, value: finished / 1000, unit: 's', goal: { op: '<=', value: 60 } },
        { name: '  device list p95 while the bulk job runs', value: percentile(during, 95), unit: 'ms', goal: { op: '<=', value: 20 } },
        { name: `  (${during.length} pages) median`, value: percentile(during, 50), unit: 'ms' },
        { name: '  device list p95 before it (no job running)', value: percentile(quiet, 95), unit: 'ms' },
        { name: '  load average (1 min) at the end', value: os.loadavg()[0]!, unit: '' },
      ];
    } finally {
      await server.stop();
    }
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
  const measurements = await measure(adminUrl);
  printMeasurements('Fleet tools at scale on PostgreSQL (issue 41)', measurements);
  return measurements;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
