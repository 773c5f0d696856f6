import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { createUserAndSignIn, grantGroup, signIn } from '../helpers/server.ts';

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

async function signedInPage(options: { locale?: string; width?: number; height?: number } = {}) {
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
    // The page signed in on may still be loading its list: left first, so that only the addresses below are heard.
    await page.goto('about:blank');
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
    const before = new Date().getFullYear();
    await page.goto('/login');
    const footer = await page.getByRole('contentinfo').innerText();
    // The page read its year between these two instants (run at the turn of a year they differ).
    expect([`Vitrine © ${before}`, `Vitrine © ${new Date().getFullYear()}`]).toContain(footer);
  });

  it('draws the Dark sidebar from the top bar to the end of a long page, its links kept in the window while it scrolls', async () => {
    const admin = (await signIn(e2e.server)).client;
    // A long journal: a dozen edits of the lobby screen's description (the device count other tests read stays 1).
    for (let index = 0; index < 12; index++) expect((await admin.put(`/tvpi/devices/${deviceId}`, { description: `Note ${index}`, user: 1 })).status).toBe(200);
    const { page } = await signedInPage({ width: 1280, height: 600 });
    await page.evaluate(() => localStorage.setItem('theme', 'DARK'));
    await page.goto('/journal');
    await visible(page.getByRole('link', { name: /^Open/ }));
    const devicesButton = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Devices' });
    await visible(devicesButton);
    for (const at of [0.5, 1]) {
      const seen = await page.evaluate(async (share) => {
        const page = document.documentElement;
        window.scrollTo(0, Math.round((page.scrollHeight - window.innerHeight) * share));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const sidebar = document.querySelector('aside')!.getBoundingClientRect();
        const background = (element: Element) => getComputedStyle(element).backgroundColor;
        return {
          longPage: page.scrollHeight > 2 * window.innerHeight && window.scrollY > 0,
          // The column, in page coordinates: from under the top bar to the page's end.
          column: { top: Math.round(sidebar.top + window.scrollY), bottom: Math.round(sidebar.bottom + window.scrollY) },
          pageEnd: page.scrollHeight,
          topBar: Math.round(document.querySelector('header')!.getBoundingClientRect().bottom),
          // What the window shows at the sidebar's foot and head is the sidebar, in the top bar's colour, not the page's.
          atFoot: document.elementFromPoint(8, window.innerHeight - 2)?.closest('aside') !== null,
          atHead: document.elementFromPoint(8, 60)?.closest('aside') !== null,
          sidebarColour: background(document.querySelector('aside')!),
          topBarColour: background(document.querySelector('header')!),
          pageColour: background(document.querySelector('header')!.parentElement!.parentElement!),
        };
      }, at);
      expect(seen, `scrolled to ${at * 100}%`).toEqual({
        longPage: true,
        column: { top: seen.topBar, bottom: seen.pageEnd },
        pageEnd: seen.pageEnd,
        topBar: 48,
        atFoot: true,
        atHead: true,
        sidebarColour: seen.topBarColour,
        topBarColour: 'rgb(41, 41, 41)',
        pageColour: seen.pageColour,
      });
      expect(seen.pageColour).not.toBe(seen.sidebarColour);
      // The links stay under the top bar however far the page scrolled.
      const button = await devicesButton.boundingBox();
      expect(button!.y).toBeGreaterThanOrEqual(48);
      expect(button!.y + button!.height).toBeLessThanOrEqual(600);
    }
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

describe('preferences', () => {
  it("keeps no language for a user who never chose one, though the page settled on the browser's Russian after the profile arrived; a choice is kept", async () => {
    const user = await createUserAndSignIn(e2e.server, 'polish-start-language', 'start-language-1');
    await grantGroup(e2e.server, user.id);
    // A theme on the server and no language: the theme shows when the profile has been applied.
    expect((await user.client.put('/users/profile/', { theme: 'DARK' })).body).toEqual({ language: null, theme: 'DARK' });
    const { page, problems } = await e2e.newPage({ locale: 'ru-RU' });
    await page.goto('/login');
    await page.evaluate(([access, refresh]) => {
      localStorage.setItem('access', access!);
      localStorage.setItem('refresh', refresh!);
    }, [user.access, user.refresh]);
    const saved: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/v1/users/profile/') saved.push(request.postDataJSON());
    });
    // The translations arrive after the profile, as on a slow network: i18next settles on the browser's Russian only then.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/locales/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/devices');
    await page.waitForFunction(() => localStorage.getItem('theme') === 'DARK');
    release();
    await visible(page.getByRole('navigation').getByRole('button', { name: 'Устройства' }));

    // Then the user picks English: that choice, and only it, is kept with the account.
    const kept = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/v1/users/profile/');
    await page.getByRole('banner').getByRole('combobox', { name: 'Язык' }).selectOption('en');
    expect((await kept).status()).toBe(200);
    expect(saved).toEqual([{ language: 'en' }]);
    expect((await user.client.get('/users/profile/')).body).toMatchObject({ language: 'en', theme: 'DARK' });
    expect(problems).toEqual([]);
  });
});

describe('tables', () => {
  /**
   * How far a cell's first mark starts from the cell's left edge, for the first two cells of the first row of the first
   * table: its text, or the box of a tick that comes before it (an editor's list starts each name with the tick of the
   * bulk actions, issue 41: the box stands where the column starts and the name follows it).
   */
  const textOffsets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main table tbody tr:first-child td')].slice(0, 2).map((cell) => {
        const tick = cell.querySelector('.fui-Checkbox__indicator');
        if (tick) return Math.round(tick.getBoundingClientRect().left - cell.getBoundingClientRect().left);
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT) });
        const range = document.createRange();
        range.selectNodeContents(walker.nextNode()!);
        return Math.round(range.getBoundingClientRect().left - cell.getBoundingClientRect().left);
      }),
    );

  it('starts a device name (or its tick) where its column starts, as the serial beside it does', async () => {
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

describe('form dialogs', () => {
  /**
   * The geometry of every Field of the open dialog: the gap from its label's bottom to its control's top, the control's
   * height, and whether the field stays inside the dialog. Controls are the field's first input, select, textarea or
   * group (a Field's label is its first child; its control follows).
   */
  const fieldGeometry = (page: Page) =>
    page.getByRole('dialog').evaluate((dialog) => {
      const surface = dialog.getBoundingClientRect();
      return [...dialog.querySelectorAll('.fui-Field')].flatMap((field) => {
        const label = field.querySelector(':scope > label');
        const control = field.querySelector('input:not([type="checkbox"]):not([type="radio"]), select, textarea, [role="group"], [role="radiogroup"], [role="combobox"]');
        if (!label || !control) return [];
        const l = label.getBoundingClientRect();
        const c = (control.closest('.fui-Input, .fui-Select, .fui-Textarea, .fui-Combobox') ?? control).getBoundingClientRect();
        const f = field.getBoundingClientRect();
        return [{
          label: label.textContent!.replace(/\s+/g, ' ').trim(),
          single: control.matches('input, select'),
          gap: Math.round(c.top - l.bottom),
          top: Math.round(c.top),
          height: Math.round(c.height),
          inside: f.left >= surface.left - 1 && f.right <= surface.right + 1,
        }];
      });
    });

  it('puts every label directly above its control, fields at their own height, inside the dialog, at 1440 and 360 px', async () => {
    const admin = (await signIn(e2e.server)).client;
    const company = (await admin.post('/companies/create/', { name: 'Layout co', user: 1 })).body;
    await admin.post('/branch-offices/create/', { company: company.id, name: 'Layout HQ', address: 'Main street 1', user: 1 });
    const dialogs: { path: string; open: (page: Page) => Promise<void>; title: string | RegExp; row?: [string, string] }[] = [
      { path: '/webhooks', open: (page) => page.getByRole('button', { name: 'Add endpoint' }).first().click(), title: 'Add webhook endpoint' },
      { path: '/webhooks', open: (page) => page.getByRole('button', { name: 'Edit the alerts of Layout co' }).click(), title: 'Offline alerts of Layout co', row: ['Quiet from', 'Quiet until'] },
      { path: '/webhooks', open: (page) => page.getByRole('button', { name: 'Override for an office of Layout co' }).click(), title: 'Override for an office of Layout co', row: ['Quiet from', 'Quiet until'] },
      { path: '/branch-offices', open: (page) => page.getByRole('button', { name: 'Add office' }).first().click(), title: 'Add office' },
      { path: '/organizations', open: (page) => page.getByRole('button', { name: 'Add company' }).first().click(), title: 'Add company' },
      { path: '/groups', open: (page) => page.getByRole('button', { name: 'Add group' }).first().click(), title: 'Add group' },
    ];
    for (const width of [1440, 360]) {
      const { page } = await signedInPage({ width, height: 900 });
      for (const dialog of dialogs) {
        if (new URL(page.url()).pathname !== dialog.path) await page.goto(dialog.path);
        await dialog.open(page);
        await visible(page.getByRole('dialog', { name: dialog.title }));
        const fields = await fieldGeometry(page);
        const where = `${dialog.title} at ${width} px`;
        expect(fields.length, where).toBeGreaterThan(1);
        for (const field of fields) {
          expect(field.gap, `${where}: ${field.label}`).toBeGreaterThanOrEqual(0);
          expect(field.gap, `${where}: ${field.label}`).toBeLessThanOrEqual(6);
          expect(field.inside, `${where}: ${field.label}`).toBe(true);
        }
        const single = fields.filter((field) => field.single).map((field) => field.height);
        expect(Math.max(...single), `${where}: one-line controls ${single.join(', ')}`).toBeLessThan(Math.min(...single) * 1.5);
        if (dialog.row) {
          const [from, to] = dialog.row.map((name) => fields.find((field) => field.label.startsWith(name))!);
          // Side by side on a wide screen, one under the other on a phone.
          if (width === 1440) expect(from!.top, where).toBe(to!.top);
          else expect(to!.top, where).toBeGreaterThan(from!.top);
        }
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
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

  it('takes the override end in the page\'s language, keeps headings above their text and a webhook URL whole between its parts', async () => {
    const admin = (await signIn(e2e.server)).client;
    const company = (await admin.post('/companies/create/', { name: 'Words co', user: 1 })).body;
    const office = (await admin.post('/branch-offices/create/', { company: company.id, name: 'Words HQ', address: 'Main street 1', user: 1 })).body;
    await admin.post('/tvpi/devices/create/', { sn: 'WORDS-1', name: 'Hall', office: office.id, user: 1 });
    const playlist = (await admin.post('/media/play_lists/create/', { name: 'Words loop', screen_position: 'horizontal', company: company.id })).body;
    await admin.post('/webhooks/create/', { url: 'http://93.184.216.34/services/T0AB12CD3/B0EF45GH6/receiver?token=abcdef012345', events: ['device.offline'], company: company.id });
    const { page } = await signedInPage({ width: 360, height: 800 });
    await useRussian(page);

    // The end of an override: day, month, year and a 24-hour clock as Russian writes them, not the browser's "mm/dd/yyyy, --:-- --".
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Открыть Hall' }).click();
    await page.getByRole('dialog', { name: /Hall/ }).getByRole('button', { name: 'Экстренный показ' }).click();
    const form = page.getByRole('dialog', { name: 'Экстренный показ' });
    const until = form.getByRole('textbox', { name: /^До/ });
    expect(await until.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ ЧЧ:ММ');
    expect(await form.locator('input[type="datetime-local"]').count()).toBe(0);
    await until.fill('31.12.2099 15:30');
    expect(await until.inputValue()).toBe('31.12.2099 15:30');

    // A heading stands above the text that follows it, not on its line.
    {
      await page.goto(`/playlists/${playlist.id}`);
      const heading = page.locator('#broadcasts-title');
      await visible(heading);
      const [headingBottom, nextTop] = await heading.evaluate((element) => [element.getBoundingClientRect().bottom, element.nextElementSibling!.getBoundingClientRect().top]);
      expect(nextTop).toBeGreaterThanOrEqual(headingBottom - 1);
    }

    // The URL wraps between its parts (after a slash, before a dot or ?), each part on one line, at 360 and 1440 px.
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/webhooks');
      await page.waitForFunction(() => [...document.querySelectorAll('main span, main strong')].some((element) => element.textContent === 'http://93.184.216.34/services/T0AB12CD3/B0EF45GH6/receiver?token=abcdef012345' && (element as HTMLElement).offsetParent !== null));
      const split = await page.evaluate(() => {
        const element = [...document.querySelectorAll('main span, main strong')].find((one) => one.textContent!.startsWith('http://93.184.216.34/') && (one as HTMLElement).offsetParent !== null)!;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const broken: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(node.textContent!);
        }
        return broken;
      });
      expect(split, `${width} px`).toEqual([]);
    }
  });
});
