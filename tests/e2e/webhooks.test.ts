import type { Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInStored, startE2E, type E2E } from '../helpers/browser.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { signIn } from '../helpers/server.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';

/*
 * The /webhooks screen (issue 29) in Chromium against the real server and a real receiver on a free port: register an
 * endpoint (its secret shown once), send a test and read the receiver's answer, see the attempts; the house standard
 * (360/500 px, en and ru, axe in Default and Dark) with the list and a test answer shown. Offline alerts of the same
 * screen: a company's threshold and quiet hours and an office's override, saved and seen again after a reload.
 */

let e2e: E2E;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: Awaited<ReturnType<typeof signIn>>['client'];

beforeAll(async () => {
  receiver = await startReceiver();
  e2e = await startE2E({ webhooks: { allowPrivate: true, tickMs: 100 } });
  admin = (await signIn(e2e.server)).client;
  const company = await admin.post('/companies/create/', { name: 'Alerts Retail', user: 1 });
  expect(company.status).toBe(201);
  const office = await admin.post('/branch-offices/create/', { company: company.body.id, name: 'Alerts North', timezone: 'Europe/Moscow', user: 1 });
  expect(office.status).toBe(201);
});

afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
});

it('registers an endpoint, shows its secret once, shows a test delivery\'s answer and the attempts, and meets the house standard', async () => {
  const { page, problems } = await e2e.newPage();
  await signInStored(page, e2e.server);
  await page.goto('/webhooks');
  await page.getByText('No endpoints yet').waitFor();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Required').waitFor();
  const url = receiver.url('/ui-hook');
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('checkbox', { name: 'Campaign published' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const secret = page.getByText(/whsec_/);
  await secret.waitFor();
  expect(await page.getByText("Copy it now: it is not shown again.", { exact: false }).count()).toBe(1);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await secret.waitFor({ state: 'hidden' });
  await page.getByText(url).first().waitFor();

  receiver.answers.set('/ui-hook', [202]);
  await page.getByRole('button', { name: `Send a test to ${url}` }).click();
  const answer = page.getByRole('region', { name: 'Test delivery' });
  await answer.getByText('Delivered: the receiver answered 202').waitFor();
  await answer.getByText('ok /ui-hook').waitFor();
  expect(receiver.on('/ui-hook')).toHaveLength(1);
  expect(JSON.parse(receiver.on('/ui-hook')[0]!.body)).toMatchObject({ type: 'webhook.test' });

  await page.getByRole('button', { name: `Attempts of ${url}` }).click();
  const attempts = page.getByRole('region', { name: 'Latest deliveries' });
  await attempts.getByText(/Test · Delivered · 1 attempt/).waitFor();
  await attempts.getByText(/: 202$/).waitFor();

  // Offline alerts: the company's threshold and quiet hours, then an office's override; both kept after a reload.
  // In-app history first (Journal, then back), so that going forward from the editor is the app's own navigation.
  await page.getByRole('navigation').getByRole('link', { name: 'Journal' }).click();
  await page.waitForURL('**/journal');
  await page.goBack();
  await page.waitForURL('**/webhooks');
  const alerts = page.getByRole('region', { name: 'Offline alerts' });
  await alerts.getByText('10 minutes (default)').waitFor();
  await alerts.getByRole('button', { name: 'Edit the alerts of Alerts Retail' }).click();
  const editor = page.getByRole('dialog', { name: 'Offline alerts of Alerts Retail' });
  const minutes = editor.getByLabel('Minutes offline before the alert');
  await minutes.fill('0');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByText('A whole number from 1 to 10080').waitFor();
  await minutes.fill('25');
  await editor.getByLabel('Quiet from').fill('22:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByText('Required').waitFor();
  await editor.getByLabel('Quiet until').fill('07:00');
  // Unsaved: leaving asks first, and staying keeps what was typed.
  await page.goForward();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click();
  expect(new URL(page.url()).pathname).toBe('/webhooks');
  expect(await minutes.inputValue()).toBe('25');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'hidden' });
  await alerts.getByText('25 minutes', { exact: true }).first().waitFor();
  await alerts.getByText('22:00–07:00').waitFor();

  await alerts.getByRole('button', { name: 'Override for an office of Alerts Retail' }).click();
  const override = page.getByRole('dialog', { name: 'Override for an office of Alerts Retail' });
  expect(await override.getByLabel('Office').inputValue()).not.toBe('');
  await override.getByText('In the office\'s time zone (Europe/Moscow)', { exact: false }).waitFor();
  // Opens on the company's settings; Enter saves.
  expect(await override.getByLabel('Minutes offline before the alert').inputValue()).toBe('25');
  await override.getByLabel('Minutes offline before the alert').fill('5');
  await override.getByLabel('Minutes offline before the alert').press('Enter');
  await override.waitFor({ state: 'hidden' });
  await page.reload();
  await alerts.getByText('Alerts North (Alerts Retail)').waitFor();
  await alerts.getByText('5 minutes', { exact: true }).first().waitFor();
  await alerts.getByText('25 minutes', { exact: true }).first().waitFor();
  const stored = (await admin.get('/alerts/settings/')).body.results.map((row: { office: number | null; offline_minutes: number; quiet_from: string | null; quiet_to: string | null }) => [
    row.office === null ? 'company' : 'office',
    row.offline_minutes,
    row.quiet_from,
    row.quiet_to,
  ]);
  expect(stored).toEqual([
    ['company', 25, '22:00', '07:00'],
    ['office', 5, '22:00', '07:00'],
  ]);

  // Back to the defaults: the company's own settings go after the confirmation (Cancel keeps them); the office's stay.
  const reset = alerts.getByRole('button', { name: 'Reset the alerts of Alerts Retail to the defaults' });
  await reset.click();
  const confirmation = page.getByRole('dialog', { name: 'Reset the alerts of Alerts Retail to the defaults?' });
  await confirmation.getByText('The overrides of its offices stay.', { exact: false }).waitFor();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await confirmation.waitFor({ state: 'hidden' });
  expect((await admin.get('/alerts/settings/')).body.results).toHaveLength(2);
  await reset.click();
  await confirmation.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByText('Reset to the defaults', { exact: true }).first().waitFor();
  await alerts.getByText('10 minutes (default)').waitFor();
  expect(await reset.isDisabled()).toBe(true);
  await alerts.getByText('5 minutes', { exact: true }).waitFor();
  expect((await admin.get('/alerts/settings/')).body.results.map((row: { office: number | null }) => row.office === null)).toEqual([false]);

  const report = await checkScreen(page, {
    path: '/webhooks',
    ready: (p) => p.getByRole('button', { name: /Send a test to|Отправить тест на/ }).first().waitFor(),
    prepare: async (p, language) => {
      await p.getByRole('button', { name: language === 'ru' ? `Отправить тест на ${url}` : `Send a test to ${url}` }).click();
      await p.getByText(language === 'ru' ? 'Доставлено: получатель ответил 200' : 'Delivered: the receiver answered 200').waitFor();
      await p.getByText(language === 'ru' ? '5 минут' : '5 minutes', { exact: true }).waitFor();
    },
  });
  expect(report).toEqual(CLEAN_REPORT);
  expect(problems).toEqual([]);
}, 180_000);

it('a test delivery the server refuses (403: the rights were taken away) says why in the panel, not "saving error"', async () => {
  const company = (await admin.get('/companies/')).body.results.find((one: { name: string }) => one.name === 'Alerts Retail');
  const group = await admin.post('/groups/create/', { name: 'Webhook keepers', companies: [company.id], permissions: { company: 'edit' } });
  const user = await admin.post('/users/', { username: 'hook-keeper', password: 'password-123', groups: [group.body.id], user: 1 });
  expect([group.status, user.status]).toEqual([201, 201]);
  const keeper = (await signIn(e2e.server, 'hook-keeper', 'password-123')).client;
  const url = receiver.url('/keeper-hook');
  expect((await keeper.post('/webhooks/create/', { url, events: ['device.offline'], company: company.id })).status).toBe(201);

  const { page, problems } = await e2e.newPage();
  await signInStored(page, e2e.server, 'hook-keeper', 'password-123');
  await page.goto('/webhooks');
  const send = page.getByRole('button', { name: `Send a test to ${url}` });
  await send.waitFor();
  expect((await admin.put(`/groups/${group.body.id}`, { permissions: { company: 'view' } })).status).toBe(200);
  // The 403 makes the app read the profile again, and /webhooks then becomes "No access": that read is held until
  // the panel has been read, so the panel's words are seen (they were "Not delivered: Oops! Saving error!").
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/v1/users/profile/', (route) => (holding ? void held.push(route) : route.continue()));
  await send.click();
  const answer = page.getByRole('region', { name: 'Test delivery' });
  await answer.getByText('The test was not sent. You do not have permission to do this').waitFor();
  expect(await answer.innerText()).not.toContain('Saving error');
  expect(receiver.on('/keeper-hook')).toEqual([]);
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await page.getByText('Your groups do not let you see this page.').waitFor();
  expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
});
