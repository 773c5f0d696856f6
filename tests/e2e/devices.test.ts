import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';
import { signInStored, startE2E, tempDir, type E2E } from '../helpers/browser.ts';
import { apiClient, signIn } from '../helpers/server.ts';

let e2e: E2E;
let admin: ReturnType<typeof apiClient>;
let page: Page;
let problems: string[];
const players: SimulatedPlayer[] = [];
const downloads = tempDir('vitrine-devices-e2e-');
const marker = `e2e${process.pid}`;

beforeAll(async () => {
  e2e = await startE2E();
  admin = (await signIn(e2e.server)).client;
  const company = await admin.post('/companies/create/', { name: 'E2E Retail', user: 1 });
  await admin.post('/branch-offices/create/', { company: company.body.id, name: 'E2E Central', user: 1 });
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
  await page.goto('/devices');
});
afterAll(async () => {
  await Promise.all(players.map((player) => player.stop()));
  await e2e?.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

/** Console noise the browser prints for answers the page expects (the duplicate's 409). */
const unexpected = (list: string[]) => list.filter((problem) => !problem.includes('409 (Conflict)'));
const visible = (locator: ReturnType<Page['getByText']>) => locator.waitFor({ state: 'visible' });
// includeHidden: the counters stay on screen behind the modal card, which hides the page from the accessibility tree.
const statistics = async () => (await page.getByRole('status', { name: 'Device statistics', includeHidden: true }).innerText()).replace(/\s+/g, ' ').trim();

/** The counters as numbers, so a test compares them with what they were before it, whatever ran earlier. */
async function counters(): Promise<{ active: number; deactivated: number }> {
  const [, active, deactivated] = /Active: (\d+) Deactivated: (\d+)/.exec(await statistics())!;
  return { active: Number(active), deactivated: Number(deactivated) };
}

/** A device of the test's own, created through the API; the devices page is then opened afresh. */
async function ownDevice(suffix: string, name: string) {
  const created = await admin.post('/tvpi/devices/create/', { sn: `${marker}-${suffix}`, name: `${marker} ${name}`, user: 1 });
  expect(created.status).toBe(201);
  await page.goto('/devices');
  return created.body as { id: number; sn: string; name: string; key: string };
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(text);
}

async function addDevice(fields: { sn: string; mac?: string; name?: string }) {
  await page.getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  await dialog.getByRole('textbox', { name: 'SN' }).fill(fields.sn);
  if (fields.name) await dialog.getByRole('textbox', { name: 'Name' }).fill(fields.name);
  if (fields.mac) await dialog.getByRole('textbox', { name: 'MAC address' }).fill(fields.mac);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

describe('devices page', () => {
  it('adds a device (with validation and "Device already exist"), finds it by search, filters by status and opens its card', async () => {
    await page.goto('/devices');
    await visible(page.getByRole('status', { name: 'Device statistics' }));
    const before = await counters();

    const dialog = await addDevice({ sn: `${marker}-1`, name: `${marker} Lobby`, mac: '00:11:22' });
    await visible(dialog.getByText('MAC address format: AA:BB:CC:DD:EE:FF'));
    await dialog.getByRole('textbox', { name: 'MAC address' }).fill('02-e2-00-00-00-01');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Successfully added').first());
    await dialog.waitFor({ state: 'detached' });
    // Adding raises "active" by one at once (spec section 4).
    expect(await counters()).toEqual({ active: before.active + 1, deactivated: before.deactivated });

    const duplicate = await addDevice({ sn: `${marker}-1` });
    await visible(duplicate.getByText('Device already exist').first());
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await duplicate.waitFor({ state: 'detached' });

    await addDevice({ sn: `${marker}-2`, name: `${marker} Window` });
    await visible(page.getByRole('button', { name: `Open ${marker} Window` }));
    await search(`${marker} lob`);
    await page.getByRole('button', { name: `Open ${marker} Window` }).waitFor({ state: 'detached' });
    await visible(page.getByRole('button', { name: `Open ${marker} Lobby` }));

    await page.getByLabel('Status').selectOption({ label: 'Online' });
    await visible(page.getByText('No devices match these filters.'));
    await page.getByLabel('Status').selectOption({ label: 'Offline' });
    await page.getByRole('button', { name: `Open ${marker} Lobby` }).click();
    const card = page.getByRole('dialog', { name: `Device ${marker} Lobby` });
    await visible(card);
    expect(await card.locator('[data-field="mac"]').innerText()).toBe('02:E2:00:00:00:01');
    expect(await card.locator('[data-field="status"]').innerText()).toBe('Offline');
    await card.getByRole('button', { name: 'Check' }).click();
    await visible(page.getByText('Device is not ready').first());
    // The device's navigation editor is reachable from its card.
    expect(await card.getByRole('button', { name: 'Navigation map' }).count()).toBe(1);
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    expect(unexpected(problems)).toEqual([]);
  });

  it('deactivates a device from its card and the counters follow; activates it again', async () => {
    await ownDevice('switch', 'Switch');
    await visible(page.getByRole('status', { name: 'Device statistics' }));
    await search(`${marker} switch`);
    await page.getByRole('button', { name: `Open ${marker} Switch` }).click();
    const before = await counters();
    const card = page.getByRole('dialog', { name: `Device ${marker} Switch` });
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await visible(card.getByRole('button', { name: 'Activate' }));
    expect(await counters()).toEqual({ active: before.active - 1, deactivated: before.deactivated + 1 });
    expect(await card.locator('[data-field="status"]').innerText()).toBe('Disabled');
    await card.getByRole('button', { name: 'Activate' }).click();
    await visible(card.getByRole('button', { name: 'Deactivate' }));
    expect(await counters()).toEqual(before);
    await card.getByRole('button', { name: 'Close' }).click();
  });

  it('edits a config file and saves it ("Config updated!"), asking before leaving with unsaved changes', async () => {
    await ownDevice('configs', 'Configs');
    await search(`${marker} configs`);
    await page.getByRole('button', { name: `Open ${marker} Configs` }).click();
    // Exactly "Configs": the card's "Change screen hours: <name>" names this device, whose name ends in Configs.
    await page.getByRole('dialog', { name: `Device ${marker} Configs` }).getByRole('button', { name: 'Configs', exact: true }).click();
    await page.waitForURL(/\/devices\/\d+\/configs$/);
    const deviceId = Number(new URL(page.url()).pathname.split('/')[2]);
    await visible(page.getByText('Pick a config file to edit.'));
    await page.getByRole('button', { name: /player\.json/ }).click();
    const editor = page.getByRole('textbox', { name: 'Content of player.json' });
    await editor.fill('{ "volume": 12 }');
    await visible(page.getByText('Unsaved changes'));

    await page.getByRole('link', { name: 'Clients' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await visible(leave);
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(`/devices/${deviceId}/configs`);

    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Config updated!').first());
    const configs = await admin.get(`/tvpi/devices/${deviceId}/configs/`);
    expect(configs.body.find((c: { name: string }) => c.name === 'player.json').content).toBe('{ "volume": 12 }');

    // The browser's back button asks too, while there are unsaved changes, and not once they are saved.
    await editor.fill('{ "volume": 13 }');
    await page.goBack();
    await visible(leave);
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(`/devices/${deviceId}/configs`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL('**/devices');
  });

  it('downloads the filtered devices as xlsx from the spec\'s call GET /tvpi/devices-xslx/, in the page\'s language', async () => {
    await ownDevice('xlsx-1', 'Sheet one');
    await ownDevice('xlsx-2', 'Sheet two');
    const sheet = `${marker}-xlsx`;
    // The search applies after its debounce: wait for the list asked with it, so that the download carries it too.
    const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === sheet);
    await search(sheet);
    await searched;
    await visible(page.getByRole('button', { name: `Open ${marker} Sheet two` }));
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/tvpi/devices-xslx/');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as xlsx' }).click()]);
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('search'), query.get('lang')]).toEqual([sheet, 'en']);
    expect(download.suggestedFilename()).toBe('devices.xlsx');
    const file = path.join(downloads, 'devices.xlsx');
    await download.saveAs(file);
    const rows = await readSheet(fs.readFileSync(file));
    expect(rows[0]!.slice(0, 4)).toEqual(['ID', 'SN', 'MAC address', 'Name']);
    expect(rows.slice(1).map((row) => [row[1], row[10]]).sort()).toEqual([[`${sheet}-1`, 'Offline'], [`${sheet}-2`, 'Offline']]);
  });

  it('says "Error generating the file, try again" when the server cannot build the xlsx, and the button comes back', async () => {
    // The failure is injected at the network: a server that fails on purpose does not exist.
    await page.route('**/api/v1/tvpi/devices-xslx/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom","code":"internal"}' }));
    await page.getByRole('button', { name: 'Download as xlsx' }).click();
    await visible(page.getByText('Error generating the file, try again').first());
    await visible(page.getByRole('button', { name: 'Download as xlsx' }));
    await page.unroute('**/api/v1/tvpi/devices-xslx/**');
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('500 (Internal Server Error)')));
  });

  it('says the device statistics could not be loaded, keeps the rest of the page working, and "Try again" brings them back', async () => {
    const device = await ownDevice('stats', 'Stats');
    await visible(page.getByRole('status', { name: 'Device statistics' }));
    const before = await counters();
    await page.route('**/api/v1/tvpi/devices/statistics**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom","code":"internal"}' }));
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The device statistics could not be loaded' });
    await visible(failure);
    expect(await failure.innerText()).toContain('The device statistics could not be loaded: Oops. Something went wrong. Try to reload page');
    // The list and its search keep working beside the message.
    await search(`${marker} stats`);
    await visible(page.getByRole('button', { name: `Open ${marker} Stats` }));
    await page.unroute('**/api/v1/tvpi/devices/statistics**');
    await admin.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false, user: 1 });
    await failure.getByRole('button', { name: 'Try again' }).click();
    await failure.waitFor({ state: 'detached' });
    await expect.poll(counters).toEqual({ active: before.active - 1, deactivated: before.deactivated + 1 });
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('500 (Internal Server Error)')));
  });

  it('shows a device online within seconds of a simulated player starting, and offline when it stops', async () => {
    const created = { body: await ownDevice('live', 'Live') };
    const player = startSimulatedPlayer({ server: e2e.server.origin, serial: created.body.sn, key: created.body.key, intervalMs: 500 });
    players.push(player);
    await search(`${marker} live`);
    const row = page.getByRole('row', { name: new RegExp(`${marker} Live`) });
    const refresh = page.getByRole('button', { name: 'Refresh' });
    const statusAfterRefresh = async () => {
      await refresh.click();
      return row.getByText(/^(Online|Offline|Disabled)$/).innerText();
    };
    await vi.waitFor(async () => expect(await statusAfterRefresh()).toBe('Online'), { timeout: 15_000, interval: 500 });
    await player.stop();
    await vi.waitFor(async () => expect(await statusAfterRefresh()).toBe('Offline'), { timeout: 15_000, interval: 500 });
    expect(unexpected(problems)).toEqual([]);
  });

  it('adopts a waiting player from /clients into a device, which then comes online', async () => {
    const serial = `${marker}-new`;
    players.push(startSimulatedPlayer({ server: e2e.server.origin, serial, key: null, intervalMs: 300 }));
    await page.goto('/devices');
    await page.getByRole('link', { name: 'Clients' }).click();
    const adopt = page.getByRole('button', { name: `Adopt ${serial}` });
    await vi.waitFor(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      expect(await adopt.count()).toBe(1);
    }, { timeout: 15_000, interval: 500 });
    await adopt.click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    expect(await dialog.getByRole('textbox', { name: 'SN' }).inputValue()).toBe(serial);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Device added: the player receives its key at its next hello').first());
    await adopt.waitFor({ state: 'detached' });
    await vi.waitFor(async () => {
      const listed = await admin.get(`/tvpi/devices/?search=${serial}`);
      expect(listed.body.results.map((d: { sn: string; status: string }) => [d.sn, d.status])).toEqual([[serial, 'online']]);
    }, { timeout: 15_000, interval: 300 });
    expect(unexpected(problems)).toEqual([]);
  });
  it('tags ten ticked devices in bulk, following the job to its end (issue 41)', async () => {
    const company = (await admin.get('/companies/')).body.results.find((c: { name: string }) => c.name === 'E2E Retail');
    const office = (await admin.get(`/branch-offices/?company=${company.id}`)).body.results[0];
    const ids: number[] = [];
    for (let index = 1; index <= 10; index += 1) {
      const created = await admin.post('/tvpi/devices/create/', { sn: `${marker}-bulk-${index}`, name: `${marker} bulk ${index}`, office: office.id, position: 'horizontal', user: 1 });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    await page.goto('/devices');
    await search(`${marker}-bulk`);
    // Every device shown is one of the ten (the unfiltered page, shown until the search applies, holds them too).
    await expect.poll(async () => page.getByRole('button', { name: /^Open / }).count(), { timeout: 15_000 }).toBe(10);
    expect(await page.getByRole('button', { name: new RegExp(`^Open ${marker} bulk`) }).count()).toBe(10);
    await page.getByRole('button', { name: 'Select this page' }).click();
    const bar = page.getByRole('group', { name: 'Selection' });
    await expect.poll(async () => bar.innerText(), { timeout: 15_000 }).toContain('10 devices selected');
    await page.getByRole('button', { name: 'Bulk actions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk action' });
    await dialog.getByRole('radio', { name: 'The 10 selected devices' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'The 10 selected devices' }).isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Action' }).selectOption('add_tags');
    // Nothing typed: said in words, nothing sent.
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await visible(dialog.getByText('Required'));
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('lobby');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const outcome = page.getByRole('dialog', { name: 'Bulk action finished' });
    await visible(outcome.getByText('Add tags: 10 of 10 devices handled.'));
    await visible(outcome.getByText('Every device succeeded.'));
    await outcome.getByRole('button', { name: 'Close' }).click();
    await visible(page.getByText('0 devices selected'));
    for (const id of ids) expect((await admin.get(`/tvpi/devices/${id}`)).body.tags).toEqual(['lobby']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('imports tags from a spreadsheet of serials and tags, naming the row whose serial is no device (issue 41)', async () => {
    const own = await admin.post('/tvpi/devices/create/', { sn: `${marker}-import-1`, name: `${marker} import 1`, user: 1 });
    expect(own.status).toBe(201);
    const file = path.join(downloads, 'tags.xlsx');
    await writeXlsxFile([['Serial number', 'Tags'], [`${marker}-import-1`, 'hall, floor-3'], [`${marker}-nobody`, 'lobby']]).toFile(file);
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Import tags…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import tags from a spreadsheet' });
    await dialog.getByLabel('Spreadsheet').setInputFiles(file);
    await visible(dialog.getByText('Tags set on 1 device.'));
    await visible(dialog.getByText(`Row 3 (${marker}-nobody): no device of yours has this serial number`));
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await admin.get(`/tvpi/devices/${own.body.id}`)).body.tags).toEqual(['hall', 'floor-3']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('filters tagged devices by tag, shows the chips, and makes a smart group "lobby" whose live preview counts them (issue 41)', async () => {
    const company = (await admin.get('/companies/')).body.results.find((c: { name: string }) => c.name === 'E2E Retail');
    const office = (await admin.get(`/branch-offices/?company=${company.id}`)).body.results[0];
    for (const index of [1, 2]) {
      expect((await admin.post('/tvpi/devices/create/', { sn: `${marker}-lobby-${index}`, name: `${marker} lobby ${index}`, office: office.id, tags: ['Lobby', `floor-${index}`], user: 1 })).status).toBe(201);
    }
    await page.goto('/devices');
    await search(marker);
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('LOBBY');
    await tags.press('Enter');
    await visible(page.getByRole('list', { name: '2 tags' }).first());
    await expect.poll(async () => page.getByRole('button', { name: new RegExp(`Open ${marker} lobby`) }).count(), { timeout: 15_000 }).toBe(2);

    await page.goto('/smart-groups');
    await page.getByRole('button', { name: 'New smart group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New smart group' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('lobby');
    await dialog.getByRole('combobox', { name: 'Company' }).selectOption({ label: 'E2E Retail' });
    await dialog.getByRole('textbox', { name: 'Any of the tags' }).fill('lobby');
    await visible(dialog.getByText('2 devices match now'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Smart group saved').first());
    await visible(page.getByRole('cell', { name: '2 devices' }).or(page.getByText('2 devices')).first());
    expect(unexpected(problems)).toEqual([]);
  });
});
