import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { record, timed } from './profile.ts';
import { signIn, startTestServer, type TestServer } from './server.ts';
import type { ServerConfig } from '../../server/config.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags measured to work on this machine (see ARCHITECTURE.md). */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/**
 * Chromium for a test file: a connection to the one the browser tests' global setup launched (tests/helpers/e2eSetup.ts),
 * or a Chromium of its own elsewhere. close() of a connection closes the contexts it made and leaves the shared browser.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  const endpoint = await sharedEndpoint();
  return timed('browser', () => (endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS })));
}

async function sharedEndpoint(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  try {
    return inject('chromiumEndpoint');
  } catch {
    return undefined;
  }
}

/** The page's explicit waits, timed under 'wait' for npm run test:profile (only when it profiles). */
const WAITS = ['waitForURL', 'waitForResponse', 'waitForRequest', 'waitForSelector', 'waitForFunction', 'waitForEvent', 'waitForLoadState'] as const;
function timeWaits(page: Page): void {
  if (!process.env.VITRINE_TEST_PROFILE) return;
  for (const name of WAITS) {
    const original = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        record('wait', performance.now() - started);
      }
    };
  }
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (its own storage) with a page on the server's origin. */
  newPage(options?: { width?: number; height?: number; locale?: string }): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/**
 * Starts the real server (built SPA from dist/, fresh database) and Chromium.
 * `problems` of a page collects console errors, CSP violations and page errors so a test can assert none happened.
 */
export async function startE2E(overrides: Partial<ServerConfig> = {}): Promise<E2E> {
  const dist = path.resolve(import.meta.dirname, '../../dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  // Access tokens live an hour here instead of 5 minutes (foundation.test.ts sets its own 3 s to test renewal): a file's
  // API clients hold the administrator's token from its beforeAll, and a file that ran past 5 minutes on a loaded
  // machine (playlists and player.test.ts, 320-330 s with 3 files at once at load 18) had every later call refused 401.
  const server = await startTestServer({ accessTtlSeconds: 3600, ...overrides });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage({ width = 1366, height = 900, locale = 'en-US' } = {}) {
      const context = await browser.newContext({ baseURL: server.origin, viewport: { width, height }, locale });
      contexts.push(context);
      const page = await context.newPage();
      timeWaits(page);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      return { context, page, problems };
    },
    async close() {
      await timed('teardown', async () => {
        for (const context of contexts) await context.close().catch(() => undefined);
        await browser.close().catch(() => undefined);
      });
      await server.close();
    },
  };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Signs in through the API and hands the session to the page as the login screen keeps it with "remember me" (the
 * token pair in localStorage), without loading anything: the page's next goto opens that screen signed in. For tests
 * about something else than signing in, which opened /login, signed in, waited for /devices and then went where they
 * meant to: two loads of the app for one (2.6 s against 1.7 s to a signed-in /playlists at load 12 here).
 * The tokens are stored by a script of this page (tab) that runs before the app's own, once per tab (a sessionStorage
 * mark): a reload keeps what the app stored since (a refreshed pair, a sign-out), as in a browser.
 */
export async function signInStored(page: Page, server: TestServer, username = 'admin', password = server.adminPassword): Promise<void> {
  const { access, refresh } = await signIn(server, username, password);
  await page.addInitScript(
    ([origin, access, refresh]) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e-session-stored')) return;
      localStorage.setItem('access', access!);
      localStorage.setItem('refresh', refresh!);
      sessionStorage.setItem('e2e-session-stored', '1');
    },
    [server.origin, access, refresh],
  );
}

/** A temporary directory for downloads and generated fixtures, removed by the caller. */
export function tempDir(prefix = 'vitrine-e2e-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
