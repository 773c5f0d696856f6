import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { layoutSize, templateZones } from '../../src/machines/layouts/layoutTemplates.ts';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { checkScreen, CLEAN_REPORT } from '../helpers/screenChecks.ts';
import { signIn } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from '../api/media-fixtures.ts';

/** A TCP relay in front of the server: closing it is, for the player, the server going away; opening it again, coming back. */
async function relay(target: number) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      listener = net.createServer((client) => {
        const upstream = net.connect(target, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(port, '127.0.0.1', () => {
        port = (listener!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get origin() {
      return `http://127.0.0.1:${port}`;
    },
    open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener!.close(() => resolve());
      }),
  };
}

let e2e: E2E;
let admin: Awaited<ReturnType<typeof signIn>>['client'];
beforeAll(async () => {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/player/index.html'))) throw new Error('run `npm run build` first');
  e2e = await startE2E();
  admin = (await signIn(e2e.server)).client;
});
afterAll(async () => {
  await e2e?.close();
});

/** What the player page says about itself (its #player data attributes). */
const playerState = (page: Page) =>
  page.locator('#player').evaluate((node: HTMLElement) => ({ lifecycle: node.dataset.lifecycle, playback: node.dataset.playback, media: node.dataset.media ?? null }));

describe('serving the web player', () => {
  it('answers /player/ (and pages below it) with the player, never the panel, and the panel stays the panel', async () => {
    for (const route of ['/player/', '/player', '/player/anything?x=1']) {
      const response = await fetch(`${e2e.server.origin}${route}`, { headers: { accept: 'text/html' } });
      expect([route, response.status, response.headers.get('cache-control')]).toEqual([route, 200, 'no-cache']);
      const html = await response.text();
      expect(html).toMatch(/<main id="?player"?/);
      expect(html).not.toMatch(/<div id="?root"?>/);
    }
    const panel = await fetch(`${e2e.server.origin}/devices`, { headers: { accept: 'text/html' } });
    expect(await panel.text()).toMatch(/<div id="?root"?>/);
    const script = /src="?(\/player\/[\w.-]+\.js)/.exec(fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/player/index.html'), 'utf8'))![1]!;
    const asset = await fetch(`${e2e.server.origin}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  });
});

describe('a browser becomes a screen', () => {
  it('pairs, is adopted on /clients, heartbeats, and obeys REBOOT by reloading and acknowledging it', async () => {
    const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720, locale: 'ru-RU' });
    await screen.goto('/player/?heartbeat=1');
    // Pairing: the serial and the server address in large type, in the browser's language.
    await screen.getByText('Этот экран ждёт добавления').waitFor();
    const serial = (await screen.locator('#serial').innerText()).trim();
    expect(serial).toMatch(/^WEB-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await screen.locator('#address').innerText()).toBe(new URL(e2e.server.origin).host);
    // The serial survives a reload (kept in the browser's storage).
    await screen.reload();
    await screen.getByText('Этот экран ждёт добавления').waitFor();
    expect((await screen.locator('#serial').innerText()).trim()).toBe(serial);

    const { page: panel } = await e2e.newPage();
    await signInThroughUi(panel, 'admin', e2e.server.adminPassword);
    await panel.goto('/clients');
    const adopt = panel.getByRole('button', { name: `Adopt ${serial}` });
    await vi.waitFor(async () => {
      await panel.getByRole('button', { name: 'Refresh' }).click();
      expect(await adopt.count()).toBe(1);
    }, { timeout: 20_000, interval: 500 });
    await adopt.click();
    const dialog = panel.getByRole('dialog', { name: 'Add device' });
    expect(await dialog.getByRole('textbox', { name: 'SN' }).inputValue()).toBe(serial);
    // It reported the web player's version: the form starts as a web player (issue 35).
    const type = dialog.getByRole('combobox', { name: 'Device type' });
    expect([await type.inputValue(), await type.locator('option:checked').innerText()]).toEqual(['web', 'Web player (browser)']);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adopt.waitFor({ state: 'detached' });

    // Adopted: the key arrives at the next hello, the schedule is fetched, and nothing is scheduled yet.
    await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ lifecycle: 'online', playback: 'not_found' }), { timeout: 30_000, interval: 200 });
    await screen.getByText('Для этого экрана ничего не запланировано').waitFor();
    const device = (await admin.get(`/tvpi/devices/?search=${serial}`)).body.results[0] as { id: number };
    await vi.waitFor(async () => {
      const listed = await admin.get(`/tvpi/devices/${device.id}`);
      expect([listed.body.status, listed.body.version, listed.body.schedule_state]).toEqual(['online', 'web-1.0.0', 'not_found']);
    }, { timeout: 20_000, interval: 300 });
    const key = await screen.evaluate(() => localStorage.getItem('vitrine.player.key'));
    expect(key).toMatch(/.{8,}/);

    // REBOOT: the page reloads, comes back with its key (no pairing), and acknowledges the command.
    const sent = await admin.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    expect(sent.status).toBe(202);
    await screen.waitForEvent('load', { timeout: 30_000 });
    await vi.waitFor(async () => {
      const rows = (await e2e.server.ctx.db.execute(sql`SELECT acknowledged_at FROM device_commands WHERE id = ${sent.body.id}`)) as unknown as { rows: { acknowledged_at: string | null }[] };
      expect(rows.rows[0]?.acknowledged_at).not.toBeNull();
    }, { timeout: 30_000, interval: 300 });
    expect(await playerState(screen)).toMatchObject({ lifecycle: 'online' });
    expect(await screen.evaluate(() => [localStorage.getItem('vitrine.player.key'), localStorage.getItem('vitrine.player.acks')])).toEqual([key, null]);
    expect(problems).toEqual([]);
  });
});

describe('a published campaign plays on the screen', () => {
  it('plays an image and a video in order, goes on without its server, and its plays are counted once', async () => {
    const fixtures = await makeFixtures();
    const gate = await relay(Number(new URL(e2e.server.origin).port));
    try {
      // Media: an image and a 2 s video, uploaded and processed by the real pipeline.
      const upload = await admin.post('/media/files/create/', await uploadForm([fixtures.png, fixtures.video], [describeAs('Poster'), describeAs('Clip')]));
      expect(upload.status).toBe(201);
      const [image, video] = upload.body.map((m: { id: number }) => m.id) as [number, number];
      await vi.waitFor(async () => {
        for (const id of [image, video]) expect((await admin.get(`/media/files/${id}`)).body.status).toBe('ready_to_play');
      }, { timeout: 60_000, interval: 300 });

      // The screen, reached through the relay; adopted through the API this time (the test above adopts on /clients).
      const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720 });
      await screen.goto(`${gate.origin}/player/?heartbeat=1`);
      const serial = (await screen.locator('#serial').innerText()).trim();
      await vi.waitFor(async () => expect((await admin.get('/clients/')).body.results.map((c: { serial: string }) => c.serial)).toContain(serial), { timeout: 20_000, interval: 300 });
      const device = await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal' });
      expect(device.status).toBe(201);
      await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ lifecycle: 'online', playback: 'not_found' }), { timeout: 30_000, interval: 200 });

      // The campaign: a committed playlist of the image (2 s) and the video, all day today and tomorrow.
      const playlist = (await admin.post('/media/play_lists/create/', { name: 'Screen loop', screen_position: 'horizontal' })).body.id as number;
      expect((await admin.post('/media/play_list_tracks/create/', { playlist, media: image, duration: 2 })).status).toBe(201);
      expect((await admin.post('/media/play_list_tracks/create/', { playlist, media: video })).status).toBe(201);
      expect((await admin.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
      const campaign = (await admin.post('/campaigns/create/', { name: 'Player campaign', screen_position: 'horizontal', user: 1 })).body.id as number;
      expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device.body.id] })).status).toBe(200);
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const event = await admin.post('/scheduler/events/create/', {
        campaign,
        title: 'Screen loop',
        playlist,
        all_day: true,
        start_date: day(-1),
        end_date: day(1),
        devices: [device.body.id],
      });
      expect(event.status, JSON.stringify(event.body)).toBe(201);
      expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);

      // The player fetches the new schedule, downloads both files and plays them in order, image then video.
      const started = () => screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.started] as number[]);
      await vi.waitFor(async () => expect((await started()).length).toBeGreaterThanOrEqual(4), { timeout: 60_000, interval: 300 });
      const order = await started();
      expect(order.slice(0, 4)).toEqual([image, video, image, video]);
      // Both files were checked against the SHA-256 of their bytes that the schedule carries.
      expect(await screen.evaluate(() => (window as any).vitrinePlayer.diagnostics.checks)).toEqual({ [image]: 'match', [video]: 'match' });
      await vi.waitFor(async () => {
        const listed = await admin.get(`/tvpi/devices/${device.body.id}`);
        expect(listed.body.schedule_state).toBe('playing');
      }, { timeout: 20_000, interval: 300 });

      // The server goes away: playback goes on, and the screen says discreetly that it is offline.
      await gate.close();
      await screen.getByText('Offline: playing the last schedule received').waitFor({ timeout: 30_000 });
      const before = (await started()).length;
      await vi.waitFor(async () => expect((await started()).length).toBeGreaterThanOrEqual(before + 3), { timeout: 30_000, interval: 300 });
      expect(await playerState(screen)).toMatchObject({ playback: 'playing' });
      const waiting = await screen.evaluate(() => (window as any).vitrinePlayer.pendingPlays() as Promise<number>);
      expect(waiting).toBeGreaterThan(0);

      // The server is back: the stored plays arrive, each counted once.
      await gate.open();
      await screen.getByText('Offline: playing the last schedule received').waitFor({ state: 'detached', timeout: 30_000 });
      const recordedIds = async () => screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.recorded] as string[]);
      const snapshot = await recordedIds();
      const storedIds = async () =>
        ((await e2e.server.ctx.db.execute(sql`SELECT play_id FROM plays WHERE device_id = ${device.body.id}`)) as unknown as { rows: { play_id: string }[] }).rows.map((row) => row.play_id);
      await vi.waitFor(async () => expect(await storedIds()).toEqual(expect.arrayContaining(snapshot)), { timeout: 30_000, interval: 300 });
      const stored = await storedIds();
      expect(new Set(stored).size).toBe(stored.length);
      const statistics = async () => (await admin.get(`/statistics/?campaign=${campaign}&date=${day(0)}&period=24`)).body.total.plays as number;
      const counted = await statistics();
      expect(counted).toBeGreaterThanOrEqual(snapshot.length);

      // A batch sent again (its answer lost on the way back) is answered as duplicates and counts nothing more.
      const key = await screen.evaluate(() => localStorage.getItem('vitrine.player.key'));
      const again = ((await e2e.server.ctx.db.execute(
        sql`SELECT play_id AS id, event_id AS event, media_id AS media, playlist_id AS playlist, started_at, duration FROM plays WHERE device_id = ${device.body.id} ORDER BY started_at LIMIT 3`,
      )) as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({ ...row, started_at: new Date(row.started_at as string).toISOString() }));
      const resent = await fetch(`${e2e.server.api}/player/plays/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-serial': serial, 'x-device-key': key! },
        body: JSON.stringify({ plays: again }),
      });
      expect([resent.status, (await resent.json()).duplicates]).toEqual([200, 3]);
      const after = await storedIds();
      expect(await statistics()).toBe(after.length);

      // Issue 35: what is on screen switches at once, whatever plays. A 40 s video (small and cheap: 160x120 at 5 fps)
      // joins the playlist; the override is started, and the playlist later committed without it, while it plays.
      const long = path.join(fixtures.dir, 'long.mp4');
      await promisify(execFile)(ffmpegPath(), [
        '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=40:size=160x120:rate=5',
        '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', long,
      ]);
      const longUpload = await admin.post('/media/files/create/', await uploadForm([long], [describeAs('Long reel')]));
      expect(longUpload.status).toBe(201);
      const longId = longUpload.body[0].id as number;
      await vi.waitFor(async () => expect((await admin.get(`/media/files/${longId}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 300 });
      const longTrack = (await admin.post('/media/play_list_tracks/create/', { playlist, media: longId })).body.id as number;
      expect((await admin.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
      type Shown = { media: number; override: number | null; at: number };
      const shown = () => screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.shown] as Shown[]);
      /** The first play shown since `since` (ms, this machine's clock) that `matches`. */
      const shownAfter = async (since: number, matches: (entry: Shown) => boolean) => (await shown()).find((entry) => entry.at >= since && matches(entry));
      const longOnScreen = async () => {
        const since = Date.now();
        await vi.waitFor(async () => expect((await shown()).at(-1)?.media).toBe(longId), { timeout: 30_000, interval: 100 });
        return since;
      };
      await longOnScreen();
      const switchTimes: Record<string, number> = {};

      // Emergency override (issue 25), started from the device card (the file searched by name): the screen plays the video alone at once (two
      // videos in a row: the playlist alternates image and video), the list marks the device, and clearing it on
      // /devices brings the playlist back. No plays are recorded for the override.
      const { page: panel } = await e2e.newPage();
      await signInThroughUi(panel, 'admin', e2e.server.adminPassword);
      await panel.goto('/devices');
      await panel.getByRole('button', { name: `Open ${serial}` }).click();
      const card = panel.getByRole('dialog', { name: new RegExp(serial) });
      await card.getByRole('button', { name: 'Emergency override' }).click();
      const form = panel.getByRole('dialog', { name: 'Emergency override' });
      // The file is found by a search on the server (a company may hold thousands): "cli" lists the clip alone, and
      // the keyboard opens the list and picks it.
      const picker = form.getByRole('combobox', { name: 'Media file' });
      await picker.fill('cli');
      await panel.getByRole('option', { name: 'Clip', includeHidden: true }).waitFor({ state: 'attached' });
      await panel.getByRole('option', { name: 'Poster', includeHidden: true }).waitFor({ state: 'detached' });
      await picker.press('ArrowDown');
      await panel.getByRole('option', { name: 'Clip' }).waitFor();
      await picker.press('Enter');
      await vi.waitFor(async () => expect(await picker.inputValue()).toBe('Clip'), { timeout: 10_000 });
      await form.getByRole('button', { name: 'Next' }).click();
      const confirm = panel.getByRole('dialog', { name: 'Override every schedule?' });
      await confirm.getByText('“Clip” will play on 1 screen above every schedule, until it is cleared.').waitFor();
      const overrideAt = (await started()).length;
      // The 40 s video is on screen (it may have ended while the form was filled: then it is waited for again).
      if ((await shown()).at(-1)?.media !== longId) await longOnScreen();
      const startClick = Date.now();
      await confirm.getByRole('button', { name: 'Start override' }).click();
      await vi.waitFor(async () => expect(await shownAfter(startClick, (entry) => entry.override !== null)).toBeDefined(), { timeout: 45_000, interval: 50 });
      switchTimes.start = (await shownAfter(startClick, (entry) => entry.override !== null))!.at - startClick;
      await card.getByText('Emergency override: Clip').waitFor();
      await card.getByText('admin', { exact: true }).waitFor();
      // The player reported its switch on the channel: the card says when this screen switched.
      await card.getByText(/^Switched at /).waitFor({ timeout: 15_000 });
      const twoVideos = async (from: number) => {
        const list = (await started()).slice(from);
        return list.some((id, i) => id === video && list[i + 1] === video);
      };
      await vi.waitFor(async () => expect(await twoVideos(overrideAt)).toBe(true), { timeout: 15_000, interval: 200 });
      const recordedUnder = (await recordedIds()).length;
      const shownUnder = (await started()).length;
      await vi.waitFor(async () => expect((await started()).length).toBeGreaterThanOrEqual(shownUnder + 2), { timeout: 15_000, interval: 200 });
      expect((await recordedIds()).length).toBe(recordedUnder);
      await card.getByRole('button', { name: 'Close' }).click();
      const row = panel.getByRole('button', { name: `Open ${serial}` }).locator('..');
      await row.getByText('Override', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'Clear the override “Clip”' }).click();
      // Clearing asks first (issue 35): one mis-click must not take an evacuation message off the screens.
      const clearing = panel.getByRole('dialog', { name: 'Clear the emergency override?' });
      await clearing.getByText('“Clip” will stop on 1 screen at once, and it returns to its schedule.').waitFor();
      const clearClick = Date.now();
      await clearing.getByRole('button', { name: 'Clear override' }).click();
      await vi.waitFor(async () => expect(await shownAfter(clearClick, (entry) => entry.override === null)).toBeDefined(), { timeout: 15_000, interval: 50 });
      switchTimes.clear = (await shownAfter(clearClick, (entry) => entry.override === null))!.at - clearClick;
      await row.getByText('Override', { exact: true }).waitFor({ state: 'detached' });
      // A commit that takes the 40 s video out of the playlist while it plays: the screen moves on at once.
      await longOnScreen();
      const commitAt = Date.now();
      expect((await admin.delete(`/media/play_list_tracks/${longTrack}`)).status).toBe(204);
      expect((await admin.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
      await vi.waitFor(async () => expect(await shownAfter(commitAt, (entry) => entry.media !== longId)).toBeDefined(), { timeout: 45_000, interval: 50 });
      switchTimes.publish = (await shownAfter(commitAt, (entry) => entry.media !== longId))!.at - commitAt;
      // Where the time goes: click (or commit) -> the channel's notice -> the schedule in the player -> on screen.
      const timeline = await screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.timeline] as { what: string; at: number }[]);
      const split = (from: number, total: number) => {
        const notice = timeline.find((entry) => entry.what === 'notice' && entry.at >= from)?.at ?? null;
        const scheduled = timeline.find((entry) => entry.what === 'schedule' && entry.at >= (notice ?? from))?.at ?? null;
        return { notice: notice === null ? null : notice - from, schedule: scheduled === null ? null : scheduled - from, shown: total };
      };
      const splits = { start: split(startClick, switchTimes.start!), clear: split(clearClick, switchTimes.clear!), publish: split(commitAt, switchTimes.publish!) };
      console.log(`issue 35: click to new content on screen, ms: ${JSON.stringify(switchTimes)}; split (notice, schedule in, shown): ${JSON.stringify(splits)}`);
      expect(switchTimes).toEqual({ start: expect.any(Number), clear: expect.any(Number), publish: expect.any(Number) });
      // The goal is under 1 s from the click (issue 35.1). With a schedule notice fetching the schedule at once, runs at load
      // 8-17 on 2 cores measured 137 to 979 ms (start 204-979, clear 293-834, publish 100-630): most of it before the
      // notice (the panel's request, the server's compile) and the schedule read on a server still busy with the click's
      // request. Held here: the whole switch under 1.5 s (a full run loads the machine more; the old player switched only
      // when the 40 s video ended), and the player's own part, notice to screen, under 1 s.
      for (const [what, ms] of Object.entries(switchTimes)) expect([what, ms < 1500]).toEqual([what, true]);
      for (const [what, times] of Object.entries(splits)) {
        expect([what, times.notice]).toEqual([what, expect.any(Number)]);
        expect([what, times.shown - times.notice! < 1000]).toEqual([what, true]);
      }
      // The server going away shows as refused connections and, for the live channel's open stream (issue 25), as a
      // chunked response cut short; the browser logs both whatever the page does with them.
      const expected = ['ERR_CONNECTION_REFUSED', 'Failed to fetch', 'ERR_INCOMPLETE_CHUNKED_ENCODING'];
      expect(problems.filter((problem) => !expected.some((text) => problem.includes(text)))).toEqual([]);
    } finally {
      await gate.close().catch(() => undefined);
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
    }
  });
});

describe('delivery to the web player (issue 24)', () => {
  it('plays a HEVC upload through its fallback rendition, counts its plays, and the panel shows what plays and what was skipped', async () => {
    const fixtures = await makeFixtures();
    try {
      // A HEVC clip (Chromium declares no HEVC) and a clip whose bytes are damaged after processing (the probe was happy,
      // the browser cannot decode it): its stored checksum is that of the damaged bytes, so only decoding fails.
      const hevc = path.join(fixtures.dir, 'promo-hevc.mp4');
      await promisify(execFile)(ffmpegPath(), [
        '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25',
        '-pix_fmt', 'yuv420p', '-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error', hevc,
      ]);
      const upload = await admin.post('/media/files/create/', await uploadForm([hevc, fixtures.video], [describeAs('Promo HEVC'), describeAs('Broken clip')]));
      expect(upload.status).toBe(201);
      const [promo, broken] = upload.body.map((m: { id: number }) => m.id) as [number, number];
      await vi.waitFor(async () => {
        for (const id of [promo, broken]) expect((await admin.get(`/media/files/${id}`)).body.status).toBe('ready_to_play');
      }, { timeout: 60_000, interval: 300 });
      const garbage = Buffer.alloc(64 * 1024, 0x5a);
      const { media: store, db } = e2e.server.ctx;
      await store.put(store.sourceKey(broken, 'mp4'), Readable.from([garbage]));
      await db.execute(sql`UPDATE media_files SET sha256 = ${createHash('sha256').update(garbage).digest('hex')} WHERE id = ${broken}`);

      // The screen, adopted through the API; it declares what Chromium decodes at its hello.
      const { page: screen } = await e2e.newPage({ width: 1280, height: 720 });
      await screen.goto('/player/?heartbeat=1');
      const serial = (await screen.locator('#serial').innerText()).trim();
      await vi.waitFor(async () => expect((await admin.get('/clients/')).body.results.map((c: { serial: string }) => c.serial)).toContain(serial), { timeout: 20_000, interval: 300 });
      const device = (await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal', name: 'Lobby screen' })).body as { id: number };
      await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ lifecycle: 'online', playback: 'not_found' }), { timeout: 30_000, interval: 200 });
      await vi.waitFor(async () => expect((await admin.get(`/tvpi/devices/${device.id}/playback/`)).body.capabilities).toMatchObject({ source: 'declared' }), { timeout: 20_000, interval: 300 });
      expect((await admin.get(`/tvpi/devices/${device.id}/playback/`)).body.capabilities.codecs).not.toContain('hevc');

      const playlist = (await admin.post('/media/play_lists/create/', { name: 'Delivery loop', screen_position: 'horizontal' })).body.id as number;
      for (const media of [promo, broken]) expect((await admin.post('/media/play_list_tracks/create/', { playlist, media })).status).toBe(201);
      expect((await admin.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
      const campaign = (await admin.post('/campaigns/create/', { name: 'Delivery campaign', screen_position: 'horizontal', user: 1 })).body.id as number;
      expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] })).status).toBe(200);
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const event = await admin.post('/scheduler/events/create/', { campaign, title: 'Delivery loop', playlist, all_day: true, start_date: day(-1), end_date: day(1), devices: [device.id] });
      expect(event.status, JSON.stringify(event.body)).toBe(201);

      // Publishing in the scheduler says in words that the screen waits for a conversion of the HEVC file.
      const { page: panel, problems } = await e2e.newPage();
      await signInThroughUi(panel, 'admin', e2e.server.adminPassword);
      await panel.goto(`/campaigns/${campaign}/scheduler`);
      await panel.getByRole('button', { name: 'Publish', exact: true }).click();
      // Said before publishing (issue 35.7), and again once published anyway.
      const confirmation = panel.getByRole('dialog', { name: 'Publish with warnings?' });
      await confirmation.getByText('1 screen cannot play “Promo HEVC” yet: converting it').waitFor();
      await confirmation.getByRole('button', { name: 'Publish anyway' }).click();
      await confirmation.waitFor({ state: 'detached' });
      await panel.getByText('1 screen cannot play “Promo HEVC” yet: converting it').waitFor();
      await panel.getByRole('button', { name: 'Close the message about what screens cannot play' }).click();
      await panel.getByText('1 screen cannot play “Promo HEVC” yet: converting it').waitFor({ state: 'detached' });

      // The player gets the fallback (H.264) for the HEVC file, plays it, and skips the damaged one.
      const started = () => screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.started] as number[]);
      await vi.waitFor(async () => expect((await started()).filter((id) => id === promo).length).toBeGreaterThanOrEqual(2), { timeout: 90_000, interval: 300 });
      const key = await screen.evaluate(() => localStorage.getItem('vitrine.player.key'));
      const schedule = await fetch(`${e2e.server.api}/scheduler/dev2/${device.id}`, { headers: { 'x-device-serial': serial, 'x-device-key': key! } });
      const files = ((await schedule.json()) as { items: { media: { id: number; rendition: string }[] }[] }).items.flatMap((item) => item.media);
      expect(new Set(files.map((file) => `${file.id} ${file.rendition}`))).toEqual(new Set([`${promo} fallback`, `${broken} source`]));
      expect(await started()).not.toContain(broken);
      const plays = async () =>
        ((await db.execute(sql`SELECT count(*)::int AS n FROM plays WHERE device_id = ${device.id} AND media_id = ${promo}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      await vi.waitFor(async () => expect(await plays()).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 300 });

      // /media: the HEVC file reads "Playing"; its details say on how many screens, the damaged one's which screen failed.
      await panel.goto('/media');
      const row = panel.getByRole('row', { name: /Promo HEVC/ });
      await vi.waitFor(async () => {
        await panel.reload();
        // The list loads after the page: count in the row once it is there, not in the "Loading…" page.
        await row.waitFor({ timeout: 15_000 });
        expect(await row.getByText('Playing', { exact: true }).count()).toBe(1);
      }, { timeout: 30_000, interval: 500 });
      await panel.goto(`/media/${broken}`);
      const failures = panel.getByRole('list', { name: 'Screens that could not play it' });
      await vi.waitFor(async () => {
        await panel.reload();
        await panel.getByRole('heading', { name: 'Screens', level: 2 }).waitFor();
        // The section loads after its heading shows: wait for the row a while rather than count at once.
        await failures.getByText('Lobby screen').waitFor({ timeout: 5_000 });
      }, { timeout: 30_000, interval: 500 });
      await failures.getByText('Cannot decode the file').waitFor();

      // The device card: what the browser decodes, what plays now, and the damaged file's skip as a decode error.
      await panel.goto('/devices');
      await panel.getByRole('button', { name: 'Open Lobby screen' }).click();
      const card = panel.getByRole('dialog', { name: /Lobby screen/ });
      await card.getByText('Reported by the player').waitFor();
      await card.getByRole('link', { name: 'Promo HEVC' }).waitFor();
      const errors = card.getByRole('list', { name: 'Playback errors' });
      await vi.waitFor(async () => {
        await card.getByRole('button', { name: 'Refresh playback' }).click();
        expect(await errors.getByText('Broken clip').count()).toBe(1);
      }, { timeout: 30_000, interval: 500 });
      await errors.getByText('Cannot decode the file').waitFor();
      expect(await card.locator('[data-field="playback-codecs"]').innerText()).not.toMatch(/HEVC/);
      expect((await admin.get(`/tvpi/devices/${device.id}`)).body.schedule_state).toBe('playing');

      // The house standard with reports shown: the card and the damaged file's details, 360/500 px, en and ru, axe.
      const reports = (p: Page) => p.getByText('Lobby screen').first().waitFor({ state: 'visible' });
      const openCard = async (p: Page) => {
        await p.getByRole('button', { name: /^(Open|Открыть) Lobby screen$/ }).first().click();
        await p.getByRole('dialog').getByText('Broken clip').waitFor();
      };
      expect(await checkScreen(panel, { path: '/devices', ready: reports, prepare: openCard })).toEqual(CLEAN_REPORT);
      expect(await checkScreen(panel, { path: `/media/${broken}`, ready: reports })).toEqual(CLEAN_REPORT);
      expect(problems).toEqual([]);
    } finally {
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
    }
  });
});

describe('a layout on the web player (issue 36)', () => {
  it("draws each zone at its scaled rectangle, loops the main zone's playlist while the side image stays put, and counts each zone's plays", async () => {
    const fixtures = await makeFixtures();
    try {
      const red = path.join(fixtures.dir, 'side.png');
      await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=160x320', '-frames:v', '1', red]);
      const upload = await admin.post('/media/files/create/', await uploadForm([fixtures.png, fixtures.jpg, red], [describeAs('Main A'), describeAs('Main B'), describeAs('Side')]));
      expect(upload.status).toBe(201);
      const [first, second, side] = upload.body.map((m: { id: number }) => m.id) as [number, number, number];
      await vi.waitFor(async () => {
        for (const id of [first, second, side]) expect((await admin.get(`/media/files/${id}`)).body.status).toBe('ready_to_play');
      }, { timeout: 60_000, interval: 300 });

      // A 1280 x 800 screen: the 1920 x 1080 canvas is scaled by 2/3 and letterboxed, 40 px above and below.
      const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 800 });
      await screen.goto(`${e2e.server.origin}/player/?heartbeat=1`);
      const serial = (await screen.locator('#serial').innerText()).trim();
      await vi.waitFor(async () => expect((await admin.get('/clients/')).body.results.map((c: { serial: string }) => c.serial)).toContain(serial), { timeout: 20_000, interval: 300 });
      const device = (await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal' })).body.id as number;

      // "main + side + ticker": a playlist of two 1 s images in the main zone, an image in the side and the ticker.
      const playlist = (await admin.post('/media/play_lists/create/', { name: 'Layout main', screen_position: 'horizontal' })).body.id as number;
      for (const media of [first, second]) expect((await admin.post('/media/play_list_tracks/create/', { playlist, media, duration: 1 })).status).toBe(201);
      expect((await admin.get(`/media/play_lists/${playlist}/commit/`)).status).toBe(200);
      const rects = templateZones('mainSideTicker', layoutSize('horizontal'));
      const content = [{ kind: 'playlist', id: playlist }, { kind: 'media', id: side }, { kind: 'media', id: side }];
      const created = await admin.post('/layouts/create/', { name: 'Lobby wall', screen_position: 'horizontal', zones: rects.map((rect, i) => ({ name: rect.role, x: rect.x, y: rect.y, width: rect.width, height: rect.height, z: i, content: content[i] })) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const layout = created.body as { id: number; zones: { id: number }[] };
      expect((await admin.post(`/layouts/${layout.id}/commit/`)).status).toBe(200);
      const campaign = (await admin.post('/campaigns/create/', { name: 'Layout wall', screen_position: 'horizontal', user: 1 })).body.id as number;
      expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device] })).status).toBe(200);
      const day = new Date().toISOString().slice(0, 10);
      const event = await admin.post('/scheduler/events/create/', { campaign, title: 'Lobby wall', layout: layout.id, all_day: true, start_date: day, end_date: day, devices: [device] });
      expect(event.status, JSON.stringify(event.body)).toBe(201);
      expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);

      // Each zone's box lies within 2 px of its rectangle scaled into the viewport.
      const [mainZone, sideZone] = layout.zones.map((zone) => zone.id) as [number, number];
      await screen.locator(`.layout [data-zone="${sideZone}"] .layer.shown img`).waitFor({ timeout: 30_000 });
      const scale = Math.min(1280 / 1920, 800 / 1080);
      const boxes = await screen.locator('.layout .zone').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes.length).toBe(3);
      rects.forEach((rect, i) => {
        const expected = { x: rect.x * scale, y: (800 - 1080 * scale) / 2 + rect.y * scale, width: rect.width * scale, height: rect.height * scale };
        for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(boxes[i]![side] - expected[side]), `zone ${i} ${side}`).toBeLessThanOrEqual(2);
      });

      // The main zone plays its playlist through two loops; the side zone's picture is the same <img> all along.
      const sideImage = await screen.locator(`.layout [data-zone="${sideZone}"] .layer.shown img`).elementHandle();
      const zonePlays = () => screen.evaluate(() => [...(window as any).vitrinePlayer.diagnostics.zones] as { zone: number; media: number }[]);
      await vi.waitFor(async () => expect((await zonePlays()).filter((play) => play.zone === mainZone).length).toBeGreaterThanOrEqual(5), { timeout: 20_000, interval: 200 });
      const main = (await zonePlays()).filter((play) => play.zone === mainZone).map((play) => play.media);
      expect(main.slice(main.indexOf(first), main.indexOf(first) + 4)).toEqual([first, second, first, second]);
      expect(await screen.evaluate((node) => node!.isConnected && node!.closest('.layer')!.classList.contains('shown'), sideImage)).toBe(true);

      // The server counts both zones' plays, each with its zone (sent after the heartbeats).
      const perZone = async () =>
        ((await e2e.server.ctx.db.execute(sql`SELECT zone_id AS zone, count(*)::int AS plays FROM plays WHERE device_id = ${device} GROUP BY zone_id ORDER BY zone_id`)) as unknown as { rows: { zone: number | null; plays: number }[] }).rows;
      await vi.waitFor(async () => {
        const counted = Object.fromEntries((await perZone()).map((row) => [String(row.zone), row.plays]));
        expect(counted[String(mainZone)]).toBeGreaterThanOrEqual(3);
        expect(counted[String(sideZone)]).toBeGreaterThanOrEqual(1);
        expect(counted.null).toBeUndefined();
      }, { timeout: 20_000, interval: 300 });
      // The heartbeat's now_playing names the layout version drawn, each zone's file, and the main zone's as `media`.
      await vi.waitFor(async () => {
        const playing = (await admin.get(`/tvpi/devices/${device}/playback/`)).body.now_playing;
        expect(playing).toMatchObject({ layout: { id: layout.id, version: 1 } });
        expect([first, second]).toContain(playing.media);
        expect(playing.zones.map((zone: { id: number; media: number }) => [zone.id, zone.media === side ? 'side' : zone.id === mainZone ? 'main' : zone.media])).toEqual([
          [mainZone, 'main'],
          [sideZone, 'side'],
          [layout.zones[2]!.id, 'side'],
        ]);
      }, { timeout: 15_000, interval: 300 });
      expect(problems).toEqual([]);
      await screen.close();
    } finally {
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
    }
  });
});
