import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStored, signInThroughUi, startE2E, type E2E } from '../helpers/browser.ts';
import { CLEAN_REPORT, checkScreen } from '../helpers/screenChecks.ts';
import { createUserAndSignIn, signIn } from '../helpers/server.ts';
import { authenticator, totp } from '../helpers/totp.ts';
import jsQR from 'jsqr';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let e2e: E2E;
let page: Page;
let problems: string[];
let admin: Awaited<ReturnType<typeof signIn>>['client'];
const marker = `J${Date.now().toString(36)}`;

beforeAll(async () => {
  e2e = await startE2E();
  admin = (await signIn(e2e.server)).client;
  ({ page, problems } = await e2e.newPage());
  await signInStored(page, e2e.server);
});
afterAll(async () => {
  await e2e?.close();
});

const visible = (locator: ReturnType<Page['locator']>) => locator.first().waitFor({ state: 'visible' });
const unexpected = (list: string[]) => list.filter((line) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(line));

describe('journal', () => {
  it('shows a device edit made on /devices with its before and after, links to the device and filters', async () => {
    const created = await admin.post('/tvpi/devices/create/', { sn: `${marker}-SN`, name: `${marker} Lobby`, user: 1 });
    expect(created.status).toBe(201);
    const other = await createUserAndSignIn(e2e.server, `${marker}-other`);
    await other.client.post('/tvpi/devices/create/', { sn: `${marker}-OTHER`, name: `${marker} Other`, user: 1 });

    await page.goto('/devices');
    await page.getByRole('searchbox', { name: 'Search devices' }).fill(marker);
    await page.getByRole('button', { name: `Open ${marker} Lobby` }).click();
    const card = page.getByRole('dialog', { name: `Device ${marker} Lobby` });
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: `Edit device ${marker} Lobby` });
    await form.getByRole('textbox', { name: 'Name' }).fill(`${marker} Hall`);
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Device updated'));

    await page.goto('/journal');
    const table = page.getByRole('table', { name: 'Journal' });
    await visible(table.getByRole('row').filter({ hasText: `${marker} Hall` }));
    const row = table.getByRole('row').filter({ hasText: `${marker} Hall` }).first();
    expect(await row.getByRole('listitem').filter({ hasText: 'Name' }).innerText()).toBe(`Name: ${marker} Lobby → ${marker} Hall`);
    expect(await row.innerText()).toContain('admin');
    expect(await row.innerText()).toContain('Changed');
    const link = row.getByRole('link', { name: `Open Device ${created.body.id}` });
    expect(await link.getAttribute('href')).toBe(`/devices/${created.body.id}/configs`);

    // Filters: the other user's entries only, then only updates (none of theirs), then cleared.
    await page.getByRole('combobox', { name: 'User' }).selectOption({ label: `${marker}-other` });
    await visible(table.getByRole('row').filter({ hasText: `${marker}-other` }));
    await table.getByRole('row').filter({ hasText: `${marker} Hall` }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed' });
    await visible(page.getByText('No entries match these filters.'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Object' }).selectOption({ label: 'Device' });
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed' });
    await visible(table.getByRole('row').filter({ hasText: `${marker} Hall` }));
    expect(await table.getByRole('row').filter({ hasText: 'Signed in' }).count()).toBe(0);

    // A period that ends before it starts is refused on the screen, without a request.
    // Typed in the page's language (English: month/day/year); a text that names no day says "Not a date" instead.
    await page.getByRole('textbox', { name: 'From' }).fill('11/20/2026');
    await page.getByRole('textbox', { name: 'To' }).fill('11/01/2026');
    await visible(page.getByText('The period ends before it starts.'));
    await page.getByRole('textbox', { name: 'To' }).fill('');
    await page.getByRole('textbox', { name: 'From' }).fill('');

    await link.click();
    await page.waitForURL(`**/devices/${created.body.id}/configs`);
    expect(unexpected(problems)).toEqual([]);
  });

  it('downloads the filtered entries as xlsx', async () => {
    await page.goto('/journal');
    await page.getByRole('combobox', { name: 'Object' }).selectOption({ label: 'Device' });
    await visible(page.getByRole('table', { name: 'Journal' }).getByRole('row').filter({ hasText: marker }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as xlsx' }).click()]);
    expect(download.suggestedFilename()).toBe('journal.xlsx');
    expect(unexpected(problems)).toEqual([]);
  });

  it('says when the journal cannot load, and loads on retry', async () => {
    let refuse = true;
    await page.route('**/api/v1/journal/**', (route) => (refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x","code":"server_error"}' }) : route.fallback()));
    await page.goto('/journal');
    await visible(page.getByRole('alert').filter({ hasText: 'Cannot load the journal.' }));
    refuse = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByRole('table', { name: 'Journal' }));
    await page.unroute('**/api/v1/journal/**');
  });

  it('/journal meets the house standard', async () => {
    const report = await checkScreen(page, { path: '/journal', ready: (p) => p.getByRole('link', { name: /^(Open|Открыть)/ }).first().waitFor({ state: 'visible' }), widths: [360, 500, 700] });
    expect(report).toEqual(CLEAN_REPORT);
  });

});

/** Draws the page's QR code (its SVG, as the page has it) on a canvas and reads it back with jsQR: what a phone's camera would read. */
async function decodeQr(tab: Page): Promise<string | null> {
  const { width, height, pixels } = await tab.evaluate(async () => {
    const svg = document.querySelector('[data-testid="two-factor-qr"]')!;
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, 300, 300);
    return { width: 300, height: 300, pixels: Array.from(context.getImageData(0, 0, 300, 300).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}

describe('two-factor codes', () => {
  it('signs a user with two-factor codes in with password and code: a wrong code is refused in words, keeping what was typed', async () => {
    const user = await createUserAndSignIn(e2e.server, `${marker}-tfa`, 'tfa-password-1');
    const { secret } = (await user.client.post('/profile/two-factor/enrol/')).body as { secret: string };
    const step = Math.floor(Date.now() / 30_000);
    expect((await user.client.post('/profile/two-factor/confirm/', { code: totp(secret, step - 1) })).status).toBe(200);

    const { page: tab, problems: tabProblems } = await e2e.newPage();
    await tab.goto('/login');
    await tab.getByLabel('Username').fill(`${marker}-tfa`);
    await tab.getByLabel('Password', { exact: true }).fill('tfa-password-1');
    await tab.keyboard.press('Enter');
    const code = tab.getByRole('textbox', { name: 'Code' });
    await visible(code);
    await tab.keyboard.type(totp(secret, step - 1));
    await tab.keyboard.press('Enter');
    await visible(tab.getByText('The code is not right, or was already used.'));
    expect(await code.inputValue()).toBe(totp(secret, step - 1));
    await code.fill(totp(secret, Math.floor(Date.now() / 30_000)));
    await tab.getByRole('button', { name: 'Verify' }).click();
    await tab.waitForURL((url) => !url.pathname.startsWith('/login'));
    await visible(tab.getByTitle(`Signed in as ${marker}-tfa`));
    expect(unexpected(tabProblems)).toEqual([]);
  });
});

describe('profile', () => {
  it('keeps the language and theme picked on /profile with the account: a fresh browser signs in with them', async () => {
    const user = await createUserAndSignIn(e2e.server, `${marker}-prefs`, 'prefs-password-1');
    const first = await e2e.newPage();
    await signInThroughUi(first.page, `${marker}-prefs`, 'prefs-password-1');
    await first.page.goto('/profile');
    await first.page.getByRole('main').getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
    await first.page.getByRole('main').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Русский' });
    await visible(first.page.getByRole('heading', { name: 'Язык и тема' }));
    await expect.poll(async () => {
      const profile = await user.client.get('/users/profile/');
      return [profile.body.language, profile.body.theme];
    }, { timeout: 15_000 }).toEqual(['ru', 'DARK']);

    const fresh = await e2e.newPage();
    expect(await fresh.page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('i18nextLng')]).catch(() => [null, null])).toEqual([null, null]);
    await signInThroughUi(fresh.page, `${marker}-prefs`, 'prefs-password-1');
    await fresh.page.goto('/profile');
    await visible(fresh.page.getByRole('heading', { name: 'Язык и тема' }));
    expect(await fresh.page.getByRole('main').getByRole('combobox', { name: 'Тема' }).inputValue()).toBe('DARK');
    expect(await fresh.page.evaluate(() => localStorage.getItem('theme'))).toBe('DARK');
    expect(unexpected(first.problems)).toEqual([]);
    expect(unexpected(fresh.problems)).toEqual([]);
  });

  it('changes the own username and password (the current one required, a wrong one refused)', async () => {
    await createUserAndSignIn(e2e.server, `${marker}-self`, 'self-password-1');
    const { page: own } = await e2e.newPage();
    await signInThroughUi(own, `${marker}-self`, 'self-password-1');
    await own.goto('/profile');
    await own.getByRole('textbox', { name: 'Username' }).fill(`${marker}-renamed`);
    await own.getByRole('button', { name: 'Save username' }).click();
    await visible(own.getByText('Username changed'));
    await own.getByLabel('Current password').fill('not-my-password-9');
    await own.getByLabel('New password', { exact: true }).fill('self-password-2');
    await own.getByLabel('New password again').fill('self-password-2');
    await own.getByRole('button', { name: 'Change password' }).click();
    await visible(own.getByText('The current password is wrong'));
    await own.getByLabel('Current password').fill('self-password-1');
    await own.getByRole('button', { name: 'Change password' }).click();
    await visible(own.getByText('Password changed.'));
    await signIn(e2e.server, `${marker}-renamed`, 'self-password-2');
  });

  it('says when the profile cannot load, and loads on retry', async () => {
    const { page: own } = await e2e.newPage();
    await signInThroughUi(own, 'admin', e2e.server.adminPassword);
    let refuse = true;
    await own.route('**/api/v1/users/profile/', (route) =>
      refuse && route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x","code":"server_error"}' }) : route.fallback(),
    );
    await own.goto('/profile');
    await visible(own.getByRole('alert').filter({ hasText: 'Cannot load your profile.' }));
    refuse = false;
    await own.getByRole('button', { name: 'Retry' }).click();
    await visible(own.getByRole('textbox', { name: 'Username' }));
  });

  it('makes an API token shown once that works on the API, refuses a taken name keeping what was typed, and revokes one', async () => {
    await page.goto('/profile');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await visible(tokens.getByText('No tokens yet.'));
    const make = async (name: string) => {
      await tokens.getByRole('button', { name: 'New token' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API token' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('combobox', { name: 'Expires' }).selectOption({ label: 'In 30 days' });
      await dialog.getByRole('combobox', { name: 'Devices' }).selectOption({ label: 'View' });
      await dialog.getByRole('button', { name: 'Create token' }).click();
      return dialog;
    };
    await make(`${marker} feed`);
    await visible(page.getByText('Token created'));
    const value = (await tokens.locator('code').filter({ hasText: /^vit_/ }).first().textContent())!;
    expect(value).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    const withToken = (url: string) => fetch(`${e2e.server.api}${url}`, { headers: { authorization: `Token ${value}` } });
    expect((await withToken('/tvpi/devices/')).status).toBe(200);
    expect((await withToken('/media/files/')).status).toBe(403);
    await tokens.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => tokens.getByText(value).count()).toBe(0);
    await visible(tokens.getByText(`${marker} feed`));

    // A taken name is refused under the field, with what was typed kept.
    const again = await make(`${marker} FEED`);
    await visible(again.getByText('You already have a token with this name'));
    expect(await again.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(`${marker} FEED`);
    await again.getByRole('textbox', { name: 'Name' }).fill(`${marker} kept`);
    await again.getByRole('button', { name: 'Create token' }).click();
    await visible(tokens.getByText(`${marker} kept`));
    await tokens.getByRole('button', { name: 'I have copied it' }).click();

    await tokens.getByRole('button', { name: `Revoke ${marker} feed` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: `Revoke the token “${marker} feed”?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await visible(page.getByText('Token revoked'));
    await expect.poll(() => tokens.getByText(`${marker} feed`, { exact: true }).count()).toBe(0);
    expect((await withToken('/tvpi/devices/')).status).toBe(401);
  });

  it('sets up two-factor codes on /profile: the QR code decodes to the otpauth URI, a code of the app turns them on, the recovery codes are shown once; a recovery code turns them off', async () => {
    await createUserAndSignIn(e2e.server, `${marker}-enrol`, 'enrol-password-1');
    const { page: own, problems: ownProblems } = await e2e.newPage();
    await signInStored(own, e2e.server, `${marker}-enrol`, 'enrol-password-1');
    await own.goto('/profile');
    const section = own.getByRole('region', { name: 'Two-factor codes' });
    await visible(section.getByText('Off: you sign in with your password alone.'));
    await section.getByRole('button', { name: 'Set up' }).click();
    await visible(section.getByRole('img', { name: 'QR code to add Vitrine to your authenticator app' }));
    const secret = (await section.locator('code').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await decodeQr(own)).toBe(`otpauth://totp/Vitrine:${marker}-enrol?secret=${secret}&issuer=Vitrine`);

    // A code of the wrong shape is refused before it is sent, what was typed kept; the app's code turns them on.
    const code = section.getByRole('textbox', { name: 'Code from the app' });
    await code.fill('12345');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await visible(section.getByText('Type the six digits the app shows.'));
    expect(await code.inputValue()).toBe('12345');
    const app = authenticator(secret);
    await code.fill(app.next());
    await code.press('Enter');
    const shown = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect.poll(() => shown.count()).toBe(10);
    const recovery = await shown.allTextContents();
    const [download] = await Promise.all([own.waitForEvent('download'), section.getByRole('button', { name: 'Download (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('vitrine-recovery-codes.txt');
    const saved = path.join(os.tmpdir(), `${marker}-recovery-codes.txt`);
    await download.saveAs(saved);
    expect((await fs.readFile(saved, 'utf8')).trim().split('\n').slice(-10)).toEqual(recovery);
    await fs.rm(saved);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await visible(section.getByText('10 recovery codes left.', { exact: false }));
    expect(await section.getByRole('list', { name: 'Your recovery codes' }).count()).toBe(0);
    const user = await signIn(e2e.server, 'admin', e2e.server.adminPassword);
    const listed = (await user.client.get('/users/?page_size=500')).body.results.find((row: { username: string }) => row.username === `${marker}-enrol`);
    expect(listed.two_factor).toBe(true);

    // Off, behind the confirmation: a wrong code is refused in words, a recovery code turns them off.
    await section.getByRole('button', { name: 'Turn off' }).click();
    const dialog = own.getByRole('dialog', { name: 'Turn off two-factor codes?' });
    const offCode = dialog.getByRole('textbox', { name: 'Code from the app or recovery code' });
    await offCode.fill(app.wrong());
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await visible(dialog.getByText('The code is not right, or was already used.', { exact: false }));
    await offCode.fill(recovery[0]!);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await visible(own.getByText('Two-factor codes are off.'));
    await visible(section.getByText('Off: you sign in with your password alone.'));
    expect(unexpected(ownProblems)).toEqual([]);
  });

  it("takes a user their company holds to /profile's enrolment and keeps them there; once enrolled they go where they were going", async () => {
    const company = (await admin.post('/companies/create/', { name: `${marker} Secure`, user: 1 })).body;
    const group = (await admin.post('/groups/create/', { name: `${marker} secure staff`, companies: [company.id], permissions: { devices: 'view' } })).body;
    const user = await createUserAndSignIn(e2e.server, `${marker}-held`, 'held-password-1');
    expect((await admin.put(`/users/${user.id}/`, { groups: [group.id] })).status).toBe(200);

    // The administrator turns the requirement on in the company's sign-in settings; "Also for single sign-on" opens with it.
    await page.goto('/company');
    await page.getByRole('button', { name: `Show details: ${marker} Secure` }).click();
    const settings = page.getByRole('region', { name: `Sign-in to ${marker} Secure` });
    await expect.poll(() => settings.getByRole('switch', { name: 'Also for single sign-on' }).isDisabled()).toBe(true);
    await settings.getByRole('switch', { name: 'Require two-factor codes' }).click();
    await visible(page.getByText('Two-factor codes are now required'));
    await expect.poll(() => settings.getByRole('switch', { name: 'Also for single sign-on' }).isDisabled()).toBe(false);
    expect((await admin.get(`/companies/${company.id}`)).body).toMatchObject({ require_two_factor: true, require_two_factor_sso: false });
    expect((await user.client.get('/tvpi/devices/')).body.code).toBe('two_factor_required');

    const { page: tab, problems: tabProblems } = await e2e.newPage();
    await signInThroughUi(tab, `${marker}-held`, 'held-password-1');
    await tab.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('next') === '/devices');
    await visible(tab.getByText('Your organisation requires two-factor codes. Set them up to continue.'));
    expect(await tab.getByRole('navigation', { name: 'Main navigation' }).getByRole('button').count()).toBe(0);
    expect(await tab.getByRole('region', { name: 'API tokens' }).count()).toBe(0);
    // Every other page leads back, saying why.
    await tab.goto('/media');
    await tab.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('next') === '/media');
    await visible(tab.getByText('Your organisation requires two-factor codes. Set them up to continue.'));

    const section = tab.getByRole('region', { name: 'Two-factor codes' });
    await section.getByRole('button', { name: 'Set up' }).click();
    const secret = (await section.locator('code').textContent())!;
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret, Math.floor(Date.now() / 30_000)));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await tab.waitForURL((url) => url.pathname === '/media');
    await visible(tab.getByRole('navigation', { name: 'Main navigation' }).getByRole('button').first());
    expect((await user.client.get('/tvpi/devices/')).status).toBe(200);
    expect(unexpected(tabProblems)).toEqual([]);
  });

  it('/profile meets the house standard', async () => {
    const report = await checkScreen(page, { path: '/profile', ready: (p) => p.getByRole('button', { name: /^(Change password|Сменить пароль)$/ }).waitFor({ state: 'visible' }) });
    expect(report).toEqual(CLEAN_REPORT);
  });

  it("/profile's two-factor set-up (QR code, key, code field) meets the house standard", async () => {
    const report = await checkScreen(page, {
      path: '/profile',
      ready: (p) => p.getByRole('heading', { name: /^(Two-factor codes|Двухфакторные коды)$/ }).waitFor({ state: 'visible' }),
      prepare: async (p) => {
        await p.getByRole('button', { name: /^(Set up|Настроить)$/ }).click();
        await p.getByTestId('two-factor-qr').waitFor({ state: 'visible' });
      },
    });
    expect(report).toEqual(CLEAN_REPORT);
  });

  it("resets a user's two-factor codes from /users behind a confirmation (journaled); the dialog meets the house standard", async () => {
    const user = await createUserAndSignIn(e2e.server, `${marker}-lost`, 'lost-password-1');
    const { secret } = (await user.client.post('/profile/two-factor/enrol/')).body as { secret: string };
    expect((await user.client.post('/profile/two-factor/confirm/', { code: authenticator(secret).next() })).status).toBe(200);
    const reset = new RegExp(`^(Reset the two-factor codes of|Сбросить двухфакторные коды пользователя) ${marker}-lost$`);
    const report = await checkScreen(page, {
      path: '/users',
      widths: [360, 500, 700],
      // By its text: once the confirmation is open, the page under it is hidden from roles.
      ready: (p) => p.getByText(`${marker}-lost`).first().waitFor({ state: 'visible' }),
      prepare: (p) => p.getByRole('button', { name: reset }).click(),
    });
    expect(report).toEqual(CLEAN_REPORT);

    await page.goto('/users');
    await page.getByRole('button', { name: `Reset the two-factor codes of ${marker}-lost` }).click();
    const confirm = page.getByRole('dialog', { name: `Reset the two-factor codes of ${marker}-lost?` });
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await visible(page.getByText('Two-factor codes reset', { exact: false }));
    await expect.poll(() => page.getByRole('button', { name: `Reset the two-factor codes of ${marker}-lost` }).count()).toBe(0);
    expect((await user.client.get('/profile/two-factor/')).body.enabled).toBe(false);
    const journal = await admin.get(`/journal/?entity=two_factor&user=1`);
    expect(journal.body.results[0]).toMatchObject({ action: 'reset', entity_id: String(user.id) });
  });

});
