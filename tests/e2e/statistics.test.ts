import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { apiClient, signIn } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from '../api/media-fixtures.ts';
import { startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';

/**
 * Issue 17, the Charts tab in Chromium against the real server: a simulated fleet of two screens plays a published
 * campaign (their players report every play with POST /player/plays/); the live report ticks while they play; the
 * charts' table view shows the campaign's plays per device and media with the counts the API answers; then the house
 * standard on /statistics. (The Compare and Unloads tabs have their own browser test.)
 */

let e2e: E2E;
let page: Page;
let problems: string[];
let admin: Awaited<ReturnType<typeof signIn>>['client'];
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
const players: SimulatedPlayer[] = [];
const CAMPAIGN = 'Зимняя распродажа: витрины торговых залов, все регионы страны, неделя 48';
const ids = { campaign: 0, media: 0, devices: [] as number[], serials: [] as string[], keys: [] as string[] };

const ymd = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
/** A date as the page types it in English (MM/DD/YYYY). */
const typed = (date: Date) => `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
// Yesterday and 48 hours: today's plays are inside the period even if the test runs across midnight.
const yesterday = new Date(Date.now() - 86_400_000);
const PERIOD = 48;

beforeAll(async () => {
  e2e = await startE2E();
  fixtures = await makeFixtures();
  const session = await signIn(e2e.server);
  admin = session.client;
  const company = await admin.post('/companies/create/', { name: 'Statistics Retail', user: 1 });
  const office = await admin.post('/branch-offices/create/', { company: company.body.id, name: 'Statistics Central', user: 1 });
  for (const key of ['a', 'b']) {
    const created = await admin.post('/tvpi/devices/create/', { sn: `STATS-${process.pid}-${key}`, name: `Window screen ${key}`, position: 'horizontal', office: office.body.id, user: 1 });
    expect(created.status).toBe(201);
    ids.devices.push(created.body.id);
    ids.serials.push(created.body.sn);
    ids.keys.push(created.body.key);
  }
  const campaign = await admin.post('/campaigns/create/', { name: CAMPAIGN, screen_position: 'horizontal', user: 1 });
  ids.campaign = campaign.body.id;
  expect((await admin.put(`/campaigns/${ids.campaign}/devices/`, { devices: ids.devices, user: 1 })).status).toBe(200);
  const upload = await apiClient(e2e.server, session.access).post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Winter banner', { screen_position: 'horizontal' })]));
  expect(upload.status).toBe(201);
  ids.media = upload.body[0].id;
  await vi.waitFor(async () => expect((await admin.get(`/media/files/${ids.media}`)).body.status).not.toBe('processing'), { timeout: 60_000, interval: 500 });
  const event = await admin.post('/scheduler/events/create/', {
    campaign: ids.campaign,
    title: 'Banner all day',
    media: ids.media,
    start_date: ymd(yesterday),
    end_date: ymd(new Date(Date.now() + 2 * 86_400_000)),
    all_day: true,
    duration: 2,
    devices: ids.devices,
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  expect((await admin.post(`/scheduler/publish/${ids.campaign}/`, {})).status).toBe(200);
  // 600 newer campaigns: the list answers newest first, so this one lies beyond any first page of 500 (the picker searches).
  await e2e.server.ctx.db.execute(sql`INSERT INTO campaigns (name, screen_position) SELECT 'Filler campaign ' || g, 'horizontal' FROM generate_series(1, 600) g`);
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
}, 180_000);
afterAll(async () => {
  await Promise.all(players.map((player) => player.stop()));
  await e2e?.close();
  if (fixtures) fs.rmSync(fixtures.dir, { recursive: true, force: true });
});

const visible = (locator: ReturnType<Page['getByText']>) => locator.first().waitFor({ state: 'visible' });
const unexpected = (list: string[]) => list.filter((line) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(line));
const livePlays = async () => Number((await page.getByRole('status', { name: 'Plays in the last 15 minutes' }).innerText()).replace(/\D/g, '') || '-1');
const statistics = async () => (await admin.get(`/statistics/?campaign=${ids.campaign}&date=${ymd(yesterday)}&period=${PERIOD}`)).body;

describe('the Charts tab', () => {
  it('asks for a campaign before any statistics: "Statistics require a date and a campaign"', async () => {
    await page.goto('/statistics');
    await visible(page.getByRole('heading', { name: 'Statistics', level: 1 }));
    const tabs = page.getByRole('navigation', { name: 'Statistics sections' });
    await visible(tabs.getByRole('link', { name: 'Charts' }));
    expect(await tabs.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe('/statistics/compare');
    expect(await tabs.getByRole('link', { name: 'Unloads' }).getAttribute('href')).toBe('/statistics/unloads');
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Statistics require a date and a campaign' }));
    await visible(page.getByText('Choose a campaign, the first day and the period in hours, then press Show.'));
  });

  it('the live report ticks while a simulated fleet plays the published campaign', async () => {
    await page.goto('/statistics');
    const live = page.getByRole('status', { name: 'Plays in the last 15 minutes' });
    await visible(page.getByText('No plays in the last 15 minutes'));
    const before = await livePlays();
    expect(before).toBe(0);
    for (const [index, serial] of ids.serials.entries()) {
      players.push(startSimulatedPlayer({ server: e2e.server.origin, serial, key: ids.keys[index]!, intervalMs: 300, plays: { speed: 10, reportMs: 300 } }));
    }
    // The page polls every 5 seconds: the number rises without a reload.
    await expect.poll(livePlays, { timeout: 60_000, interval: 250 }).toBeGreaterThan(before);
    const first = await livePlays();
    await expect.poll(livePlays, { timeout: 60_000, interval: 250 }).toBeGreaterThan(first);
    await visible(page.getByRole('table', { name: 'Latest plays' }).getByRole('row').filter({ hasText: 'Winter banner' }));
    expect(await live.count()).toBe(1);
  });

  it('shows the campaign\'s plays per hour, device and media with the counts the API answers, as tables too', async () => {
    // Enough plays from both screens, then the fleet stops (its last plays flushed), so the count holds still.
    await vi.waitFor(async () => expect((await statistics()).devices.length).toBe(2), { timeout: 60_000, interval: 500 });
    await Promise.all(players.splice(0).map((player) => player.stop()));
    const answer = await statistics();
    expect(answer.total.plays).toBeGreaterThan(2);

    await page.goto('/statistics');
    // Typing asks the server: a campaign behind 600 newer ones is found by a part of its name.
    const picker = page.getByRole('combobox', { name: 'Campaign' });
    await picker.click();
    await visible(page.getByRole('option', { name: 'Filler campaign 600', exact: true }));
    expect(await page.getByRole('option', { name: CAMPAIGN }).count()).toBe(0);
    await picker.fill('распродажа: витрины');
    await page.getByRole('option', { name: CAMPAIGN }).click();
    await page.getByRole('textbox', { name: 'Date' }).fill(typed(yesterday));
    await page.getByRole('spinbutton', { name: 'Period, hours' }).fill('745');
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByText('The period is from 1 to 744 hours'));
    await page.getByRole('spinbutton', { name: 'Period, hours' }).fill(String(PERIOD));
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByRole('heading', { name: 'Plays per device' }));
    await visible(page.getByText(`${answer.total.plays} plays in 48 hours`, { exact: false }));

    await page.getByRole('switch', { name: 'Show charts as tables' }).check();
    const rows = async (name: string) =>
      (await page.getByRole('table', { name }).getByRole('row').allInnerTexts()).slice(1).map((text) => text.split('\t').map((cell) => cell.trim()));
    const devices = await rows('Plays per device');
    expect(Object.fromEntries(devices.map(([name, plays]) => [name, Number(plays!.replace(/\D/g, ''))]))).toEqual(
      Object.fromEntries(answer.devices.map((row: { name: string; plays: number }) => [row.name, row.plays])),
    );
    expect((await rows('Plays per media')).map(([name, plays]) => [name, Number(plays!.replace(/\D/g, ''))])).toEqual([['Winter banner', answer.total.plays]]);
    const hours = await rows('Plays per hour');
    expect(hours).toHaveLength(PERIOD);
    expect(hours.reduce((sum, [, plays]) => sum + Number(plays!.replace(/\D/g, '')), 0)).toBe(answer.total.plays);

    // The address names the statistics shown: a reload shows them again.
    expect(new URL(page.url()).search).toBe(`?campaign=${ids.campaign}&date=${ymd(yesterday)}&period=${PERIOD}`);
    await page.reload();
    await visible(page.getByText(`${answer.total.plays} plays in 48 hours`, { exact: false }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Campaign' }).inputValue(), { timeout: 30_000 }).toBe(CAMPAIGN);
    await page.getByRole('switch', { name: 'Show charts as tables' }).check();

    // The xlsx of what is shown, built in the browser.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download xlsx' }).click()]);
    expect(download.suggestedFilename()).toBe('statistics.xlsx');
    const { default: readExcelFile } = await import('read-excel-file/node');
    // Read from the download's stream: path() throws on the shared Chromium the browser tests connect to.
    const bytes: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) bytes.push(chunk as Buffer);
    const sheets = await readExcelFile(Buffer.concat(bytes));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['By hour', 'By device', 'By media']);
    expect(sheets[2]!.data).toEqual([['Media', 'Plays', 'Seconds played'], ['Winter banner', answer.total.plays, answer.total.seconds]]);
    expect(sheets[0]!.data.length).toBe(PERIOD + 1);
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('failures and a hidden tab', () => {
  it('a failed load says "Error while getting statistics" and Try again loads the same statistics', async () => {
    const statisticsCall = (url: URL) => url.pathname.endsWith('/statistics/');
    await page.route(statisticsCall, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Down for a moment.', code: 'server_error' }) }));
    await page.goto(`/statistics?campaign=${ids.campaign}&date=${ymd(yesterday)}&period=${PERIOD}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Error while getting statistics' });
    await visible(alert);
    // The picker names the address's campaign though no statistics answered: it was read by id.
    await expect.poll(() => page.getByRole('combobox', { name: 'Campaign' }).inputValue(), { timeout: 30_000 }).toBe(CAMPAIGN);
    await page.unroute(statisticsCall);
    const [request] = await Promise.all([page.waitForRequest((r) => statisticsCall(new URL(r.url()))), alert.getByRole('button', { name: 'Try again' }).click()]);
    expect(new URL(request.url()).searchParams.get('campaign')).toBe(String(ids.campaign));
    await visible(page.getByRole('heading', { name: 'Plays per device' }));
    await alert.waitFor({ state: 'detached' });
  });

  it('the live report pauses while the browser tab is hidden and asks again as soon as it shows', async () => {
    await page.goto('/statistics');
    await visible(page.getByText('Updated at', { exact: false }));
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await visible(page.getByText('Paused while this browser tab is hidden'));
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/statistics/live/')), setVisibility('visible')]);
    expect(request.method()).toBe('GET');
    await page.getByText('Paused while this browser tab is hidden').waitFor({ state: 'detached' });
  });
});

describe('the house standard on /statistics', () => {
  it('360 and 500 px in English and Russian, axe in the six themes', async () => {
    const path = `/statistics?campaign=${ids.campaign}&date=${ymd(yesterday)}&period=${PERIOD}`;
    // Three charts and the live report: the statistics have loaded.
    const ready = (p: Page) => p.getByRole('heading', { level: 2 }).nth(3).waitFor();
    expect(await checkScreen(page, { path, ready, themes: ['DEFAULT', 'DARK', 'LIGHT', 'BLUE', 'GREEN', 'INDIGO'] })).toEqual(CLEAN_REPORT);
  });
});
