// The runtime of the exported browser tests (tests/e2e/exported/*.paths.ts, written by `npm run qa:export`, all run by
// tests/e2e/exported-<n>.test.ts): one real server and the shared Chromium for every machine of the test file, the
// administrator signed in once per machine, and per path the adapter's start, user actions, arranged outcomes and
// on-screen states, called by the steps the exported file spells out.
import { afterAll, beforeAll, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { memoryStorage } from '../../../src/services/tokenStore.ts';
import { startE2E, type E2E } from '../../helpers/browser.ts';
import { signIn } from '../../helpers/server.ts';
import { installNetwork, resetNetwork, type Adapter, type ReplayContext } from './replay.ts';

// The catalogues prepare stored sessions as a browser keeps them (their starts run here, in Node).
globalThis.localStorage ??= memoryStorage();
globalThis.sessionStorage ??= memoryStorage();

/** Console errors a path may cause on purpose: refused and dropped requests. */
const EXPECTED_PROBLEMS = /40[39]|Failed to load resource|ERR_INTERNET_DISCONNECTED/;

/** The steps of one path: each takes the words of the catalogue (a start, a sample, a state). */
export interface PathSteps<A extends Adapter> {
  ctx: ReplayContext;
  /** Opens the screen of a start (its data made through the API). */
  start(start: string): Promise<void>;
  /** The user action of a sample. */
  act(sample: keyof A['act'] & string): Promise<void>;
  /** Sets up on the network the outcome of the next action (a refusal, a dropped request). */
  arrange(sample: keyof NonNullable<A['arrange']> & string): Promise<void>;
  /** Waits until the screen shows the state. */
  shows(state: keyof A['shows'] & string): Promise<void>;
  /** Checks the page logged no unexpected error, and closes a path's own context. */
  end(): Promise<void>;
}

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * The server of the test file: started by the first machine's beforeAll, closed by the last afterAll (the machines'
 * hooks are the file's: every beforeAll runs before the first test, every afterAll after the last). Each path's data
 * has names of its own (`unique`, counted across machines), so the machines do not meet on it.
 */
let server: Promise<E2E> | undefined;
let machines = 0;
let paths = 0;
/** The page of the machine whose paths share one (closed when the next machine opens its own). */
let sharedPage: Opened | undefined;

/** One server and browser for a machine's exported paths (beforeAll/afterAll); `path()` opens the next one. */
export function browserSuite<A extends Adapter>(adapter: A): { path(): Promise<PathSteps<A>> } {
  let e2e: E2E;
  let admin: ReplayContext['admin'];
  let shared: Opened | undefined;
  beforeAll(async () => {
    machines += 1;
    e2e = await (server ??= startE2E());
    admin = await signIn(e2e.server);
  });
  afterAll(async () => {
    machines -= 1;
    if (machines > 0 || !server) return;
    server = undefined;
    sharedPage = undefined;
    await e2e?.close();
  });

  async function open(): Promise<Opened> {
    const { context, page, problems } = await e2e.newPage();
    page.setDefaultTimeout(15_000);
    // The next path's start leaves a screen with unapplied changes: the browser's own leave question is answered "Leave".
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => undefined));
    await installNetwork(page);
    // Signed in as the administrator, the way the token store keeps a remembered session (once per tab).
    if (adapter.signedIn !== false) {
      await context.addInitScript(
        ([access, refresh]) => {
          if (!localStorage.getItem('access') && !sessionStorage.getItem('qa-signed-in')) {
            localStorage.setItem('access', access!);
            localStorage.setItem('refresh', refresh!);
            sessionStorage.setItem('qa-signed-in', '1');
          }
        },
        [admin.access, admin.refresh],
      );
    }
    return { context, page, problems };
  }

  return {
    async path() {
      const onePage = adapter.onePage !== false;
      if (onePage && !shared) {
        await sharedPage?.context.close().catch(() => undefined);
        sharedPage = shared = await open();
      }
      const opened = onePage ? shared! : await open();
      resetNetwork(opened.page);
      opened.problems.splice(0);
      paths += 1;
      const ctx: ReplayContext = { e2e, context: opened.context, page: opened.page, admin, unique: `${process.pid}-${paths}`, data: {} };
      const look = async <T>(where: string, run: () => Promise<T>): Promise<T> => {
        try {
          return await run();
        } catch (failure) {
          const screen = (await ctx.page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
          if (process.env.QA_DEBUG) await ctx.page.screenshot({ path: `/tmp/qa-fail-${ctx.unique}.png` });
          throw new Error(`${where}: ${(failure as Error).message.split('\n')[0]} (the screen reads: ${screen})`);
        }
      };
      return {
        ctx,
        start: (start) => look(`start "${start}"`, () => adapter.start(ctx, start)),
        act: (sample) => look(`"${sample}"`, () => adapter.act[sample]!(ctx)),
        arrange: (sample) => look(`arranging "${sample}"`, () => adapter.arrange![sample]!(ctx)),
        shows: (state) => look(`${state} is not on screen`, () => adapter.shows[state]!(ctx)),
        async end() {
          expect(opened.problems.filter((problem) => !EXPECTED_PROBLEMS.test(problem))).toEqual([]);
          if (!onePage) await opened.context.close();
        },
      };
    },
  };
}
