import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';

/** Issue 15: each defect found on the built screens, as an operator meets it in Chromium. */

let e2e: E2E;
let deviceId: number;
beforeAll(async () => {
  e2e = await startE2E();
  const admin = (await signIn(e2e.server)).client;
  deviceId = (await admin.post('/tvpi/devices/create/', { sn: 'POLISH-1', name: 'Lobby', user: 1 })).body.id;
});
afterAll(async () => {
  await e2e?.close();
});

const visible = (locator: ReturnType<Page['locator']>) => locator.first().waitFor({ state: 'visible' });

async function signedInPage(options: { locale?: string; width?: number } = {}) {
  const opened = await e2e.newPage(options);
  await signInThroughUi(opened.page, 'admin', e2e.server.adminPassword);
  return opened;
}

async function useRussian(page: Page) {
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ru'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
}

describe('session', () => {
  it('gives user 1 the Directory once a refresh replaced a broken access token, without a reload', async () => {
    const { page } = await e2e.newPage();
    const tokens = await signIn(e2e.server);
    await page.goto('/login');
    // An access token the app cannot read (user id unknown) beside a good refresh token: the first call answers 401,
    // the http client refreshes and stores a pair whose access token says user_id 1.
    await page.evaluate((refresh) => {
      localStorage.setItem('access', 'broken.token.value');
      localStorage.setItem('refresh', refresh);
    }, tokens.refresh);
    await page.goto('/devices');
    await page.waitForFunction((old) => localStorage.getItem('refresh') !== old, tokens.refresh);
    await visible(page.getByRole('navigation').getByRole('button', { name: 'Directory' }));
    await page.getByRole('navigation').getByRole('button', { name: 'Directory' }).click();
    await page.getByRole('navigation').getByRole('link', { name: /Directory|Queries|Encoding/ }).first().click();
    await page.waitForURL('**/directory');
    await visible(page.getByRole('heading', { level: 1, name: 'Directory' }));
  });
});

describe('addresses', () => {
  it('shows "Page not found" for an invalid id in the address, without asking the API', async () => {
    const { page } = await signedInPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/tvpi/devices/') || request.url().includes('/api/v1/media/files/')) asked.push(new URL(request.url()).pathname);
    });
    for (const address of ['/devices/abc/configs', '/devices/0/configs', '/media/1.5', '/media/99999999999']) {
      await page.goto(address);
      await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    }
    expect(asked).toEqual([]);
    await page.goto(`/devices/${deviceId}/configs`);
    await visible(page.getByText('player.json'));
  });
});

describe('themes and layouts', () => {
  it('logs "The theme PURPLE is not valid" for an unknown stored theme and shows the default one', async () => {
    const { page } = await signedInPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => localStorage.setItem('theme', 'PURPLE'));
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Devices' }));
    expect(warnings.filter((text) => text.startsWith('The theme'))).toEqual(['The theme PURPLE is not valid']);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('DEFAULT');
  });

  it('has the footer with the product name and the current year on the login page too', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    expect(await page.getByRole('contentinfo').innerText()).toBe(`Vitrine © ${new Date().getFullYear()}`);
  });

  it.each([1366, 800])('shows the "Successfully login" toast where it hides none of the page\'s controls, at %i px', async (width) => {
    const { page } = await signedInPage({ width });
    const toast = page.getByText('Successfully login').first();
    await visible(toast);
    await visible(page.getByRole('button', { name: 'Add device' }));
    const covered = await page.evaluate(() => {
      const toastBox = [...document.querySelectorAll('.fui-Toast')].find((element) => element.textContent?.includes('Successfully login'))!.getBoundingClientRect();
      const overlaps = (r: DOMRect) => r.left < toastBox.x + toastBox.width && r.right > toastBox.x && r.top < toastBox.y + toastBox.height && r.bottom > toastBox.y;
      return [...document.querySelectorAll('button, a[href], input, select, [role="button"]')]
        .filter((element) => !element.closest('[data-toaster-id], .fui-Toast, .fui-Toaster'))
        .filter((element) => element.getBoundingClientRect().width > 0 && overlaps(element.getBoundingClientRect()))
        .map((element) => element.getAttribute('aria-label') ?? element.textContent);
    });
    expect(covered).toEqual([]);
  });
});

describe('tables', () => {
  /** How far a cell's text starts from the cell's left edge, for each cell of the first row of the first table. */
  const textOffsets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main table tbody tr:first-child td')].slice(0, 2).map((cell) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT) });
        const range = document.createRange();
        range.selectNodeContents(walker.nextNode()!);
        return Math.round(range.getBoundingClientRect().left - cell.getBoundingClientRect().left);
      }),
    );

  it('starts a device name where its column starts, as the serial beside it does', async () => {
    const { page } = await signedInPage();
    await page.goto('/devices');
    await visible(page.getByRole('button', { name: 'Open Lobby' }));
    const [name, serial] = await textOffsets(page);
    expect(Math.abs(name! - serial!)).toBeLessThanOrEqual(1);
  });

  it('keeps a Directory value on one line at 1440 px', async () => {
    const admin = (await signIn(e2e.server)).client;
    await admin.post('/directory/queries/create/', { name: 'Wide lobby screens in every branch office', value: '3840 x 2160 @ fps=60 @ hevc', type: 'video', device: 'tvpi', screen: 'horizontal' });
    const { page } = await signedInPage({ width: 1440 });
    await page.goto('/directory');
    const value = page.getByText('3840 x 2160 @ fps=60 @ hevc');
    await visible(value);
    const lines = await value.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });
});

describe('words', () => {
  it('counts devices with the right Russian form in the pager: 1 устройство', async () => {
    const { page } = await signedInPage();
    await useRussian(page);
    await page.goto('/devices');
    await visible(page.getByText('Страница 1 из 1, 1 устройство'));
  });

  it('names the search clear buttons in the page\'s language', async () => {
    const { page } = await signedInPage();
    await useRussian(page);
    for (const address of ['/devices', '/media']) {
      await page.goto(address);
      await page.getByRole('searchbox').fill('x');
      await visible(page.getByRole('button', { name: 'Очистить поиск' }));
      expect(await page.getByRole('button', { name: 'clear', exact: true }).count()).toBe(0);
    }
  });

  it('marks SN as required in the device form, and types dates in the page\'s language', async () => {
    const { page } = await signedInPage();
    await useRussian(page);
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Добавить устройство' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить устройство' });
    const sn = dialog.getByRole('textbox', { name: 'SN' });
    expect(await sn.evaluate((input) => (input as HTMLInputElement).required || input.getAttribute('aria-required') === 'true')).toBe(true);
    expect((await dialog.locator('label', { hasText: 'SN' }).innerText()).replace(/\s+/g, '')).toBe('SN*');
    const mountDate = dialog.getByRole('textbox', { name: 'Дата монтажа' });
    expect(await mountDate.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    expect(await dialog.locator('input[type="date"]').count()).toBe(0);
    await sn.fill('POLISH-DATE');
    await mountDate.fill('01.03.2026');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const admin = (await signIn(e2e.server)).client;
    const saved = (await admin.get('/tvpi/devices/?search=POLISH-DATE')).body.results[0];
    expect(saved.mount_date).toBe('2026-03-01');
  });
});
