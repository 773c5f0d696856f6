import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { S3RVER_KEY } from '../helpers/s3rver.ts';
import { apiClient } from '../helpers/server.ts';
import { processGroupCommands, startServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { adminQuery, postgresTemplate } from '../helpers/templates.ts';
import { describeAs, makeFixtures, probeStreams, uploadForm } from './media-fixtures.ts';

/*
 * Issue 27: two server PROCESSES (the real entry, server/index.ts) on one PostgreSQL database and one s3rver bucket, as
 * two instances behind a load balancer. Needs PostgreSQL (VITRINE_TEST_PG; .ci/run sets it): PGlite is one process's.
 */
const postgresUrl = process.env.VITRINE_TEST_PG;
if (!postgresUrl) console.log('media-store-instances: skipped, it needs PostgreSQL: set VITRINE_TEST_PG (as .ci/run does)');

const run = promisify(execFile);
/** How long a render may go without its instance's heartbeat before the other instance takes it (MEDIA_JOB_STALE_SECONDS). */
const STALE_SECONDS = 2;
/** The Directory preset every horizontal tvpi file is rendered into. */
const PRESET = '1280 x 720 @ fps=25 @ x264';

describe.runIf(postgresUrl)('two instances on one PostgreSQL and one bucket', () => {
  const bucket = `vitrine-two-${randomBytes(6).toString('hex')}`;
  const database = `vitrine_test_${randomBytes(6).toString('hex')}`;
  let s3: S3Client;
  let dirs: string[] = [];
  let first: ServerProcess;
  let second: ServerProcess;
  let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
  let longClip: string;
  let token: string;
  let queryId: number;

  const client = (server: ServerProcess) => apiClient(server, token);
  const keysOf = async (prefix: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((item) => item.Key!).sort();
  async function download(server: ServerProcess, link: string, range?: string) {
    const headers: Record<string, string> = { authorization: `JWT ${token}` };
    if (range) headers.range = range;
    const response = await fetch(`${server.origin}${link}`, { headers });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  /** The file once probing and every render settled, read through `server`. */
  async function settled(server: ServerProcess, id: number, timeout = 45_000) {
    let media: any;
    await vi.waitFor(
      async () => {
        media = (await client(server).get(`/media/files/${id}`)).body;
        if (media.status === 'processing' || media.formats.some((f: any) => f.status === 'queued' || f.status === 'processing')) throw new Error(`still ${media.status}`);
      },
      { timeout, interval: 100 },
    );
    return media;
  }

  beforeAll(async () => {
    const endpoint = inject('s3Endpoint');
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    const [template, made] = await Promise.all([postgresTemplate(postgresUrl!), makeFixtures()]);
    fixtures = made;
    // Long enough that the render is caught running (and short enough that rendering it twice stays quick).
    longClip = path.join(fixtures.dir, 'long.mp4');
    const encoding = run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=8:size=640x360:rate=25', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', longClip]);
    await adminQuery(postgresUrl!, `CREATE DATABASE ${database} TEMPLATE ${template}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The servers run as an operator runs them: no test switches (the SDK's Node-version warning must not show either).
    for (const name of ['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'TEST_DATABASE_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[name];
    const instanceEnv = async (): Promise<NodeJS.ProcessEnv> => {
      const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-instance-'));
      dirs.push(dataDir);
      return {
        ...env,
        DATA_DIR: dataDir,
        STATIC_DIR: dataDir,
        DATABASE_URL: url.toString(),
        MEDIA_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: S3RVER_KEY,
        S3_SECRET_ACCESS_KEY: S3RVER_KEY,
        MEDIA_JOB_STALE_SECONDS: String(STALE_SECONDS),
        LOG_LEVEL: 'warn',
      };
    };
    // One after the other: the first makes the administrator and prints its password.
    first = await startServerProcess(await instanceEnv());
    second = await startServerProcess(await instanceEnv());
    const password = /password: (\S+)/.exec(first.output())?.[1];
    const signedIn = await apiClient(first).post('/auth/token-obtain/', { username: 'admin', password });
    expect(signedIn.status).toBe(200);
    token = signedIn.body.access;
    const query = await client(first).post('/directory/queries/create/', { name: 'Lobby 720p', value: PRESET, type: 'video', device: 'tvpi', screen: 'horizontal' });
    expect(query.status).toBe(201);
    queryId = query.body.id;
    await encoding;
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    s3?.destroy();
    await Promise.all([...dirs, fixtures?.dir].filter(Boolean).map((dir) => fsp.rm(dir!, { recursive: true, force: true })));
  });

  it('serves through the second what was uploaded through the first, and deletes through the first from the bucket', async () => {
    const created = await client(first).post('/media/files/create/', await uploadForm([fixtures.video], [describeAs('Shared clip')]));
    expect(created.status).toBe(201);
    const id: number = created.body[0].id;
    // Probe, preview and render by whichever worker takes each job; the second instance answers the result.
    const media = await settled(second, id);
    expect(media.status).toBe('ready_to_play');
    expect(media.formats).toEqual([expect.objectContaining({ query_id: queryId, status: 'ready', link: `/api/v1/media/files/${id}/render/${queryId}` })]);
    expect(await keysOf(`media/${id}/`)).toEqual([`media/${id}/preview.jpg`, `media/${id}/render-${queryId}.mp4`, `media/${id}/source.mp4`]);

    const original = await fsp.readFile(fixtures.video);
    const source = await download(second, media.links.source);
    expect(source.status).toBe(200);
    expect(source.bytes.equals(original)).toBe(true);
    const part = await download(second, media.links.source, 'bytes=100-1123');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${original.length}`);
    expect(part.bytes.equals(original.subarray(100, 1124))).toBe(true);

    const render = await download(second, media.formats[0].link);
    expect(render.status).toBe(200);
    expect(render.headers.get('content-type')).toBe('video/mp4');
    const renderFile = path.join(fixtures.dir, 'render.mp4');
    await fsp.writeFile(renderFile, render.bytes);
    expect(await probeStreams(renderFile)).toMatchObject({ width: 1280, height: 720, codec_name: 'h264' });
    const tail = await download(second, media.formats[0].link, `bytes=-1000`);
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(render.bytes.subarray(render.bytes.length - 1000))).toBe(true);

    expect((await client(first).delete(`/media/files/${id}`)).status).toBe(204);
    expect(await keysOf(`media/${id}/`)).toEqual([]);
    expect((await download(second, media.links.source)).status).toBe(404);
  });

  it('finishes on the other instance a render whose instance was killed (kill -9) mid-render', async () => {
    const created = await client(first).post('/media/files/create/', await uploadForm([longClip], [describeAs('Long clip')]));
    expect(created.status).toBe(201);
    const id: number = created.body[0].id;
    // The instance whose ffmpeg is encoding into the preset (the probe and preview use ffprobe and mjpeg).
    const renderingIn = (server: ServerProcess) => processGroupCommands(server.child.pid!).some((command) => command.includes('ffmpeg') && command.includes('libx264'));
    let victim: ServerProcess | undefined;
    await vi.waitFor(
      () => {
        victim = [first, second].find(renderingIn);
        if (!victim) throw new Error('no instance is rendering yet');
      },
      { timeout: 45_000, interval: 50 },
    );
    const survivor = victim === first ? second : first;
    await victim!.kill();
    expect(processGroupCommands(victim!.child.pid!)).toEqual([]);

    const media = await settled(survivor, id);
    expect(media.status).toBe('ready_to_play');
    expect(media.formats).toEqual([expect.objectContaining({ query_id: queryId, status: 'ready' })]);
    const render = await download(survivor, media.formats[0].link);
    expect(render.status).toBe(200);
    const renderFile = path.join(fixtures.dir, 'taken-over.mp4');
    await fsp.writeFile(renderFile, render.bytes);
    expect(await probeStreams(renderFile)).toMatchObject({ width: 1280, height: 720, codec_name: 'h264' });
    // Taken over, not finished by the killed one before it died: the render job was claimed twice.
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;
    expect(await adminQuery(url.toString(), `SELECT status, attempts FROM media_jobs WHERE media_id = ${id} AND kind = 'render'`)).toEqual([{ status: 'done', attempts: 2 }]);
  });

  it('prints no AWS SDK warning about the Node.js version', () => {
    for (const server of [first, second]) {
      expect(server.output()).not.toMatch(/NodeVersionSupportWarning|AWS SDK for JavaScript/);
      expect(server.output()).toContain('Vitrine is running on');
    }
  });
});
