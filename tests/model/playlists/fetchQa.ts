import type { AnyStateMachine } from 'xstate';
import { selectError, selectFetchStatus, selectIsLoading } from '../../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type QaCatalogue, type StepExpectation } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';

/** The failure a tester causes by blocking the request (see `blocked`), for `defineFetchQa`'s `failure`. */
export const OFFLINE = { words: 'the request is blocked (the server cannot be reached)', error: new TypeError('Failed to fetch'), code: 'network_error' };

/** How a tester blocks one request: the devtools' request blocking (Network tab, right-click, "Block request URL"). */
export const blocked = (pattern: string, then: string) => `in the devtools Network tab, block the request URL pattern "${pattern}" (Request blocking), then ${then}; unblock it afterwards`;

/** What a fetched list shows in each fetch status, in the user's words (texts through `text('ns:key')`). */
export interface FetchScreen {
  /** The first load under way (a spinner). */
  loading: string[];
  /** The answer shown (its rows). */
  answer: string[];
  /** The failure shown (the refusal, 403, unless the catalogue names another `failure`). */
  forbidden: string[];
  /** A load again while the answer stays on screen (default: the answer, still shown while it loads again). */
  updating?: string[];
}

/**
 * The catalogue of a list made with `createFetchStatusMachine` (section 4's fetch status: initial, loading, updating,
 * complete, error): open it, ask for other params, the server answers or refuses.
 */
export function defineFetchQa(list: {
  machine: AnyStateMachine;
  file: string;
  title: string;
  open: { words: string; params?: unknown; calls: string };
  other: { words: string; params: unknown; calls: string };
  answer: { words: string; data: unknown; rows: number };
  /** The failure the paths cause (default: the server refuses, 403 forbidden): its words, the error and the code it leaves. */
  failure?: { words: string; error: unknown; code: string };
  /** For the pages (see QaCatalogue): what a tester prepares, how to cause a sample, which samples the screen cannot send. */
  preconditions?: QaCatalogue['preconditions'];
  namespace?: string;
  howTo?: QaCatalogue['howTo'];
  offScreen?: QaCatalogue['offScreen'];
  screen?: FetchScreen;
}): QaCatalogue {
  const FORBIDDEN = list.failure?.words ?? 'the server refuses (403 forbidden)';
  const failure = list.failure ?? { error: new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' }), code: 'forbidden' };
  const OPEN = list.open.words;
  const OTHER = list.other.words;
  const ANSWER = list.answer.words;
  const words = list.screen;
  const shows = (expectation: StepExpectation, lines: (screen: FetchScreen) => string[]): StepExpectation => (words ? { ...expectation, screen: lines(words) } : expectation);
  const updating = (screen: FetchScreen) => screen.updating ?? [...screen.answer, '(still shown while it loads again)'];
  // The open sample's load: its own params, or without params (a reload), the params last asked for.
  const openCall = (context: { params: unknown }) =>
    list.open.params === undefined && inWords(context.params) === inWords(list.other.params) ? list.other.calls : list.open.calls;
  const open = list.open.params === undefined ? { type: 'fetch.load' } : { type: 'fetch.load', params: list.open.params };
  return defineQa({
    machine: list.machine,
    file: list.file,
    title: list.title,
    ...(list.preconditions ? { preconditions: list.preconditions } : {}),
    ...(list.namespace ? { namespace: list.namespace } : {}),
    ...(list.howTo ? { howTo: list.howTo } : {}),
    ...(list.offScreen ? { offScreen: list.offScreen } : {}),
    actors: ['load'],
    events: {
      [OPEN]: open as never,
      [OTHER]: { type: 'fetch.load', params: list.other.params } as never,
      [ANSWER]: done('load', list.answer.data),
      [FORBIDDEN]: error('load', failure.error),
    },
    initial: { start: { to: 'initial', see: { status: 'initial', loading: false } } },
    // Every load is a call of the list's `load`, with the params asked for: a load without params (open, "Try again")
    // asks again for what was last asked (the other params once they were asked for), on page 1 or page 2 alike.
    expect: {
      initial: {
        [OPEN]: (context) => shows({ to: 'loading', calls: [openCall(context)] }, (screen) => screen.loading),
        [OTHER]: shows({ to: 'loading', calls: [list.other.calls] }, (screen) => screen.loading),
      },
      loading: {
        [OPEN]: (context) => shows({ to: 'loading', calls: [openCall(context)] }, (screen) => screen.loading),
        [OTHER]: shows({ to: 'loading', calls: [list.other.calls] }, (screen) => screen.loading),
        [ANSWER]: shows({ to: 'complete', see: { rows: list.answer.rows, error: null, loading: false } }, (screen) => screen.answer),
        [FORBIDDEN]: shows({ to: 'error', see: { error: failure.code } }, (screen) => screen.forbidden),
      },
      updating: {
        [OPEN]: (context) => shows({ to: 'updating', see: { loading: true }, calls: [openCall(context)] }, updating),
        [OTHER]: shows({ to: 'updating', calls: [list.other.calls] }, updating),
        [ANSWER]: shows({ to: 'complete', see: { rows: list.answer.rows } }, (screen) => screen.answer),
        [FORBIDDEN]: shows({ to: 'error', see: { error: failure.code } }, (screen) => screen.forbidden),
      },
      complete: {
        [OPEN]: (context) => shows({ to: 'updating', see: { rows: list.answer.rows, loading: true }, calls: [openCall(context)] }, updating),
        [OTHER]: shows({ to: 'updating', calls: [list.other.calls] }, updating),
      },
      error: {
        [OPEN]: (context) => shows({ to: 'loading', see: { loading: true }, calls: [openCall(context)] }, (screen) => screen.loading),
        [OTHER]: shows({ to: 'loading', calls: [list.other.calls] }, (screen) => screen.loading),
      },
    },
    view: (snapshot) => {
      const data = snapshot.context.data as { results?: unknown[] } | null;
      return {
        status: selectFetchStatus(snapshot),
        loading: selectIsLoading(snapshot),
        rows: data ? (data.results?.length ?? 1) : null,
        error: selectError(snapshot),
      };
    },
    key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.data !== null, snapshot.context.params]),
  });
}
