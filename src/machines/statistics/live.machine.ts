import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { getLive, type LiveAnswer } from '../../services/statistics.ts';

/** How often the live report asks the server while the page is visible (docs/api.md: polled, not pushed). */
export const LIVE_POLL_MS = 5000;

export interface LiveFeedContext {
  data: LiveAnswer | null;
  /** Code of the last failed poll (cleared by the next answer), or null. */
  error: string | null;
  /** Whether the page was visible when the feed started. */
  startsVisible: boolean;
}

export type LiveFeedEvent = { type: 'live.hide' } | { type: 'live.show' } | { type: 'live.refresh' };

/**
 * The live report: plays of the last 15 minutes, asked for every few seconds while the page is visible and not at all
 * while it is hidden (the view sends `live.hide` / `live.show` from `document.visibilityState`); a failed poll shows its
 * error and the polling goes on.
 */
export const liveFeedMachine = setup({
  types: { context: {} as LiveFeedContext, events: {} as LiveFeedEvent, input: {} as { visible: boolean } },
  actors: {
    loadLive: fromPromise<LiveAnswer, void>(() => getLive()),
  },
  delays: { poll: LIVE_POLL_MS },
  guards: {
    startsVisible: ({ context }) => context.startsVisible,
  },
  actions: {
    setData: assign((_, params: { data: LiveAnswer }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'liveFeed',
  context: ({ input }) => ({ data: null, error: null, startsVisible: input.visible }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsVisible', target: 'running' }, { target: 'paused' }],
    },
    running: {
      initial: 'fetching',
      on: { 'live.hide': 'paused' },
      states: {
        fetching: {
          tags: ['loading'],
          invoke: {
            id: 'loadLive',
            src: 'loadLive',
            onDone: { target: 'waiting', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
            onError: { target: 'waiting', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        waiting: {
          after: { poll: 'fetching' },
          on: { 'live.refresh': 'fetching' },
        },
      },
    },
    /** The page is hidden: no polling until it shows again, which asks at once. */
    paused: {
      tags: ['paused'],
      on: { 'live.show': 'running' },
    },
  },
});

export type LiveFeedActor = ActorRefFrom<typeof liveFeedMachine>;
