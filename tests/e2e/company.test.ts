import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeat } from '../api/devices.helpers.ts';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { signIn } from '../helpers/server.ts';

/**
 * Issue 12, the company hierarchy in a real Chromium: an operator creates a company, an office and a department through
 * the screens; the administrator deactivates the company and its screen shows as disabled (and its player is refused).
 */

let e2e: E2E;
let page: Page;
let problems: string[];

const COMPANY = 'ООО «Международная торговая сеть Восток-Запад и партнёры»';
const OFFICE = 'Филиал «Северо-Западный региональный распределительный центр»';
const DEPARTMENT = 'Отдел розничных продаж и выкладки';

beforeAll(async () => {
  e2e = await startE2E();
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
});
afterAll(async () => {
  await e2e?.close();
});

const dialog = () => page.getByRole('dialog');

describe('the company hierarchy', () => {
  it('creates a company with an office and a department, then deactivating it disables its device', async () => {
    await page.goto('/organizations');
    await page.getByText('No companies yet: add the first one').waitFor();
    await page.getByRole('button', { name: 'Add company' }).click();
    await dialog().getByLabel('INN').fill('7707083894');
    await dialog().getByRole('button', { name: 'Save' }).click();
    // The client refuses what the server would: a missing name and wrong INN check digits, keeping what was typed.
    await dialog().getByText('Required').waitFor();
    await dialog().getByText('The INN check digits do not match').waitFor();
    await dialog().getByRole('textbox', { name: /^Name/ }).fill(COMPANY);
    await dialog().getByLabel('INN').fill('7707083893');
    await dialog().getByLabel('Url').fill('https://vostok.example');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: COMPANY, exact: true }).waitFor();

    await page.goto('/branch-offices');
    await page.getByText('No offices yet').waitFor();
    await page.getByRole('button', { name: 'Add office' }).click();
    await dialog().getByRole('combobox', { name: /^Company/ }).selectOption({ label: COMPANY });
    await dialog().getByRole('textbox', { name: /^Name/ }).fill(OFFICE);
    await dialog().getByLabel('Time zone').fill('Europe/Moscow');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: OFFICE, exact: true }).waitFor();

    await page.goto('/structure');
    await page.getByRole('heading', { name: COMPANY }).waitFor();
    await page.getByRole('button', { name: 'Add department' }).click();
    await dialog().getByRole('textbox', { name: /^Name/ }).fill(DEPARTMENT);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('list', { name: `Departments of ${COMPANY}` }).getByText(DEPARTMENT).waitFor();

    // A screen in the new office, its player heard from.
    const admin = (await signIn(e2e.server)).client;
    const office = (await admin.get('/branch-offices/')).body.results.find((o: { name: string }) => o.name === OFFICE);
    expect(office).toMatchObject({ company_name: COMPANY, timezone: 'Europe/Moscow' });
    const device = (await admin.post('/tvpi/devices/create/', { sn: 'SN-E2E-COMPANY-1', name: 'Lobby screen', office: office.id, user: 1 })).body;
    expect((await heartbeat(e2e.server, device)).status).toBe(200);

    await page.goto('/company');
    await page.getByRole('button', { name: `Show details: ${COMPANY}` }).click();
    await page.getByTestId('company-device-counts').getByText('Online: 1').waitFor();
    await page.getByRole('button', { name: `Actions for ${COMPANY}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByText('Company deactivated').first().waitFor();
    await page.getByTestId('company-device-counts').getByText('Disabled: 1').waitFor();
    expect((await heartbeat(e2e.server, device)).body.code).toBe('company_disabled');

    // The office's device link opens the device list filtered to it: the screen is disabled.
    await page.goto('/branch-offices');
    await page.getByRole('link', { name: `1 device, Show devices: ${OFFICE}` }).click();
    await page.waitForURL(/\/devices\?office=/);
    await page.getByText('Lobby screen').first().waitFor();
    const statistics = await admin.get(`/tvpi/devices/${device.id}`);
    expect(statistics.body).toMatchObject({ status: 'disabled', is_active: false });
    await page.getByRole('cell', { name: 'Disabled', exact: true }).first().waitFor();

    // The deletes (companyDelete, departmentDelete machines): the server refuses a company with a device, and the
    // company stays; a department goes (a second one: the house standard below reads the first).
    const temporary = (await admin.post('/departments/create/', { company: office.company, name: 'Временный отдел' })).body;
    expect(temporary).toMatchObject({ name: 'Временный отдел' });
    await page.goto('/organizations');
    await page.getByRole('button', { name: `Actions for ${COMPANY}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog().getByText('Are you sure you want to delete? The delete operation cannot be undone!').waitFor();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The company still has devices: move or delete them first').first().waitFor();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: COMPANY, exact: true }).waitFor();
    await page.goto('/structure');
    await page.getByRole('button', { name: 'Delete: Временный отдел' }).click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Successfully removed').first().waitFor();
    const departments = page.getByRole('list', { name: `Departments of ${COMPANY}` });
    await departments.getByText('Временный отдел').waitFor({ state: 'detached' });
    await departments.getByText(DEPARTMENT).waitFor();
    // The refused delete's 409 is the one failed request the browser logs.
    expect(problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([]);
  });

  it('says "Cannot load companies" when the load fails, and retries', async () => {
    await page.route('**/api/v1/companies/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down","code":"unavailable"}' }));
    await page.goto('/organizations');
    await page.getByRole('alert').getByText('Cannot load companies').waitFor();
    await page.unroute('**/api/v1/companies/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('cell', { name: COMPANY, exact: true }).waitFor();
  });
});

describe("an office's screen hours (issue 41)", () => {
  it('sets hours per weekday by keyboard, copies them to every day, adds a holiday, and keeps what was typed through a refusal', async () => {
    await page.goto('/branch-offices');
    await page.getByRole('button', { name: `Screen hours: ${OFFICE}` }).click();
    const editor = page.getByRole('dialog', { name: `Screen hours: ${OFFICE}` });
    await editor.getByRole('radio', { name: 'Always on' }).waitFor();
    expect(await editor.getByRole('radio', { name: 'Always on' }).isChecked()).toBe(true);
    // The keyboard: the next choice by arrow key, times typed, Enter saves.
    await editor.getByRole('radio', { name: 'Always on' }).focus();
    await page.keyboard.press('ArrowDown');
    const mondayOn = editor.getByRole('textbox', { name: 'Monday, hours 1: On at' });
    await mondayOn.fill('21:00');
    await mondayOn.press('Enter');
    await editor.getByText('The screens must go off after they come on').waitFor();
    expect(await mondayOn.inputValue()).toBe('21:00');
    await mondayOn.fill('07:00');
    await editor.getByRole('button', { name: 'Copy to all days: Monday' }).click();
    expect(await editor.getByRole('textbox', { name: 'Saturday, hours 1: On at' }).inputValue()).toBe('07:00');
    await editor.getByRole('button', { name: 'Remove hours 1: Sunday' }).click();
    await editor.getByRole('group', { name: 'Sunday' }).getByText('Off all day').waitFor();
    await editor.getByLabel('Date of the exception').fill('2026-12-31');
    await editor.getByRole('button', { name: 'Add exception' }).click();
    expect(await editor.getByRole('checkbox', { name: 'Closed all day' }).isChecked()).toBe(true);
    await editor.getByRole('textbox', { name: 'Tuesday, hours 1: Off at' }).press('Enter');
    await editor.waitFor({ state: 'detached' });
    await page.getByText('Screen hours saved').first().waitFor();

    const admin = (await signIn(e2e.server)).client;
    const office = (await admin.get('/branch-offices/')).body.results.find((o: { name: string }) => o.name === OFFICE);
    const saved = (await admin.get(`/branch-offices/${office.id}/power/`)).body;
    expect(saved.schedule).toEqual({
      week: [...Array.from({ length: 6 }, () => [{ on: '07:00', off: '20:00' }]), []],
      exceptions: [{ date: '2026-12-31', spans: [] }],
    });
  });
});

describe('the house standard', () => {
  const shows = (text: string) => (p: Page) => p.getByText(text).first().waitFor();
  it.each([
    ['/company', COMPANY],
    ['/organizations', COMPANY],
    ['/structure', DEPARTMENT],
    ['/branch-offices', OFFICE],
  ])('%s', async (path, text) => {
    expect(await checkScreen(page, { path, ready: shows(text) })).toEqual(CLEAN_REPORT);
  });

  it("/company, a company's details and its sign-in settings (issue 40)", async () => {
    const opens = async (p: Page) => {
      await p.getByRole('button', { name: new RegExp(`^(Show details|Подробнее): ${COMPANY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
      await p.getByRole('switch', { name: /^(Require two-factor codes|Требовать двухфакторные коды)$/ }).waitFor();
      // The pointer and focus leave the name just pressed: its hover and focus colours are not the page's.
      await p.mouse.move(0, 0);
      await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    expect(await checkScreen(page, { path: '/company', ready: shows(COMPANY), prepare: opens, widths: [360, 500, 700] })).toEqual(CLEAN_REPORT);
  });

  it("/branch-offices, an office's screen hours (issue 41)", async () => {
    const opens = async (p: Page) => {
      await p.getByRole('button', { name: /^(Screen hours|Часы работы экранов): / }).first().click();
      await p.getByRole('dialog').getByRole('radiogroup').waitFor();
    };
    expect(await checkScreen(page, { path: '/branch-offices', ready: shows(OFFICE), prepare: opens })).toEqual(CLEAN_REPORT);
  });

  it('/organizations, the add-company form', async () => {
    const opens = async (p: Page) => {
      await p.getByRole('button', { name: /^(Add company|Добавить компанию)$/ }).click();
      await p.getByRole('dialog').waitFor();
    };
    expect(await checkScreen(page, { path: '/organizations', ready: shows(COMPANY), prepare: opens })).toEqual(CLEAN_REPORT);
  });
});
