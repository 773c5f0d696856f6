import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet, play, postPlays, type Fleet } from '../api/statistics.helpers.ts';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';
import { statisticsTimeZone } from '../../server/domain/statistics.ts';

/**
 * Issue 26.15, what a new operator met on the statistics tabs, in Chromium against the real server: two media files of
 * one name are two bars (and two series), a legend keeps a name's case, Charts and Compare write an hour alike and in the
 * chosen language, the plays-per-device axis counts in whole plays, the live table names its time zone, and the Date and
 * Period fields of both forms keep apart at 360, 500 and 1280 px.
 */

let e2e: E2E;
let page: Page;
let problems: string[];
let fleet: Fleet;
let day: string;
/** Plays of device 0 and device 1 (device 0 plays the first file, device 1 the second: both named PROMO). */
const PLAYS = [3, 5];
const PROMO = 'promo';
const LOBBY = 'vp9 lobby';

beforeAll(async () => {
  e2e = await startE2E();
  const { client } = await signIn(e2e.server);
  fleet = await createFleet(e2e.server, client, 2, 2);
  await e2e.server.ctx.db.execute(sql`UPDATE media_files SET name = ${PROMO} WHERE id = ANY(${`{${fleet.media.join(',')}}`}::int[])`);
  expect((await client.put(`/tvpi/devices/${fleet.devices[0]!.id}`, { name: LOBBY, user: 1 })).status).toBe(200);
  // A few minutes ago (inside the live report's 15 minutes), all on one day of the server's zone.
  const recent = new Date(Date.now() - 5 * 60_000);
  const base = recent.getHours() === 0 && recent.getMinutes() < 2 ? new Date(recent.getFullYear(), recent.getMonth(), recent.getDate(), 0, 0, -1) : recent;
  day = `${base.getFullYear()}-${String(base.getMonth() + 1).padStart(2, '0')}-${String(base.getDate()).padStart(2, '0')}`;
  for (const [index, device] of fleet.devices.entries()) {
    const plays = Array.from({ length: PLAYS[index]! }, (_, n) => play(fleet, `walk-${index}-${n}`, new Date(base.getTime() - n * 15_000), 10, fleet.media[index]!));
    expect((await postPlays(e2e.server, device, plays)).body).toEqual({ accepted: PLAYS[index], duplicates: 0, refused: [] });
  }
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const section = (name: string) => page.getByRole('region', { name, exact: true });
/** The tick labels of a chart's axis (`.tick text` of the axis group), as drawn. */
const ticks = (chart: Locator, axis: 'x' | 'y') => chart.locator(`g[class*="${axis}Axis"] .tick text`).allTextContents();
const chartsPath = () => `/statistics?campaign=${fleet.campaign.id}&date=${day}&period=24`;

async function setLanguage(label: 'Eng' | 'Рус', lang: 'en' | 'ru') {
  await page.getByRole('combobox', { name: /^(Language|Язык)$/ }).selectOption({ label });
  await page.waitForFunction((value) => document.documentElement.lang === value, lang);
}

/** The gap between two boxes: vertical when one is below the other, else horizontal. */
async function gapBetween(first: Locator, second: Locator): Promise<number> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) throw new Error('a field is not laid out');
  if (b.y >= a.y + a.height - 1) return b.y - (a.y + a.height);
  return b.x - (a.x + a.width);
}

describe('the Charts tab', () => {
  it('draws two bars for two files of one name, each named with its id, and counts plays per device in whole plays', async () => {
    await page.goto(chartsPath());
    const media = section('Plays per media');
    await visible(media.locator('svg'));
    await expect.poll(() => ticks(media, 'y'), { timeout: 30_000 }).toEqual([`${PROMO} #${fleet.media[0]}`, `${PROMO} #${fleet.media[1]}`]);
    const devices = section('Plays per device');
    await visible(devices.locator('svg'));
    const deviceTicks = await ticks(devices, 'x');
    expect(deviceTicks.length).toBeGreaterThan(1);
    expect(deviceTicks.filter((tick) => !/^\d+$/.test(tick))).toEqual([]);
  });

  it('writes the hours of the axis in the chosen language, and the live table says which zone its times are in', async () => {
    await page.goto(chartsPath());
    const hours = section('Plays per hour');
    await visible(hours.locator('svg'));
    // English: month/day as the Date field reads (not the day first, as before), a 24-hour clock; Russian: day.month.
    const [, month, date] = day.split('-');
    await expect.poll(async () => (await ticks(hours, 'x'))[0], { timeout: 30_000 }).toBe(`${month}/${date}, 00:00`);
    expect((await ticks(hours, 'x')).filter((tick) => !/^\d{2}\/\d{2}, \d{2}:\d{2}$/.test(tick))).toEqual([]);
    const zone = statisticsTimeZone();
    const live = section('Live: the last 15 minutes');
    await visible(live.getByRole('table'));
    await visible(live.getByText(`Times in the server's time zone: ${zone}`));
    await setLanguage('Рус', 'ru');
    await expect.poll(async () => (await ticks(section('Показы по часам'), 'x'))[0], { timeout: 30_000 }).toBe(`${date}.${month}, 00:00`);
    await visible(section('В реальном времени: последние 15 минут').getByText(`Время в часовом поясе сервера: ${zone}`));
    await setLanguage('Eng', 'en');
  });
});

describe('the Compare tab', () => {
  it('keeps names as written, tells two files of one name apart, and writes an hour as the Charts tab does', async () => {
    const list = [
      { kind: 'device', id: fleet.devices[0]!.id, name: LOBBY },
      { kind: 'media', id: fleet.media[0], name: PROMO },
      { kind: 'media', id: fleet.media[1], name: PROMO },
    ];
    await page.evaluate((entities) => localStorage.setItem('statistics.compare.1', JSON.stringify(entities)), list);
    await page.goto('/statistics/compare');
    await page.getByRole('textbox', { name: 'Date' }).fill(`${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`);
    const legend = page.getByRole('listbox', { name: 'Legends' });
    await visible(legend);
    await expect
      .poll(() => legend.getByRole('option').allInnerTexts(), { timeout: 30_000 })
      .toEqual([`Device: ${LOBBY}`, `Media: ${PROMO} #${fleet.media[0]}`, `Media: ${PROMO} #${fleet.media[1]}`]);
    const table = page.getByRole('table', { name: 'Plays per hour, as a table' });
    const compareHours = (await table.getByRole('row').allInnerTexts()).slice(1, -1).map((row) => row.split('\t')[0]!.trim());
    await page.goto(chartsPath());
    await page.getByRole('switch', { name: 'Show charts as tables' }).check();
    const chartsHours = (await page.getByRole('table', { name: 'Plays per hour' }).getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t')[0]!.trim());
    expect(compareHours).toHaveLength(24);
    expect(compareHours).toEqual(chartsHours);
  });
});

describe('the forms at 360, 500 and 1280 px', () => {
  it.each([360, 500, 1280])('%i px: the Date and Period fields of Charts and Compare do not touch', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [chartsPath(), '/statistics/compare']) {
      await page.goto(path);
      const date = page.getByRole('textbox', { name: 'Date' });
      const period = page.getByRole('spinbutton', { name: 'Period, hours' });
      await visible(date);
      // The inputs as drawn (their Fluent wrappers, border included).
      const box = (control: Locator) => control.locator('xpath=..');
      expect(await gapBetween(box(date), box(period)), `${path} at ${width}`).toBeGreaterThanOrEqual(8);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(problems.filter((line) => !/status of 4\d\d/.test(line))).toEqual([]);
  });
});
