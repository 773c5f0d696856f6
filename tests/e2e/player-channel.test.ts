import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
import { checkScreen, CLEAN_REPORT } from '../helpers/screenChecks.ts';
import { signIn } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from '../api/media-fixtures.ts';

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

const diagnostics = (page: Page) => page.evaluate(() => (window as any).vitrinePlayer.diagnostics as { started: number[]; notices: number; screenshots: number });

/**
 * Issue 25's browser test: a paired web player on a 60 s heartbeat (so no heartbeat falls between a change and its
 * arrival) shows a newly published event within 5 s of Publish through the live channel, and answers "Take screenshot"
 * on the device card with a picture of what it shows.
 */
describe('the live channel reaches the web player', () => {
  it('plays a new publish within 5 s with no heartbeat between, and returns a screenshot to the device card', async () => {
    const fixtures = await makeFixtures();
    const upload = await admin.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Channel poster')]));
    expect(upload.status).toBe(201);
    const image = upload.body[0].id as number;
    await vi.waitFor(async () => expect((await admin.get(`/media/files/${image}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 300 });

    // A paired screen: its device made through the API, its serial and key in the browser's storage (pairing on /clients
    // is tests/e2e/player.test.ts).
    const serial = 'WEB-CHAN-NEL0-TEST';
    const device = await admin.post('/tvpi/devices/create/', { sn: serial, user: 1, position: 'horizontal', device_type: 'web' });
    expect(device.status).toBe(201);
    const campaign = (await admin.post('/campaigns/create/', { name: 'Channel campaign', screen_position: 'horizontal', user: 1 })).body.id as number;
    expect((await admin.put(`/campaigns/${campaign}/devices/`, { devices: [device.body.id] })).status).toBe(200);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const event = await admin.post('/scheduler/events/create/', { campaign, title: 'Channel poster', media: image, all_day: true, start_date: day(-1), end_date: day(1), devices: [device.body.id] });
    expect(event.status, JSON.stringify(event.body)).toBe(201);

    const { page: screen, problems } = await e2e.newPage({ width: 1280, height: 720 });
    await screen.addInitScript(
      ([serial, key, id]) => {
        localStorage.setItem('vitrine.player.serial', serial!);
        localStorage.setItem('vitrine.player.key', key!);
        localStorage.setItem('vitrine.player.device', id!);
      },
      [serial, device.body.key as string, String(device.body.id)],
    );
    await screen.goto('/player/?heartbeat=60');
    await vi.waitFor(
      async () => expect(await screen.locator('#player').evaluate((node: HTMLElement) => [node.dataset.lifecycle, node.dataset.playback, node.dataset.channel])).toEqual(['online', 'not_found', 'open']),
      { timeout: 30_000, interval: 200 },
    );

    // Publish: the schedule notice brings the event at once; the next heartbeat would be a minute away.
    const published = Date.now();
    expect((await admin.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    await vi.waitFor(async () => expect((await diagnostics(screen)).started).toContain(image), { timeout: 5000, interval: 100 });
    expect(Date.now() - published).toBeLessThan(5000);
    expect((await diagnostics(screen)).notices).toBeGreaterThan(0);

    // The device card: "Take screenshot" queues the command, the screen answers through the channel, the card shows it.
    const { page: panel } = await e2e.newPage();
    await signInStored(panel, e2e.server);
    await panel.goto('/devices');
    await panel.getByRole('button', { name: `Open ${serial}` }).click();
    const card = panel.getByRole('dialog', { name: new RegExp(serial) });
    await card.getByText('No screenshot yet.').waitFor();
    await card.getByRole('button', { name: 'Take screenshot' }).click();
    const picture = card.getByRole('img', { name: new RegExp(`^Screenshot of ${serial}, `) });
    await picture.waitFor({ timeout: 15_000 });
    await card.getByText(/^Taken .+, asked by admin$/).waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 1280, 720]);
    expect((await diagnostics(screen)).screenshots).toBe(1);

    // What the player drew is the poster it plays, not a black frame: the JPEG's pixels vary.
    const shots = (await admin.get(`/tvpi/devices/${device.body.id}/screenshots/`)).body.results as { link: string; bytes: number; command: number | null }[];
    expect(shots).toHaveLength(1);
    expect(shots[0]!.command).not.toBeNull();
    const varied = await panel.evaluate(async (src) => {
      const img = document.querySelector<HTMLImageElement>(`img[src="${src}"]`)!;
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 36;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0, 64, 36);
      const data = context.getImageData(0, 0, 64, 36).data;
      return new Set(Array.from({ length: data.length / 4 }, (_, i) => data[i * 4]! >> 4)).size;
    }, await picture.getAttribute('src'));
    expect(varied).toBeGreaterThan(2);

    // The card with its screenshot by the house standard: 360 and 500 px, en and ru, axe in Default and Dark.
    const report = await checkScreen(panel, {
      path: '/devices',
      ready: (page) => page.getByText(serial).first().waitFor({ state: 'visible' }),
      prepare: async (page) => {
        await page.getByRole('button', { name: new RegExp(`^(Open|Открыть) ${serial}$`) }).first().click();
        await page.getByRole('dialog').getByRole('img', { name: /^(Screenshot of|Снимок экрана) / }).waitFor();
      },
    });
    expect(report).toEqual(CLEAN_REPORT);
    expect(problems).toEqual([]);
  });
});
