import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';
import { createCompanyAndOffice } from '../api/devices.helpers.ts';

let e2e: E2E;
let admin: Awaited<ReturnType<typeof signIn>>['client'];
let layout: Buffer;
beforeAll(async () => {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/player/index.html'))) throw new Error('run `npm run build` first');
  e2e = await startE2E();
  admin = (await signIn(e2e.server)).client;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'player-nav-')), 'plan.png');
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=1600x900', '-frames:v', '1', file]);
  layout = fs.readFileSync(file);
});
afterAll(async () => {
  await e2e?.close();
});

const box = (page: Page, selector: string) => page.locator(selector).evaluate((node) => node.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number });
const rounded = (rect: { x: number; y: number; width: number; height: number }) => [rect.x, rect.y, rect.width, rect.height].map(Math.round);

describe('the web player shows its navigation map', () => {
  it('plays full screen without a map; once a map is sent, shows the layout, you-are-here, markers and comment, the content in the placeholder, and keeps the map for a start without the server', async () => {
    const { office } = await createCompanyAndOffice(admin, 'Mall');
    const form = new FormData();
    form.append('office', String(office.id));
    form.append('name', 'Ground floor');
    form.append('layout', new Blob([new Uint8Array(layout)], { type: 'image/png' }), 'plan.png');
    const object = await admin.post('/navigation/objects/create/', form);
    expect(object.status).toBe(201);
    const toilet = await admin.post('/navigation/markers/create/', { object: object.body.id, kind: 'toilet', x: 0.1, y: 0.2, description: 'WC' });
    const atm = await admin.post('/navigation/markers/create/', { object: object.body.id, kind: 'atm', x: 0.9, y: 0.8 });
    expect([toilet.status, atm.status]).toEqual([201, 201]);

    const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720 });
    await screen.goto('/player/?heartbeat=1');
    const serial = (await screen.locator('#serial').innerText()).trim();
    await vi.waitFor(async () => expect((await admin.get('/clients/')).body.results.map((c: { serial: string }) => c.serial)).toContain(serial), { timeout: 20_000, interval: 300 });
    const device = await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal', office: office.id });
    expect(device.status, JSON.stringify(device.body)).toBe(201);
    await screen.getByText('Nothing is scheduled on this screen').waitFor({ timeout: 30_000 });

    // Without navigation: the content (and the idle screen) take the whole screen, no map.
    expect(await screen.locator('#player').getAttribute('data-map')).toBe('none');
    expect(rounded(await box(screen, '.stage'))).toEqual([0, 0, 1280, 720]);
    expect(await screen.locator('.map').isHidden()).toBe(true);

    // The operator places the screen on the plan and sends it.
    const placeholder = { x: 0.5, y: 0.1, width: 0.5, height: 0.8 };
    const saved = await admin.put(`/navigation/devices/${device.body.id}/`, {
      object: object.body.id,
      x: 0.3,
      y: 0.7,
      comment: 'Near the lifts',
      placeholder,
      markers: [toilet.body.id, atm.body.id],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await admin.post(`/navigation/devices/${device.body.id}/send/`)).status).toBe(200);

    // The next heartbeat announces the version; the player fetches the map and its layout and shows them.
    await vi.waitFor(async () => expect(await screen.locator('#player').getAttribute('data-map')).toBe('shown'), { timeout: 30_000, interval: 200 });
    const map = screen.getByRole('region', { name: 'Map: Ground floor' });
    await map.waitFor();
    const plan = map.getByRole('img', { name: 'Plan of Ground floor' });
    await vi.waitFor(async () => expect(await plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
    await map.getByText('You are here').waitFor();
    await map.getByText('Near the lifts').waitFor();
    for (const name of ['Toilet: WC', 'ATM']) {
      const icon = map.getByRole('img', { name, exact: true });
      await vi.waitFor(async () => expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
    }
    // The screen's own marker is the "you are here", not a second icon.
    expect(await map.getByRole('img', { name: 'Screen' }).count()).toBe(0);

    // The content plays in the placeholder: half the width from the middle, 10 % to 90 % of the height.
    expect(rounded(await box(screen, '.stage'))).toEqual([640, 72, 640, 576]);
    expect(rounded(await box(screen, '.panel:not([hidden])'))).toEqual([640, 72, 640, 576]);
    // The map lies in the strip beside it (the left half), the plan's proportions kept (16:9), you-are-here on it.
    const frame = await box(screen, '.map-frame');
    expect(frame.x + frame.width).toBeLessThanOrEqual(641);
    expect(Math.abs(frame.width / frame.height - 16 / 9)).toBeLessThan(0.02);
    const here = await box(screen, '.map-here');
    expect(Math.abs(here.x + here.width / 2 - (frame.x + 0.3 * frame.width))).toBeLessThan(2);
    expect(Math.abs(here.y + here.height / 2 - (frame.y + 0.7 * frame.height))).toBeLessThan(2);

    // Kept for offline use: with every navigation request failing, a restarted player shows the kept map.
    await screen.route('**/api/v1/player/navigation/**', (route) => route.abort());
    await screen.reload();
    await vi.waitFor(async () => expect(await screen.locator('#player').getAttribute('data-map')).toBe('shown'), { timeout: 30_000, interval: 200 });
    await screen.getByRole('region', { name: 'Map: Ground floor' }).getByText('You are here').waitFor();
    expect(await screen.getByRole('img', { name: 'Plan of Ground floor' }).evaluate((img: HTMLImageElement) => img.src.startsWith('blob:'))).toBe(true);
    await screen.unroute('**/api/v1/player/navigation/**');
    expect(problems.filter((problem) => !problem.includes('ERR_FAILED'))).toEqual([]);
  });
});
