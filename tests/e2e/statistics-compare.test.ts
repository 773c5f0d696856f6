import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createFleet, insertMedia, play, postPlays, type Fleet } from '../api/statistics.helpers.ts';
import { signInStored, startE2E, tempDir, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { signIn } from '../helpers/server.ts';
import { formatDateText } from '../../src/views/common/dateText.ts';

/**
 * Issue 17, the Compare and Unloads tabs in a real Chromium against the real server: plays reported through
 * POST /player/plays/ with the devices' keys; a compare of two devices draws two series (legend and table columns), a
 * duplicate add is refused with the spec's message, the list survives a reload; an unload downloads and its rows, read
 * back with read-excel-file, are the database's.
 */

let e2e: E2E;
let page: Page;
let problems: string[];
let fleet: Fleet;
let day: string;
const downloads = tempDir('vitrine-unloads-');
const PLAYS = [3, 5];

beforeAll(async () => {
  e2e = await startE2E();
  const { client } = await signIn(e2e.server);
  fleet = await createFleet(e2e.server, client, 2, 1);
  // Plays a few minutes ago, all on the day they fall on in this process's time zone (the server's, for statistics): in the
  // first minute of a day they would straddle midnight (run at 00:10 the table counted 3 of 5), so then the end of the day before.
  const recent = new Date(Date.now() - 10 * 60_000);
  const base = recent.getHours() === 0 && recent.getMinutes() === 0 ? new Date(recent.getFullYear(), recent.getMonth(), recent.getDate(), 0, 0, -1) : recent;
  day = `${base.getFullYear()}-${String(base.getMonth() + 1).padStart(2, '0')}-${String(base.getDate()).padStart(2, '0')}`;
  for (const [index, device] of fleet.devices.entries()) {
    const plays = Array.from({ length: PLAYS[index]! }, (_, n) => play(fleet, `e2e-${index}-${n}`, new Date(base.getTime() - n * 15_000)));
    const answer = await postPlays(e2e.server, device, plays);
    expect(answer.body).toEqual({ accepted: PLAYS[index], duplicates: 0, refused: [] });
  }
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

const visible = (locator: ReturnType<Page['locator']>) => locator.first().waitFor({ state: 'visible' });
const unexpected = (list: string[]) => list.filter((line) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(line));
const deviceName = (index: number) => (fleet.devices[index] as unknown as { name?: string }).name;

async function addDevice(name: string) {
  await page.getByRole('combobox', { name: 'What to add' }).selectOption({ label: 'Device' });
  const picker = page.getByRole('combobox', { name: 'Device' });
  await picker.click();
  await picker.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add to compare' }).click();
}

describe('statistics compare and unloads', () => {
  it('compares two devices: two series in the legend and the table, a duplicate refused, the list kept over a reload', async () => {
    const names = fleet.devices.map((_, index) => deviceName(index)!);
    expect(names.every(Boolean)).toBe(true);
    await page.goto('/statistics/compare');
    await visible(page.getByText('Nothing to compare yet.', { exact: false }));
    await page.getByRole('textbox', { name: 'Date' }).fill(formatDateText(day, 'en'));
    await addDevice(names[0]!);
    await addDevice(names[1]!);

    const table = page.getByRole('table', { name: 'Plays per hour, as a table' });
    await visible(table);
    // Polled: the table of the first device's answer may still be on screen when the second add is sent.
    await expect.poll(async () => (await table.getByRole('columnheader').allInnerTexts()).slice(1), { timeout: 30_000 }).toEqual([`Device: ${names[0]}`, `Device: ${names[1]}`]);
    const total = table.getByRole('row').filter({ hasText: 'Total' });
    expect((await total.getByRole('cell').allInnerTexts()).slice(1)).toEqual(PLAYS.map(String));
    const legend = page.getByRole('listbox', { name: 'Legends' });
    await visible(legend);
    await expect.poll(() => legend.getByRole('option').allInnerTexts(), { timeout: 30_000 }).toEqual(names.map((name) => `Device: ${name}`));

    await addDevice(names[0]!);
    await visible(page.getByRole('alert').filter({ hasText: 'This entity already in compare' }));

    await page.reload();
    const list = page.getByRole('list', { name: 'Compared entities' });
    await visible(list);
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual(names.map((name) => `Device: ${name}`));
    await visible(page.getByRole('table', { name: 'Plays per hour, as a table' }));
    expect(unexpected(problems)).toEqual([]);
  });

  it('holds at most 10 entities: ten series drawn, an eleventh refused with a message', async () => {
    const extra = [];
    for (let index = 0; index < 7; index += 1) extra.push({ id: await insertMedia(e2e.server, `Extra clip ${index + 1}`), name: `Extra clip ${index + 1}` });
    const ten = [
      ...fleet.devices.map((device, index) => ({ kind: 'device', id: device.id, name: deviceName(index) })),
      { kind: 'campaign', id: fleet.campaign.id, name: fleet.campaign.name },
      { kind: 'media', id: fleet.media[0], name: 'first clip' },
      ...extra.slice(0, 6).map((media) => ({ kind: 'media', id: media.id, name: media.name })),
    ];
    // The administrator is user 1: the list is kept per user.
    await page.evaluate((list) => localStorage.setItem('statistics.compare.1', JSON.stringify(list)), ten);
    await page.goto('/statistics/compare');
    const legend = page.getByRole('listbox', { name: 'Legends' });
    await visible(legend);
    await expect.poll(() => legend.getByRole('option').count(), { timeout: 30_000 }).toBe(10);
    expect(await page.getByRole('table', { name: 'Plays per hour, as a table' }).getByRole('columnheader').count()).toBe(11);
    await page.getByRole('combobox', { name: 'What to add' }).selectOption({ label: 'Media' });
    const picker = page.getByRole('combobox', { name: 'Media' });
    await picker.click();
    await picker.fill(extra[6]!.name);
    await page.getByRole('option', { name: extra[6]!.name, exact: true }).click();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'The comparison holds at most 10 entities' }));
    expect(await page.getByRole('list', { name: 'Compared entities' }).getByRole('listitem').count()).toBe(10);
    // Back to the two devices for the screen checks.
    for (const item of ten.slice(2)) await page.getByRole('button', { name: `Remove ${item.name} from compare` }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Compared entities' }).getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
  });

  it('names an entity of the kept list that was deleted since, removes it in one click, and the rest loads', async () => {
    const doomed = await insertMedia(e2e.server, 'Doomed clip');
    const kept = [...fleet.devices.map((device, index) => ({ kind: 'device', id: device.id, name: deviceName(index) })), { kind: 'media', id: doomed, name: 'Doomed clip' }];
    await page.evaluate((list) => localStorage.setItem('statistics.compare.1', JSON.stringify(list)), kept);
    await e2e.server.ctx.db.execute(sql`DELETE FROM media_files WHERE id = ${doomed}`);
    await page.goto('/statistics/compare');
    const alert = page.getByRole('alert').filter({ hasText: 'no longer available' });
    await visible(alert);
    expect(await alert.innerText()).toContain('Media “Doomed clip”');
    // The house standard on this state: 360/500 px in English and Russian, axe in the default and dark themes.
    const named = (p: Page) => p.getByRole('alert').getByRole('listitem').first().waitFor();
    expect(await checkScreen(page, { path: '/statistics/compare', ready: named })).toEqual(CLEAN_REPORT);
    await visible(alert);
    await alert.getByRole('button', { name: 'Remove Doomed clip' }).click();
    const legend = page.getByRole('listbox', { name: 'Legends' });
    await expect.poll(() => legend.getByRole('option').allInnerTexts(), { timeout: 30_000 }).toEqual(kept.slice(0, 2).map((item) => `Device: ${item.name}`));
    await alert.waitFor({ state: 'detached' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('statistics.compare.1')))!)).toHaveLength(2);
  });

  it('unloads the raw plays of one device: the xlsx has every row the database holds', async () => {
    const device = fleet.devices[1]!;
    await page.goto('/statistics/unloads');
    await page.getByRole('textbox', { name: 'From' }).fill(formatDateText(day, 'en'));
    await page.getByRole('textbox', { name: 'To' }).fill(formatDateText(day, 'en'));
    await page.getByRole('combobox', { name: 'Plays of' }).selectOption({ label: 'One device' });
    await page.getByRole('button', { name: 'Download xlsx' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Pick the device' }));
    await page.getByRole('combobox', { name: 'Device' }).click();
    await page.getByRole('combobox', { name: 'Device' }).fill(deviceName(1)!);
    await page.getByRole('option', { name: deviceName(1)!, exact: true }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download xlsx' }).click()]);
    expect(download.suggestedFilename()).toBe(`statistics-raw-${day}-${day}-device-${device.id}.xlsx`);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    await visible(page.getByRole('status').filter({ hasText: `Saved ${download.suggestedFilename()}` }));
    const sheet = await readSheet(fs.readFileSync(file));
    expect(sheet[0]).toEqual(['Started at', 'Serial number', 'Device', 'Campaign', 'Event', 'Media', 'Duration, s', 'Outcome', 'Play id']);
    expect(sheet.length - 1).toBe(await countRows(e2e.server, 'plays', [device.id]));
    expect(sheet.length - 1).toBe(PLAYS[1]);
    // The rows counted in the browser as the file arrived: the file's own.
    expect(await page.getByRole('status').filter({ hasText: `Saved ${download.suggestedFilename()}` }).innerText()).toMatch(new RegExp(`\\(${PLAYS[1]} rows\\)$`));
    expect(unexpected(problems)).toEqual([]);
  });

  it('says "Error generating the file, try again" when the unload fails, keeps the form and downloads on retry', async () => {
    let refuse = true;
    await page.route('**/api/v1/statistics/unloads/**', (route) =>
      refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x","code":"server_error"}' }) : route.fallback(),
    );
    await page.goto('/statistics/unloads');
    await page.getByRole('radio', { name: 'Plays per hour' }).check();
    await page.getByRole('button', { name: 'Download xlsx' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Error generating the file, try again' }));
    expect(await page.getByRole('radio', { name: 'Plays per hour' }).isChecked()).toBe(true);
    refuse = false;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Try again' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^statistics-hourly-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.unroute('**/api/v1/statistics/unloads/**');
  });

  it('cancels an unload under way: the request is dropped, no file is saved, the form is as it was', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = 0;
    await page.route('**/api/v1/statistics/unloads/**', async (route) => {
      requested += 1;
      await held;
      await route.abort().catch(() => undefined);
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.goto('/statistics/unloads');
    await page.getByRole('radio', { name: 'Plays per hour' }).check();
    await page.getByRole('button', { name: 'Download xlsx' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'The server is generating the file' }));
    expect(await page.getByRole('button', { name: 'Download xlsx' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: 'The server is generating the file' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Download xlsx' }).isEnabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Plays per hour' }).isChecked()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    release();
    await page.unroute('**/api/v1/statistics/unloads/**');
    expect([requested, downloaded]).toEqual([1, false]);
  });

  it('says "Error while getting statistics" when the compare fails, and loads on retry', async () => {
    let refuse = true;
    await page.route('**/api/v1/statistics/compare/**', (route) =>
      refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x","code":"server_error"}' }) : route.fallback(),
    );
    await page.goto('/statistics/compare');
    await visible(page.getByRole('alert').filter({ hasText: 'Error while getting statistics' }));
    refuse = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('table', { name: 'Plays per hour, as a table' }));
    await page.unroute('**/api/v1/statistics/compare/**');
  });

  it("lets a user with statistics view alone pick their company's devices, and no other company's", async () => {
    const { client } = await signIn(e2e.server);
    const tag = `Picker ${process.pid}`;
    const office = async (name: string) => {
      const company = await client.post('/companies/create/', { name, user: 1 });
      const created = await client.post('/branch-offices/create/', { company: company.body.id, name: `${name} HQ`, user: 1 });
      return { company: company.body.id as number, office: created.body.id as number };
    };
    const mine = await office(`${tag} mine`);
    const theirs = await office(`${tag} theirs`);
    for (const [where, name] of [[mine, `${tag} lobby`], [theirs, `${tag} lobby rival`]] as const) {
      expect((await client.post('/tvpi/devices/create/', { sn: `${name.replace(/\W+/g, '-')}`, name, position: 'horizontal', office: where.office, user: 1 })).status).toBe(201);
    }
    const group = await client.post('/groups/create/', { name: `${tag} counters`, companies: [mine.company], permissions: { statistics: 'view' } });
    expect((await client.post('/users/', { username: 'picker-counter', password: 'picker-counter-pass-1', user: 1, groups: [group.body.id] })).status).toBe(201);
    const own = await e2e.newPage();
    await signInStored(own.page, e2e.server, 'picker-counter', 'picker-counter-pass-1');
    await own.page.goto('/statistics/compare');
    await own.page.getByRole('combobox', { name: 'What to add' }).selectOption({ label: 'Device' });
    const picker = own.page.getByRole('combobox', { name: 'Device' });
    await picker.click();
    await picker.fill(tag);
    // The options come from GET /statistics/entities/ (the device list itself answers this user 403).
    await visible(own.page.getByRole('option', { name: `${tag} lobby`, exact: true }));
    // both come in the same answer: the other company's device is not among the options
    expect(await own.page.getByRole('option').filter({ hasText: tag }).allInnerTexts()).toEqual([`${tag} lobby`]);
    await own.page.getByRole('option', { name: `${tag} lobby`, exact: true }).click();
    await own.page.getByRole('button', { name: 'Add to compare' }).click();
    const table = own.page.getByRole('table', { name: 'Plays per hour, as a table' });
    await visible(table);
    expect((await table.getByRole('columnheader').allInnerTexts()).slice(1)).toEqual([`Device: ${tag} lobby`]);
    expect(unexpected(own.problems)).toEqual([]);
    await own.context.close();
  });
});

describe('the house standard on /statistics/compare and /statistics/unloads', () => {
  const compareReady = async (p: Page) => {
    await p.getByRole('heading', { level: 1 }).first().waitFor();
    await p.getByRole('table').first().waitFor();
  };
  const unloadsReady = (p: Page) => p.getByRole('button', { name: /^(Download xlsx|Скачать xlsx)$/ }).waitFor();
  it.each([
    ['/statistics/compare', compareReady],
    ['/statistics/unloads', unloadsReady],
  ] as const)('%s at 360 and 500 px in English and Russian: no sideways scroll, every control reachable', async (path, ready) => {
    expect(await checkScreen(page, { path, ready, themes: [] })).toEqual(CLEAN_REPORT);
  });

  it.each(['DEFAULT', 'DARK', 'LIGHT', 'BLUE', 'GREEN', 'INDIGO'] as const)('axe in the %s theme, both tabs', async (theme) => {
    const axeWidths = theme === 'DEFAULT' || theme === 'DARK' ? [1280, 360] : [1280];
    for (const [path, ready] of [['/statistics/compare', compareReady], ['/statistics/unloads', unloadsReady]] as const) {
      expect(await checkScreen(page, { path, ready, languages: [], themes: [theme], axeWidths }), path).toEqual(CLEAN_REPORT);
    }
  });
});
