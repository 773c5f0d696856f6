import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { createUserAndSignIn, grantGroup, signIn } from '../helpers/server.ts';

let e2e: E2E;
beforeAll(async () => {
  // Short-lived access tokens, so that one expires during a test.
  e2e = await startE2E({ accessTtlSeconds: 3 });
});
afterAll(async () => {
  await e2e?.close();
});

const storedTokens = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('access') ?? sessionStorage.getItem('access'),
    refresh: localStorage.getItem('refresh') ?? sessionStorage.getItem('refresh'),
  }));

describe('sign in', () => {
  it('shows "Error, try again" for a wrong password and keeps what was typed', async () => {
    const { page, problems } = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByText('Error, try again').first());
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });

  it('sends anonymous users to /login from any guarded page', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/media');
    await page.waitForURL('**/login');
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  });

  it('signs in to /devices, stays signed in on reload, refreshes an expired token unnoticed, and signs out', async () => {
    const { page, problems } = await e2e.newPage();
    await signInThroughUi(page, 'admin', e2e.server.adminPassword);
    expect(new URL(page.url()).pathname).toBe('/devices');
    await expectVisible(page.getByText('Successfully login').first());
    await expectVisible(page.getByText('admin', { exact: true }).first());

    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('button', { name: 'User menu' })).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/devices');

    const before = await storedTokens(page);
    // Wait until the 3-second access token has expired, then make the app call the API again.
    await page.waitForFunction(
      (access) => JSON.parse(atob(access!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).exp * 1000 < Date.now(),
      before.access,
      { timeout: 10_000, polling: 250 },
    );
    await page.reload();
    await page.waitForFunction((old) => (localStorage.getItem('refresh') ?? sessionStorage.getItem('refresh')) !== old, before.refresh);
    expect(new URL(page.url()).pathname).toBe('/devices');
    const after = await storedTokens(page);
    expect(after.access).not.toBe(before.access);
    expect(after.access).not.toBeNull();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
    expect(await page.evaluate(() => localStorage.getItem('run'))).toBeNull();
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
  });
});

describe('dashboard', () => {
  it('shows Directory in the sidebar only to user 1, and registers its route only for them', async () => {
    const { page: adminPage } = await e2e.newPage();
    await signInThroughUi(adminPage, 'admin', e2e.server.adminPassword);
    await expectVisible(adminPage.getByRole('navigation').getByRole('button', { name: 'Directory' }));

    const operator = await createUserAndSignIn(e2e.server, 'operator', 'operator-password');
    await grantGroup(e2e.server, operator.id);
    const { page } = await e2e.newPage();
    await signInThroughUi(page, 'operator', 'operator-password');
    await page.getByRole('navigation').getByRole('button', { name: 'Devices' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Directory' }).count()).toBe(0);
    await page.goto('/directory');
    await expectVisible(page.getByRole('heading', { name: 'Page not found' }));
    await adminPage.goto('/directory');
    await expectVisible(adminPage.getByRole('heading', { name: 'Directory' }));
  });

  it('switches to Russian, translates the sidebar, and keeps the choice after reload', async () => {
    const { page } = await e2e.newPage();
    await signInThroughUi(page, 'admin', e2e.server.adminPassword);
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Рус' });
    await expectVisible(page.getByRole('navigation').getByRole('button', { name: 'Устройства' }));
    await page.reload();
    await expectVisible(page.getByRole('navigation').getByRole('button', { name: 'Устройства' }));
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ru');
    // The choice is kept on the server too and follows the administrator into the next tests' fresh browsers: the server
    // now says Russian; forget it there so they start in English again.
    const { client } = await signIn(e2e.server);
    expect((await client.get('/users/profile/')).body.language).toBe('ru');
    expect((await client.put('/users/profile/', { language: null })).status).toBe(200);
  });

  it('opens a 258 px drawer from the menu button on a 500 px wide window', async () => {
    const { page, problems } = await e2e.newPage({ width: 500, height: 800 });
    await signInThroughUi(page, 'admin', e2e.server.adminPassword);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(258, 1);
    await expectVisible(drawer.getByRole('button', { name: 'Devices' }));
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
  });
});

async function expectVisible(locator: import('playwright-core').Locator) {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}

async function openUserMenu(page: import('playwright-core').Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
}

describe('content security policy', () => {
  it('runs the login and dashboard without a single CSP violation', async () => {
    const { page, problems } = await e2e.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(t: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await signInThroughUi(page, 'admin', e2e.server.adminPassword);
    // Opened from the keyboard (the menu is a chunk loaded on the first open): focus lands on its first item, and goes
    // back to the button on Escape.
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label')}`);
    await expect.poll(focused).toBe('menuitemradio Default');
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('null User menu'); // a <button> has no role attribute: its name is what counts
    expect(violations).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
  });
});
