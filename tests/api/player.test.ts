import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlayerCache } from '../../server/caches.ts';
import { insertMediaFiles } from '../../server/db/media.ts';
import { deviceCommands } from '../../server/db/devices.schema.ts';
import { CONTACT_WRITE_INTERVAL_MS, ContactWriter, heartbeatRecorder, NOW_PLAYING_SPACING_MS, type HeartbeatReport } from '../../server/db/heartbeats.ts';
import { PLAYING_HOLD_MINUTES, recordPlaybackErrors, settlePlayingStatus, storeCapabilities } from '../../server/db/playback.ts';
import { CapabilitiesCoalescer } from '../../server/domain/playbackReports.ts';
import { normalizeCapabilities } from '../../server/domain/renditions.ts';
import type { DeviceCapabilities } from '../../src/services/schemas/playback.ts';
import { apiClient, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat, nextSerial, setLastConnection } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let player: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
  player = apiClient(server);
});
afterAll(async () => {
  await server?.close();
});

const statusOf = async (id: number) => (await client.get(`/tvpi/devices/${id}`)).body.status;

describe('POST /player/hello/ and /clients', () => {
  it('registers an unknown player as waiting, listed on /clients', async () => {
    const serial = nextSerial('NEW');
    const first = await player.post('/player/hello/', { serial, mac: 'de:ad:be:ef:00:01', version: '2.0.0', ip: '10.9.8.7' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ status: 'pending', heartbeat_seconds: 30 });
    await player.post('/player/hello/', { version: '2.0.1' }, { 'x-device-serial': serial });
    const clients = await client.get('/clients/');
    expect(clients.status).toBe(200);
    const waiting = clients.body.results.find((c: { serial: string }) => c.serial === serial);
    // the second hello reported no address: the one it connected from is kept
    expect(waiting).toMatchObject({ serial, mac: 'DE:AD:BE:EF:00:01', ip: '127.0.0.1', version: '2.0.1', hello_count: 2 });
  });

  it('adopts a waiting player: creating the device hands the key over once on the next hello', async () => {
    const serial = nextSerial('ADOPT');
    await player.post('/player/hello/', { serial, mac: '02:ad:00:00:00:01', version: '3.1' });
    const device = await createDevice(client, { sn: serial, name: 'Adopted' });
    expect(device.mac).toBe('02:AD:00:00:00:01');
    expect(device.version).toBe('3.1');
    const clients = await client.get('/clients/?page_size=500');
    expect(clients.body.results.map((c: { serial: string }) => c.serial)).not.toContain(serial);

    const adopted = await player.post('/player/hello/', { serial });
    expect(adopted.status).toBe(200);
    expect(adopted.body).toEqual({ status: 'adopted', device: device.id, key: device.key, heartbeat_seconds: 30, schedule_version: 0 });
    const again = await player.post('/player/hello/', { serial });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('device_key_required');
    const registered = await player.post('/player/hello/', { serial, key: device.key, version: '3.2' });
    expect(registered.body).toEqual({ status: 'registered', device: device.id, heartbeat_seconds: 30, schedule_version: 0 });
    expect(await statusOf(device.id)).toBe('online');
  });

  it('gives an adopted player of Unknown position the one of the screen it reports; a chosen position stays (issue 26.16)', async () => {
    const screen = (orientation: string) => ({ codecs: ['h264'], screen: { width: 1080, height: 1920, orientation } });
    const portrait = nextSerial('PORTRAIT');
    await player.post('/player/hello/', { serial: portrait });
    const unknown = await createDevice(client, { sn: portrait, name: 'Portrait web player', position: 'unknown' });
    expect(unknown.position).toBe('unknown');
    expect((await player.post('/player/hello/', { serial: portrait, capabilities: screen('portrait') })).body.status).toBe('adopted');
    expect((await client.get(`/tvpi/devices/${unknown.id}`)).body.position).toBe('vertical');
    // Still editable: the operator's choice is kept at the next hello.
    expect((await client.put(`/tvpi/devices/${unknown.id}`, { position: 'horizontal' })).status).toBe(200);
    await player.post('/player/hello/', { serial: portrait, key: unknown.key, capabilities: screen('portrait') });
    expect((await client.get(`/tvpi/devices/${unknown.id}`)).body.position).toBe('horizontal');

    const chosen = nextSerial('CHOSEN');
    await player.post('/player/hello/', { serial: chosen });
    const horizontal = await createDevice(client, { sn: chosen, name: 'Chosen horizontal', position: 'horizontal' });
    await player.post('/player/hello/', { serial: chosen, capabilities: screen('portrait') });
    expect((await client.get(`/tvpi/devices/${horizontal.id}`)).body.position).toBe('horizontal');
  });

  it('refuses a wrong key, a disabled device and a missing serial', async () => {
    const device = await createDevice(client);
    const wrong = await player.post('/player/hello/', { serial: device.sn, key: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_device_key');
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const disabled = await player.post('/player/hello/', { serial: device.sn, key: device.key });
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('device_disabled');
    const missing = await player.post('/player/hello/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ serial: 'required' });
  });

  it('dismisses a waiting player with DELETE /clients/{id}', async () => {
    const serial = nextSerial('GONE');
    await player.post('/player/hello/', { serial });
    const waiting = (await client.get('/clients/?page_size=500')).body.results.find((c: { serial: string }) => c.serial === serial);
    expect((await client.delete(`/clients/${waiting.id}`)).status).toBe(204);
    expect((await client.delete(`/clients/${waiting.id}`)).status).toBe(404);
    expect((await apiClient(server).get('/clients/')).status).toBe(401);
  });
});

describe('POST /player/heartbeat/', () => {
  it('records the contact, address, version and schedule state; the device turns online', async () => {
    const device = await createDevice(client);
    expect(await statusOf(device.id)).toBe('offline');
    const response = await heartbeat(server, device, { ip: '172.16.0.9', version: '4.0.0', schedule_state: 'playing', schedule_expiry: '2030-01-01T00:00:00Z' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ device: device.id, commands: [], schedule_version: 0, config_version: 1 });
    const after = (await client.get(`/tvpi/devices/${device.id}`)).body;
    expect(after).toMatchObject({ status: 'online', ip: '172.16.0.9', version: '4.0.0', schedule_state: 'playing', schedule_expiry: '2030-01-01T00:00:00.000Z' });
    expect(Date.now() - Date.parse(after.last_connection)).toBeLessThan(60_000);
  });

  it('takes the credentials from the body as well', async () => {
    const device = await createDevice(client);
    const response = await player.post('/player/heartbeat/', { serial: device.sn, key: device.key });
    expect(response.status).toBe(200);
    expect(response.body.device).toBe(device.id);
  });

  it('goes offline when the heartbeats stop for two minutes, or at once when the player signs off', async () => {
    const device = await createDevice(client);
    await heartbeat(server, device);
    await setLastConnection(server, device.id, 119);
    expect(await statusOf(device.id)).toBe('online');
    // What plays shows only while the device is online (issue 35.4): the card of an offline device names nothing.
    await server.ctx.db.execute(
      sql`UPDATE devices SET schedule_state = 'playing', playing_event_id = 5, playing_media_id = 2000000000, playing_started_at = now(), playing_reported_at = now() WHERE id = ${device.id}`,
    );
    // Nor does the list's "Playing" filter name it (issue 35.4: "Offline · Playing" for 10 minutes).
    const listedPlaying = async () => (await client.get(`/tvpi/devices/?search=${device.sn}&schedule=playing`)).body.results.map((d: { id: number }) => d.id);
    expect(await listedPlaying()).toEqual([device.id]);
    const nowPlaying = async () => (await client.get(`/tvpi/devices/${device.id}/playback/`)).body.now_playing;
    expect(await nowPlaying()).toMatchObject({ event: 5, media: 2000000000 });
    await setLastConnection(server, device.id, 121);
    expect(await statusOf(device.id)).toBe('offline');
    expect(await nowPlaying()).toBeNull();
    expect(await listedPlaying()).toEqual([]);
    await heartbeat(server, device);
    expect(await statusOf(device.id)).toBe('online');
    const bye = await player.post('/player/bye/', {}, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    expect(bye.body).toEqual({ status: 'signed_off' });
    expect(await statusOf(device.id)).toBe('offline');
    expect(await nowPlaying()).toBeNull();
    expect(await listedPlaying()).toEqual([]);
    await heartbeat(server, device);
    expect(await statusOf(device.id)).toBe('online');
  });

  it('refuses an unknown serial, a wrong key, a disabled device and bad fields', async () => {
    const device = await createDevice(client);
    const unknown = await heartbeat(server, { sn: nextSerial('NOPE'), key: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('unknown_device');
    const wrong = await heartbeat(server, { sn: device.sn, key: 'wrong-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_device_key');
    const bad = await heartbeat(server, device, { ip: 'not-an-ip', schedule_state: 'dancing' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ ip: 'invalid_format', schedule_state: 'invalid' });
    expect((await player.post('/player/heartbeat/', {})).body.fields).toEqual({ serial: 'required', key: 'required' });

    await heartbeat(server, device);
    await client.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const disabled = await heartbeat(server, device);
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual({ detail: 'The device is disabled.', code: 'device_disabled' });
    expect(await statusOf(device.id)).toBe('disabled');
  });

  /*
   * The instant rule (issue 35.16): these values in now_playing.started_at answered 500 (the database refused them after
   * the checks), so that player's heartbeats failed; the same in the other instants a player sends. Each is now a 400
   * naming the field, nothing of the heartbeat is written, and a play with one is refused alone.
   */
  it('refuses impossible instants in every field a player sends, with 400 and the field, writing nothing', async () => {
    const device = await createDevice(client);
    const [media] = await insertMediaFiles(server.ctx.db, [
      { name: 'Instant', screenPosition: 'horizontal', deviceType: 'android', kind: 'image', originalName: 'i.png', sourceExt: 'png', mimeType: 'image/png', sizeBytes: 10, duration: null, status: 'ready_to_play' },
    ]);
    const contact = async () =>
      (await server.ctx.db.execute(sql`SELECT last_connection, playing_media_id FROM devices WHERE id = ${device.id}`)) as unknown as { rows: unknown[] };
    const before = (await contact()).rows;
    const values = ['2027-02-30T10:00:00Z', '2027-04-31T10:00:00Z', '2027-06-01T10:00:00+16:00', '9999-12-31T23:59:59-14:00'];
    for (const value of values) {
      const cases: [Record<string, unknown>, string][] = [
        [{ now_playing: { event: 1, media: media!.id, started_at: value } }, 'now_playing.started_at'],
        [{ playback_errors: [{ media: media!.id, kind: 'decode', count: 1, last_at: value }] }, 'playback_errors.0.last_at'],
        [{ schedule_expiry: value }, 'schedule_expiry'],
      ];
      for (const [fields, path] of cases) {
        const response = await heartbeat(server, device, fields);
        expect([value, response.status, response.body.fields]).toEqual([value, 400, { [path]: 'invalid_format' }]);
      }
      const plays = await player.post('/player/plays/', { plays: [{ id: `instant-${value}`, event: 1, media: media!.id, started_at: value, duration: 5 }] }, { 'x-device-serial': device.sn, 'x-device-key': device.key });
      expect([value, plays.status, plays.body.accepted, plays.body.refused]).toEqual([value, 200, 0, [{ id: `instant-${value}`, reason: 'invalid' }]]);
    }
    expect((await contact()).rows).toEqual(before);
    expect((await heartbeat(server, device, { now_playing: { event: 1, media: media!.id, started_at: new Date().toISOString() } })).status).toBe(200);
  });

  it('delivers a queued REBOOT exactly once and records the acknowledgement', async () => {
    const device = await createDevice(client);
    const queued = await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT', user: 1 });
    const first = await heartbeat(server, device);
    expect(first.body.commands).toEqual([{ id: queued.body.id, command: 'REBOOT', created_at: queued.body.created_at }]);
    const second = await heartbeat(server, device);
    expect(second.body.commands).toEqual([]);
    await heartbeat(server, device, { acknowledged: [queued.body.id] });
    const [row] = await server.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, queued.body.id));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(row?.acknowledgedAt).toBeInstanceOf(Date);
  });

  it('delivers a command once even when heartbeats race', async () => {
    const device = await createDevice(client);
    await client.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => heartbeat(server, device)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.flatMap((a) => a.body.commands)).toHaveLength(1);
  });

  it('answers each of many simultaneous players its own device and commands', async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => createDevice(client)));
    const rebooting = new Set([fleet[2]!.id, fleet[7]!.id]);
    for (const id of rebooting) await client.post(`/tvpi/devices/${id}/send-command`, { command: 'REBOOT' });
    const answers = await Promise.all([...fleet.map((device) => heartbeat(server, device)), heartbeat(server, { sn: fleet[0]!.sn, key: 'bad' })]);
    expect(answers.slice(0, 12).map((a) => [a.status, a.body.device, a.body.commands.length])).toEqual(
      fleet.map((device) => [200, device.id, rebooting.has(device.id) ? 1 : 0]),
    );
    expect(answers[12]!.status).toBe(401);
  });

  it('hands the config files over until the player holds the current version, and again after an edit', async () => {
    const device = await createDevice(client);
    const first = await heartbeat(server, device);
    expect(first.body.configs.map((c: { path: string }) => c.path)).toEqual(['/etc/vitrine/player.json', '/etc/vitrine/display.conf']);
    const version = first.body.config_version;
    const current = await heartbeat(server, device, { config_version: version });
    expect(current.body.configs).toBeNull();
    const config = first.body.configs[0];
    await client.put(`/tvpi/devices/${device.id}/configs/${config.id}`, { content: '{"volume": 5}' });
    const stale = await heartbeat(server, device, { config_version: version });
    expect(stale.body.config_version).toBe(version + 1);
    expect(stale.body.configs[0]).toMatchObject({ id: config.id, path: '/etc/vitrine/player.json', content: '{"volume": 5}' });
  });
});

/**
 * Now playing is written with the heartbeat's contact, in the same row write (issue 24's bench, migration 0036): a
 * change of file or event at once once the stored contact is NOW_PLAYING_SPACING_MS old, a loop of the same file with
 * the next due contact. The recorder runs here on the test database with a clock of its own.
 */
describe('declared capabilities, coalesced', () => {
  const declared = (codecs: DeviceCapabilities['codecs']) => ({ codecs, max_video: { width: 1920, height: 1080 } });
  const stored = async (id: number) =>
    ((await server.ctx.db.execute(sql`SELECT capabilities::text AS c FROM devices WHERE id = ${id}`)) as unknown as { rows: { c: string | null }[] }).rows[0]!.c;

  it('a player flipping its capabilities on every heartbeat recompiles its schedule once, not on each flip (issue 35.19)', async () => {
    const device = await createDevice(client);
    const headers = { 'x-device-serial': device.sn, 'x-device-key': device.key };
    const queued = async () =>
      ((await server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM schedule_dirty WHERE device_id = ${device.id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    let compiles = 0;
    for (let i = 0; i < 10; i += 1) {
      expect((await heartbeat(server, device, { capabilities: declared(i % 2 ? ['h264'] : ['h264', 'hevc']) })).status).toBe(200);
      // Queued for a compile by this declaration (the compiler's turn may have taken it already: then it compiled).
      if ((await queued()) > 0) compiles += 1;
      // dev2 compiles a queued device at once, as a player does after each notice.
      expect((await player.call('GET', `/scheduler/dev2/${device.id}`, undefined, headers)).status).toBe(200);
    }
    expect(compiles).toBeLessThanOrEqual(1);
    expect(await stored(device.id)).toContain('hevc');
  });

  it('stores the last declaration of a window when it ends, and nothing when it flipped back (CapabilitiesCoalescer)', async () => {
    const device = await createDevice(client);
    let now = 1_000_000;
    const writes: string[] = [];
    const coalescer = new CapabilitiesCoalescer(
      async (id, normalized) => {
        writes.push(normalized);
        return storeCapabilities(server.ctx.db, id, normalized);
      },
      (error) => {
        throw error;
      },
      10_000,
      () => now,
    );
    const a = normalizeCapabilities(declared(['h264']));
    const b = normalizeCapabilities(declared(['h264', 'hevc']));
    const c = normalizeCapabilities(declared(['h264', 'vp9']));
    await coalescer.declare(device.id, a);
    for (const next of [b, a, b, c]) await coalescer.declare(device.id, next);
    expect(writes).toEqual([a]);
    now += 10_000;
    await coalescer.settleDue();
    expect(writes).toEqual([a, c]);
    expect(JSON.parse((await stored(device.id))!)).toEqual(JSON.parse(c));
    // The write at the window's end opened another: flipping back to what was stored writes nothing at its end.
    await coalescer.declare(device.id, b);
    await coalescer.declare(device.id, c);
    now += 10_000;
    await coalescer.settleDue();
    expect(writes).toEqual([a, c]);
    await coalescer.close();
  });
});

describe('now playing, written with the contact', () => {
  type Row = { media: number | null; event: number | null; started: string | null; reported: string | null };
  const playingRow = async (id: number) =>
    ((await server.ctx.db.execute(
      sql`SELECT playing_media_id AS media, playing_event_id AS event, to_char(playing_started_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS started,
            playing_reported_at::text AS reported FROM devices WHERE id = ${id}`,
    )) as unknown as { rows: Row[] }).rows[0]!;
  const fileStatus = async (media: number) =>
    ((await server.ctx.db.execute(sql`SELECT status FROM media_files WHERE id = ${media}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;
  const readyFiles = async (count: number) =>
    ((await server.ctx.db.execute(sql`
      INSERT INTO media_files (name, screen_position, device_type, kind, original_name, source_ext, mime_type, size_bytes, status)
      SELECT 'Now playing ' || g, 'horizontal', 'tvpi', 'video', 'clip.mp4', 'mp4', 'video/mp4', 1000, 'ready_to_play' FROM generate_series(1, ${count}) g
      RETURNING id`)) as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  const at = (second: number) => `2031-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

  it('writes a change of file at once (spaced), a loop with the next due contact, never an older report over a newer one', async () => {
    const [a, b, c] = await readyFiles(3);
    const device = await createDevice(client);
    const clock = { now: Date.now() };
    const players = new PlayerCache(10 * 60_000, () => clock.now);
    const contacts = new ContactWriter(server.ctx.db, (error) => { throw error; }, () => clock.now);
    const record = heartbeatRecorder(server.ctx.db, players, contacts);
    const beat = async (nowPlaying: HeartbeatReport['nowPlaying'], fields: Partial<HeartbeatReport> = {}) => {
      const answer = await record({ serial: device.sn, key: device.key, ip: null, version: null, scheduleState: 'playing', scheduleExpiry: undefined, configVersion: 1, acknowledged: [], nowPlaying, ...fields });
      expect(answer?.device).toBe(device.id);
      await contacts.flush();
    };
    const wait = (ms: number) => void (clock.now += ms);

    // The first beat records the contact, and what plays with it; the file turns "playing".
    await beat({ event: 7, media: a!, started_at: at(0) });
    expect(await playingRow(device.id)).toMatchObject({ media: a, event: 7, started: '00:00:00' });
    expect(await fileStatus(a!)).toBe('playing');
    const firstReport = (await playingRow(device.id)).reported;
    // The same file again (a loop) while the contact is fresh: nothing is written.
    wait(1000);
    await beat({ event: 7, media: a!, started_at: at(1) });
    expect(await playingRow(device.id)).toMatchObject({ media: a, started: '00:00:00', reported: firstReport });
    // Another file before NOW_PLAYING_SPACING_MS: held back; once it has passed, written at once.
    await beat({ event: 7, media: b!, started_at: at(2) });
    expect(await playingRow(device.id)).toMatchObject({ media: a });
    wait(NOW_PLAYING_SPACING_MS);
    await beat({ event: 7, media: b!, started_at: at(3) });
    expect(await playingRow(device.id)).toMatchObject({ media: b, event: 7, started: '00:00:03' });
    expect(await fileStatus(b!)).toBe('playing');
    // Another event of the same file counts as a change too.
    wait(NOW_PLAYING_SPACING_MS);
    await beat({ event: 8, media: b!, started_at: at(4) });
    expect(await playingRow(device.id)).toMatchObject({ media: b, event: 8, started: '00:00:04' });
    // A loop rides with the contact once that is due.
    wait(1000);
    await beat({ event: 8, media: b!, started_at: at(5) });
    expect(await playingRow(device.id)).toMatchObject({ started: '00:00:04' });
    wait(CONTACT_WRITE_INTERVAL_MS);
    await beat({ event: 8, media: b!, started_at: at(6) });
    expect(await playingRow(device.id)).toMatchObject({ media: b, started: '00:00:06' });
    // A player that does not say what plays leaves it as stored (and its time) when its contact is written.
    const stored = await playingRow(device.id);
    wait(CONTACT_WRITE_INTERVAL_MS);
    await beat(undefined);
    expect(await playingRow(device.id)).toEqual(stored);
    // A report older than the stored one (another instance wrote a newer one meanwhile) leaves it.
    contacts.note({ deviceId: device.id, at: clock.now - 10 * 60_000, ip: null, version: null, scheduleState: null, scheduleExpiry: undefined, nowPlaying: { event: 1, media: c!, started_at: at(9) } });
    await contacts.flush();
    expect(await playingRow(device.id)).toEqual(stored);
    // Of two contacts waiting together, the newer one's now playing is written, or the older's when the newer says none.
    contacts.note({ deviceId: device.id, at: clock.now, ip: null, version: null, scheduleState: null, scheduleExpiry: undefined, nowPlaying: { event: 2, media: c!, started_at: at(10) } });
    contacts.note({ deviceId: device.id, at: clock.now, ip: null, version: null, scheduleState: null, scheduleExpiry: undefined });
    await contacts.flush();
    expect(await playingRow(device.id)).toMatchObject({ media: c, event: 2, started: '00:00:10' });
    // A beat that goes to the database (its config is stale) writes what plays in its own statement.
    wait(1000);
    await beat({ event: 3, media: a!, started_at: at(11) }, { configVersion: 0 });
    expect(await playingRow(device.id)).toMatchObject({ media: a, event: 3, started: '00:00:11' });
    // Nothing plays: the state changes, so it is written at once.
    wait(1000);
    await beat(null, { scheduleState: 'waiting' });
    expect(await playingRow(device.id)).toMatchObject({ media: null, event: null, started: null });
    await contacts.close();
  });

  it('shows what a player reported through one instance on the device card of another, both ways', async () => {
    const [file] = await readyFiles(1);
    const device = await createDevice(client);
    const other = await startSecondInstance(server);
    try {
      const otherClient = apiClient(other, (await signIn(server)).access);
      const card = async (via: ReturnType<typeof apiClient>) => (await via.get(`/tvpi/devices/${device.id}/playback/`)).body.now_playing;
      // Through this instance: its contact (and what plays) is written within a second; the other reads the database.
      expect((await heartbeat(server, device, { config_version: 1, schedule_state: 'playing', now_playing: { event: 5, media: file, started_at: at(20) } })).status).toBe(200);
      await vi.waitFor(async () => expect(await card(otherClient)).toMatchObject({ event: 5, media: file, started_at: at(20) }), { timeout: 10_000, interval: 200 });
      // Through the other: nothing plays any more (the state changes, so it is written at once); this instance sees it.
      const beat = await otherClient.post('/player/heartbeat/', { config_version: 1, schedule_state: 'waiting', now_playing: null }, { 'x-device-serial': device.sn, 'x-device-key': device.key });
      expect(beat.status).toBe(200);
      await vi.waitFor(async () => expect(await card(client)).toBeNull(), { timeout: 10_000, interval: 200 });
    } finally {
      await other.close();
    }
  });

  it('turns a file back to ready_to_play once no device has reported playing it for the hold time', async () => {
    const [kept, left] = await readyFiles(2);
    const [playing, stopped] = [await createDevice(client), await createDevice(client)];
    await server.ctx.db.execute(sql`UPDATE media_files SET status = 'playing' WHERE id IN (${kept}, ${left})`);
    await server.ctx.db.execute(sql`UPDATE devices SET playing_media_id = ${kept}, playing_reported_at = now() - make_interval(mins => ${PLAYING_HOLD_MINUTES - 1}) WHERE id = ${playing.id}`);
    await server.ctx.db.execute(sql`UPDATE devices SET playing_media_id = ${left}, playing_reported_at = now() - make_interval(mins => ${PLAYING_HOLD_MINUTES + 1}) WHERE id = ${stopped.id}`);
    await settlePlayingStatus(server.ctx.db);
    expect([await fileStatus(kept!), await fileStatus(left!)]).toEqual(['playing', 'ready_to_play']);
    // A file of a rotation is on screen every loop, seldom the one a heartbeat names: its plays hold it (issue 35.5).
    // A play started within the hold time holds it; an older one, or a failed one, does not.
    const [rotated, old, broken] = await readyFiles(3);
    await server.ctx.db.execute(sql`UPDATE media_files SET status = 'playing' WHERE id IN (${rotated}, ${old}, ${broken})`);
    const played = (media: number, minutesAgo: number, outcome: string) =>
      server.ctx.db.execute(sql`INSERT INTO plays (device_id, play_id, started_at, duration, event_id, campaign_id, media_id, outcome)
        VALUES (${playing.id}, ${`hold-${media}`}, now() - make_interval(mins => ${minutesAgo}), 10, 1, 1, ${media}, ${outcome})`);
    await played(rotated!, PLAYING_HOLD_MINUTES - 1, 'partial');
    await played(old!, PLAYING_HOLD_MINUTES + 1, 'completed');
    await played(broken!, 1, 'failed');
    await settlePlayingStatus(server.ctx.db);
    expect([await fileStatus(rotated!), await fileStatus(old!), await fileStatus(broken!)]).toEqual(['playing', 'ready_to_play', 'ready_to_play']);
  });

  it('records skipped files of a batch in which a device and a file are gone, and tells which devices start a run', async () => {
    const [file, gone] = await readyFiles(2);
    const [quiet, failing, deleted] = [await createDevice(client), await createDevice(client), await createDevice(client)];
    const report = (media: number, count = 1) => ({ media, kind: 'decode' as const, count, last_at: new Date().toISOString(), detail: 'PIPELINE_ERROR_DECODE' });
    expect((await recordPlaybackErrors(server.ctx.db, [[failing.id, report(file!)]], 10)).map((d) => d.id)).toEqual([failing.id]);
    await server.ctx.db.execute(sql`DELETE FROM media_files WHERE id = ${gone}`);
    expect((await client.delete(`/tvpi/devices/${deleted.id}`)).status).toBeLessThan(300);
    // The foreign keys refuse the batch as it is: it is written again without the rows of what is gone.
    const starting = await recordPlaybackErrors(server.ctx.db, [[quiet.id, report(file!, 2)], [failing.id, report(file!, 3)], [deleted.id, report(file!)], [quiet.id, report(gone!)]], 10);
    expect(starting.map((d) => d.id)).toEqual([quiet.id]);
    const sums = ((await server.ctx.db.execute(sql`SELECT device_id AS device, count FROM playback_errors WHERE media_id = ${file} ORDER BY device_id`)) as unknown as { rows: { device: number; count: number }[] }).rows;
    expect(sums.map((row) => [Number(row.device), Number(row.count)])).toEqual([[quiet.id, 2], [failing.id, 4]].sort((a, b) => a[0]! - b[0]!));
  });
});
