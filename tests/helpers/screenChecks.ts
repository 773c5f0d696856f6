import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The house standard's browser checks for one screen (STYLE.md, "Screens: the house standard"):
 * - no sideways page scroll (`scrollWidth <= innerWidth`) at 360 and 500 px, in English and Russian, and every visible
 *   button, link and field inside the window (an action in a sideways-scrolling table is not reachable);
 * - axe-core in the Default and Dark themes, wide and narrow: no serious or critical violation.
 *
 * Usage, in an e2e test with a signed-in page:
 * ```ts
 * const report = await checkScreen(page, { path: '/devices', ready: (p) => p.getByRole('table').first().waitFor() });
 * expect(report).toEqual({ overflow: [], unreachable: [], violations: [] });
 * ```
 * The report names what failed (width, language, theme, the offending elements), so a failure reads as a to-do list.
 * With `SCREEN_CHECKS_SHOTS=<dir>` set, every state checked is also saved as a full-page PNG there, to look at.
 */

export type Language = 'en' | 'ru';
/** The six themes of the user menu; axe runs in Default and Dark unless `themes` names others. */
export type CheckedTheme = 'DEFAULT' | 'DARK' | 'LIGHT' | 'BLUE' | 'GREEN' | 'INDIGO';

export interface ScreenCheckOptions {
  /** The address to open (`/devices`, `/media/12`). */
  path: string;
  /** Waits until the screen shows its content (a heading, a row): checks run only after it resolves. */
  ready: (page: Page) => Promise<unknown>;
  /** Runs after `ready` on every load, to check a state of the screen (a dialog opened, a filter set). */
  prepare?: (page: Page, language: Language) => Promise<unknown>;
  /** Widths for the sideways-scroll check; default 360 and 500. */
  widths?: number[];
  languages?: Language[];
  /** Themes for axe; default Default and Dark. */
  themes?: CheckedTheme[];
  /** Widths axe runs at, in each theme; default 1280 and 360 (the dashboard's sidebar and drawer layouts). */
  axeWidths?: number[];
  /** Height of the window; default 800. */
  height?: number;
  /**
   * Whether the screen is loaded once and the other languages and themes are switched in place, as a second tab of the
   * panel switches them (the panel applies a language or theme another tab stores); default true but for the web
   * player's pages (/player/...), which are loaded again for each. `prepare` then runs after that one load.
   */
  inPlace?: boolean;
}

export interface Overflow {
  width: number;
  language: Language;
  scrollWidth: number;
  /** The widest elements that stick out on the right, as `tag.class "text"`. */
  culprits: string[];
}

export interface Unreachable {
  width: number;
  language: Language;
  /** Visible controls outside the window (left < 0 or right > innerWidth), as `role "name" at x..x`. */
  controls: string[];
}

export interface Violation {
  theme: CheckedTheme;
  width: number;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

export interface ScreenReport {
  overflow: Overflow[];
  unreachable: Unreachable[];
  violations: Violation[];
}

const LANGUAGE_KEY = 'i18nextLng';
const SHOTS_DIR = process.env.SCREEN_CHECKS_SHOTS;
const THEME_KEY = 'theme';

let axeSource: string | undefined;
/** axe-core's own script, read from node_modules and evaluated in the page (no CDN, and the CSP is not relaxed). */
function axeScript(): string {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface Preferences {
  language: string | null;
  theme: string | null;
}

/**
 * The signed-in user's interface preferences on the server (GET /users/profile/, or PUT `set` there first), or null
 * when no one is signed in. Preferences follow the user: the app applies the server's at sign-in, so a check that only
 * set localStorage fought a language kept on the server (the page turned back to it and `open` waited for ever), and
 * it once also saved the language a page started in as the user's choice (later tests of the same user opened in
 * Russian; now only a picked language is saved). Uses the page's own tokens, refreshing them once if the access token expired.
 */
async function serverPreferences(page: Page, set?: Preferences): Promise<Preferences | null> {
  return page.evaluate(async (body) => {
    const store = sessionStorage.getItem('refresh') !== null || sessionStorage.getItem('access') !== null ? sessionStorage : localStorage;
    const call = (access: string) =>
      fetch('/api/v1/users/profile/', {
        method: body ? 'PUT' : 'GET',
        headers: body ? { authorization: `JWT ${access}`, 'content-type': 'application/json' } : { authorization: `JWT ${access}` },
        body: body ? JSON.stringify(body) : undefined,
      });
    const access = store.getItem('access');
    let response = access ? await call(access) : null;
    if (!response || response.status === 401) {
      const refresh = store.getItem('refresh');
      if (!refresh) return null;
      const renewed = await fetch('/api/v1/auth/token/token-refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh }) });
      if (!renewed.ok) return null;
      const pair = (await renewed.json()) as { access: string; refresh?: string };
      store.setItem('access', pair.access);
      if (pair.refresh) store.setItem('refresh', pair.refresh);
      response = await call(pair.access);
    }
    if (!response.ok) return null;
    const profile = (await response.json()) as Partial<Preferences>;
    return { language: profile.language ?? null, theme: profile.theme ?? null };
  }, set ?? null);
}

/** Opens `path` with the given language and theme stored (in the browser and on the server), as a returning operator has them. */
async function open(page: Page, options: ScreenCheckOptions, language: Language, theme: CheckedTheme): Promise<void> {
  await serverPreferences(page, { language, theme });
  await page.evaluate(
    ([languageKey, language, themeKey, theme]) => {
      localStorage.setItem(languageKey!, language!);
      localStorage.setItem(themeKey!, theme!);
    },
    [LANGUAGE_KEY, language, THEME_KEY, theme],
  );
  await page.goto(options.path);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await options.ready(page);
  await options.prepare?.(page, language);
  await settle(page);
}

/** What tells the panel's themes apart: the page's background and brand colours, as the theme provider sets them. */
function themeColours(page: Page): Promise<string> {
  return page.evaluate(() => {
    const provider = document.querySelector('.fui-FluentProvider');
    if (!provider) return '';
    const style = getComputedStyle(provider);
    return `${style.getPropertyValue('--colorNeutralBackground1')} ${style.getPropertyValue('--colorBrandBackground')}`;
  });
}

/**
 * Switches the open screen to `language` and `theme` without loading it again: the preferences are kept on the server as
 * `open` keeps them, and a second tab of the same browser (`helper`, a small file of the panel's origin) stores them,
 * which the panel applies at once (a `storage` event in every other tab). Waits until the page shows both.
 */
async function switchInPlace(page: Page, helper: Page, options: ScreenCheckOptions, language: Language, theme: CheckedTheme, shownTheme: CheckedTheme): Promise<void> {
  await serverPreferences(page, { language, theme });
  const before = theme === shownTheme ? undefined : await themeColours(page);
  await helper.evaluate(
    ([languageKey, language, themeKey, theme]) => {
      localStorage.setItem(languageKey!, language!);
      localStorage.setItem(themeKey!, theme!);
    },
    [LANGUAGE_KEY, language, THEME_KEY, theme],
  );
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  if (before !== undefined) {
    await page.waitForFunction((before) => {
      const provider = document.querySelector('.fui-FluentProvider');
      if (!provider) return false;
      const style = getComputedStyle(provider);
      return `${style.getPropertyValue('--colorNeutralBackground1')} ${style.getPropertyValue('--colorBrandBackground')}` !== before;
    }, before);
  }
  await options.ready(page);
  await settle(page);
}

/** Waits for fonts and two animation frames, so that a resize or a language change has been laid out. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function resize(page: Page, width: number, height: number, options: ScreenCheckOptions): Promise<void> {
  await page.setViewportSize({ width, height });
  await options.ready(page);
  await settle(page);
}

async function shoot(page: Page, options: ScreenCheckOptions, state: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const name = `${options.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}-${state}.png`;
  await page.screenshot({ path: path.join(SHOTS_DIR, name), fullPage: true });
}

/** Page width against the window, and the elements that stick out (for the report). */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = element.getAttribute('aria-label');
      return `${element.tagName.toLowerCase()}${label ? `[${label}]` : ''} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const culprits: string[] = [];
    if (scrollWidth > innerWidth) {
      // The deepest elements whose right edge passes the window: the ones to fix.
      const out = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5);
      const leaves = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
      culprits.push(...leaves.slice(0, 6).map(describe));
    }
    return { scrollWidth, innerWidth, culprits };
  });
}

/** Visible buttons, links and fields that lie outside the window (cut off in a sideways-scrolling box, say). */
function measureUnreachable(page: Page) {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const controls = [...document.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="link"], [role="tab"]')];
    return controls
      .filter((element) => {
        if (element.closest('[aria-hidden="true"], [data-tabster-dummy]')) return false;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || (element as HTMLInputElement).type === 'hidden') return false;
        // Visually hidden inputs (Fluent checkboxes and switches draw their own box over a transparent input).
        if (Number(style.opacity) === 0) return false;
        return box.left < -0.5 || box.right > innerWidth + 0.5;
      })
      .slice(0, 8)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}..${Math.round(box.right)}`;
      });
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe-core in the page and keeps the serious and critical violations. */
/**
 * Waits for the page's running transitions and animations that end (a spinner's never does) to finish, at most 5 s: a
 * dialog fading in shows its buttons at part opacity, and axe's color-contrast read that as a failing button (a flake of
 * screens.test.ts, the override start dialog).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        ...violation,
        nodes: violation.nodes.filter((node) => {
          // Fluent's focus traps (tabster) put aria-hidden, focusable <span data-tabster-dummy> guards around dialogs
          // and drawers: they exist to catch Tab at the edges and pass focus straight on, so a screen reader never
          // rests on them. axe's aria-hidden-focus reports each of them; that rule, on those elements only, is excluded.
          if (violation.id !== 'aria-hidden-focus') return true;
          // The guard may be gone (or its selector point elsewhere) by the time this runs: its html says what it was.
          if (node.html.includes('data-tabster-dummy')) return false;
          const element = document.querySelector(node.target.join(' '));
          return !element?.matches('[data-tabster-dummy]');
        }),
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target, html: node.html.slice(0, 160) })) }));
  });
}

/** Runs every check of the house standard on one screen and answers what failed (empty lists when all holds). */
export async function checkScreen(page: Page, options: ScreenCheckOptions): Promise<ScreenReport> {
  const widths = options.widths ?? [360, 500];
  const languages = options.languages ?? ['en', 'ru'];
  const themes = options.themes ?? ['DEFAULT', 'DARK'];
  const axeWidths = options.axeWidths ?? [1280, 360];
  const height = options.height ?? 800;
  const report: ScreenReport = { overflow: [], unreachable: [], violations: [] };
  // A page that has opened nothing yet (its session handed over by signInStored) opens the screen first: the
  // preferences are read and written from the app's origin.
  if (page.url() === 'about:blank') await page.goto(options.path);
  const kept = await serverPreferences(page);
  // The screen is loaded once (the first `show`); the other languages and themes are switched in place (see inPlace).
  const inPlace = options.inPlace ?? !options.path.startsWith('/player');
  let loaded = false;
  let shownTheme: CheckedTheme = 'DEFAULT';
  let helper: Page | undefined;
  const show = async (language: Language, theme: CheckedTheme) => {
    if (!inPlace || !loaded) {
      await open(page, options, language, theme);
      loaded = true;
    } else {
      if (!helper) {
        helper = await page.context().newPage();
        await helper.goto(new URL('/locales/en/common.json', page.url()).href);
        // The new tab took the front: a tab behind it gets no animation frames, which the checks wait for.
        await page.bringToFront();
      }
      await switchInPlace(page, helper, options, language, theme, shownTheme);
    }
    shownTheme = theme;
  };
  const axeIn = async (theme: CheckedTheme) => {
    for (const width of axeWidths) {
      await resize(page, width, height, options);
      await shoot(page, options, `${width}-${theme.toLowerCase()}`);
      for (const violation of await runAxe(page)) {
        report.violations.push({
          theme,
          width,
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html}`),
        });
      }
    }
  };
  // The English pass is in the Default theme already: axe's Default theme runs in it, without loading the screen again
  // (one load of four saved on a screen checked in both languages and both themes; the widths are reached by resizing
  // either way).
  const defaultInEnglish = languages.includes('en') && themes.includes('DEFAULT');

  for (const language of languages) {
    await page.setViewportSize({ width: widths[0]!, height });
    await show(language, 'DEFAULT');
    for (const width of widths) {
      await resize(page, width, height, options);
      await shoot(page, options, `${width}-${language}`);
      const measured = await measureOverflow(page);
      if (measured.scrollWidth > measured.innerWidth) report.overflow.push({ width, language, scrollWidth: measured.scrollWidth, culprits: measured.culprits });
      const controls = await measureUnreachable(page);
      if (controls.length > 0) report.unreachable.push({ width, language, controls });
    }
    if (language === 'en' && defaultInEnglish) await axeIn('DEFAULT');
  }

  for (const theme of themes) {
    if (theme === 'DEFAULT' && defaultInEnglish) continue;
    await page.setViewportSize({ width: axeWidths[0]!, height });
    await show('en', theme);
    await axeIn(theme);
  }

  await helper?.close();
  await page.evaluate(([languageKey, themeKey]) => {
    localStorage.setItem(languageKey!, 'en');
    localStorage.setItem(themeKey!, 'DEFAULT');
  }, [LANGUAGE_KEY, THEME_KEY]);
  if (kept) await serverPreferences(page, kept);
  return report;
}

/** A report with nothing in it: what `checkScreen` answers for a screen that meets the standard. */
export const CLEAN_REPORT: ScreenReport = { overflow: [], unreachable: [], violations: [] };
