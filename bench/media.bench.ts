import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { MAX_MEDIA_FILE_BYTES } from '../src/services/schemas/media.ts';
import { ffmpegPath } from '../server/media/tools.ts';
import { percentile, printMeasurements, ROOT, spawnBenchServer, type BenchServer, type Measurement } from './lib.ts';
import { BENCH_ADMIN_PASSWORD } from './media-server.ts';

/*
 * Media at 250 MB:
 *  - a 262144000-byte upload over loopback: growth of the server process's RSS (sampled from /proc every 20 ms
 *    while it streams) and throughput, against a plain streamed file copy of the same bytes on the same disk in the same run;
 *  - p95 latency of the media list (20 per page) while ffmpeg renders a 20 s 720p video into a 1080p x264 preset.
 * The server runs in a child process (real app, PGlite, worker); the client runs here.
 */

const run$ = promisify(execFile);
const LIST_SAMPLES = 300;

function startServer(): Promise<BenchServer> {
  return spawnBenchServer(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/media-server.ts')]);
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function api<T>(origin: string, token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { ...(token ? { authorization: `JWT ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A file of `size` bytes that passes the content check (an MP4 signature, then random bytes), written in 1 MB chunks. */
async function writeBigFile(file: string, size: number): Promise<void> {
  const chunk = randomBytes(1024 * 1024);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]).copy(chunk, 0);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Uploads one file from disk as a spec-shaped multipart request, streamed; resolves with status and elapsed ms. */
function streamedUpload(origin: string, token: string, file: string, size: number): Promise<{ status: number; ms: number }> {
  const boundary = `----vitrinebench${randomBytes(6).toString('hex')}`;
  const info = JSON.stringify([{ name: 'Bench 250 MB', screen_position: 'horizontal', device_type: 'tvpi' }]);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="user"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="src_file[0]"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file_info"\r\n\r\n${info}\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/api/v1/media/files/create/`, {
      method: 'POST',
      headers: {
        authorization: `JWT ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('error', reject);
    request.write(head);
    const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    source.on('data', (chunk) => {
      if (!request.write(chunk)) {
        source.pause();
        request.once('drain', () => source.resume());
      }
    });
    source.on('end', () => request.end(tail));
    source.on('error', reject);
  });
}

/** Upload and copy alternate, ROUNDS times each, so that a noisy disk or a busy neighbour weighs on both alike. */
const ROUNDS = 3;

const median = (values: number[]) => percentile(values, 50);

async function uploadMeasurements(origin: string, token: string, pid: number, workDir: string): Promise<Measurement[]> {
  const big = path.join(workDir, 'big.mp4');
  await writeBigFile(big, MAX_MEDIA_FILE_BYTES);
  const mb = MAX_MEDIA_FILE_BYTES / (1024 * 1024);
  const copyRates: number[] = [];
  const uploadRates: number[] = [];
  const ratios: number[] = [];
  let growth = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // The plain copy: the same bytes read and written through streams on the same disk.
    const copy = path.join(workDir, 'copy.mp4');
    const copyStarted = performance.now();
    await pipeline(fs.createReadStream(big, { highWaterMark: 256 * 1024 }), fs.createWriteStream(copy));
    const copyRate = mb / ((performance.now() - copyStarted) / 1000);
    await fsp.rm(copy);

    const baseline = rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    const upload = await streamedUpload(origin, token, big, MAX_MEDIA_FILE_BYTES);
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    const uploadRate = mb / (upload.ms / 1000);
    growth = Math.max(growth, peak - baseline);
    copyRates.push(copyRate);
    uploadRates.push(uploadRate);
    ratios.push(uploadRate / copyRate);
    const page = await api<{ results: { id: number }[] }>(origin, token, 'GET', '/media/files/?search=Bench%20250');
    for (const media of page.body.results) await api(origin, token, 'DELETE', `/media/files/${media.id}`);
  }
  return [
    { name: `upload 250 MB: server RSS growth (max of ${ROUNDS})`, value: growth / (1024 * 1024), unit: 'MB', goal: { op: '<=', value: 64 } },
    { name: `upload 250 MB: throughput over loopback (median of ${ROUNDS})`, value: median(uploadRates), unit: 'MB/s' },
    { name: `plain streamed file copy of the same bytes (median of ${ROUNDS})`, value: median(copyRates), unit: 'MB/s' },
    { name: `upload throughput / plain copy (median of ${ROUNDS} rounds)`, value: median(ratios), unit: 'ratio', goal: { op: '>=', value: 0.5 } },
  ];
}

async function listDuringRender(origin: string, token: string, workDir: string): Promise<Measurement[]> {
  // A page of 20 files to list, and a video whose render keeps ffmpeg busy.
  const still = path.join(workDir, 'still.jpg');
  const video = path.join(workDir, 'clip.mp4');
  const ffmpeg = ffmpegPath();
  await run$(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', still]);
  await run$(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=20:size=1280x720:rate=25', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', video]);
  const stills = new FormData();
  const info = [];
  for (let i = 0; i < 30; i += 1) {
    stills.append(`src_file[${i}]`, await fs.openAsBlob(still), `still-${i}.jpg`);
    info.push({ name: `Still ${i}`, screen_position: 'horizontal', device_type: 'android' });
  }
  stills.append('file_info', JSON.stringify(info));
  if ((await api(origin, token, 'POST', '/media/files/create/', stills)).status !== 201) throw new Error('stills upload failed');
  const query = await api<{ id: number }>(origin, token, 'POST', '/directory/queries/create/', {
    name: 'Bench 1080p', value: '1920 x 1080 @ fps=25 @ x264', type: 'video', device: 'tvpi', screen: 'horizontal',
  });
  if (query.status !== 201) throw new Error('directory query failed');
  const clip = new FormData();
  clip.append('src_file[0]', await fs.openAsBlob(video), 'clip.mp4');
  clip.append('file_info', JSON.stringify([{ name: 'Bench clip', screen_position: 'horizontal', device_type: 'tvpi' }]));
  const created = await api<{ id: number }[]>(origin, token, 'POST', '/media/files/create/', clip);
  if (created.status !== 201) throw new Error('clip upload failed');
  const clipId = created.body[0]!.id;
  const renderState = async () =>
    (await api<{ formats: { status: string }[] }>(origin, token, 'GET', `/media/files/${clipId}`)).body.formats[0]?.status ?? 'none';
  const deadline = Date.now() + 120_000;
  while ((await renderState()) !== 'processing') {
    if (Date.now() > deadline) throw new Error('the render did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const samples: number[] = [];
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/media/files/?page_size=20`, { headers: { authorization: `JWT ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`list answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i += 1) await get(); // warm-up
  for (let i = 0; i < LIST_SAMPLES; i += 1) samples.push(await get());
  const stillRendering = (await renderState()) === 'processing';
  if (!stillRendering) throw new Error('the render finished before the samples did: lengthen the clip');
  return [
    { name: `media list p95 while a 1080p render runs (${LIST_SAMPLES} requests)`, value: percentile(samples, 95), unit: 'ms', goal: { op: '<=', value: 50 } },
    { name: 'media list median while a render runs', value: percentile(samples, 50), unit: 'ms' },
  ];
}

export async function run(): Promise<Measurement[]> {
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-media-work-'));
  const server = await startServer();
  try {
    const signIn = await api<{ access: string }>(server.origin, null, 'POST', '/auth/token-obtain/', { username: 'admin', password: BENCH_ADMIN_PASSWORD });
    const token = signIn.body.access;
    const upload = await uploadMeasurements(server.origin, token, server.child.pid!, workDir);
    const list = await listDuringRender(server.origin, token, workDir);
    return [...upload, ...list];
  } finally {
    await server.stop();
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printMeasurements('Media at 250 MB', await run());
}
