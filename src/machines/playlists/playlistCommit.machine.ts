import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { previewCommit } from '../../services/playlistCommit.service.ts';
import { commitPlaylist } from '../../services/playlists.service.ts';
import type { CommitResult } from '../../services/schemas/playlists.ts';
import type { Preflight, PublishWarning } from '../../services/schemas/playback.ts';

export interface PlaylistCommitContext {
  playlistId: number;
  version: number;
  error: string | null;
  /** From the input: where the flow starts (read once, by `deciding`). */
  initiallyCommitted: boolean;
  /** Whether the playlist was committed when Commit was pressed (where a cancelled confirmation returns). */
  committedBefore: boolean;
  /**
   * Before the commit (issue 35): what the edited tracks would leave unplayable on the playlist's screens, for the
   * operator to confirm; `failed` when the check could not be made. Null outside the confirmation.
   */
  preflight: { warnings: PublishWarning[]; failed: boolean } | null;
}

export type PlaylistCommitEvent =
  | { type: 'commit.start' }
  /** Commit after the check's warnings were shown. */
  | { type: 'commit.confirm' }
  /** Do not commit after the check's warnings. */
  | { type: 'commit.cancel' }
  /** The editor loaded the playlist again: its committed flag and version as the server has them. */
  | { type: 'commit.sync'; committed: boolean; version: number };

/**
 * The commit flow (section 4, "Playlist": uncommitted to committed through Commit): uncommitted -> checking
 * (-> confirming when some screen could not play a track, issue 35) -> committing -> committed | failed. Committing a
 * committed playlist asks the server again ("already up to date").
 * Warnings before, not after (issue 35): `checking` asks GET .../commit/preview/ what the tracks as saved would leave
 * unplayable on the playlist's screens; nothing commits at once, something waits in `confirming` ("Commit anyway" /
 * "Cancel", back where Commit was pressed). A check that fails (network, timeout, 5xx) must not block the operator: it
 * waits in `confirming` too, the dialog saying the check could not be made, and the operator commits or cancels.
 * The view provides `notify` with the playlists-namespace key of the spec's message.
 */
export const playlistCommitMachine = setup({
  types: {
    context: {} as PlaylistCommitContext,
    events: {} as PlaylistCommitEvent,
    input: {} as { playlistId: number; committed: boolean; version: number },
  },
  actors: {
    commitPlaylist: fromPromise<CommitResult, { playlistId: number }>(({ input }) => commitPlaylist(input.playlistId)),
    preflight: fromPromise<Preflight, { playlistId: number }>(({ input }) => previewCommit(input.playlistId)),
  },
  guards: {
    startsCommitted: (_, params: { committed: boolean }) => params.committed,
    changed: (_, params: { result: CommitResult }) => params.result.changed,
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
  id: 'playlistCommit',
  context: ({ input }) => ({ playlistId: input.playlistId, version: input.version, error: null, initiallyCommitted: input.committed, committedBefore: input.committed, preflight: null }),
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
    // Warnings before, not after (issue 35): the server says first what the commit would leave unplayable; nothing to
    // say commits at once, something to say waits for the operator's confirmation (a failed check too).
    checking: {
      tags: ['busy'],
      on: { 'commit.sync': {} },
      invoke: {
        id: 'preflight',
        src: 'preflight',
        input: ({ context }) => ({ playlistId: context.playlistId }),
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
        id: 'commitPlaylist',
        src: 'commitPlaylist',
        input: ({ context }) => ({ playlistId: context.playlistId }),
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
