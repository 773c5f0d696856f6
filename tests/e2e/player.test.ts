import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { layoutSize, templateZones } from '../../src/machines/layouts/layoutTemplates.ts';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
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
    await signInStored(panel, e2e.server);
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
      await signInStored(panel, e2e.server);
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
      // request. Held here: the whole switch under 3 s (the old player switched only when the 40 s video ended; a full
      // run, where this file starts beside the typecheck and the node line, measured the clear's notice alone at 1,195 ms),
      // and the player's own part, notice to screen, under 1 s. The quiet goal is the channel bench's (issue 35.1).
      for (const [what, ms] of Object.entries(switchTimes)) expect([what, ms < 3000]).toEqual([what, true]);
      for (const [what, times] of Object.entries(splits)) {
        expect([what, times.notice]).toEqual([what, expect.any(Number)]);
        expect([what, times.shown - times.notice! < 1000]).toEqual([what, true]);
      }
      // The server going away shows as refused connections, as a connection reset for a request in flight when it closes
      // (CI stop 47), and, for the live channel's open stream (issue 25), as a chunked response cut short; the browser logs
      // them whatever the page does with them.
      const expected = ['ERR_CONNECTION_REFUSED', 'ERR_CONNECTION_RESET', 'Failed to fetch', 'ERR_INCOMPLETE_CHUNKED_ENCODING'];
      expect(problems.filter((problem) => !expected.some((text) => problem.includes(text)))).toEqual([]);
    } finally {
      await gate.close().catch(() => undefined);
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
    }
  });
});

describe('screen power schedules on the web player (issue 41)', () => {
  it('blanks at the office schedule\'s off time by its own clock, says so to the panel, and wakes at the on time', async () => {
    const fixtures = await makeFixtures();
    try {
      const upload = await admin.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Night poster')]));
      expect(upload.status).toBe(201);
      const image = upload.body[0].id as number;
      await vi.waitFor(async () => expect((await admin.get(`/media/files/${image}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 300 });
      // A Berlin office whose screens are on 08:00-20:00 every day, a web player there playing the image all day.
      const company = (await admin.post('/companies/create/', { name: 'Night mall', user: 1 })).body.id as number;
      const office = (await admin.post('/branch-offices/create/', { company, name: 'Night mall HQ', user: 1, timezone: 'Europe/Berlin' })).body.id as number;
      const hours = Array.from({ length: 7 }, () => [{ on: '08:00', off: '20:00' }]);
      expect((await admin.put(`/branch-offices/${office}/power/`, { schedule: { week: hours, exceptions: [] } })).status).toBe(200);
      const serial = 'WEB-POWE-RSCH-ED01';
      const device = (await admin.post('/tvpi/devices/create/', { sn: serial, name: 'Night screen', user: 1, position: 'horizontal', device_type: 'web', office })).body as { id: number; key: string };
      const campaign = (await admin.post('/campaigns/create/', { name: 'Night campaign', screen_position: 'horizontal', user: 1 })).body.id as number;
      expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device.id] })).status).toBe(200);
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const event = await admin.post('/scheduler/events/create/', { campaign, title: 'Night poster', media: image, all_day: true, start_date: day(-1), end_date: day(3), devices: [device.id] });
      expect(event.status, JSON.stringify(event.body)).toBe(201);
      expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);

      // The screen's clock (a fake one) at 19:59:55 in Berlin today: on, playing.
      const today = Temporal.Now.plainDateISO('Europe/Berlin');
      const berlin = (date: Temporal.PlainDate, time: string) => new Date(date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime('Europe/Berlin').epochMilliseconds);
      const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720 });
      await screen.addInitScript(
        ([serial, key, id]) => {
          localStorage.setItem('vitrine.player.serial', serial!);
          localStorage.setItem('vitrine.player.key', key!);
          localStorage.setItem('vitrine.player.device', id!);
        },
        [serial, device.key, String(device.id)],
      );
      await screen.clock.setFixedTime(berlin(today, '19:59:55'));
      await screen.goto('/player/?heartbeat=2');
      const shown = (what: string) => screen.locator(`#player[data-display="${what}"]`);
      await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ playback: 'playing', media: String(image) }), { timeout: 30_000, interval: 200 });
      expect(await shown('on').count()).toBe(1);
      expect(await screen.locator('.power-off').isVisible()).toBe(false);

      // 20:00:01: black, nothing plays, and the heartbeat says the screen is off.
      await screen.clock.setFixedTime(berlin(today, '20:00:01'));
      await shown('off').waitFor({ timeout: 5000 });
      expect(await screen.locator('.power-off').isVisible()).toBe(true);
      await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ media: null }), { timeout: 5000, interval: 100 });
      expect((await playerState(screen)).playback).not.toBe('playing');
      await vi.waitFor(async () => expect((await admin.get(`/tvpi/devices/${device.id}`)).body).toMatchObject({ status: 'online', display: 'off', screen_off: true }), { timeout: 15_000, interval: 300 });

      // The device list says so instead of a status.
      const { page: panel } = await e2e.newPage();
      await signInStored(panel, e2e.server);
      await panel.goto(`/devices?search=${serial}`);
      await panel.getByText('Screen off (schedule)').first().waitFor({ timeout: 20_000 });

      // 08:00:02 tomorrow with the server out of reach: it wakes by its own clock and plays again; reachable again, it says so.
      await screen.route('**/api/v1/**', (route) => route.abort());
      await screen.clock.setFixedTime(berlin(today.add({ days: 1 }), '08:00:02'));
      await shown('on').waitFor({ timeout: 5000 });
      await vi.waitFor(async () => expect(await playerState(screen)).toMatchObject({ playback: 'playing', media: String(image) }), { timeout: 10_000, interval: 200 });
      await screen.unroute('**/api/v1/**');
      await vi.waitFor(async () => expect((await admin.get(`/tvpi/devices/${device.id}`)).body).toMatchObject({ display: 'on', screen_off: false }), { timeout: 15_000, interval: 300 });
      // The browser logs each request the route refused while the server was out of reach; nothing else.
      expect(problems.filter((problem) => problem !== 'console: Failed to load resource: net::ERR_FAILED')).toEqual([]);
    } finally {
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
      await signInStored(panel, e2e.server);
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

describe('widgets on the web player (issue 38)', () => {
  it('draws a clock across a DST switch, a feed ticker, a QR code, the screen\'s map, a paged data table and web pages (one refusing its frame), their data changed through the live channel', async () => {
    // A feed the server reads from 127.0.0.1 (allowed here as by WEBHOOK_ALLOW_PRIVATE=1).
    const item = (title: string, day: number) => `<item><title>${title}</title><link>https://news.example/${day}</link><pubDate>${new Date(Date.UTC(2026, 10, day, 9)).toUTCString()}</pubDate></item>`;
    let feed = [item('Lifts serviced on Monday', 20), item('Winter opening hours', 21)];
    const rss = http.createServer((request, response) => {
      // Two pages for the web page zones: one refuses to be framed, the other may be.
      if (request.url === '/refusing.html') return response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end('<h1>Not in a frame</h1>');
      if (request.url === '/hours.html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Opening hours 10-22</h1>');
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Mall news</title>${feed.join('')}</channel></rss>`);
    });
    await new Promise<void>((resolve) => rss.listen(0, '127.0.0.1', resolve));
    const webhooks = e2e.server.ctx.config.webhooks;
    e2e.server.ctx.config.webhooks = { ...webhooks, allowPrivate: true };
    try {
      const news = await admin.post('/datasets/create/', { name: 'Mall news', url: `http://127.0.0.1:${(rss.address() as net.AddressInfo).port}/feed.xml`, format: 'feed' });
      expect(news.status, JSON.stringify(news.body)).toBe(201);
      const form = new FormData();
      form.append('name', 'Lunch menu');
      form.append('file', new Blob([fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/menu-libreoffice.xlsx'))]), 'menu-libreoffice.xlsx');
      const menu = await admin.post('/datasets/create/', form);
      expect(menu.status, JSON.stringify(menu.body)).toBe(201);
      expect(menu.body.row_count).toBe(25);

      // A screen in a Berlin office, placed on the office's plan (its own marker: "you are here").
      const company = (await admin.post('/companies/create/', { name: 'Widget mall', user: 1 })).body.id as number;
      const office = await admin.post('/branch-offices/create/', { company, name: 'Widget mall HQ', address: 'Alexanderplatz 1', user: 1, timezone: 'Europe/Berlin' });
      expect(office.status, JSON.stringify(office.body)).toBe(201);
      const plan = new FormData();
      plan.append('office', String(office.body.id));
      plan.append('name', 'Ground floor');
      const fixtures = await makeFixtures();
      plan.append('layout', new Blob([await fsp.readFile(fixtures.png)], { type: 'image/png' }), 'plan.png');
      const object = await admin.post('/navigation/objects/create/', plan);
      await fsp.rm(fixtures.dir, { recursive: true, force: true });
      expect(object.status, JSON.stringify(object.body)).toBe(201);
      const toilet = (await admin.post('/navigation/markers/create/', { object: object.body.id, kind: 'toilet', x: 0.2, y: 0.3, description: 'WC' })).body.id as number;
      const serial = 'WEB-WIDG-ETS0-TEST';
      const device = await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal', device_type: 'web', office: office.body.id });
      expect(device.status, JSON.stringify(device.body)).toBe(201);
      const placed = await admin.put(`/navigation/devices/${device.body.id}/`, { object: object.body.id, x: 0.6, y: 0.4, comment: '', placeholder: { x: 0, y: 0, width: 1, height: 1 }, markers: [toilet] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);

      // The layout, through the API: clock, QR code, data table, map and a ticker of the feed's titles (1920 x 1080).
      const zone = (name: string, x: number, y: number, width: number, height: number, z: number, widget: string, settings: Record<string, unknown>) => ({ name, x, y, width, height, z, content: { kind: 'widget', widget, settings } });
      const qrText = 'https://vitrine.example/menu?screen=lobby';
      const pages = `http://127.0.0.1:${(rss.address() as net.AddressInfo).port}`;
      const created = await admin.post('/layouts/create/', {
        name: 'Widget wall',
        screen_position: 'horizontal',
        zones: [
          zone('Clock', 0, 0, 480, 200, 0, 'clock', { format: 'time_seconds' }),
          zone('QR', 0, 200, 480, 680, 1, 'qr_code', { text: qrText, caption: 'Menu' }),
          zone('Menu', 480, 0, 800, 880, 2, 'data_table', { dataset: menu.body.id, columns: ['Dish', 'Price'], rows_per_page: 10, page_seconds: 3 }),
          zone('Map', 1280, 0, 640, 880, 3, 'map', { legend: true }),
          zone('News', 0, 880, 1920, 200, 4, 'ticker', { dataset: news.body.id, items: 5, speed: 1000 }),
          zone('Refusing page', 1280, 680, 320, 200, 5, 'web_page', { url: `${pages}/refusing.html` }),
          zone('Hours page', 1600, 680, 320, 200, 6, 'web_page', { url: `${pages}/hours.html` }),
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const layout = created.body as { id: number; zones: { id: number }[] };
      expect((await admin.post(`/layouts/${layout.id}/commit/`)).status).toBe(200);
      const campaign = (await admin.post('/campaigns/create/', { name: 'Widget wall', screen_position: 'horizontal', user: 1 })).body.id as number;
      expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device.body.id] })).status).toBe(200);
      // From before the clocks went back in October (the fake clock below goes there) to tomorrow.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const event = await admin.post('/scheduler/events/create/', { campaign, title: 'Widget wall', layout: layout.id, all_day: true, start_date: '2026-10-24', end_date: tomorrow, devices: [device.body.id] });
      expect(event.status, JSON.stringify(event.body)).toBe(201);
      expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);

      // A paired screen (its key in the browser's storage, as after pairing above) on a 60 s heartbeat: no heartbeat falls
      // between a dataset's change and the screen showing it.
      const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720 });
      await screen.addInitScript(
        ([serial, key, id]) => {
          localStorage.setItem('vitrine.player.serial', serial!);
          localStorage.setItem('vitrine.player.key', key!);
          localStorage.setItem('vitrine.player.device', id!);
        },
        [serial, device.body.key as string, String(device.body.id)],
      );
      const heartbeats: number[] = [];
      screen.on('request', (request) => request.url().includes('/player/heartbeat/') && heartbeats.push(Date.now()));
      await screen.goto('/player/?heartbeat=60');
      const [clockZone, qrZone, tableZone, mapZone, tickerZone, refusingZone, hoursZone] = layout.zones.map((z) => screen.locator(`.layout [data-zone="${z.id}"]`));
      await screen.locator('.layout .widget-data_table tbody tr').first().waitFor({ timeout: 30_000 });
      await screen.locator('#player[data-channel="open"]').waitFor();
      // The layout plays no file, yet the device card says what plays: the layout, and each zone's widget.
      await vi.waitFor(async () => {
        const now = (await admin.get(`/tvpi/devices/${device.body.id}/playback/`)).body.now_playing;
        expect([now?.media, now?.layout?.id, now?.zones?.map((z: { widget: string }) => z.widget)]).toEqual([null, layout.id, ['clock', 'qr_code', 'data_table', 'map', 'ticker', 'web_page', 'web_page']]);
      }, { timeout: 15_000, interval: 300 });
      // The map is sent now: its notice brings a heartbeat, which names the map's version; the screen fetches it.
      expect((await admin.post(`/navigation/devices/${device.body.id}/send/`)).status).toBe(200);

      // The QR code decodes to its text (the rendered SVG drawn on a canvas, read by jsQR).
      const pixels = await qrZone!.locator('svg').evaluate(async (svg: SVGSVGElement) => {
        const side = Math.round(svg.getBoundingClientRect().width);
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
        await image.decode();
        const canvas = Object.assign(document.createElement('canvas'), { width: side + 40, height: side + 40 });
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 20, 20, side, side);
        return { width: canvas.width, height: canvas.height, data: [...context.getImageData(0, 0, canvas.width, canvas.height).data] };
      });
      expect(jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data).toBe(qrText);
      await qrZone!.getByText('Menu', { exact: true }).waitFor();
      // The map: the plan, "you are here" at the device's own marker, the toilet and the legend.
      await mapZone!.getByText('You are here').first().waitFor({ timeout: 20_000 });
      await mapZone!.getByRole('img', { name: 'Toilet: WC' }).waitFor();
      await mapZone!.getByRole('list', { name: 'Legend' }).getByText('Toilet').waitFor();
      // A page that refuses to be framed shows the placeholder (the server's check: Chromium fires load on the blocked
      // frame's error page), never its frame; a page that may be framed shows in its frame.
      await refusingZone!.getByText('This web page does not allow screens to show it').waitFor({ timeout: 10_000 });
      expect(await refusingZone!.locator('iframe').count()).toBe(0);
      await hoursZone!.frameLocator('iframe').getByText('Opening hours 10-22').waitFor({ timeout: 10_000 });
      // The ticker shows the feed's titles.
      await vi.waitFor(async () => expect(await tickerZone!.innerText()).toContain('Winter opening hours'), { timeout: 10_000, interval: 200 });
      // The data table pages through the 25 rows: 10, 10, then the last 5 (Sbiten).
      await vi.waitFor(async () => expect(await tableZone!.locator('.widget').getAttribute('data-page')).toBe('3'), { timeout: 15_000, interval: 200 });
      expect(await tableZone!.locator('tbody tr').count()).toBe(5);
      expect(await tableZone!.locator('tbody tr').last().innerText()).toMatch(/^Sbiten\s+9$/);

      // The feed gains a title and the menu a dish: each reaches the screen through the live channel, no heartbeat between.
      const beforeChanges = heartbeats.length;
      feed = [item('Ice rink opens on the roof', 28), ...feed];
      expect((await admin.post(`/datasets/${news.body.id}/refresh/`)).body.version).toBe(2);
      const table = (await admin.get(`/datasets/${menu.body.id}`)).body as { columns: { name: string }[]; rows: unknown[][] };
      const edited = table.rows.map((row, i) => (i % 10 === 0 ? [`Chef's special ${i}`, ...row.slice(1)] : row));
      expect((await admin.put(`/datasets/${menu.body.id}`, { columns: table.columns, rows: edited })).status).toBe(200);
      await vi.waitFor(async () => expect(await tableZone!.innerText()).toContain("Chef's special"), { timeout: 10_000, interval: 200 });
      await vi.waitFor(async () => expect(await tickerZone!.innerText()).toContain('Ice rink opens on the roof'), { timeout: 10_000, interval: 200 });
      expect(heartbeats.length).toBe(beforeChanges);

      // Each widget painted within 500 ms of its zone's start (measured in this loaded test browser; the map here came with
      // its send after the layout started: `npm run bench -- layouts` with LAYOUTS_BENCH_PARTS=widgets measures it kept).
      const paints = await screen.evaluate(() => (window as any).vitrinePlayer.diagnostics.widgetPaints as { kind: string; ms: number }[]);
      expect(new Set(paints.map((paint) => paint.kind))).toEqual(new Set(['clock', 'qr_code', 'data_table', 'map', 'ticker', 'web_page']));
      console.info(`widget first paint, ms: ${paints.map((paint) => `${paint.kind} ${Math.round(paint.ms)}`).join(', ')}`);
      for (const paint of paints.filter((paint) => paint.kind !== 'map')) expect(paint.ms, paint.kind).toBeLessThan(500);

      // Proof of play: a showing per zone per 10 s turn, kept in IndexedDB until the next heartbeat sends it (the map sent
      // again asks for one).
      await vi.waitFor(async () => expect(await screen.evaluate(() => (window as any).vitrinePlayer.pendingPlays())).toBeGreaterThanOrEqual(7), { timeout: 15_000, interval: 200 });
      expect((await admin.post(`/navigation/devices/${device.body.id}/send/`)).status).toBe(200);
      await vi.waitFor(async () => {
        const rows = ((await e2e.server.ctx.db.execute(sql`SELECT widget, count(*)::int AS showings, min(duration) AS shortest FROM widget_plays WHERE device_id = ${device.body.id} GROUP BY widget ORDER BY widget`)) as unknown as { rows: { widget: string; showings: number; shortest: number }[] }).rows;
        expect(rows.map((row) => row.widget)).toEqual(['clock', 'data_table', 'map', 'qr_code', 'ticker', 'web_page']);
        for (const row of rows) expect(row.shortest).toBeGreaterThanOrEqual(0.5);
      }, { timeout: 20_000, interval: 300 });

      // The clock in Berlin across the switch back to winter time: 02:59:58 summer time, then 02:00:01 winter time.
      await clockZone!.locator('.widget-clock-text').waitFor({ timeout: 20_000 });
      await screen.clock.setFixedTime(new Date('2026-10-25T00:59:58Z'));
      await vi.waitFor(async () => expect(await clockZone!.innerText()).toBe('02:59:58'), { timeout: 5000, interval: 100 });
      await screen.clock.setFixedTime(new Date('2026-10-25T01:00:01Z'));
      await vi.waitFor(async () => expect(await clockZone!.innerText()).toBe('02:00:01'), { timeout: 5000, interval: 100 });
      expect(problems).toEqual([]);
      await screen.close();
    } finally {
      e2e.server.ctx.config.webhooks = webhooks;
      await new Promise((resolve) => rss.close(resolve));
    }
  });
});
