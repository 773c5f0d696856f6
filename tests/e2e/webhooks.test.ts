import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';

/*
 * The /webhooks screen (issue 29) in Chromium against the real server and a real receiver on a free port: register an
 * endpoint (its secret shown once), send a test and read the receiver's answer, see the attempts; the house standard
 * (360/500 px, en and ru, axe in Default and Dark) with the list and a test answer shown.
 */

let e2e: E2E;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  e2e = await startE2E({ webhooks: { allowPrivate: true, tickMs: 100 } });
});

afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
});

it('registers an endpoint, shows its secret once, shows a test delivery\'s answer and the attempts, and meets the house standard', async () => {
  const { page, problems } = await e2e.newPage();
  await signInThroughUi(page, 'admin', e2e.server.adminPassword);
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

  const report = await checkScreen(page, {
    path: '/webhooks',
    ready: (p) => p.getByRole('button', { name: /Send a test to|Отправить тест на/ }).first().waitFor(),
    prepare: async (p, language) => {
      await p.getByRole('button', { name: language === 'ru' ? `Отправить тест на ${url}` : `Send a test to ${url}` }).click();
      await p.getByText(language === 'ru' ? 'Доставлено: получатель ответил 200' : 'Delivered: the receiver answered 200').waitFor();
    },
  });
  expect(report).toEqual(CLEAN_REPORT);
  expect(problems).toEqual([]);
}, 180_000);
