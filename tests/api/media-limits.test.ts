import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_FILE_BYTES } from '../../src/services/schemas/media.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { storedMediaDirs, streamUpload, tempFiles } from './media-fixtures.ts';

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
