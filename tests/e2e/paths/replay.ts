import type { BrowserContext, Page, Route } from 'playwright-core';
import type { QaCatalogue } from '../../model/qa/catalogue.ts';
import type { AnyMachineSnapshot } from 'xstate';
import { activeLeaves, coverPaths, type QaPath } from '../../model/qa/graph.ts';
import type { E2E } from '../../helpers/browser.ts';
import type { signIn } from '../../helpers/server.ts';

/** What one replay works with: its page, the API as the administrator, and what the start created. */
export interface ReplayContext {
  e2e: E2E;
  context: BrowserContext;
  page: Page;
  admin: Awaited<ReturnType<typeof signIn>>;
  /** A name unique to this path, for the data it creates. */
  unique: string;
  data: Record<string, unknown>;
}

type Step = (ctx: ReplayContext) => Promise<void>;

/**
 * How a machine's paths are played through the real UI: each user sample is a user action; each server outcome
 * happens on the real server, or (refusals and network failures a user cannot cause from the screen) is arranged
 * on the network before the action that leads to it; each state the machine settles in has something visible.
 */
export interface Adapter {
  qa: QaCatalogue;
  /** Whether the browser starts signed in as the administrator (default true). */
  signedIn?: boolean;
  /**
   * Whether the machine's paths play one after another in one page (default true): each start opens its screen
   * again. False gives each path a fresh browser context (its own storage), for paths that start from what the
   * browser keeps (stored sessions) or leave handlers on the page.
   */
  onePage?: boolean;
  /** Samples the screen cannot produce, each with the reason: the browser paths are generated without them. */
  unsupported?: Record<string, string>;
  /** Opens the screen for a start (its data made through the API). */
  start: (ctx: ReplayContext, start: string) => Promise<void>;
  /** The user action of a user sample. */
  act: Record<string, Step>;
  /** Set up on the network before the preceding action: an outcome the server would not give on its own. */
  arrange?: Record<string, Step>;
  /** What a settled state looks like; states not listed (short-lived ones like `saving`) are not waited for. */
  shows: Record<string, Step>;
}

/** Whether the catalogue says the screen cannot produce a sample in a situation (its `offScreen`, by state or view). */
export function offScreenIn(qa: QaCatalogue, sample: string, snapshot: AnyMachineSnapshot): boolean {
  const entry = qa.offScreen?.[sample];
  if (entry === undefined) return false;
  if (typeof entry === 'string') return true;
  if (typeof entry === 'function') return entry((qa.view?.(snapshot as never) ?? {}) as Record<string, unknown>) !== undefined;
  return activeLeaves(snapshot).some((leaf) => {
    const parts = leaf ? leaf.split('.') : [];
    for (let length = parts.length; length >= 0; length--) if (entry[parts.slice(0, length).join('.')] !== undefined) return true;
    return false;
  });
}

/**
 * The browser paths of an adapter: the catalogue's transition cover without the samples the UI cannot produce (the
 * adapter's `unsupported`, and the catalogue's `offScreen` where it says so).
 */
export function browserPaths(adapter: Adapter): { paths: QaPath[]; covered: Set<string> } {
  const { qa } = adapter;
  const events = Object.fromEntries(Object.entries(qa.events).filter(([sample]) => !(sample in (adapter.unsupported ?? {}))));
  const when: NonNullable<QaCatalogue['when']> = { ...qa.when };
  for (const sample of Object.keys(qa.offScreen ?? {})) {
    const own = qa.when?.[sample];
    when[sample] = (snapshot) => (own ? own(snapshot) : true) && !offScreenIn(qa, sample, snapshot as AnyMachineSnapshot);
  }
  const { paths, covered } = coverPaths({ ...qa, events, when }, { pairs: false });
  return { paths, covered };
}

type Arranged = { method: string; url: RegExp; answer: (route: Route) => Promise<void> };
const arranged = new WeakMap<Page, Arranged[]>();

/** Routes every API request of the page through the arranged outcomes (installed once, before the page loads). */
export async function installNetwork(page: Page): Promise<void> {
  const queue: Arranged[] = [];
  arranged.set(page, queue);
  await page.route(/\/api\/v1\//, async (route) => {
    const method = route.request().method();
    const index = queue.findIndex((item) => (item.method === 'write' ? method !== 'GET' : method === item.method) && item.url.test(route.request().url()));
    if (index < 0) return route.fallback();
    const [item] = queue.splice(index, 1);
    await item!.answer(route);
  });
}

/** Forgets what was arranged and not used (a path that failed before its request was made). */
export function resetNetwork(page: Page): void {
  arranged.get(page)?.splice(0);
}

function arrange(page: Page, item: Arranged): void {
  const queue = arranged.get(page);
  if (!queue) throw new Error('installNetwork(page) first');
  queue.push(item);
}

/**
 * Answers the next request matching `method` ('write' for any but GET) and `url` with `status` and the body the
 * real server gives for that refusal (once).
 */
export async function failNext(page: Page, method: string, url: RegExp, status: number, body: unknown): Promise<void> {
  arrange(page, { method, url, answer: (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }) });
}

/** Lets the next request matching `method` ('write' for any but GET) and `url` reach the real server, and amends its JSON answer (once). */
export async function amendNext(page: Page, method: string, url: RegExp, amend: (body: any) => unknown): Promise<void> {
  arrange(page, {
    method,
    url,
    answer: async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: amend(await response.json()) });
    },
  });
}

/** Drops the next request matching `method` ('write' for any but GET) and `url`, as a network failure would (once). */
export async function dropNext(page: Page, method: string, url: RegExp): Promise<void> {
  arrange(page, { method, url, answer: (route) => route.abort('internetdisconnected') });
}
