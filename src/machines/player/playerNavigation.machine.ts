import { assign, fromPromise, setup } from 'xstate';
import { showsMap, type KeptMap } from '../../services/player/navigation.ts';

export interface NavigationContext {
  /** The map kept in the browser (from an earlier run, or fetched since). */
  kept: KeptMap | null;
  /** The navigation_version the server last announced (null until a heartbeat said it). */
  wanted: number | null;
}

export type NavigationEvent = { type: 'navigation.version'; version: number } | { type: 'navigation.forget' };

/**
 * The web player's map (navigation): it starts with the map kept in the browser, fetches the map and its layout
 * image when a heartbeat announces another navigation_version, keeps them for offline starts, and shows the map
 * (content inside its placeholder) or the content full screen when the device has no map. A failed fetch rests and
 * tries again; the kept map stays on screen meanwhile. A lost key forgets the map.
 * Provide the actors `loadKept`, `fetchMap` and the actions `keepMap`, `forgetMap`.
 */
export const playerNavigationMachine = setup({
  types: { context: {} as NavigationContext, events: {} as NavigationEvent },
  actors: {
    loadKept: fromPromise<KeptMap | null, void>(() => Promise.reject(new Error('loadKept not provided'))),
    fetchMap: fromPromise<KeptMap, { version: number }>(() => Promise.reject(new Error('fetchMap not provided'))),
  },
  delays: { retry: 10_000 },
  guards: {
    stale: ({ context }) => context.wanted !== null && context.wanted !== (context.kept?.map.version ?? 0),
    hasMap: ({ context }) => showsMap(context.kept),
  },
  actions: {
    keepMap: (_, _params: { kept: KeptMap }) => {},
    forgetMap: () => {},
    setWanted: assign((_, params: { version: number }) => ({ wanted: params.version })),
    setKept: assign((_, params: { kept: KeptMap | null }) => ({ kept: params.kept })),
    // What was fetched is what the server has now: the next heartbeat says if it changed again.
    setFetched: assign((_, params: { kept: KeptMap }) => ({ kept: params.kept, wanted: params.kept.map.version })),
    clear: assign({ kept: null, wanted: null }),
  },
}).createMachine({
  id: 'navigation',
  context: { kept: null, wanted: null },
  initial: 'loading',
  on: {
    'navigation.version': { actions: { type: 'setWanted', params: ({ event }) => ({ version: event.version }) } },
    'navigation.forget': { target: '.fullScreen', actions: ['clear', 'forgetMap'] },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadKept',
        src: 'loadKept',
        onDone: { target: 'deciding', actions: { type: 'setKept', params: ({ event }) => ({ kept: event.output }) } },
        onError: 'deciding',
      },
    },
    deciding: { always: [{ guard: 'stale', target: 'fetching' }, { guard: 'hasMap', target: 'map' }, { target: 'fullScreen' }] },
    fullScreen: {
      on: { 'navigation.version': { target: 'deciding', actions: { type: 'setWanted', params: ({ event }) => ({ version: event.version }) } } },
    },
    map: {
      tags: ['map'],
      on: { 'navigation.version': { target: 'deciding', actions: { type: 'setWanted', params: ({ event }) => ({ version: event.version }) } } },
    },
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMap',
        src: 'fetchMap',
        input: ({ context }) => ({ version: context.wanted ?? 0 }),
        onDone: {
          target: 'deciding',
          actions: [{ type: 'setFetched', params: ({ event }) => ({ kept: event.output }) }, { type: 'keepMap', params: ({ event }) => ({ kept: event.output }) }],
        },
        onError: 'resting',
      },
    },
    resting: { after: { retry: 'deciding' } },
  },
});
