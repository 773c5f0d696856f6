import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { commitLayout } from '../../services/layouts.service.ts';
import type { LayoutCommitResult } from '../../services/layouts.service.ts';

export interface LayoutCommitContext {
  layoutId: number;
  version: number;
  error: string | null;
  /** From the input: where the flow starts (read once, by `deciding`). */
  initiallyCommitted: boolean;
}

export type LayoutCommitEvent =
  | { type: 'commit.start' }
  /** The editor loaded the layout again: its committed flag and version as the server has them. */
  | { type: 'commit.sync'; committed: boolean; version: number };

/**
 * Committing a layout (issue 36: "like playlists, a layout is a draft until committed"), the playlist commit flow's
 * pattern: uncommitted -> committing -> committed | failed. Committing a committed layout asks the server again
 * ("already up to date"); a refusal (a zone's playlist not committed) leaves its code in `error`. The view provides
 * `notify` with the layouts-namespace key.
 */
export const layoutCommitMachine = setup({
  types: {
    context: {} as LayoutCommitContext,
    events: {} as LayoutCommitEvent,
    input: {} as { layoutId: number; committed: boolean; version: number },
  },
  actors: {
    commitLayout: fromPromise<LayoutCommitResult, { layoutId: number }>(({ input }) => commitLayout(input.layoutId)),
  },
  guards: {
    startsCommitted: (_, params: { committed: boolean }) => params.committed,
    changed: (_, params: { result: LayoutCommitResult }) => params.result.changed,
  },
  actions: {
    setVersion: assign((_, params: { version: number }) => ({ version: params.version, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    notify: (_, _params: { key: 'messages.commitUpdated' | 'messages.commitUpToDate' | 'messages.commitError'; intent: 'success' | 'info' | 'error' }) => {},
  },
}).createMachine({
  id: 'layoutCommit',
  context: ({ input }) => ({ layoutId: input.layoutId, version: input.version, error: null, initiallyCommitted: input.committed }),
  initial: 'deciding',
  on: {
    'commit.sync': [
      {
        guard: { type: 'startsCommitted', params: ({ event }) => ({ committed: event.committed }) },
        target: '.committed',
        actions: { type: 'setVersion', params: ({ event }) => ({ version: event.version }) },
      },
      { target: '.uncommitted', actions: { type: 'setVersion', params: ({ event }) => ({ version: event.version }) } },
    ],
  },
  states: {
    deciding: {
      always: [
        { guard: { type: 'startsCommitted', params: ({ context }) => ({ committed: context.initiallyCommitted }) }, target: 'committed' },
        { target: 'uncommitted' },
      ],
    },
    uncommitted: { on: { 'commit.start': 'committing' } },
    committing: {
      tags: ['busy'],
      // While the server commits, a reload of the editor does not change where the flow is.
      on: { 'commit.sync': {} },
      invoke: {
        id: 'commitLayout',
        src: 'commitLayout',
        input: ({ context }) => ({ layoutId: context.layoutId }),
        onDone: [
          {
            guard: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
            target: 'committed',
            actions: [
              { type: 'setVersion', params: ({ event }) => ({ version: event.output.version }) },
              { type: 'notify', params: { key: 'messages.commitUpdated', intent: 'success' } },
            ],
          },
          {
            target: 'committed',
            actions: [
              { type: 'setVersion', params: ({ event }) => ({ version: event.output.version }) },
              { type: 'notify', params: { key: 'messages.commitUpToDate', intent: 'info' } },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'messages.commitError', intent: 'error' } }],
        },
      },
    },
    committed: { on: { 'commit.start': 'committing' } },
    failed: { on: { 'commit.start': 'committing' } },
  },
});
