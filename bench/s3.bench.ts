import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { makeFixtures } from '../tests/api/media-fixtures.ts';
import { S3RVER_KEY, startS3rver } from '../tests/helpers/s3rver.ts';
import { startServerProcess } from '../tests/helpers/serverProcess.ts';
import { printMeasurements, type Measurement } from './lib.ts';

/**
 * Issue 27: a 250 MB upload through the API into S3 (`MEDIA_STORE=s3`, s3rver on loopback as the bucket), the server
 * a process of its own (server/index.ts): growth of its resident memory, sampled from /proc every 20 ms during the upload
 * (goal under 64 MB), and the upload's throughput against a plain copy of the same file into the same bucket from this
 * process (lib-storage's Upload, its defaults), measured in the same run, three times each, alternating: the median of the three pairs' ratios (goal at least 0.5).
 * The file is a real 2 s MP4 followed by random bytes (the upload sniffs the content; nothing compresses).
 */

const BYTES = 250_000_000;
const ROUNDS = 3;
const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function bigFile(dir: string): Promise<string> {
  const fixtures = await makeFixtures();
  const file = path.join(dir, 'big.mp4');
  await fsp.copyFile(fixtures.video, file);
  await fsp.rm(fixtures.dir, { recursive: true, force: true });
  const handle = await fsp.open(file, 'a');
  try {
    let size = (await handle.stat()).size;
    while (size < BYTES) {
      const chunk = randomBytes(Math.min(8 * 1024 * 1024, BYTES - size));
      await handle.write(chunk);
      size += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return file;
}

export async function run(): Promise<Measurement[]> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-s3-'));
  const s3rver = await startS3rver();
  const bucket = 'vitrine-bench';
  const dataDir = path.join(dir, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STATIC_DIR: dataDir, LOG_LEVEL: 'warn', MEDIA_STORE: 's3', S3_ENDPOINT: s3rver.endpoint, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY };
  delete env.DATABASE_URL;
  const [file, server] = await Promise.all([bigFile(dir), startServerProcess(env)]);
  // This process's own client, like the server's: no Node-version warning in the bench's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = new S3Client({ endpoint: s3rver.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
  try {
    const password = /password: (\S+)/.exec(server.output())![1];
    const signIn = await fetch(`${server.api}/auth/token-obtain/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    const { access } = (await signIn.json()) as { access: string };
    const pid = server.child.pid!;
    console.log(`  load average before: ${load()}`);

    async function plainCopy(round: number): Promise<number> {
      const started = performance.now();
      await new Upload({ client: s3, params: { Bucket: bucket, Key: `plain/${round}.mp4`, Body: fs.createReadStream(file, { highWaterMark: 1024 * 1024 }) } }).done();
      return BYTES / 1e6 / ((performance.now() - started) / 1000);
    }
    async function throughApi(): Promise<{ mbps: number; growth: number; id: number }> {
      const form = new FormData();
      form.append('user', '1');
      form.append('src_file[0]', await fs.openAsBlob(file), 'big.mp4');
      form.append('file_info', JSON.stringify([{ name: 'Big', screen_position: 'horizontal', device_type: 'tvpi' }]));
      const before = rssBytes(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
      const started = performance.now();
      const response = await fetch(`${server.api}/media/files/create/`, { method: 'POST', headers: { authorization: `JWT ${access}` }, body: form });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssBytes(pid));
      const body = (await response.json()) as { id: number }[];
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      return { mbps: BYTES / 1e6 / seconds, growth: (peak - before) / 1024 / 1024, id: body[0]!.id };
    }

    const plain: number[] = [];
    const api: { mbps: number; growth: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plain.push(await plainCopy(round));
      const uploaded = await throughApi();
      api.push(uploaded);
      console.log(`  round ${round + 1}: plain copy ${plain.at(-1)!.toFixed(1)} MB/s, through the API ${uploaded.mbps.toFixed(1)} MB/s, server RSS growth ${uploaded.growth.toFixed(1)} MB (load ${load()})`);
      // The next round starts without this file's probe downloading 250 MB in the server.
      await fetch(`${server.api}/media/files/${uploaded.id}`, { method: 'DELETE', headers: { authorization: `JWT ${access}` } });
    }
    const ratio = median(api.map((a, round) => a.mbps / plain[round]!));
    const measurements: Measurement[] = [
      { name: '250 MB upload to S3 through the API, server RSS growth (max)', value: Math.max(...api.map((a) => a.growth)), unit: 'MB', goal: { op: '<=', value: 64 } },
      { name: '250 MB upload to S3 through the API (median)', value: median(api.map((a) => a.mbps)), unit: 'MB/s' },
      { name: 'plain copy of the file to the same bucket (median)', value: median(plain), unit: 'MB/s' },
      { name: 'throughput ratio, API / plain copy (median of the rounds)', value: ratio, unit: 'x', goal: { op: '>=', value: 0.5 } },
      { name: 'load average (1 min) at the end', value: os.loadavg()[0]!, unit: '' },
    ];
    printMeasurements('S3 upload (issue 27)', measurements);
    return measurements;
  } finally {
    s3.destroy();
    await server.stop();
    await s3rver.close();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
