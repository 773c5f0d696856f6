import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStored, startE2E, tempDir, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { apiClient, signIn } from '../helpers/server.ts';

let e2e: E2E;
let admin: ReturnType<typeof apiClient>;
let page: Page;
let problems: string[];
const files = tempDir('vitrine-campaigns-e2e-');
const marker = `cmp${process.pid}`;
// 60 characters, Cyrillic: what a real campaign's name looks like.
const LONG_NAME = 'Новогодняя распродажа в торговых залах, все регионы, неделя1';
const devices: Record<'a' | 'b' | 'c' | 'vertical', { id: number; sn: string; name: string }> = {} as never;
let campaignId = 0;
let officeId = 0;

beforeAll(async () => {
  expect([...LONG_NAME].length).toBe(60);
  e2e = await startE2E();
  admin = (await signIn(e2e.server)).client;
  const company = await admin.post('/companies/create/', { name: 'Campaign Retail', user: 1 });
  const office = await admin.post('/branch-offices/create/', { company: company.body.id, name: 'Campaign Central', user: 1 });
  officeId = office.body.id;
  for (const [key, position] of [['a', 'horizontal'], ['b', 'horizontal'], ['c', 'horizontal'], ['vertical', 'vertical']] as const) {
    const created = await admin.post('/tvpi/devices/create/', { sn: `${marker}-${key}`, name: `${marker} screen ${key}`, position, office: office.body.id, user: 1 });
    expect(created.status).toBe(201);
    devices[key] = created.body;
  }
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const visible = (locator: ReturnType<Page['getByText']>) => locator.waitFor({ state: 'visible' });
const row = (name: string) => page.getByRole('row').filter({ hasText: name });
/** The accessible name of the focused element (its aria-label, else its text): where focus went when a dialog closed. */
const focusedName = () => page.evaluate(() => {
  const active = document.activeElement as HTMLElement | null;
  return active === document.body ? 'body' : (active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null);
});

describe('campaigns', () => {
  it('creates a campaign ("Name is required!" first) and lists it with its counters and the no-events marker', async () => {
    await page.goto('/campaigns');
    await visible(page.getByText('There are no campaigns yet. Add the first one.'));
    await page.getByRole('button', { name: 'Add campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add campaign' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Name is required!'));
    await dialog.getByRole('textbox', { name: 'Name' }).fill(LONG_NAME);
    await dialog.getByRole('combobox', { name: 'Screen position' }).selectOption({ label: 'Horizontal' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Successfully added').first());
    await dialog.waitFor({ state: 'detached' });
    // Saving gives focus back to the button that opened the dialog (not to the page body), and so does Escape.
    await expect.poll(focusedName).toBe('Add campaign');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focusedName).toBe('Add campaign');
    await visible(row(LONG_NAME).getByText('0 active'));
    await visible(row(LONG_NAME).getByText('No events'));
    campaignId = (await admin.get('/campaigns/')).body.results[0].id;
  });

  it('imports an xlsx of serials (some matching, some not) with the exact counts, moves a device by keyboard, guards leaving, saves', async () => {
    await row(LONG_NAME).getByRole('link', { name: 'Devices' }).click();
    await page.waitForURL(`**/campaigns/${campaignId}/devices`);
    const available = page.getByRole('list', { name: 'Available devices' });
    const participating = page.getByRole('region', { name: 'Participating devices' });
    await visible(available.getByText(`${marker} screen c`));
    await visible(participating.getByText('No devices here.'));

    const file = path.join(files, 'serials.xlsx');
    await writeXlsxFile([['Serial number', 'Note'], [devices.a.sn, 'lobby'], ['NO-SUCH-SERIAL', 'typo'], [devices.b.sn, 'hall'], [devices.vertical.sn, 'portrait']]).toFile(file);
    await page.getByTestId('campaign-import-file').setInputFiles(file);
    const result = page.getByRole('dialog', { name: 'Import result' });
    await visible(result.getByText('2 file devices were not involved'));
    await visible(result.getByText('Row 3: NO-SUCH-SERIAL (no device with this serial number or MAC address)'));
    await visible(result.getByText(`Row 5: ${devices.vertical.sn} (Device and campaing screen position mismatch)`));
    await visible(result.getByText('2 devices of the file added to the list', { exact: false }));
    await result.getByRole('button', { name: 'Close' }).click();
    await result.waitFor({ state: 'detached' });
    await visible(participating.getByText(`${marker} screen a`));
    await visible(participating.getByText(`${marker} screen b`));

    // By keyboard: Space selects the device, Enter on "Add selected" moves it.
    await page.getByRole('checkbox', { name: `Select ${marker} screen c` }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /Add selected/ }).focus();
    await page.keyboard.press('Enter');
    await visible(participating.getByText(`${marker} screen c`));
    await visible(page.getByText('3 unsaved changes'));

    // Leaving through the sidebar asks first; staying keeps the changes.
    await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).first().click();
    const guard = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await visible(guard);
    await guard.getByRole('button', { name: 'Stay' }).click();
    await guard.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${campaignId}/devices`);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Campaign updated!').first());
    await page.getByText('3 unsaved changes').waitFor({ state: 'detached' });
    expect((await admin.get(`/campaigns/${campaignId}/devices/?with_ids=1&side=participating`)).body.participating_ids).toEqual(
      [devices.a.id, devices.b.id, devices.c.id].sort((x, y) => x - y),
    );
  });

  it('multiplies the saved devices into another campaign and says how many it gained', async () => {
    const target = await admin.post('/campaigns/create/', { name: `${marker} target`, screen_position: 'horizontal', user: 1 });
    await admin.post('/campaigns/create/', { name: `${marker} portrait`, screen_position: 'vertical', user: 1 });
    await page.getByRole('button', { name: 'Multiply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Multiply devices' });
    await dialog.getByRole('checkbox', { name: `${marker} target` }).check();
    // Only campaigns of the same screen position are offered.
    expect(await dialog.getByRole('checkbox', { name: `${marker} portrait` }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Multiply', exact: true }).click();
    const result = page.getByRole('dialog', { name: 'Devices added' });
    await visible(result.getByText(`${marker} target: 3 devices added`));
    await result.getByRole('button', { name: 'Close' }).click();
    await result.waitFor({ state: 'detached' });
    expect((await admin.get(`/campaigns/${target.body.id}`)).body.active_devices).toBe(3);
  });

  it('reads the saved devices again when another operator changes them, so a save here keeps that change', async () => {
    const participating = page.getByRole('list', { name: 'Participating devices' });
    await visible(participating.getByText(`${marker} screen c`));
    const savedIds = async () => (await admin.get(`/campaigns/${campaignId}/devices/?with_ids=1&side=participating`)).body.participating_ids;
    // Another operator takes screen c out while this page stays open.
    expect((await admin.put(`/campaigns/${campaignId}/devices/`, { devices: [devices.a.id, devices.b.id], user: 1 })).status).toBe(200);
    // The side loads again (here for its search; the 30 s refresh does the same) and no longer lists c.
    await page.getByRole('searchbox', { name: 'Participating devices: Search' }).fill(marker);
    await participating.getByText(`${marker} screen c`).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Remove ${marker} screen b from the campaign` }).click();
    await visible(page.getByText('1 unsaved change'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('1 unsaved change').waitFor({ state: 'detached' });
    // What was saved is the other operator's set less b: c does not come back.
    await expect.poll(savedIds).toEqual([devices.a.id]);
    await participating.getByText(`${marker} screen b`).waitFor({ state: 'detached' });
    await visible(participating.getByText(`${marker} screen a`));
    expect(await participating.getByText(`${marker} screen c`).count()).toBe(0);

    // Another operator puts b back; this page, once its side has loaded again, adds c: the save keeps b.
    expect((await admin.put(`/campaigns/${campaignId}/devices/`, { devices: [devices.a.id, devices.b.id], user: 1 })).status).toBe(200);
    await page.getByRole('searchbox', { name: 'Participating devices: Search' }).fill('');
    await visible(participating.getByText(`${marker} screen b`));
    await page.getByRole('button', { name: `Add ${marker} screen c to the campaign` }).click();
    await visible(page.getByText('1 unsaved change'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('1 unsaved change').waitFor({ state: 'detached' });
    await expect.poll(savedIds).toEqual([devices.a.id, devices.b.id, devices.c.id].sort((x, y) => x - y));
    for (const key of ['a', 'b', 'c']) await visible(participating.getByText(`${marker} screen ${key}`));
  });

  it('shows the counters change on /campaigns when a device is deactivated', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).first().click();
    await visible(row(LONG_NAME).getByText('3 active'));
    await visible(row(LONG_NAME).getByText('0 deactivated'));
    expect((await admin.put(`/tvpi/devices/${devices.a.id}/change-active`, { is_active: false })).status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await visible(row(LONG_NAME).getByText('2 active'));
    await visible(row(LONG_NAME).getByText('1 deactivated'));
    expect(problems).toEqual([]);
  });

  it('downloads the report of a period (the period rule first) and reads it back', async () => {
    await row(LONG_NAME).getByRole('button', { name: `Actions for ${LONG_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: `Report for ${LONG_NAME}` });
    await dialog.getByLabel('From').fill('12/01/2026');
    await dialog.getByLabel('To').fill('11/01/2026');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await visible(dialog.getByText('The start must not be after the end'));
    await dialog.getByLabel('From').fill('10/01/2026');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('campaign-report-2026-10-01-2026-11-01.xlsx');
    const file = path.join(files, 'report.xlsx');
    await download.saveAs(file);
    expect((await readSheet(fs.readFileSync(file)))[0]).toEqual(['Serial number', 'Device', 'Office', 'Date', 'Events', 'Event titles', 'Planned minutes', 'Plays', 'Played minutes']);
    await dialog.waitFor({ state: 'detached' });
    // Opened from a row's menu: focus comes back to that row's menu button.
    await expect.poll(focusedName).toBe(`Actions for ${LONG_NAME}`);
  });

  it('imports an Excel 97-2003 .xls that LibreOffice saved, chosen through the file chooser; focus comes back to the import button', async () => {
    for (const sn of ['XLS-LOBBY-1', '4242']) {
      expect((await admin.post('/tvpi/devices/create/', { sn, name: `${marker} ${sn}`, position: 'horizontal', office: officeId, user: 1 })).status).toBe(201);
    }
    const target = await admin.post('/campaigns/create/', { name: `${marker} xls`, screen_position: 'horizontal', user: 1 });
    await page.goto(`/campaigns/${target.body.id}/devices`);
    // Why a device of another position is not offered is said on the page.
    await visible(page.getByText('Only horizontal devices can take part in this campaign', { exact: false }));
    const importButton = page.getByRole('button', { name: 'Import XLS(X)' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importButton.click()]);
    await chooser.setFiles(path.resolve(import.meta.dirname, '../fixtures/devices-libreoffice.xls'));
    const result = page.getByRole('dialog', { name: 'Import result' });
    await visible(result.getByText('1 file device was not involved'));
    await visible(result.getByText('Row 3: XLS-NO-SUCH (no device with this serial number or MAC address)'));
    await visible(result.getByText('2 devices of the file added to the list', { exact: false }));
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
    await expect.poll(focusedName).toBe('Import XLS(X)');
    const participating = page.getByRole('region', { name: 'Participating devices' });
    await visible(participating.getByText(`${marker} XLS-LOBBY-1`));
    await visible(participating.getByText(`${marker} 4242`));
    await page.getByRole('button', { name: 'Discard' }).click();
    await visible(participating.getByText('No devices here.'));
  });

  it('/campaigns and /campaigns/{id}/devices meet the house standard (360/500 px, en and ru, axe in Default and Dark)', async () => {
    expect(await checkScreen(page, { path: '/campaigns', ready: (p) => p.getByRole('table').first().waitFor() })).toEqual(CLEAN_REPORT);
    expect(
      await checkScreen(page, { path: `/campaigns/${campaignId}/devices`, ready: (p) => p.getByRole('list').filter({ hasText: marker }).first().waitFor() }),
    ).toEqual(CLEAN_REPORT);
  });
});
