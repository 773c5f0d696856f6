import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { startE2E, type E2E } from '../helpers/browser.ts';
import { checkScreen, CLEAN_REPORT, type ScreenCheckOptions } from '../helpers/screenChecks.ts';
import { signIn } from '../helpers/server.ts';
import { createCompanyAndOffice } from '../api/devices.helpers.ts';

/*
 * The house standard on the web player's pages (STYLE.md): axe, 360 and 500 px, English and Russian. The player has
 * one look (no themes), so axe runs once per width; the page never scrolls (a screen has no scrollbar), so on top of
 * the helper's checks every visible text must lie inside the window, not be cut off by it.
 */

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

const PLAYER = '/player/?heartbeat=1';
const options = (ready: ScreenCheckOptions['ready']): ScreenCheckOptions => ({ path: PLAYER, ready, themes: ['DEFAULT'], axeWidths: [1280, 360] });

/** Texts of the shown page that stick out of the window, at 360 and 500 px in both languages. */
async function cutOff(page: Page, ready: ScreenCheckOptions['ready']): Promise<string[]> {
  const found: string[] = [];
  for (const language of ['en', 'ru']) {
    await page.evaluate((lang) => localStorage.setItem('i18nextLng', lang), language);
    for (const width of [360, 500]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(PLAYER);
      await ready(page);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const out = await page.evaluate(() => {
        const texts = [...document.querySelectorAll('#player *')].filter((element) => {
          if (!(element instanceof HTMLElement) || element.closest('[hidden]') || !element.childNodes.length) return false;
          if (![...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())) return false;
          const box = element.getBoundingClientRect();
          // The text's own extent (a block is as wide as its parent; its words may be narrower or wider).
          const range = document.createRange();
          range.selectNodeContents(element);
          const words = range.getBoundingClientRect();
          return Math.min(box.left, words.left) < -0.5 || Math.max(box.right, words.right) > innerWidth + 0.5 || words.bottom > innerHeight + 0.5;
        });
        return texts.map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent!.trim().slice(0, 40)}"`);
      });
      found.push(...out.map((text) => `${width} ${language}: ${text}`));
    }
  }
  await page.evaluate(() => localStorage.removeItem('i18nextLng'));
  return found;
}

describe('the web player pages meet the house standard', () => {
  it('pairing, idle, map and offline screens: axe, 360/500 px, en and ru', async () => {
    const { page, problems } = await e2e.newPage({ width: 1280, height: 800 });
    await page.goto(PLAYER);

    // Pairing: the serial and the address in large type.
    const pairing = (p: Page) => p.locator('#serial').waitFor();
    expect(await checkScreen(page, options(pairing))).toEqual(CLEAN_REPORT);
    expect(await cutOff(page, pairing)).toEqual([]);

    // Adopted, nothing scheduled: the idle screen with the time.
    const serial = (await page.locator('#serial').innerText()).trim();
    await vi.waitFor(async () => expect((await admin.get('/clients/')).body.results.map((c: { serial: string }) => c.serial)).toContain(serial), { timeout: 20_000, interval: 300 });
    const { office } = await createCompanyAndOffice(admin, 'Screens');
    const device = await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal', office: office.id });
    expect(device.status).toBe(201);
    const idle = (p: Page) => p.locator('#player[data-lifecycle="online"][data-map="none"] .panel:not([hidden]) .clock').waitFor({ timeout: 30_000 });
    await idle(page);
    expect(await checkScreen(page, options(idle))).toEqual(CLEAN_REPORT);
    expect(await cutOff(page, idle)).toEqual([]);

    // The map: a plan with two markers, the idle screen in the placeholder.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'player-screens-')), 'plan.png');
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=1200x800', '-frames:v', '1', file]);
    const form = new FormData();
    form.append('office', String(office.id));
    form.append('name', 'Hall');
    form.append('layout', new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'image/png' }), 'plan.png');
    const object = await admin.post('/navigation/objects/create/', form);
    const toilet = await admin.post('/navigation/markers/create/', { object: object.body.id, kind: 'toilet', x: 0.2, y: 0.3, description: 'WC' });
    const atm = await admin.post('/navigation/markers/create/', { object: object.body.id, kind: 'disabled_room', x: 0.8, y: 0.6 });
    await admin.put(`/navigation/devices/${device.body.id}/`, { object: object.body.id, x: 0.5, y: 0.5, comment: 'Ground floor, by the entrance', markers: [toilet.body.id, atm.body.id] });
    expect((await admin.post(`/navigation/devices/${device.body.id}/send/`)).status).toBe(200);
    const map = (p: Page) => p.locator('#player[data-map="shown"] .map-here').waitFor({ timeout: 30_000 });
    await map(page);
    expect(await checkScreen(page, options(map))).toEqual(CLEAN_REPORT);
    expect(await cutOff(page, map)).toEqual([]);

    // Offline: the server cannot be reached; the last schedule plays on (here: nothing) and a corner note says so.
    await page.route('**/api/v1/**', (route) => route.abort());
    const offline = (p: Page) => p.locator('#player .badge:not([hidden])').waitFor({ timeout: 30_000 });
    await offline(page);
    expect(await checkScreen(page, options(offline))).toEqual(CLEAN_REPORT);
    expect(await cutOff(page, offline)).toEqual([]);
    await page.unroute('**/api/v1/**');
    expect(problems.filter((problem) => !problem.includes('ERR_FAILED'))).toEqual([]);
  });
});
