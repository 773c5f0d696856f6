import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_SCREENSHOT } from '../../server/domain/sampleScreenshot.ts';
import { startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';
import { SCREENSHOTS_PER_MINUTE } from '../../server/routes/screenshots.ts';
import { MAX_SCREENSHOT_BYTES } from '../../src/services/schemas/screenshots.ts';
import { apiClient, createUserAndSignIn, grantGroup, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, photoForm, TINY_PNG } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let access: string;
const players: SimulatedPlayer[] = [];
beforeAll(async () => {
  server = await startTestServer();
  ({ client, access } = await signIn(server));
});
afterAll(async () => {
  await Promise.all(players.map((player) => player.stop()));
  await server?.close();
});

type Device = { id: number; sn: string; key: string };
const upload = (device: Device, form: FormData, command?: number) =>
  apiClient(server).call('POST', `/player/screenshot/${command ? `?command=${command}` : ''}`, form, { 'x-device-serial': device.sn, 'x-device-key': device.key });
const jpeg = (bytes: Buffer = SAMPLE_SCREENSHOT) => photoForm(bytes, 'image/jpeg', 'screen.jpg', 'screenshot');
const stored = (device: Device) => server.ctx.media.list(`screenshots/${device.id}/`);

describe('SCREENSHOT: command, player upload, kept screenshots', () => {
  it('reaches a simulated player through the channel (heartbeat 60 s) and comes back as the latest screenshot with who asked', async () => {
    const device = await createDevice(client);
    const player = startSimulatedPlayer({ server: server.origin, serial: device.sn, key: device.key, intervalMs: 60_000, plays: false });
    players.push(player);
    await vi.waitFor(() => expect(player.channel).toBe('open'), { timeout: 10_000, interval: 50 });

    const queued = await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'SCREENSHOT', user: 1 });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ device: device.id, command: 'SCREENSHOT', status: 'queued' });
    // No heartbeat is due for a minute: only the channel's notice brings the command to the player.
    const list = await vi.waitFor(
      async () => {
        const answer = await client.get(`/tvpi/devices/${device.id}/screenshots/`);
        expect(answer.body.results).toHaveLength(1);
        return answer.body.results;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(list).toEqual([
      { id: expect.any(Number), taken_at: expect.any(String), bytes: SAMPLE_SCREENSHOT.length, command: queued.body.id, requested_by: 'admin', link: `/api/v1/tvpi/devices/${device.id}/screenshots/${list[0].id}` },
    ]);
    const image = await fetch(`${server.origin}${list[0].link}`, { headers: { authorization: `JWT ${access}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(SAMPLE_SCREENSHOT);

    const journal = (await client.get(`/journal/?entity=device&page_size=100`)).body.results as { action: string; entity_id: string; username: string | null; changes: unknown }[];
    const mine = journal.filter((entry) => entry.entity_id === String(device.id) && ['command', 'screenshot'].includes(entry.action));
    expect(mine.map(({ action, username, changes }) => ({ action, username, changes })).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'command', username: 'admin', changes: { command: [null, 'SCREENSHOT'] } },
      { action: 'screenshot', username: null, changes: { screenshot: [null, list[0].id] } },
    ]);
  });

  it('keeps the last 10 of a device in the store and removes the older ones', async () => {
    const device = await createDevice(client);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await upload(device, jpeg());
      expect(answer.status).toBe(201);
      ids.push(answer.body.id);
    }
    const list = (await client.get(`/tvpi/devices/${device.id}/screenshots/`)).body.results as { id: number; command: null }[];
    expect(list.map((shot) => shot.id)).toEqual(ids.slice(2).reverse());
    expect(list.every((shot) => shot.command === null)).toBe(true);
    expect(await stored(device)).toHaveLength(10);
    expect((await client.get(`/tvpi/devices/${device.id}/screenshots/${ids[0]}`)).status).toBe(404);
    expect((await client.get(`/tvpi/devices/${device.id}/screenshots/${ids[11]}`)).status).toBe(200);

    // Deleting the device removes its screenshots from the store.
    expect((await client.delete(`/tvpi/devices/${device.id}`)).status).toBe(204);
    expect(await stored(device)).toEqual([]);
  });

  it('refuses what is not a JPEG, too large, without a file, or from a wrong key, with stable codes, storing nothing', async () => {
    const device = await createDevice(client);
    const png = await upload(device, photoForm(TINY_PNG, 'image/jpeg', 'screen.jpg', 'screenshot'));
    expect([png.status, png.body.code]).toEqual([400, 'not_a_jpeg']);
    const big = Buffer.alloc(MAX_SCREENSHOT_BYTES + 1, 0);
    SAMPLE_SCREENSHOT.copy(big);
    const large = await upload(device, jpeg(big));
    expect([large.status, large.body.code]).toEqual([413, 'too_large']);
    const form = new FormData();
    form.append('other', 'x');
    const missing = await upload(device, form);
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_error']);
    const json = await apiClient(server).post('/player/screenshot/', { screenshot: 'x' }, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    expect([json.status, json.body.code]).toEqual([400, 'validation_error']);
    const wrongKey = await upload({ ...device, key: 'not-the-key' }, jpeg());
    expect([wrongKey.status, wrongKey.body.code]).toEqual([401, 'invalid_device_key']);
    const anonymous = await apiClient(server).call('POST', '/player/screenshot/', jpeg());
    expect(anonymous.status).toBe(401);
    // A command of another device is not answered by this upload.
    const other = await createDevice(client);
    const foreign = await client.post(`/tvpi/devices/${other.id}/send-command`, { command: 'SCREENSHOT' });
    const answered = await upload(device, jpeg(), foreign.body.id);
    expect(answered.status).toBe(201);
    expect((await client.get(`/tvpi/devices/${device.id}/screenshots/`)).body.results.map((shot: { command: unknown }) => shot.command)).toEqual([null]);
    expect(await stored(device)).toHaveLength(1);
  });

  it('refuses a picture over the layout limit, a JPEG that does not decode, and more than the per-device rate, keeping nothing', async () => {
    const device = await createDevice(client);
    // The sample with its frame header saying 65500 x 65500: refused from the header, before anything decodes it.
    const huge = Buffer.from(SAMPLE_SCREENSHOT);
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(65500, frame + 5);
    huge.writeUInt16BE(65500, frame + 7);
    const tooLarge = await upload(device, jpeg(huge));
    expect([tooLarge.status, tooLarge.body.code, tooLarge.body.fields]).toEqual([400, 'dimensions_too_large', { screenshot: 'dimensions_too_large' }]);
    // Four bytes of JPEG header, a truncated stream, a corrupt one: each must decode, and none does.
    const corrupt = Buffer.from(SAMPLE_SCREENSHOT);
    corrupt.fill(0x55, 700, 1000);
    for (const bytes of [SAMPLE_SCREENSHOT.subarray(0, 4), SAMPLE_SCREENSHOT.subarray(0, 600), corrupt]) {
      const refused = await upload(device, jpeg(bytes));
      expect([refused.status, refused.body.code, refused.body.fields]).toEqual([400, 'invalid_image', { screenshot: 'invalid_image' }]);
    }
    expect(await stored(device)).toEqual([]);
    expect((await client.get(`/tvpi/devices/${device.id}/screenshots/`)).body.results).toEqual([]);

    // The refusals above counted: the rest of the minute's uploads are kept, then 429 with Retry-After, nothing stored
    // or journaled beyond (another device is not held back).
    for (let i = 4; i < SCREENSHOTS_PER_MINUTE; i += 1) expect((await upload(device, jpeg())).status).toBe(201);
    const limited = await upload(device, jpeg());
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.get(`/tvpi/devices/${device.id}/screenshots/`)).body.results).toHaveLength(SCREENSHOTS_PER_MINUTE - 4);
    const journal = (await client.get(`/journal/?entity=device&page_size=100`)).body.results as { action: string; entity_id: string }[];
    expect(journal.filter((entry) => entry.entity_id === String(device.id) && entry.action === 'screenshot')).toHaveLength(SCREENSHOTS_PER_MINUTE - 4);
    const other = await createDevice(client);
    expect((await upload(other, jpeg())).status).toBe(201);
  });

  it('lets a view-only user see the screenshots but not ask for one', async () => {
    const { office } = await createCompanyAndOffice(client, `Shot Co ${Date.now()}`);
    const device = await createDevice(client, { office: office.id });
    expect((await upload(device, jpeg())).status).toBe(201);
    const viewer = await createUserAndSignIn(server, `shot-viewer-${Date.now()}`);
    await grantGroup(server, viewer.id);
    expect((await viewer.client.get(`/tvpi/devices/${device.id}/screenshots/`)).body.results).toHaveLength(1);
    expect((await viewer.client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'SCREENSHOT' })).status).toBe(403);
    const nobody = await createUserAndSignIn(server, `shot-nobody-${Date.now()}`);
    expect((await nobody.client.get(`/tvpi/devices/${device.id}/screenshots/`)).status).toBeGreaterThanOrEqual(403);
  });
});
