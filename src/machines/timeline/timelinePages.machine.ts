import { assign, fromPromise, setup } from 'xstate';
import { loadTimelinePage, TIMELINE_PAGE_SIZE, type TimelineQuery, type TimelineRow } from '../../services/scheduler.ts';

/** A page of the timeline (`GET /scheduler/timeline/`) as the server answers it. */
export interface TimelinePage {
  count: number;
  rows: TimelineRow[];
}

/** What the pages are of: the filters and the day, and page 1 (loaded by the screen's fetch machine for them). */
export interface TimelineStart {
  query: TimelineQuery;
  date: string;
  first: TimelinePage | null;
}

export interface TimelinePagesContext {
  query: TimelineQuery;
  date: string;
  /** How many rows the filters match (page 1's count). */
  count: number;
  /** The pages shown, by number (page 1 comes with the start). */
  pages: Record<number, TimelineRow[]>;
  /** The pages asked for, in order: the first is loading while the machine is `loading`. */
  queue: number[];
  /** The pages whose load failed: their rows say so until they are wanted again. */
  failed: number[];
}

export type TimelinePagesEvent =
  | ({ type: 'timeline.start' } & TimelineStart)
  /** The row indexes (0-based) the list has on screen: their pages not shown yet (or failed) are asked for. */
  | { type: 'timeline.want'; indexes: number[] };

export interface TimelinePageInput {
  query: TimelineQuery;
  date: string;
  page: number;
}

/** The page of a row index (0-based). */
export const pageOfRow = (index: number): number => Math.floor(index / TIMELINE_PAGE_SIZE) + 1;

const started = (start: TimelineStart): TimelinePagesContext => ({
  query: start.query,
  date: start.date,
  count: start.first?.count ?? 0,
  pages: start.first ? { 1: start.first.rows } : {},
  queue: [],
  failed: [],
});

/**
 * The timeline's rows beyond page 1 (/timeline), fetched a page at a time as the virtualised list scrolls them into
 * view: a page wanted and not shown is queued, the queue is loaded one page after another, an answer is added to the
 * pages shown, a failure leaves the rows shown and marks that page's rows failed until they are wanted again (scrolled
 * back into view). A new start (other filters or day, a new page 1) starts over: the load under way is cancelled, so
 * an answer for the old filters is never shown.
 */
export const timelinePagesMachine = setup({
  types: {
    context: {} as TimelinePagesContext,
    events: {} as TimelinePagesEvent,
  },
  actors: {
    loadPage: fromPromise<TimelinePage, TimelinePageInput>(({ input }) => loadTimelinePage(input.query, input.date, input.page)),
  },
  actions: {
    start: assign((_, params: TimelineStart) => started(params)),
    want: assign(({ context }, params: { indexes: number[] }) => {
      const wanted = [...new Set(params.indexes.filter((index) => index >= 0 && index < context.count).map(pageOfRow))].filter(
        (page) => !context.pages[page] && !context.queue.includes(page),
      );
      return { queue: [...context.queue, ...wanted], failed: context.failed.filter((page) => !wanted.includes(page)) };
    }),
    showPage: assign(({ context }, params: { rows: TimelineRow[] }) => {
      const [page, ...queue] = context.queue;
      return { pages: { ...context.pages, [page!]: params.rows }, queue };
    }),
    failPage: assign(({ context }) => {
      const [page, ...queue] = context.queue;
      return { failed: [...context.failed, page!], queue };
    }),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'timelinePages',
  context: started({ query: { office: null, campaign: null, status: null }, date: '', first: null }),
  initial: 'idle',
  on: {
    // Other filters or another day: start over (a load under way is cancelled with the state it runs in).
    'timeline.start': { target: '.idle', actions: { type: 'start', params: ({ event }) => event } },
    'timeline.want': { actions: { type: 'want', params: ({ event }) => event } },
  },
  states: {
    idle: {
      always: { guard: 'hasQueue', target: 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, date: context.date, page: context.queue[0]! }),
        onDone: { target: 'idle', actions: { type: 'showPage', params: ({ event }) => ({ rows: event.output.rows }) } },
        onError: { target: 'idle', actions: 'failPage' },
      },
    },
  },
});
