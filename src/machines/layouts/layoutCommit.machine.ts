import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { commitLayout, previewLayoutCommit } from '../../services/layouts.service.ts';
import type { LayoutCommitResult } from '../../services/layouts.service.ts';
import type { Preflight, PublishWarning } from '../../services/schemas/playback.ts';

export interface LayoutCommitContext {
  layoutId: number;
  version: number;
  error: string | null;
  /** From the input: where the flow starts (read once, by `deciding`). */
  initiallyCommitted: boolean;
  /** Whether the layout was committed when Commit was pressed (where a cancelled confirmation returns). */
  committedBefore: boolean;
  /**
   * Before the commit: what the layout as saved would leave unplayable on the screens that play it, for the operator to
   * confirm; `failed` when the check could not be made. Null outside the confirmation.
   */
  preflight: { warnings: PublishWarning[]; failed: boolean } | null;
}

export type LayoutCommitEvent =
  | { type: 'commit.start' }
  /** Commit after the check's warnings were shown. */
  | { type: 'commit.confirm' }
  /** Do not commit after the check's warnings. */
  | { type: 'commit.cancel' }
  /** The editor loaded the layout again: its committed flag and version as the server has them. */
  | { type: 'commit.sync'; committed: boolean; version: number };

/**
 * Committing a layout (issue 36: "like playlists, a layout is a draft until committed"), the playlist commit flow's
 * pattern: uncommitted -> checking (-> confirming when some screen could not play a zone's file) -> committing ->
 * committed | failed. `checking` asks GET /layouts/{id}/commit/preview/ what the layout as saved would leave unplayable
 * on the screens that play it (warnings before, not after, as for playlists); nothing to say commits at once, something
 * (or a check that failed) waits in `confirming` ("Commit anyway" / "Cancel", back where Commit was pressed).
 * Committing a committed layout asks the server again ("already up to date"); a refusal (a zone's playlist not
 * committed) leaves its code in `error`. The view provides `notify` with the layouts-namespace key.
 */
export const layoutCommitMachine = setup({
  types: {
    context: {} as LayoutCommitContext,
    events: {} as LayoutCommitEvent,
    input: {} as { layoutId: number; committed: boolean; version: number },
  },
  actors: {
    commitLayout: fromPromise<LayoutCommitResult, { layoutId: number }>(({ input }) => commitLayout(input.layoutId)),
    preflight: fromPromise<Preflight, { layoutId: number }>(({ input }) => previewLayoutCommit(input.layoutId)),
  },
  guards: {
    startsCommitted: (_, params: { committed: boolean }) => params.committed,
    changed: (_, params: { result: LayoutCommitResult }) => params.result.changed,
    needsConfirmation: (_, params: { preflight: Preflight }) => params.preflight.warnings.length > 0,
    committedBefore: ({ context }) => context.committedBefore,
  },
  actions: {
    setVersion: assign((_, params: { version: number }) => ({ version: params.version, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setCommittedBefore: assign((_, params: { committed: boolean }) => ({ committedBefore: params.committed })),
    setPreflight: assign((_, params: { preflight: Preflight }) => ({ preflight: { warnings: params.preflight.warnings, failed: false } })),
    setPreflightFailed: assign({ preflight: { warnings: [], failed: true } }),
    clearPreflight: assign({ preflight: null }),
    notify: (_, _params: { key: 'messages.commitUpdated' | 'messages.commitUpToDate' | 'messages.commitError'; intent: 'success' | 'info' | 'error' }) => {},
  },
}).createMachine({
  id: 'layoutCommit',
  context: ({ input }) => ({ layoutId: input.layoutId, version: input.version, error: null, initiallyCommitted: input.committed, committedBefore: input.committed, preflight: null }),
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
    uncommitted: { on: { 'commit.start': { target: 'checking', actions: { type: 'setCommittedBefore', params: { committed: false } } } } },
        checking: {
      tags: ['busy'],
      on: { 'commit.sync': {} },
      invoke: {
        id: 'preflight',
        src: 'preflight',
        input: ({ context }) => ({ layoutId: context.layoutId }),
        onDone: [
          {
            guard: { type: 'needsConfirmation', params: ({ event }) => ({ preflight: event.output }) },
            target: 'confirming',
            actions: { type: 'setPreflight', params: ({ event }) => ({ preflight: event.output }) },
          },
          { target: 'committing' },
        ],
        onError: { target: 'confirming', actions: 'setPreflightFailed' },
      },
    },
    // The confirmation dialog is modal: a reload of the editor does not move the flow under it.
    confirming: {
      on: {
        'commit.sync': {},
        'commit.confirm': { target: 'committing', actions: 'clearPreflight' },
        'commit.cancel': [
          { guard: 'committedBefore', target: 'committed', actions: 'clearPreflight' },
          { target: 'uncommitted', actions: 'clearPreflight' },
        ],
      },
    },
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
    committed: { on: { 'commit.start': { target: 'checking', actions: { type: 'setCommittedBefore', params: { committed: true } } } } },
    failed: { on: { 'commit.start': { target: 'checking', actions: { type: 'setCommittedBefore', params: { committed: false } } } } },
  },
});
