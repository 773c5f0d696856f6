import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_FILE_BYTES } from '../../src/services/schemas/media.ts';
import { ffmpegPath } from '../../server/media/tools.ts';
import { hugePng } from '../helpers/hugePng.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice } from './devices.helpers.ts';
import { describeAs, storedMediaDirs, streamUpload, tempFiles, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

/** What is stored before a test: each test judges its own upload against it, whatever ran before. */
async function stored() {
  return { dirs: await storedMediaDirs(server), count: (await admin.client.get('/media/files/')).body.count as number };
}

describe('upload size limit (262144000 bytes)', () => {
  it('refuses a file one byte over the limit with 413 while streaming and leaves nothing on disk', async () => {
    const before = await stored();
    let tempSeen = false;
    const upload = streamUpload(server.api, admin.access, MAX_MEDIA_FILE_BYTES + 1, {
      onProgress: (bytes) => {
        if (bytes === 64 * 1024 * 1024) void tempFiles(server).then((files) => (tempSeen ||= files.length > 0));
      },
    });
    const response = await upload.response;
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      detail: `A media file may be at most ${MAX_MEDIA_FILE_BYTES} bytes.`,
      code: 'file_too_large',
      fields: { 'src_file[0]': 'too_large' },
    });
    expect(tempSeen).toBe(true);
    expect(await tempFiles(server)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('accepts a file of exactly the limit', async () => {
    const before = await stored();
    const response = await streamUpload(server.api, admin.access, MAX_MEDIA_FILE_BYTES).response;
    expect(response.status).toBe(201);
    expect(response.body[0].size).toBe(250);
    expect(await tempFiles(server)).toEqual([]);
    expect(await stored()).toEqual({ dirs: [...before.dirs, String(response.body[0].id)].sort(), count: before.count + 1 });
  });
});

describe('a dropped connection', () => {
  it('leaves nothing half-written: the temp file is removed and no media is recorded', async () => {
    const before = await stored();
    const upload = streamUpload(server.api, admin.access, 50 * 1024 * 1024, { stopAfter: 8 * 1024 * 1024 });
    upload.response.catch(() => undefined);
    // Wait until the server is writing the file, then cut the connection mid-body.
    await vi.waitFor(async () => expect((await tempFiles(server)).length).toBe(1), { timeout: 10_000, interval: 20 });
    upload.request.destroy();
    await vi.waitFor(async () => expect(await tempFiles(server)).toEqual([]), { timeout: 10_000, interval: 20 });
    expect(await stored()).toEqual(before);
  });
});

describe('pixel limits (issue 26.6): refused from the header or the stream info, before anything decodes the picture', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pixels-'));
  const huge = hugePng(16000, 16000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const form = (field: string, bytes: Buffer, fields: Record<string, string | number> = {}) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
    body.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'huge.png');
    return body;
  };

  it('a 16000 x 16000 PNG of a few KB is refused as media at once with 400 dimensions_too_large, nothing kept', async () => {
    expect(huge.length).toBeLessThan(1_000_000);
    const file = path.join(dir, 'huge.png');
    fs.writeFileSync(file, huge);
    const before = await stored();
    const started = Date.now();
    const response = await admin.client.post('/media/files/create/', await uploadForm([file], [describeAs('Huge')]));
    expect(response.body).toEqual({
      detail: 'The picture is 16000 x 16000 pixels; at most 7680 x 4320 (8K, either way round) is accepted.',
      code: 'dimensions_too_large',
      fields: { 'src_file[0]': 'dimensions_too_large' },
    });
    expect(response.status).toBe(400);
    // Read from the header: no ffmpeg ran (decoding it took 53 s before).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await tempFiles(server)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('a video wider than 8K is refused from its stream info; 8K itself is accepted', async () => {
    const wide = path.join(dir, 'wide.mp4');
    const tall = path.join(dir, 'tall.mp4');
    for (const [file, size] of [[wide, '7696x32'], [tall, '32x7680']] as const) {
      await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=black:s=${size}:d=0.2:r=5`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
    }
    const refused = await admin.client.post('/media/files/create/', await uploadForm([wide], [describeAs('Too wide')]));
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([400, 'dimensions_too_large', { 'src_file[0]': 'dimensions_too_large' }]);
    expect(refused.body.detail).toBe('The picture is 7696 x 32 pixels; at most 7680 x 4320 (8K, either way round) is accepted.');
    // Portrait 8K: the limit holds either way round.
    const accepted = await admin.client.post('/media/files/create/', await uploadForm([tall], [describeAs('Tall', { screen_position: 'vertical' })]));
    expect(accepted.status).toBe(201);
    expect(await tempFiles(server)).toEqual([]);
  });

  it('a navigation layout and a device photo over 8192 x 8192 are refused with 400 dimensions_too_large', async () => {
    const { office } = await createCompanyAndOffice(admin.client, 'Pixel limits');
    const layout = await admin.client.post('/navigation/objects/create/', form('layout', huge, { office: office.id, name: 'Huge plan' }));
    expect([layout.status, layout.body.code, layout.body.fields]).toEqual([400, 'dimensions_too_large', { layout: 'dimensions_too_large' }]);
    expect(layout.body.detail).toBe('The picture is 16000 x 16000 pixels; at most 8192 x 8192 is accepted.');
    expect((await admin.client.get(`/navigation/objects/?office=${office.id}`)).body.count ?? (await admin.client.get(`/navigation/objects/?office=${office.id}`)).body.length).toBe(0);
    const device = await createDevice(admin.client, { office: office.id, position: 'horizontal' });
    const photo = await admin.client.call('PUT', `/tvpi/device/${device.id}/upload-photo`, form('photo', huge));
    expect([photo.status, photo.body.code, photo.body.fields]).toEqual([400, 'dimensions_too_large', { photo: 'dimensions_too_large' }]);
    // 8192 x 8192 itself is a layout.
    const largest = await admin.client.post('/navigation/objects/create/', form('layout', hugePng(8192, 8192), { office: office.id, name: 'Largest plan' }));
    expect(largest.status).toBe(201);
    expect([largest.body.width, largest.body.height]).toEqual([8192, 8192]);
  });
});
