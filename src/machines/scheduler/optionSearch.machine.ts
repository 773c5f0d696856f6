import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { searchEventOptions, type OptionSearchQuery, type OptionSearchResult } from '../../services/scheduler.ts';

/** How long typing rests before the search is sent. */
export const OPTION_SEARCH_DEBOUNCE_MS = 300;

export interface OptionSearchContext {
  query: OptionSearchQuery;
  /** The first matches (chosen first), how many match in all, and for a device search every matching id. */
  results: OptionSearchResult['results'];
  count: number;
  matchIds: number[] | null;
  error: string | null;
}

export type OptionSearchEvent =
  | { type: 'search.type'; search: string }
  /** What the form holds chosen changed: listed first by the next search (no search of its own). */
  | { type: 'search.chosen'; chosen: number[] }
  /** List only the chosen ones (an edited event's devices), or every match again. */
  | { type: 'search.onlyChosen'; on: boolean }
  | { type: 'search.retry' };

/**
 * One picker of the event form (devices, playlists, media) or the /scheduler campaign filter, searched on the server
 * (issue 11: a campaign may hold 10,000 devices; the form used to list the first 500). searching -> shown | failed;
 * typing waits in `debouncing` until it rests, then searches with the last text (a search on its way is dropped).
 * What is chosen lives in the form, not here: the picker only lists it first, so it is kept across searches.
 */
export const optionSearchMachine = setup({
  types: {
    context: {} as OptionSearchContext,
    events: {} as OptionSearchEvent,
    input: {} as { query: OptionSearchQuery },
  },
  actors: {
    search: fromPromise<OptionSearchResult, OptionSearchQuery>(({ input }) => searchEventOptions(input)),
  },
  delays: { searchDebounce: OPTION_SEARCH_DEBOUNCE_MS },
  actions: {
    setSearch: assign(({ context }, params: { search: string }) => ({ query: { ...context.query, search: params.search } })),
    setChosen: assign(({ context }, params: { chosen: number[] }) => ({ query: { ...context.query, chosen: params.chosen } })),
    setOnlyChosen: assign(({ context }, params: { on: boolean }) => ({ query: { ...context.query, onlyChosen: params.on } })),
    setResults: assign((_, params: { result: OptionSearchResult }) => ({
      results: params.result.results,
      count: params.result.count,
      matchIds: params.result.ids ?? null,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'optionSearch',
  context: ({ input }) => ({ query: input.query, results: [], count: 0, matchIds: null, error: null }),
  initial: 'searching',
  on: {
    'search.chosen': { actions: { type: 'setChosen', params: ({ event }) => ({ chosen: event.chosen }) } },
    'search.type': { target: '.debouncing', reenter: true, actions: { type: 'setSearch', params: ({ event }) => ({ search: event.search }) } },
    'search.onlyChosen': { target: '.searching', reenter: true, actions: { type: 'setOnlyChosen', params: ({ event }) => ({ on: event.on }) } },
  },
  states: {
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => context.query,
        onDone: { target: 'shown', actions: { type: 'setResults', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    debouncing: {
      tags: ['busy'],
      after: { searchDebounce: 'searching' },
    },
    shown: {},
    failed: {
      on: { 'search.retry': 'searching' },
    },
  },
});
