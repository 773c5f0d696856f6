import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpegPath } from '../../server/media/tools.ts';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { apiClient, signIn } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from '../api/media-fixtures.ts';

/**
 * Issue 12, "the SPA hides what a user may not do": in a real Chromium, a user whose group has view on devices, media,
 * playlists, campaigns and the company sees those screens' data and no write control (media, playlists and a playlist,
 * campaigns and a campaign's devices, both schedulers, the company screens, navigation and a device map, where a drag
 * moves nothing); a user with none on an area has no sidebar entry for it and its address says "No access" without a
 * request; a right taken away under an open form refuses the save with a translated message and keeps what was typed.
 * /devices is covered by access.test.ts. One set of users and data serves every step.
 */

let e2e: E2E;
let admin: ReturnType<typeof apiClient>;
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
const PASSWORD = 'aurora-screens-42';
const ids = {} as Record<'company' | 'office' | 'department' | 'device' | 'media' | 'playlist' | 'campaign' | 'event' | 'object' | 'editors' | 'viewers' | 'outsiders', number>;

const VIEW = { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', statistics: 'none', company: 'view' };
const EDIT = { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'none', company: 'edit' };
const ymd = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

beforeAll(async () => {
  [e2e, fixtures] = await Promise.all([startE2E(), makeFixtures()]);
  admin = (await signIn(e2e.server)).client;
  const company = await admin.post('/companies/create/', { name: 'Aurora Screens', user: 1 });
  ids.company = company.body.id;
  ids.department = (await admin.post('/departments/create/', { company: ids.company, name: 'Aurora marketing' })).body.id;
  ids.office = (await admin.post('/branch-offices/create/', { company: ids.company, name: 'Aurora hall', timezone: 'Europe/Moscow' })).body.id;
  ids.device = (await admin.post('/tvpi/devices/create/', { sn: `ACCESS-SCREENS-${process.pid}`, name: 'Aurora lobby screen', position: 'horizontal', office: ids.office, user: 1 })).body.id;
  for (const [key, name, permissions] of [['editors', 'Aurora editors', EDIT], ['viewers', 'Aurora viewers', VIEW], ['outsiders', 'Aurora devices only', { devices: 'view' }]] as const) {
    const group = await admin.post('/groups/create/', { name, companies: [ids.company], permissions });
    expect(group.status).toBe(201);
    ids[key] = group.body.id;
  }
  for (const [username, group] of [['aurora.editor', ids.editors], ['aurora.viewer', ids.viewers], ['aurora.outsider', ids.outsiders]] as const) {
    expect((await admin.post('/users/', { username, password: PASSWORD, groups: [group], user: 1 })).status).toBe(201);
  }
  // The editor makes the content, so it belongs to the company.
  const editor = await signIn(e2e.server, 'aurora.editor', PASSWORD);
  const upload = await editor.client.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Aurora banner')]));
  expect(upload.status).toBe(201);
  ids.media = upload.body[0].id;
  await vi.waitFor(async () => expect((await admin.get(`/media/files/${ids.media}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 300 });
  ids.playlist = (await editor.client.post('/media/play_lists/create/', { name: 'Aurora loop', screen_position: 'horizontal' })).body.id;
  expect((await editor.client.post('/media/play_list_tracks/create/', { playlist: ids.playlist, media: ids.media })).status).toBe(201);
  ids.campaign = (await editor.client.post('/campaigns/create/', { name: 'Aurora winter', screen_position: 'horizontal', user: 1 })).body.id;
  expect((await editor.client.put(`/campaigns/${ids.campaign}/devices/`, { devices: [ids.device], user: 1 })).status).toBe(200);
  const today = ymd(new Date());
  const event = await editor.client.post('/scheduler/events/create/', {
    campaign: ids.campaign, title: 'Aurora morning', playlist: ids.playlist, start_date: today, start_time: '09:00', end_date: today, end_time: '11:00', devices: [ids.device],
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  ids.event = event.body.id;
  const layout = path.join(fixtures.dir, 'floor.png');
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0xd0d0d0:s=800x600', '-frames:v', '1', layout]);
  const form = new FormData();
  form.append('office', String(ids.office));
  form.append('name', 'Aurora floor');
  form.append('layout', await fs.openAsBlob(layout), 'floor.png');
  const object = await editor.client.post('/navigation/objects/create/', form);
  expect(object.status, JSON.stringify(object.body)).toBe(201);
  ids.object = object.body.id;
  expect((await editor.client.post('/navigation/markers/create/', { object: ids.object, kind: 'toilet', x: 0.3, y: 0.4 })).status).toBe(201);
  expect((await editor.client.put(`/navigation/devices/${ids.device}/`, { object: ids.object, x: 0.5, y: 0.5, comment: 'By the lifts' })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  if (fixtures) fs.rmSync(fixtures.dir, { recursive: true, force: true });
});

async function signedInAs(username: string) {
  const { page, problems } = await e2e.newPage();
  await signInThroughUi(page, username, PASSWORD);
  return { page, problems };
}

/** The buttons, menu items and form controls in the page's content (not the sidebar or the top bar), as "name" or "name (disabled)". */
async function controls(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .locator('button, [role="menuitem"], input, textarea, select, [role="combobox"], [role="checkbox"], [role="slider"]')
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => `${el.getAttribute('aria-label') ?? (el.textContent ?? '').trim()}${(el as HTMLInputElement).disabled ? ' (disabled)' : ''}${(el as HTMLInputElement).readOnly ? ' (read-only)' : ''}`),
    );
}

/** Names of writes: none of them may be offered to a view-only user. */
const WRITE = /^(Add|Upload|Edit|Delete|Remove|Rename|Commit|Save|Discard|Publish|Apply|Send|Move|Activate|Deactivate|Retry processing|Schedule)\b/;
const writes = (names: string[]) => names.filter((name) => WRITE.test(name));

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('screens of a view-only user', () => {
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ page, problems } = await signedInAs('aurora.viewer'));
  });

  it('media and playlists: the data, no upload, edit, delete, add, commit or reorder', async () => {
    await expect.poll(() => sidebar(page).getByRole('button').allInnerTexts()).toEqual(['Devices', 'Campaigns', 'Media', 'Playlists', 'Company', 'Navigation']);

    await page.goto('/media');
    await page.getByRole('link', { name: 'Aurora banner' }).first().waitFor();
    expect(await controls(page)).toEqual(['Refresh', 'Search media', 'Previous page (disabled)', 'Next page (disabled)']);

    await page.goto(`/media/${ids.media}`);
    await page.getByRole('heading', { name: 'Aurora banner' }).waitFor();
    expect(await controls(page)).toEqual(['Refresh']);

    await page.goto('/playlists');
    await page.getByRole('link', { name: 'Aurora loop' }).first().waitFor();
    expect(writes(await controls(page))).toEqual([]);
    expect(await page.getByRole('button', { name: /Aurora loop/ }).count()).toBe(0);

    await page.goto(`/playlists/${ids.playlist}`);
    await page.getByRole('list', { name: /^Tracks of / }).getByText('Aurora banner').waitFor();
    await page.getByText('View only: your groups let you see this but not change it.').waitFor();
    // The order and the image's seconds are shown; nothing moves, goes or is added.
    expect(await controls(page)).toEqual(['Seconds for Aurora banner (disabled)']);
  });

  it('campaigns and both schedulers: the events, no add, edit, delete, publish, drag or playlists panel', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Actions for Aurora winter' }).waitFor();
    expect(writes(await controls(page))).toEqual([]);
    await page.getByRole('button', { name: 'Actions for Aurora winter' }).click();
    await page.getByRole('menuitem').first().waitFor();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Report']);
    await page.keyboard.press('Escape');

    await page.goto(`/campaigns/${ids.campaign}/devices`);
    await page.getByText('Aurora lobby screen').first().waitFor();
    expect(writes(await controls(page))).toEqual([]);
    expect(await page.getByRole('checkbox').count()).toBe(0);

    const today = (await admin.get(`/scheduler/events/${ids.event}`)).body.start_date as string; // its day, though midnight passed since beforeAll
    for (const url of [`/campaigns/${ids.campaign}/scheduler`, `/scheduler?campaign=${ids.campaign}`]) {
      await page.goto(url);
      const day = page.locator(`[data-date="${today}"]`).first();
      const event = day.locator('[title^="Aurora morning"]');
      await event.waitFor();
      await page.getByText('View only: your groups let you see this but not change it.').waitFor();
      expect(writes(await controls(page))).toEqual([]);
      expect(await page.getByTestId('panel-playlist').count()).toBe(0);
      // A drag of the event to a week later (or earlier) leaves it where it is; a click on it or on a day opens no form.
      let target = page.locator(`[data-date="${ymd(new Date(Date.now() + 7 * 86_400_000))}"]`).first();
      if (!(await target.count())) target = page.locator(`[data-date="${ymd(new Date(Date.now() - 7 * 86_400_000))}"]`).first();
      const from = (await event.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + 5, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
      await page.mouse.up();
      await event.click();
      await day.click({ position: { x: 5, y: 5 } });
      expect(await event.count()).toBe(1);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    }
    expect((await admin.get(`/scheduler/events/${ids.event}`)).body).toMatchObject({ start_date: today, start_time: '09:00' });
  });

  it('company, organizations, structure and branch offices: the hierarchy, no add, edit, delete or switches', async () => {
    await page.goto('/company');
    await page.getByRole('cell', { name: 'Aurora hall', exact: true }).waitFor();
    expect(await controls(page)).toEqual(['Show details: Aurora Screens']);
    await page.getByRole('button', { name: 'Show details: Aurora Screens' }).click();
    await page.getByText('Aurora winter').first().waitFor();
    expect(writes(await controls(page))).toEqual([]);

    await page.goto('/organizations');
    await page.getByRole('cell', { name: 'Aurora Screens', exact: true }).waitFor();
    expect(await controls(page)).toEqual([]);

    await page.goto('/structure');
    await page.getByText('Aurora marketing').waitFor();
    expect(await controls(page)).toEqual([]);

    await page.goto('/branch-offices');
    await page.getByRole('cell', { name: 'Aurora hall', exact: true }).waitFor();
    expect(await controls(page)).toEqual([]);
  });

  it('navigation and a device map: the objects and the map, no object or marker editing, apply or send; a drag moves nothing', async () => {
    await page.goto(`/navigation?company=${ids.company}&office=${ids.office}`);
    await page.getByRole('button', { name: 'Open Aurora floor' }).waitFor();
    expect(writes(await controls(page))).toEqual([]);

    await page.goto(`/navigation/${ids.device}`);
    const stage = page.getByTestId('layout-stage');
    await expect.poll(async () => Number(await stage.getAttribute('data-layout-width'))).toBe(800);
    const names = await controls(page);
    expect(writes(names)).toEqual([]);
    expect(names).toContain('By the lifts (read-only)');
    expect(names.filter((name) => /Aurora floor/.test(name))).toEqual(['Aurora floor (disabled)']);
    expect(names.filter((name) => /Select (all|none)/.test(name))).toEqual(['Select all (disabled)', 'Select none (disabled)']);

    // Drag the toilet marker and the media placeholder: nothing moves, nothing waits to be applied.
    const marker = await pointOnLayout(page, 0.3, 0.4);
    await page.mouse.move(marker.x, marker.y);
    await page.mouse.down();
    await page.mouse.move(marker.x + 60, marker.y + 40, { steps: 8 });
    await page.mouse.up();
    const placeholder = page.getByRole('img', { name: /placeholder/i });
    const before = await placeholder.getAttribute('aria-label');
    const box = (await placeholder.boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + box.height - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, box.y + 20, { steps: 8 });
    await page.mouse.up();
    // Selecting a marker and pressing an arrow nudges nothing either.
    await page.getByRole('button', { name: 'Toilet at 30 %, 40 %' }).click();
    await stage.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('button', { name: 'Toilet at 30 %, 40 %' }).count()).toBe(1);
    expect(await placeholder.getAttribute('aria-label')).toBe(before);
    expect(await page.getByText('There are unapplied changes', { exact: false }).count()).toBe(0);
    expect((await admin.get(`/navigation/markers/?object=${ids.object}`)).body.results.map((m: { kind: string; x: number; y: number }) => [m.kind, m.x, m.y])).toContainEqual(['toilet', 0.3, 0.4]);
    expect(problems).toEqual([]);
  });
});

/** Where a point of the layout (fractions) is on the page, from the stage's published transform. */
async function pointOnLayout(page: Page, x: number, y: number) {
  const stage = page.getByTestId('layout-stage');
  const data = await stage.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const box = (await stage.boundingBox())!;
  const scale = Number(data.scale);
  return { x: box.x + Number(data.offsetX) + x * Number(data.layoutWidth) * scale, y: box.y + Number(data.offsetY) + y * Number(data.layoutHeight) * scale };
}

describe('an area the groups give "none"', () => {
  it('has no sidebar entry, and its address says No access (en and ru, house standard) without asking the server', async () => {
    const { page, problems } = await signedInAs('aurora.outsider');
    // Devices: view only; Company keeps the journal and the profile; Navigation follows devices.
    await expect.poll(() => sidebar(page).getByRole('button').allInnerTexts()).toEqual(['Devices', 'Company', 'Navigation']);
    await sidebar(page).getByRole('button', { name: 'Company' }).click();
    await sidebar(page).getByRole('link', { name: 'Journal' }).waitFor();
    const links = await sidebar(page).getByRole('link').allInnerTexts();
    expect(links).toEqual(expect.arrayContaining(['Journal', 'Profile']));
    expect(links.filter((name) => /^(Company|Organizations|Struct|Branch|Media|Playlists|Campaigns|Scheduler|Clients)/.test(name))).toEqual([]);

    const refused: string[] = [];
    page.on('response', (response) => response.status() === 403 && refused.push(response.url()));
    for (const url of ['/media', `/media/${ids.media}`, '/playlists', `/playlists/${ids.playlist}`, '/campaigns', `/campaigns/${ids.campaign}/devices`, `/campaigns/${ids.campaign}/scheduler`, '/scheduler', '/company', '/organizations', '/structure', '/branch-offices', '/clients']) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'No access', level: 1 }).waitFor();
      await page.getByText('Your groups do not let you see this page. Ask your administrator for access.').waitFor();
      expect(await page.getByText(/Aurora (banner|loop|winter|marketing|hall)/).count()).toBe(0);
    }
    // The state meets the house standard: 360/500 px in English and Russian, axe in Default and Dark.
    const report = await checkScreen(page, {
      path: '/media',
      ready: (p) => p.locator('main [role="alert"]').waitFor(),
      prepare: (p, language) => p.getByRole('heading', { name: language === 'ru' ? 'Нет доступа' : 'No access', level: 1 }).waitFor(),
    });
    expect(report).toEqual(CLEAN_REPORT);
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.waitForURL('**/devices');
    await page.getByText('Aurora lobby screen').first().waitFor();
    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('a right taken away under an open form', () => {
  it('refuses the save with a translated message, keeps the typed name, and the write controls go', async () => {
    const { page } = await signedInAs('aurora.editor');
    await page.goto('/playlists');
    await page.getByRole('button', { name: 'Edit Aurora loop' }).click();
    const form = page.getByRole('dialog', { name: 'Edit playlist' });
    await form.getByLabel('Name').fill('Aurora loop, renamed');

    expect((await admin.put(`/groups/${ids.editors}`, { permissions: { ...EDIT, playlists: 'view' } })).status).toBe(200);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('You do not have permission to do this').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('Aurora loop, renamed');
    expect((await admin.get(`/media/play_lists/${ids.playlist}`)).body.name).toBe('Aurora loop');
    // The profile is read again: the list's write buttons go.
    await page.getByRole('button', { name: 'Add playlist' }).waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Aurora loop' }).waitFor({ state: 'detached' });
    expect((await admin.put(`/groups/${ids.editors}`, { permissions: EDIT })).status).toBe(200);
  });
});
