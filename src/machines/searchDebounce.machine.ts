import { assign, setup } from 'xstate';

export interface SearchDebounceContext {
  /** What the search box holds. */
  typed: string;
  /** The search the list was last asked for. */
  applied: string;
}

export type SearchDebounceEvent = { type: 'search.type'; text: string };

/**
 * The search box of a list screen (media, playlists, tracks): the list is asked for the typed text once typing has
 * paused for `searchDelay` (300 ms), from page 1; typing again restarts the wait, and typing back to the search
 * already shown asks for nothing. The view provides `search` (load the list with the text).
 */
export const searchDebounceMachine = setup({
  types: {
    context: {} as SearchDebounceContext,
    events: {} as SearchDebounceEvent,
  },
  actions: {
    search: (_, _params: { search: string }) => {},
    setTyped: assign((_, params: { text: string }) => ({ typed: params.text })),
    setApplied: assign(({ context }) => ({ applied: context.typed })),
  },
  guards: {
    isApplied: ({ context }, params: { text: string }) => params.text === context.applied,
  },
  delays: {
    searchDelay: 300,
  },
}).createMachine({
  id: 'searchDebounce',
  context: { typed: '', applied: '' },
  initial: 'idle',
  on: {
    'search.type': [
      // Back to what the list shows: nothing to ask (a waiting search is dropped).
      { guard: { type: 'isApplied', params: ({ event }) => event }, target: '.idle', actions: { type: 'setTyped', params: ({ event }) => event } },
      { target: '.waiting', reenter: true, actions: { type: 'setTyped', params: ({ event }) => event } },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: {
        searchDelay: { target: 'idle', actions: [{ type: 'search', params: ({ context }) => ({ search: context.typed }) }, 'setApplied'] },
      },
    },
  },
});

export type SearchDebounceMachine = typeof searchDebounceMachine;
