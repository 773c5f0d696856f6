import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulatedPlayer, type SimulatedPlayer } from '../../server/simulate.ts';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { CLIENT, startProvider, type TestProvider } from '../api/oidc.provider.ts';

/**
 * Issue 12, access scopes in a real Chromium: the administrator creates a company with an office and a department, a
 * group scoped to it (devices: edit) and a user in that group; the user adopts a simulated player into the office and
 * sees only that company's devices (another company's device is absent, and its address answers not found); a
 * view-only user sees no write buttons; rights taken away under an open screen refuse the write with a translated
 * message and keep what was typed; the administrator deactivates the company and the device shows disabled.
 */

let e2e: E2E;
let admin: Page;
let adminProblems: string[];
let api: Awaited<ReturnType<typeof signIn>>['client'];
const players: SimulatedPlayer[] = [];

const COMPANY = 'ООО «Северное сияние» — сеть экранов';
const OFFICE = 'Офис на Невском проспекте';
const DEPARTMENT = 'Отдел цифровой рекламы';
const GROUP = 'Операторы «Северного сияния»';
const OPERATOR = 'operator.north';
const VIEWER = 'viewer.north';
const PASSWORD = 'north-lights-42';
const SERIAL = 'SN-E2E-ACCESS-NORTH';
const SCREEN = 'Экран в холле';
const FOREIGN_SCREEN = 'Screen of another company';

const dialog = (page: Page) => page.getByRole('dialog');

beforeAll(async () => {
  e2e = await startE2E();
  ({ page: admin, problems: adminProblems } = await e2e.newPage());
  await signInThroughUi(admin, 'admin', e2e.server.adminPassword);
  api = (await signIn(e2e.server)).client;
});
afterAll(async () => {
  for (const player of players) await player.stop();
  await e2e?.close();
});

/** A fresh browser signed in as `username`. */
async function signedInAs(username: string) {
  const { page, problems } = await e2e.newPage();
  await signInThroughUi(page, username, PASSWORD);
  return { page, problems };
}

/** The device list's row of `name`, after the list shows it. */
async function deviceRow(page: Page, name: string) {
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.first().waitFor();
  return row.first();
}

describe('access scopes', () => {
  let foreignDevice: { id: number };

  it('the administrator creates a company, its office and department, a group scoped to it and a user in the group', async () => {
    await admin.goto('/organizations');
    await admin.getByRole('button', { name: 'Add company' }).click();
    await dialog(admin).getByRole('textbox', { name: /^Name/ }).fill(COMPANY);
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: COMPANY, exact: true }).waitFor();

    await admin.goto('/branch-offices');
    await admin.getByRole('button', { name: 'Add office' }).click();
    await dialog(admin).getByRole('combobox', { name: /^Company/ }).selectOption({ label: COMPANY });
    await dialog(admin).getByRole('textbox', { name: /^Name/ }).fill(OFFICE);
    await dialog(admin).getByLabel('Time zone').fill('Europe/Moscow');
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: OFFICE, exact: true }).waitFor();

    await admin.goto('/structure');
    await admin.getByRole('heading', { name: COMPANY }).waitFor();
    await admin.getByRole('button', { name: 'Add department' }).click();
    await dialog(admin).getByRole('textbox', { name: /^Name/ }).fill(DEPARTMENT);
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByRole('list', { name: `Departments of ${COMPANY}` }).getByText(DEPARTMENT).waitFor();

    // Another company with a screen of its own, made through the API: the operator must never see it.
    const other = await api.post('/companies/create/', { name: 'Another company' });
    const otherOffice = await api.post('/branch-offices/create/', { company: other.body.id, name: 'Another office' });
    const created = await api.post('/tvpi/devices/create/', { sn: 'SN-E2E-ACCESS-OTHER', name: FOREIGN_SCREEN, office: otherOffice.body.id, user: 1 });
    expect([other.status, otherOffice.status, created.status]).toEqual([201, 201, 201]);
    foreignDevice = created.body;

    await admin.goto('/groups');
    await admin.getByRole('button', { name: 'Add group' }).click();
    await dialog(admin).getByRole('textbox', { name: /^Name/ }).fill(GROUP);
    await dialog(admin).getByRole('checkbox', { name: COMPANY }).check();
    await dialog(admin).getByRole('combobox', { name: 'Devices' }).selectOption({ label: 'Edit' });
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: GROUP, exact: true }).waitFor();

    await admin.goto('/users');
    await admin.getByRole('button', { name: 'Add user' }).click();
    await dialog(admin).getByRole('textbox', { name: /^Username/ }).fill(OPERATOR);
    await dialog(admin).getByLabel(/^Password/).fill(PASSWORD);
    await dialog(admin).getByRole('checkbox', { name: GROUP }).check();
    await dialog(admin).getByRole('button', { name: 'Save' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: OPERATOR, exact: true }).waitFor();

    const group = (await api.get('/groups/')).body.results.find((g: { name: string }) => g.name === GROUP);
    const company = (await api.get('/companies/')).body.results.find((c: { name: string }) => c.name === COMPANY);
    expect(group).toMatchObject({ companies: [company.id], permissions: { devices: 'edit', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' } });
    const user = (await api.get('/users/?page_size=100')).body.results.find((u: { username: string }) => u.username === OPERATOR);
    expect(user.groups).toEqual([group.id]);
    expect(adminProblems).toEqual([]);
  });

  it("the operator adopts a player into the company's office and sees only that company's devices", async () => {
    const { page, problems } = await signedInAs(OPERATOR);
    // Only the areas the group allows: Devices (with Clients, for whoever may add devices) and Navigation.
    await page.getByRole('link', { name: 'Clients' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button').allInnerTexts()).toEqual(['Devices', 'Company', 'Navigation']);

    players.push(startSimulatedPlayer({ server: e2e.server.origin, serial: SERIAL, key: null, intervalMs: 300 }));
    await page.getByRole('link', { name: 'Clients' }).click();
    const adopt = page.getByRole('button', { name: `Adopt ${SERIAL}` });
    await vi.waitFor(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      expect(await adopt.count()).toBe(1);
    }, { timeout: 20_000, interval: 500 });
    await adopt.click();
    const form = page.getByRole('dialog', { name: 'Add device' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(SCREEN);
    await form.getByRole('combobox', { name: /^Branch office/ }).selectOption({ label: `${COMPANY} · ${OFFICE}` });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device added: the player receives its key at its next hello').first().waitFor();
    await vi.waitFor(async () => {
      const listed = await api.get(`/tvpi/devices/?search=${SERIAL}`);
      expect(listed.body.results.map((d: { sn: string; status: string }) => [d.sn, d.status])).toEqual([[SERIAL, 'online']]);
    }, { timeout: 20_000, interval: 300 });

    await page.goto('/devices');
    const row = await deviceRow(page, SCREEN);
    expect(await row.getByText(/^(Online|Offline)$/).count()).toBe(1);
    expect(await page.getByText(FOREIGN_SCREEN).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add device' }).count()).toBe(1);

    // Another company's device id: not found, as if it did not exist.
    await page.goto(`/devices/${foreignDevice.id}/configs`);
    await page.getByText('Error while loading device: The requested item was not found').waitFor();
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  it('a view-only user sees no write buttons on /devices', async () => {
    const company = (await api.get('/companies/')).body.results.find((c: { name: string }) => c.name === COMPANY);
    const viewers = await api.post('/groups/create/', { name: 'Viewers of the north', companies: [company.id], permissions: { devices: 'view' } });
    const viewer = await api.post('/users/', { username: VIEWER, password: PASSWORD, groups: [viewers.body.id], user: 1 });
    expect([viewers.status, viewer.status]).toEqual([201, 201]);

    const { page, problems } = await signedInAs(VIEWER);
    await page.goto('/devices');
    await (await deviceRow(page, SCREEN)).getByRole('button', { name: `Open ${SCREEN}` }).click();
    const card = page.getByRole('dialog', { name: new RegExp(SCREEN) });
    await card.getByRole('button', { name: 'Check' }).waitFor();
    const buttons = await card.getByRole('button').allInnerTexts();
    // The navigation map opens read-only for a viewer (access-screens checks nothing moves there); the playback
    // section only reads again what the player reported.
    expect(buttons.filter((text) => text.trim()).sort()).toEqual(['Check', 'Close', 'Configs', 'Navigation map', 'Refresh playback']);
    expect(await page.getByRole('button', { name: 'Add device' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Clients' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Close' }).click();
    expect(problems).toEqual([]);
  });

  it('rights taken away under an open form: the save is refused with a translated message, the typed name stays, and the buttons go', async () => {
    const { page } = await signedInAs(OPERATOR);
    await page.goto('/devices');
    await (await deviceRow(page, SCREEN)).getByRole('button', { name: `Open ${SCREEN}` }).click();
    await page.getByRole('dialog', { name: new RegExp(SCREEN) }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: `Edit device ${SCREEN}` });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Renamed while allowed');

    const group = (await api.get('/groups/')).body.results.find((g: { name: string }) => g.name === GROUP);
    expect((await api.put(`/groups/${group.id}`, { permissions: { devices: 'view' } })).status).toBe(200);

    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('You do not have permission to do this').first().waitFor();
    expect(await form.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Renamed while allowed');
    // The profile is read again: the list's Add button and the Clients link go.
    await page.getByRole('button', { name: 'Add device' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Clients' }).waitFor({ state: 'detached' });
    expect((await api.get(`/tvpi/devices/?search=${SERIAL}`)).body.results[0].name).toBe(SCREEN);

    expect((await api.put(`/groups/${group.id}`, { permissions: { devices: 'edit' } })).status).toBe(200);
  });

  it('the administrator deactivates the company and its device shows disabled to the operator', async () => {
    await admin.goto('/organizations');
    await admin.getByRole('button', { name: `Actions for ${COMPANY}` }).click();
    await admin.getByRole('menuitem', { name: 'Deactivate' }).click();
    await admin.getByText('Company deactivated').first().waitFor();

    const { page, problems } = await signedInAs(OPERATOR);
    await page.goto('/devices');
    await (await deviceRow(page, SCREEN)).getByText('Disabled', { exact: true }).waitFor();
    expect(await page.getByText(FOREIGN_SCREEN).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });

  it('the administrator deletes the view-only user after the confirmation', async () => {
    await admin.goto('/users');
    await admin.getByRole('button', { name: `Delete ${VIEWER}` }).click();
    await dialog(admin).getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Successfully removed').first().waitFor();
    await admin.getByRole('cell', { name: VIEWER, exact: true }).waitFor({ state: 'detached' });
    expect((await api.get('/users/?page_size=100')).body.results.map((u: { username: string }) => u.username)).not.toContain(VIEWER);
    expect(adminProblems).toEqual([]);
  });
});

/*
 * Issue 40, single sign-on in a real Chromium against a real OpenID provider (oidc-provider, in this process, with its
 * own login page): this file's server is made its relying party once it listens (its address is the redirect URI).
 */
describe('single sign-on', () => {
  let provider: TestProvider;
  let group: number;
  beforeAll(async () => {
    const redirectUrl = `${e2e.server.api}/auth/oidc/callback/`;
    provider = await startProvider([redirectUrl]);
    e2e.server.ctx.config.oidc = { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUrl, groupsClaim: 'groups', scopes: 'openid profile email', name: 'Test ID' };
    group = (await api.post('/groups/create/', { name: 'Screen operators (SSO)', companies: [], permissions: { devices: 'view' } })).body.id;
  });
  afterAll(async () => {
    e2e.server.ctx.config.oidc = undefined;
    await provider?.close();
  });

  /** From /login through the provider's own login page, as `login`. */
  async function throughProvider(page: Page, login: string) {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL((url) => url.origin === e2e.server.origin);
  }

  it('the administrator maps the provider group to a Vitrine group on /groups: a mapping that exists is refused keeping what was typed, one is removed after the confirmation', async () => {
    await admin.goto('/groups');
    const section = admin.getByRole('region', { name: 'Single sign-on: provider groups' });
    await section.getByText('Single sign-on is on: the login page offers “Sign in with Test ID”.').waitFor();
    await section.getByText('No mappings yet: nobody can sign in through the provider.').waitFor();
    const add = async (name: string) => {
      await section.getByRole('button', { name: 'Add mapping' }).click();
      const form = admin.getByRole('dialog', { name: 'New mapping' });
      await form.getByRole('textbox', { name: 'Provider group name' }).fill(name);
      await form.getByRole('combobox', { name: 'Vitrine group' }).selectOption({ label: 'Screen operators (SSO)' });
      await form.getByRole('button', { name: 'Add' }).click();
      return form;
    };
    await add('screen-operators');
    await admin.getByText('Mapping added').first().waitFor();
    await section.getByText('screen-operators', { exact: true }).waitFor();
    const again = await add('screen-operators');
    await again.getByText('This provider group already gives this Vitrine group').waitFor();
    expect(await again.getByRole('textbox', { name: 'Provider group name' }).inputValue()).toBe('screen-operators');
    await again.getByRole('textbox', { name: 'Provider group name' }).fill('old-contractors');
    await again.getByRole('button', { name: 'Add' }).click();
    await section.getByText('old-contractors', { exact: true }).waitFor();
    expect(await checkScreen(admin, {
      path: '/groups',
      widths: [360, 500, 700],
      ready: (p) => p.getByText('old-contractors', { exact: true }).waitFor(),
      prepare: (p) => p.getByRole('button', { name: /^(Add mapping|Добавить соответствие)$/ }).click(),
    })).toEqual(CLEAN_REPORT);
    await admin.goto('/groups');
    await section.getByRole('button', { name: 'Remove the mapping of old-contractors' }).click();
    await admin.getByRole('dialog', { name: 'Remove the mapping of “old-contractors”?' }).getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Mapping removed').first().waitFor();
    await expect.poll(() => section.getByText('old-contractors', { exact: true }).count()).toBe(0);
    expect((await api.get('/groups/oidc-mappings/')).body.results).toEqual([expect.objectContaining({ provider_group: 'screen-operators', group })]);
  });

  it('"Sign in with Test ID" goes through the provider\'s login page and back into /devices, signed in with the mapped group', async () => {
    provider.accounts.set('sso.operator', ['screen-operators']);
    const { page, problems } = await e2e.newPage();
    await throughProvider(page, 'sso.operator');
    // What the provider's own pages logged (their stylesheet's font, their favicon) is not the panel's.
    problems.splice(0);
    await page.waitForURL((url) => url.origin === e2e.server.origin && url.pathname === '/devices');
    // The session the landing stored ("Remember me"'s storage) is the new user's.
    const profile = await page.evaluate(async () => (await fetch('/api/v1/users/profile/', { headers: { authorization: `JWT ${localStorage.getItem('access')}` } })).json());
    expect(profile.username).toBe('sso.operator');
    const created = (await api.get('/users/?page_size=100')).body.results.find((user: { username: string }) => user.username === 'sso.operator');
    expect(created.groups).toEqual([group]);
    expect(problems).toEqual([]);
  });

  it('an account with no mapped group reads that it has no access, on a page that meets the house standard, as /login with its button does', async () => {
    provider.accounts.set('sso.stranger', ['visitors']);
    const { page } = await e2e.newPage();
    await throughProvider(page, 'sso.stranger');
    await page.getByText('Your account has no access to Vitrine. Ask your administrator.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/sso');
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.getByRole('link', { name: 'Sign in with Test ID' }).waitFor();
    const { page: anonymous } = await e2e.newPage();
    await anonymous.goto('/login');
    expect(await checkScreen(anonymous, { path: '/login', ready: (p) => p.getByRole('link', { name: /^(Sign in with|Войти через) Test ID$/ }).waitFor() })).toEqual(CLEAN_REPORT);
    expect(await checkScreen(anonymous, { path: '/login/sso', ready: (p) => p.getByRole('link', { name: /^(Back to sign-in|Вернуться ко входу)$/ }).waitFor() })).toEqual(CLEAN_REPORT);
  });
});
