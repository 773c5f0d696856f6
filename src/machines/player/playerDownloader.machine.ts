import { assign, fromPromise, setup } from 'xstate';
import type { DownloadOutcome } from '../../services/player/downloads.ts';
import type { ScheduledMedia } from '../../services/player/schedule.ts';

/** Fetches of one file whose bytes did not match its checksum before it is given up until the next schedule. */
export const MAX_ATTEMPTS = 3;

export interface DownloaderContext {
  /** Every file of the occurrences not yet over, soonest first. */
  wanted: ScheduledMedia[];
  /** Wanted files not yet kept, in download order. */
  queue: ScheduledMedia[];
  /** Ids of the wanted files kept and checked: the sequencer plays only these. */
  ready: number[];
  /** Kept files no longer wanted (or kept with another checksum): removed before downloading. */
  stale: number[];
  attempts: Record<number, number>;
  failed: number[];
}

export type DownloaderEvent = { type: 'downloads.want'; media: ScheduledMedia[] };

/**
 * The downloader: on every schedule it compares the wanted files with the kept ones, evicts what is no longer
 * scheduled, then downloads the rest one by one, soonest first. A file whose checksum does not match is refused
 * (not kept) and fetched again, up to MAX_ATTEMPTS; a missing one is skipped; when the server cannot be reached it
 * rests and starts over. Provide the actors `listStored`, `evict`, `fetchMedia` and the action `announceReady`.
 */
export const playerDownloaderMachine = setup({
  types: { context: {} as DownloaderContext, events: {} as DownloaderEvent },
  actors: {
    listStored: fromPromise<{ id: number; checksum: string }[], void>(() => Promise.reject(new Error('listStored not provided'))),
    evict: fromPromise<void, { ids: number[] }>(() => Promise.reject(new Error('evict not provided'))),
    fetchMedia: fromPromise<DownloadOutcome, { media: ScheduledMedia }>(() => Promise.reject(new Error('fetchMedia not provided'))),
  },
  delays: { retry: 10_000 },
  guards: {
    queueEmpty: ({ context }) => context.queue.length === 0,
    kept: (_, params: { outcome: DownloadOutcome }) => params.outcome.ok,
    mayRetry: ({ context }, params: { outcome: DownloadOutcome }) =>
      !params.outcome.ok && params.outcome.reason === 'checksum_mismatch' && (context.attempts[context.queue[0]!.id] ?? 0) + 1 < MAX_ATTEMPTS,
  },
  actions: {
    announceReady: (_, _params: { ready: number[] }) => {},
    keepWanted: assign((_, params: { media: ScheduledMedia[] }) => ({ wanted: params.media, attempts: {}, failed: [] })),
    compare: assign(({ context }, params: { stored: { id: number; checksum: string }[] }) => {
      const kept = new Map(params.stored.map((entry) => [entry.id, entry.checksum]));
      const ready = context.wanted.filter((media) => kept.get(media.id) === media.checksum).map((media) => media.id);
      const readySet = new Set(ready);
      return {
        ready,
        queue: context.wanted.filter((media) => !readySet.has(media.id)),
        stale: params.stored.filter((entry) => !readySet.has(entry.id)).map((entry) => entry.id),
      };
    }),
    markReady: assign(({ context }) => ({ ready: [...context.ready, context.queue[0]!.id], queue: context.queue.slice(1) })),
    requeue: assign(({ context }) => {
      const [head, ...rest] = context.queue;
      return { queue: [...rest, head!], attempts: { ...context.attempts, [head!.id]: (context.attempts[head!.id] ?? 0) + 1 } };
    }),
    markFailed: assign(({ context }) => ({ failed: [...context.failed, context.queue[0]!.id], queue: context.queue.slice(1) })),
  },
}).createMachine({
  id: 'downloader',
  context: { wanted: [], queue: [], ready: [], stale: [], attempts: {}, failed: [] },
  initial: 'idle',
  on: {
    'downloads.want': { target: '.scanning', reenter: true, actions: { type: 'keepWanted', params: ({ event }) => ({ media: event.media }) } },
  },
  states: {
    idle: {},
    scanning: {
      tags: ['busy'],
      invoke: {
        id: 'listStored',
        src: 'listStored',
        onDone: {
          target: 'evicting',
          actions: [{ type: 'compare', params: ({ event }) => ({ stored: event.output }) }, { type: 'announceReady', params: ({ context }) => ({ ready: context.ready }) }],
        },
        onError: 'resting',
      },
    },
    evicting: {
      tags: ['busy'],
      invoke: { id: 'evict', src: 'evict', input: ({ context }) => ({ ids: context.stale }), onDone: 'next', onError: 'next' },
    },
    next: { always: [{ guard: 'queueEmpty', target: 'complete' }, { target: 'fetching' }] },
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMedia',
        src: 'fetchMedia',
        input: ({ context }) => ({ media: context.queue[0]! }),
        onDone: [
          {
            guard: { type: 'kept', params: ({ event }) => ({ outcome: event.output }) },
            target: 'next',
            actions: ['markReady', { type: 'announceReady', params: ({ context }) => ({ ready: context.ready }) }],
          },
          { guard: { type: 'mayRetry', params: ({ event }) => ({ outcome: event.output }) }, target: 'next', actions: 'requeue' },
          { target: 'next', actions: 'markFailed' },
        ],
        onError: 'resting',
      },
    },
    resting: { after: { retry: 'scanning' } },
    complete: {},
  },
});
