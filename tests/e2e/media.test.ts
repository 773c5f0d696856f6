import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { signInStored, signInThroughUi, startE2E, tempDir, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { createUserAndSignIn, grantGroup, signIn } from '../helpers/server.ts';

const run = promisify(execFile);

let e2e: E2E;
let dir: string;
let keep: string;
let cancel: string;

beforeAll(async () => {
  e2e = await startE2E();
  dir = tempDir('vitrine-e2e-media-');
  keep = path.join(dir, 'harbour.mp4');
  cancel = path.join(dir, 'city-at-night.mp4');
  const ffmpeg = ffmpegPath();
  // A small clip to keep, and a larger one (about 3 MB, high bitrate noise) that is still on the wire when cancelled.
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-pix_fmt', 'yuv420p', keep]);
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'nullsrc=s=640x360:d=3,geq=random(1)*255:128:128',
    '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', cancel,
  ]);
});
afterAll(async () => {
  await e2e?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function expectVisible(locator: Locator, timeout = 30_000) {
  await locator.waitFor({ state: 'visible', timeout });
  expect(await locator.isVisible()).toBe(true);
}

/** Slows the browser's uploads down so that progress can be watched and a file cancelled mid-way. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

const tempUploads = () => fs.readdirSync(path.join(e2e.server.dataDir, 'media', '.tmp'));

describe('media', () => {
  it('uploads two files with visible progress, cancels one, and the other becomes ready to play with a preview', async () => {
    const { page, problems } = await e2e.newPage();
    await signInStored(page, e2e.server);
    await page.goto('/media');
    await expectVisible(page.getByRole('heading', { name: 'Media', level: 1 }));
    await page.getByRole('button', { name: 'Add media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add media' });
    await dialog.getByLabel('Choose files').setInputFiles([cancel, keep]);
    const big = dialog.getByRole('listitem', { name: 'File city-at-night.mp4' });
    const small = dialog.getByRole('listitem', { name: 'File harbour.mp4' });
    // A new file is named after the file, extension kept (image.png and image.jpg stay apart), and stays editable.
    expect([await big.getByLabel('Name').inputValue(), await small.getByLabel('Name').inputValue()]).toEqual(['city-at-night.mp4', 'harbour.mp4']);
    await small.getByLabel('Name').fill('Harbour');
    const unthrottle = await throttleUploads(page, 256 * 1024);
    const bar = big.getByRole('progressbar', { name: 'Upload progress of city-at-night.mp4' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    // The big file moves: its progress bar passes 10 % while the small one waits its turn.
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(0.1);
    await expectVisible(big.getByText(/ of .*\(\d+%\)/));
    await expectVisible(small.getByText('Waiting', { exact: true }));
    await big.getByRole('button', { name: 'Cancel upload of city-at-night.mp4' }).click();
    await expectVisible(big.getByText('Cancelled', { exact: true }));
    await unthrottle();

    await expectVisible(small.getByText('Uploaded', { exact: true }));
    await expectVisible(dialog.getByText('1 uploaded, 0 failed, 1 cancelled.'));
    await expectVisible(page.getByText('Successfully added').first());
    await dialog.getByRole('button', { name: 'Close' }).click();

    const table = page.getByRole('table', { name: 'Media files' });
    const row = table.getByRole('row').filter({ hasText: 'Harbour' });
    await expectVisible(row.getByText('Ready to play'), 60_000);
    expect(await table.getByRole('row').filter({ hasText: 'city-at-night' }).count()).toBe(0);
    // The cancelled request left nothing behind on the server.
    await expect.poll(tempUploads, { timeout: 10_000, interval: 100 }).toEqual([]);

    await row.getByRole('link', { name: 'Harbour' }).click();
    await page.waitForURL(/\/media\/\d+$/);
    await expectVisible(page.getByRole('heading', { name: 'Harbour', level: 1 }));
    await expectVisible(page.getByRole('img', { name: 'Preview of Harbour' }));
    const info = page.getByRole('table', { name: 'Information' });
    await expectVisible(info.getByRole('row').filter({ hasText: 'Resolution' }).getByText('320x240'));
    await expectVisible(page.getByText('The file is ready to play.'));
    for (const usage of ['Playlists', 'Campaigns', 'Events']) await expectVisible(page.getByRole('region', { name: usage }).getByText('Not used'));

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Harbour”' });
    await expectVisible(confirm.getByText('Are you sure you want to delete? The delete operation cannot be undone!'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/media');
    await expectVisible(page.getByText('Successfully removed').first());
    await expectVisible(page.getByText('No media files yet. Add some with “Add media”.'));
    expect(problems).toEqual([]);
  });

  it('asks before leaving the page while files upload', async () => {
    const { page } = await e2e.newPage();
    await signInThroughUi(page, 'admin', e2e.server.adminPassword);
    // Arrive through the app, so that going back stays inside it.
    const nav = page.getByRole('navigation');
    await nav.getByRole('button', { name: 'Media' }).click();
    await nav.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL('**/media');
    await page.getByRole('button', { name: 'Add media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add media' });
    await dialog.getByLabel('Choose files').setInputFiles([cancel]);
    const unthrottle = await throttleUploads(page, 128 * 1024);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('Uploading', { exact: true }));

    await page.evaluate(() => window.history.back());
    const ask = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expectVisible(ask);
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/media');
    await expectVisible(dialog.getByText('Uploading', { exact: true }));

    // Closing the tab asks too (the browser's own beforeunload prompt).
    const prompt = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel all' }).click();
    await expectVisible(dialog.getByText('Cancelled', { exact: true }));
    await unthrottle();
  });

  it('renews a refused access token during an upload with the shared refresh procedure', async () => {
    const { page, problems } = await e2e.newPage();
    await signInStored(page, e2e.server);
    await page.goto('/media');
    await page.getByRole('button', { name: 'Add media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add media' });
    await dialog.getByLabel('Choose files').setInputFiles([keep]);
    await dialog.getByLabel('Name').fill('Renewed');
    // The server refuses this access token (bad signature): the upload answers 401 first.
    const stale = await page.evaluate(() => {
      const access = localStorage.getItem('access')!;
      localStorage.setItem('access', `${access.slice(0, -4)}AAAA`);
      return localStorage.getItem('access');
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('Uploaded', { exact: true }));
    const renewed = await page.evaluate(() => localStorage.getItem('access'));
    expect(renewed).not.toBe(stale);
    expect(renewed).not.toBeNull();
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });

  it('edits a file from the list', async () => {
    const created = await e2eUpload(keep, 'Menu board');
    const { page } = await e2e.newPage();
    await signInStored(page, e2e.server);
    await page.goto('/media');
    await page.getByRole('button', { name: 'Edit Menu board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit media' });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(dialog.getByText('This field is required'));
    await dialog.getByLabel('Name').fill('Menu board (winter)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByRole('table', { name: 'Media files' }).getByRole('link', { name: 'Menu board (winter)' }));
    expect(created).toBeGreaterThan(0);
  });
});

describe('datasets', () => {
  it('uploads a LibreOffice spreadsheet through the dialog, keeps what was typed when the server refuses a file, lists its rows, edits them (a cell, a row deleted after the confirmation) into version 2, deletes it after the confirmation, and meets the house standard', async () => {
    const { page } = await e2e.newPage();
    await signInStored(page, e2e.server);
    await page.goto('/datasets');
    await expectVisible(page.getByText('No datasets yet.', { exact: false }));
    await page.getByRole('button', { name: 'New dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dataset' });
    await dialog.getByLabel('Name').fill('Lunch menu');
    // Looks like a spreadsheet by its name and first bytes, but is none: the server says so under the file, the name stays.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'broken.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0]) });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectVisible(dialog.getByText('The file is not a spreadsheet Vitrine can read'));
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Lunch menu');
    await dialog.locator('input[type=file]').setInputFiles(path.resolve(import.meta.dirname, '../fixtures/menu-libreoffice.xlsx'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectVisible(page.getByText('Dataset “Lunch menu” created with 25 rows').first());
    const table = page.getByRole('table', { name: 'Datasets' });
    await expectVisible(table.getByText('25 rows'));
    await expectVisible(table.getByText('File menu-libreoffice.xlsx'));
    await expectVisible(table.getByText('Dish, Price, Served from'));
    expect(await checkScreen(page, { path: '/datasets', ready: (p) => p.getByText('Lunch menu').first().waitFor({ state: 'visible' }) })).toEqual(CLEAN_REPORT);

    // Its rows, edited: a price changed, the second row deleted after the confirmation, saved as version 2.
    await page.getByRole('button', { name: 'Rows of Lunch menu' }).click();
    const rows = page.getByRole('dialog', { name: 'Rows of Lunch menu' });
    await expectVisible(rows.getByText('Version 1'));
    const second = await rows.getByRole('textbox', { name: 'Row 2, Dish', exact: true }).inputValue();
    await rows.getByRole('textbox', { name: 'Row 1, Price', exact: true }).fill('9.50');
    await rows.getByRole('button', { name: 'Delete row 2', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete row 2?' }).getByRole('button', { name: 'Delete' }).click();
    expect(await rows.getByRole('textbox', { name: 'Row 2, Dish', exact: true }).inputValue()).not.toBe(second);
    await rows.getByRole('button', { name: 'Save rows' }).click();
    await expectVisible(rows.getByText('Version 2'));
    await expectVisible(rows.getByText('24 rows', { exact: true }));
    const admin = (await signIn(e2e.server)).client;
    const id = (await admin.get('/datasets/?search=Lunch')).body.results[0].id;
    const stored = (await admin.get(`/datasets/${id}`)).body;
    expect([stored.version, stored.row_count, stored.rows[0][1], stored.rows.some((row: unknown[]) => row[0] === second)]).toEqual([2, 24, '9.50', false]);
    await rows.getByRole('button', { name: 'Close' }).click();
    await expectVisible(page.getByText('24 rows', { exact: true }));
    const opens = (p: Page) => p.getByRole('button', { name: /^(Rows of|Строки набора) Lunch menu$/ }).click();
    expect(await checkScreen(page, { path: '/datasets', ready: (p) => p.getByText('Lunch menu').first().waitFor({ state: 'visible' }), prepare: opens })).toEqual(CLEAN_REPORT);
    await page.goto('/datasets');
    await page.getByRole('button', { name: 'Delete Lunch menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('No datasets yet.', { exact: false }));
  });
});

describe('directory', () => {
  it('adds a query with the value format checked, then deactivates it', async () => {
    const { page, problems } = await e2e.newPage();
    await signInStored(page, e2e.server);
    await page.goto('/directory');
    await page.getByRole('button', { name: 'Add query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add query' });
    await dialog.getByLabel('Name').fill('Lobby Full HD');
    await dialog.getByLabel('Value').fill('1920x1080');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(dialog.getByText(/Write the value as/));
    await dialog.getByLabel('Value').fill('1920 x 1080 @ fps=30 @ x264');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('table', { name: 'Encoding queries' }).getByRole('row').filter({ hasText: 'Lobby Full HD' });
    await expectVisible(row.getByText('1920 x 1080 @ fps=30 @ x264'));
    await expectVisible(row.getByText('Active'));
    await row.getByRole('button', { name: 'Deactivate Lobby Full HD' }).click();
    await expectVisible(row.getByText('Inactive'));
    expect(problems).toEqual([]);
  });

  it('is hidden from a user other than the administrator', async () => {
    const operator = await createUserAndSignIn(e2e.server, 'media-operator', 'operator-password');
    await grantGroup(e2e.server, operator.id);
    const { page } = await e2e.newPage();
    await signInThroughUi(page, 'media-operator', 'operator-password');
    await page.getByRole('navigation').getByRole('button', { name: 'Media' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Directory' }).count()).toBe(0);
    await page.goto('/directory');
    await expectVisible(page.getByRole('heading', { name: 'Page not found' }));
  });
});

/** Uploads through the API as the administrator; answers the new file's id. */
async function e2eUpload(file: string, name: string): Promise<number> {
  const admin = await signIn(e2e.server);
  const form = new FormData();
  form.append('src_file[0]', await fs.openAsBlob(file), path.basename(file));
  form.append('file_info', JSON.stringify([{ name, screen_position: 'horizontal', device_type: 'tvpi' }]));
  const response = await admin.client.post('/media/files/create/', form);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return response.body[0].id;
}
