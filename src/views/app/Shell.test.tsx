import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { storeSession } from '../testing/renderWithProviders.tsx';

// The full app is a chunk of its own; here it is a stand-in, so that the test sees when the shell loads it.
const app = { loads: 0, fail: false };

/** The modules the shell shares with the app, from the same (reset) module registry as the rendered shell. */
async function handover() {
  const [{ takePendingSignIn }, { loginDraft, clearLoginDraft }] = await Promise.all([
    import('./pendingSignIn.ts'),
    import('../login/loginActions.ts'),
  ]);
  return { takePendingSignIn, loginDraft, clearLoginDraft };
}

async function renderShell() {
  vi.doMock('./App.tsx', async () => {
    app.loads += 1;
    if (app.fail) throw new Error('the network is down');
    return { App: () => <p>the full app</p> };
  });
  const { Shell } = await import('./Shell.tsx');
  return render(
    <MotionBehaviourProvider value="skip">
      <Shell />
    </MotionBehaviourProvider>,
  );
}

/** The locale files the first page reads (views/common/texts.ts: no i18next before the app), served from the repo's folder. */
const localeReads: string[] = [];

beforeEach(() => {
  vi.resetModules();
  app.loads = 0;
  app.fail = false;
  localeReads.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const file = path.join(import.meta.dirname, '../../..', pathname);
    if (!pathname.startsWith('/locales/') || !fs.existsSync(file)) return new Response('not found', { status: 404 });
    localeReads.push(pathname);
    return new Response(fs.readFileSync(file), { headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  const { takePendingSignIn, clearLoginDraft } = await handover();
  clearLoginDraft();
  takePendingSignIn();
});

describe('Shell (the first page)', () => {
  it('shows an anonymous visitor the login screen without loading the app', async () => {
    await renderShell();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('the full app')).toBeNull();
    expect(app.loads).toBe(0);
    // Its texts without i18next: the detected language's files, "{{brand}} © {{year}}" filled in, the page's language said.
    expect(localeReads.sort()).toEqual(['/locales/en/common.json', '/locales/en/login.json']);
    expect(screen.getByText(`Vitrine © ${new Date().getFullYear()}`)).toBeTruthy();
    // The title is set once the texts are read (an effect): waited for, as under load it comes a moment after the form.
    await waitFor(() => expect(document.title).toBe('Login - Vitrine'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows a language and a theme picked in another tab, without a reload', async () => {
    try {
      await renderShell();
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      const background = () => getComputedStyle(document.querySelector('.fui-FluentProvider')!).getPropertyValue('--colorNeutralBackground1');
      const light = background();
      // What another tab's choice does here: it is stored, and this tab hears of it through a storage event.
      const otherTab = (key: string, value: string) => {
        localStorage.setItem(key, value);
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
      };
      otherTab('i18nextLng', 'ru');
      expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('ru');
      otherTab('theme', 'DARK');
      await vi.waitFor(() => expect(background()).not.toBe(light));
    } finally {
      localStorage.clear();
    }
  });

  it('shows the login screen in the language the address asks for', async () => {
    window.history.replaceState(null, '', '/login?lng=ru');
    try {
      await renderShell();
      expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
      expect(localeReads.sort()).toEqual(['/locales/ru/common.json', '/locales/ru/login.json']);
    } finally {
      window.history.replaceState(null, '', '/');
      localStorage.clear();
    }
  });

  it('loads the app on submit and hands it the sign-in, keeping what was typed', async () => {
    await renderShell();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Username' }), { target: { value: 'operator' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('the full app')).toBeTruthy();
    expect(app.loads).toBe(1);
    const { takePendingSignIn, loginDraft } = await handover();
    expect(takePendingSignIn()).toEqual({ username: 'operator', password: 'secret', remember: false });
    expect(loginDraft).toEqual({ username: 'operator', password: 'secret', remember: false, code: '' });
  });

  it('does not load the app for an incomplete form', async () => {
    await renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(app.loads).toBe(0);
  });

  it('loads the app at once when a session is stored', async () => {
    storeSession(2);
    await renderShell();
    expect(await screen.findByText('the full app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says "Loading chunk failed" and offers a reload when the app does not arrive', async () => {
    app.fail = true;
    storeSession(2);
    await renderShell();
    expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
