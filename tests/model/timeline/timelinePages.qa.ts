import { timelinePagesMachine, type TimelinePagesContext } from '../../../src/machines/timeline/timelinePages.machine.ts';
import { selectLoadingPage, selectRow, selectShownPages } from '../../../src/machines/timeline/timelinePages.selectors.ts';
import type { TimelineQuery, TimelineRow } from '../../../src/services/scheduler.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

/** The product's page of the timeline (services/scheduler.ts TIMELINE_PAGE_SIZE, docs/api.md GET /scheduler/timeline/). */
const PAGE = 100;
const DAY = '2026-11-27';
const ALL: TimelineQuery = { office: null, campaign: null, status: null };
const HALL: TimelineQuery = { office: 1, campaign: null, status: null };

const row = (id: number, name: string): TimelineRow => ({
  device: { id, name, sn: `SN-${id}`, status: 'online', office: 1, office_name: 'Hall' },
  timezone: 'Europe/Moscow',
  version: 1,
  items: [],
} as unknown as TimelineRow);

const FIRST = 'open /timeline: page 1 arrives, 250 devices';
const FILTER = 'choose the office Hall: page 1 of Hall arrives, 120 devices';
const SCROLL_2 = 'scroll down to rows 101-110';
const SCROLL_3 = 'scroll down to rows 195-210';
const TOP = 'scroll back to the top (rows 1-10)';
const ANSWER = 'the server answers the page';
const OFFLINE = 'the network is down while the page loads';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The rows of a page, 1-based as the screen counts them. */
const rowsOf = (page: number, count: number) => `rows ${(page - 1) * PAGE + 1}-${Math.min(page * PAGE, count)}`;
const loadingRows = (page: number, count: number) => `${rowsOf(page, count)} read ${text('timeline:messages.scheduleLoading')}`;
const failedRows = (page: number, count: number) => `${rowsOf(page, count)} read ${text('timeline:messages.scheduleError')}`;
const shownRows = (page: number, count: number) => `${rowsOf(page, count)} show their devices with the day's bars`;
const filterName = (query: TimelineQuery) => (query.office === null ? 'all offices' : `office ${query.office}`);
const asking = (context: Pick<TimelinePagesContext, 'query' | 'date'>, page: number) => `loadPage: page ${page} of ${filterName(context.query)}, ${context.date}`;

/**
 * What the screen asks for when the list has these row indexes (0-based) on screen, from the product's rule: a page of
 * 100 rows is asked for once its rows come into view, unless it is shown or asked for already; a page that failed is
 * asked for again; rows past the count belong to no page. Pages load one after another.
 */
function wanting(context: TimelinePagesContext, indexes: number[], loading: boolean): StepExpectation {
  const pages = [...new Set(indexes.filter((index) => index < context.count).map((index) => Math.floor(index / PAGE) + 1))];
  const fresh = pages.filter((page) => !context.pages[page] && !context.queue.includes(page));
  if (!fresh.length) return { to: loading ? 'loading' : 'idle', calls: [] };
  const queue = [...context.queue, ...fresh];
  const failed = context.failed.filter((page) => !fresh.includes(page));
  const screen = fresh.map((page) => loadingRows(page, context.count));
  // Idle: the first page wanted loads now; loading: the one under way goes on, the others wait their turn.
  return loading
    ? { to: 'loading', see: { loading: context.queue[0], waiting: queue.slice(1), failed }, calls: [], screen }
    : { to: 'loading', see: { loading: fresh[0], waiting: fresh.slice(1), failed }, calls: [asking(context, fresh[0]!)], screen };
}

/** A page's load ends: shown (or failed), and the next page waiting loads. */
function settled(context: TimelinePagesContext, ok: boolean): StepExpectation {
  const [page, next, ...rest] = context.queue;
  const shown = ok ? [...Object.keys(context.pages).map(Number), page!].sort((a, b) => a - b) : Object.keys(context.pages).map(Number).sort((a, b) => a - b);
  const failed = ok ? context.failed : [...context.failed, page!];
  const screen = [ok ? shownRows(page!, context.count) : failedRows(page!, context.count)];
  if (!ok && Object.keys(context.pages).length) screen.push(`the rows already shown stay (${Object.keys(context.pages).map((shownPage) => rowsOf(Number(shownPage), context.count)).join(', ')})`);
  return next === undefined
    ? { to: 'idle', see: { shown, failed, loading: null, waiting: [] }, calls: [], screen }
    : { to: 'loading', see: { shown, failed, loading: next, waiting: rest }, calls: [asking(context, next)], screen: [...screen, loadingRows(next, context.count)] };
}

const start = (count: number) => (context: TimelinePagesContext): StepExpectation => ({
  to: 'idle',
  see: { count, shown: [1], loading: null, waiting: [], failed: [] },
  calls: [],
  screen: [
    text('timeline:messages.count', { count }),
    shownRows(1, count),
    ...(context.queue.length ? [`the rows below page 1 read ${text('timeline:messages.scheduleLoading')} until they are scrolled to; the page that was loading for the old filter never shows`] : []),
  ],
});

/** /timeline's rows beyond page 1: asked for as they scroll into view, one page after another (useTimeline.ts). */
export default defineQa({
  machine: timelinePagesMachine,
  file: 'src/machines/timeline/timelinePages.machine.ts',
  title: 'The pages of the timeline, asked for as the list scrolls',
  namespace: 'timeline',
  actors: ['loadPage'],
  describeCall: (name, argument) => {
    const input = argument as { query: TimelineQuery; date: string; page: number };
    return name === 'loadPage' ? asking(input, input.page) : `${name}: ${JSON.stringify(argument)}`;
  },
  preconditions: {
    start: {
      route: `/timeline (sidebar ${text('screens:titles.timeline')}); ${text('timeline:filters.date')} is today`,
      user: 'admin (or a user whose group lets them view the scheduler)',
      data: '250 devices, 120 of them in the office Hall (office 1): three pages of 100 rows for all offices, two for Hall',
    },
  },
  howTo: {
    [FIRST]: `open /timeline (or, later, choose ${text('timeline:filters.office')}: ${text('timeline:filters.all')} again); wait until ${text('timeline:messages.loading')} gives way to the rows`,
    [FILTER]: `choose ${text('timeline:filters.office')}: Hall; wait until the count above the rows changes`,
    [SCROLL_2]: 'scroll the rows (inside the table) until row 101 comes into view',
    [SCROLL_3]: 'scroll the rows until rows 195 to 210 are in view (the end of page 2 and the start of page 3)',
    [TOP]: 'scroll the rows back to the top',
    [ANSWER]: 'wait: the server answers GET /api/scheduler/timeline/?page=N (throttle the network in the devtools to see the loading rows)',
    [OFFLINE]: 'in the devtools Network tab, block the request URL pattern "*scheduler/timeline/*page=2*" (or choose "Offline") before scrolling down; unblock it before scrolling back',
  },
  events: {
    [FIRST]: { type: 'timeline.start', query: ALL, date: DAY, first: { count: 250, rows: [row(1, 'Hall screen a')] } },
    [FILTER]: { type: 'timeline.start', query: HALL, date: DAY, first: { count: 120, rows: [row(1, 'Hall screen a')] } },
    [SCROLL_2]: { type: 'timeline.want', indexes: range(100, 109) },
    [SCROLL_3]: { type: 'timeline.want', indexes: range(194, 209) },
    [TOP]: { type: 'timeline.want', indexes: range(0, 9) },
    [ANSWER]: done('loadPage', { count: 250, rows: [row(101, 'Hall screen 101')] }),
    [OFFLINE]: error('loadPage', new TypeError('Failed to fetch')),
  },
  initial: { start: { to: 'idle', see: { count: 0, shown: [], loading: null, waiting: [], failed: [] }, screen: [`the spinner ${text('timeline:messages.loading')} (page 1 is the screen's first load)`] } },
  expect: {
    // Other filters or another day start over, whatever is under way: page 1 of them is shown, a page loading for the
    // old filters is dropped (its answer never shows) and nothing is asked for until rows beyond page 1 come into view.
    '': {
      [FIRST]: start(250),
      [FILTER]: start(120),
    },
    idle: {
      [SCROLL_2]: (context: TimelinePagesContext) => wanting(context, range(100, 109), false),
      [SCROLL_3]: (context: TimelinePagesContext) => wanting(context, range(194, 209), false),
      [TOP]: (context: TimelinePagesContext) => wanting(context, range(0, 9), false),
    },
    loading: {
      [SCROLL_2]: (context: TimelinePagesContext) => wanting(context, range(100, 109), true),
      [SCROLL_3]: (context: TimelinePagesContext) => wanting(context, range(194, 209), true),
      [TOP]: (context: TimelinePagesContext) => wanting(context, range(0, 9), true),
      [ANSWER]: (context: TimelinePagesContext) => settled(context, true),
      [OFFLINE]: (context: TimelinePagesContext) => settled(context, false),
    },
  },
  view: (snapshot) => {
    const loading = selectLoadingPage(snapshot);
    return {
      count: snapshot.context.count,
      shown: selectShownPages(snapshot),
      loading,
      waiting: loading === null ? snapshot.context.queue : snapshot.context.queue.slice(1),
      failed: [...snapshot.context.failed],
      'row 1': selectRow(snapshot, 0).state,
      'row 101': selectRow(snapshot, 100).state,
      'row 201': selectRow(snapshot, 200).state,
    };
  },
  invariant: (snapshot) => {
    const { pages, queue, failed } = snapshot.context;
    for (const page of queue) if (pages[page] || failed.includes(page)) throw new Error(`page ${page} is asked for while shown or failed`);
    for (const page of failed) if (pages[page]) throw new Error(`page ${page} is shown and failed`);
    if (snapshot.value === 'idle' && queue.length) throw new Error('pages wait while nothing loads');
  },
});
