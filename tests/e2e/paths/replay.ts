import type { BrowserContext, Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import type { QaCatalogue } from '../../model/qa/catalogue.ts';
import { coverPaths, pureInitial, pureStep, type QaPath } from '../../model/qa/graph.ts';
import { expectationsFor } from '../../model/qa/run.ts';
import type { E2E } from '../../helpers/browser.ts';
import { signIn } from '../../helpers/server.ts';

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

/** The browser paths of an adapter: the catalogue's transition cover without the samples the UI cannot produce. */
export function browserPaths(adapter: Adapter): { paths: QaPath[]; covered: Set<string> } {
  const events = Object.fromEntries(Object.entries(adapter.qa.events).filter(([sample]) => !(sample in (adapter.unsupported ?? {}))));
  const { paths, covered } = coverPaths({ ...adapter.qa, events }, { pairs: false });
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

/** Drops the next request matching `method` ('write' for any but GET) and `url`, as a network failure would (once). */
export async function dropNext(page: Page, method: string, url: RegExp): Promise<void> {
  arrange(page, { method, url, answer: (route) => route.abort('internetdisconnected') });
}

/**
 * Plays one path: before a user action, the outcome after it is arranged when needed; after each step, what
 * the catalogue expects (the state reached) is waited for on screen.
 */
export async function replay(adapter: Adapter, path: QaPath, ctx: ReplayContext): Promise<void> {
  const { qa } = adapter;
  const input = (qa.starts ?? { start: () => {} })[path.start]?.() ?? qa.input;
  let snapshot = pureInitial(qa.machine, input).snapshot as AnyMachineSnapshot;
  const first = path.steps[0];
  if (first && adapter.arrange?.[first]) await adapter.arrange[first]!(ctx);
  await adapter.start(ctx, path.start);
  await showsStates(adapter, ctx, expectedAfter(qa, path.start), 'the start');
  for (const [index, sample] of path.steps.entries()) {
    const next = path.steps[index + 1];
    const expected = expectationsFor(qa, snapshot, sample).map((expectation) => expectation.to ?? '');
    snapshot = pureStep(qa.machine, snapshot, qa.events[sample]!).snapshot;
    if (next && adapter.arrange?.[next]) await adapter.arrange[next]!(ctx);
    const action = adapter.act[sample];
    if (action) await action(ctx);
    else if (!qa.events[sample]!.type.startsWith('xstate.')) throw new Error(`${sample}: the adapter has no action for it`);
    await showsStates(adapter, ctx, expected, `step ${index + 1} (${sample})`);
  }
}

function expectedAfter(qa: QaCatalogue, start: string): string[] {
  const initial = qa.initial?.[start];
  if (initial === undefined) return [];
  return [typeof initial === 'string' ? initial : (initial.to ?? '')];
}

async function showsStates(adapter: Adapter, ctx: ReplayContext, states: string[], where: string): Promise<void> {
  for (const state of states) {
    const check = adapter.shows[state];
    if (!check) continue;
    try {
      await check(ctx);
    } catch (failure) {
      const screen = (await ctx.page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
      if (process.env.QA_DEBUG) await ctx.page.screenshot({ path: `/tmp/qa-fail-${ctx.unique}.png` });
      throw new Error(`${where}: ${state} is not on screen: ${(failure as Error).message.split('\n')[0]} (the screen reads: ${screen})`);
    }
  }
}
