import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';

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
