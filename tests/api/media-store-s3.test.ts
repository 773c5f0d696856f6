import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { S3StoreConfig } from '../../server/config.ts';
import { createS3Store } from '../../server/media/s3Store.ts';
import type { MediaStore } from '../../server/media/storage.ts';
import { S3RVER_KEY } from '../helpers/s3rver.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice } from './devices.helpers.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

/** The S3 store (server/media/s3Store.ts) on its own, against s3rver: each call, then the presigned redirect through the API. */

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A body that yields `bytes` in 1 MB chunks, then fails (a client that went away mid-upload). */
function failingBody(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.destroy(new Error('the client went away'));
      sent += 1024 * 1024;
      this.push(randomBytes(1024 * 1024));
    },
  });
}

describe('the S3 store against s3rver', () => {
  const config: S3StoreConfig = {
    kind: 's3',
    endpoint: '',
    bucket: `vitrine-store-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
    presignMinBytes: 0,
    presignSeconds: 60,
  };
  let store: MediaStore;
  let scratch: string;
  const bytes = randomBytes(300_000);

  beforeAll(async () => {
    config.endpoint = inject('s3Endpoint');
    scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-s3-scratch-'));
    store = createS3Store(config, scratch);
    await store.ensure();
    // ensure() is idempotent: the bucket exists now.
    await store.ensure();
  });
  afterAll(() => fsp.rm(scratch, { recursive: true, force: true }));

  it('puts a stream, stats, reads it whole and by range, lists, moves and removes', async () => {
    const key = store.sourceKey(7, 'mp4');
    expect(key).toBe('media/7/source.mp4');
    expect(await store.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), 'video/mp4')).toBe(bytes.length);
    expect(await store.stat(key)).toEqual({ size: bytes.length, modified: expect.any(Date) });
    expect((await collect(await store.read(key))).equals(bytes)).toBe(true);
    expect((await collect(await store.read(key, { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await collect(await store.read(key, { start: bytes.length - 1, end: bytes.length - 1 }))).equals(bytes.subarray(-1))).toBe(true);

    const copy = await store.localCopy(key);
    expect(copy.path.startsWith(scratch)).toBe(true);
    expect((await fsp.readFile(copy.path)).equals(bytes)).toBe(true);
    await copy.release();
    await expect(fsp.stat(copy.path)).rejects.toMatchObject({ code: 'ENOENT' });

    const preview = path.join(scratch, 'made-by-a-tool.jpg');
    await fsp.writeFile(preview, bytes.subarray(0, 5000));
    expect(await store.putFile(store.previewKey(7), preview, 'image/jpeg')).toBe(5000);
    await expect(fsp.stat(preview)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.move(key, store.renderKey(7, 3));
    expect(await store.list('media/7/')).toEqual(['media/7/preview.jpg', 'media/7/render-3.mp4']);
    expect(await store.stat(key)).toBeNull();
    await expect(store.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.localCopy(key)).rejects.toMatchObject({ code: 'ENOENT' });

    await store.remove([store.previewKey(7), null, undefined]);
    expect(await store.list('media/7/')).toEqual(['media/7/render-3.mp4']);
    await store.put(store.sourceKey(7, 'mp4'), Readable.from([bytes]));
    await store.put(store.sourceKey(70, 'mp4'), Readable.from([bytes]));
    // A prefix is a folder: removing media/7 keeps media/70.
    await store.removePrefix(store.mediaPrefix(7));
    expect(await store.list('media/')).toEqual(['media/70/source.mp4']);
  });

  it('refuses keys that are not built from ids and fixed names', async () => {
    await expect(store.put('media/../secret', Readable.from([bytes]))).rejects.toThrow('invalid store key');
    await expect(store.read('/etc/passwd')).rejects.toThrow('invalid store key');
  });

  it('leaves no object and no multipart upload when the body fails mid-upload', async () => {
    const key = store.newTempKey();
    expect(key.startsWith('tmp/')).toBe(true);
    // 12 MB: past two 5 MB parts, so the multipart upload has begun when the body fails.
    await expect(store.put(key, failingBody(12 * 1024 * 1024))).rejects.toThrow();
    expect(await store.list('tmp/')).toEqual([]);
    const s3 = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    try {
      expect((await s3.send(new ListMultipartUploadsCommand({ Bucket: config.bucket }))).Uploads ?? []).toEqual([]);
    } finally {
      s3.destroy();
    }
  });

  it('sweeps stale temporary objects and scratch files, and keeps fresh ones', async () => {
    await store.put(store.newTempKey(), Readable.from([bytes]));
    await fsp.writeFile(store.scratchPath('mp4'), bytes.subarray(0, 10));
    expect(await store.sweepTemp(60_000)).toBe(0);
    expect(await store.list('tmp/')).toHaveLength(1);
    expect(await store.sweepTemp(0)).toBe(2);
    expect(await store.list('tmp/')).toEqual([]);
    expect(await fsp.readdir(scratch)).toEqual([]);
  });

  it('presigns a URL that downloads the object, whole and by range', async () => {
    const key = store.sourceKey(8, 'png');
    await store.put(key, Readable.from([bytes]), 'image/png');
    const url = (await store.presignedUrl(key, 60, 'Лобби.png', 'image/png'))!;
    expect(url.startsWith(`${config.endpoint}/${config.bucket}/media/8/source.png?`)).toBe(true);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    expect(new URL(url).searchParams.get('response-content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Лобби.png')}`);
  });
});

describe('presigned redirects through the API (S3_PRESIGN_MIN_BYTES)', () => {
  let server: TestServer;
  let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
  const PRESIGN_MIN_BYTES = 10_000;

  beforeAll(async () => {
    fixtures = await makeFixtures();
    server = await startTestServer();
    // The same server with the switch on: the store config is read per request.
    if (server.ctx.config.mediaStore.kind === 's3') Object.assign(server.ctx.config.mediaStore, { presignMinBytes: PRESIGN_MIN_BYTES, presignSeconds: 30 });
  });
  afterAll(async () => {
    await server?.close();
    if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
  });

  it('redirects a player to the bucket for a large file, streams a small one, and always streams to a signed-in user', async () => {
    const admin = await signIn(server);
    const { company, office } = await createCompanyAndOffice(admin.client, 'Presigned players');
    const [large, small] = (
      await admin.client.post('/media/files/create/', await uploadForm([fixtures.jpg, fixtures.png], [describeAs('Large', { company: company.id }), describeAs('Small', { company: company.id })]))
    ).body;
    const device = await admin.client.post('/tvpi/devices/create/', { sn: 'PRESIGN-PLAYER-1', office: office.id, user: 1 });
    expect(device.status).toBe(201);
    const [largeBytes, smallBytes] = await Promise.all([fsp.readFile(fixtures.jpg), fsp.readFile(fixtures.png)]);
    // The fixtures straddle the threshold, or this test proves nothing.
    expect([largeBytes.length >= PRESIGN_MIN_BYTES, smallBytes.length < PRESIGN_MIN_BYTES]).toEqual([true, true]);
    const asPlayer = (link: string) =>
      fetch(`${server.origin}${link}`, { headers: { 'x-device-serial': 'PRESIGN-PLAYER-1', 'x-device-key': device.body.key }, redirect: 'manual' });

    const redirected = await asPlayer(large.links.source);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('cache-control')).toBe('no-store');
    const location = redirected.headers.get('location')!;
    expect(location.startsWith(`${inject('s3Endpoint')}/`)).toBe(true);
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(largeBytes)).toBe(true);

    const streamed = await asPlayer(small.links.source);
    expect(streamed.status).toBe(200);
    expect(Buffer.from(await streamed.arrayBuffer()).equals(smallBytes)).toBe(true);

    const asUser = await fetch(`${server.origin}${large.links.source}`, { headers: { authorization: `JWT ${admin.access}` }, redirect: 'manual' });
    expect(asUser.status).toBe(200);
    expect(Buffer.from(await asUser.arrayBuffer()).equals(largeBytes)).toBe(true);
  });
});
