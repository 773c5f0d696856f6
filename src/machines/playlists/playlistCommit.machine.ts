import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { commitPlaylist } from '../../services/playlists.service.ts';
import type { CommitResult } from '../../services/schemas/playlists.ts';

export interface PlaylistCommitContext {
  playlistId: number;
  version: number;
  error: string | null;
  /** From the input: where the flow starts (read once, by `deciding`). */
  initiallyCommitted: boolean;
}

export type PlaylistCommitEvent =
  | { type: 'commit.start' }
  /** The editor loaded the playlist again: its committed flag and version as the server has them. */
  | { type: 'commit.sync'; committed: boolean; version: number };

/**
 * The commit flow (section 4, "Playlist": uncommitted to committed through Commit): uncommitted -> committing ->
 * committed | failed. Committing a committed playlist asks the server again ("already up to date").
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
  },
  guards: {
    startsCommitted: (_, params: { committed: boolean }) => params.committed,
    changed: (_, params: { result: CommitResult }) => params.result.changed,
  },
  actions: {
    setVersion: assign((_, params: { version: number }) => ({ version: params.version, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    notify: (_, _params: { key: 'messages.commitUpdated' | 'messages.commitUpToDate' | 'messages.commitError'; intent: 'success' | 'info' | 'error' }) => {},
  },
}).createMachine({
  id: 'playlistCommit',
  context: ({ input }) => ({ playlistId: input.playlistId, version: input.version, error: null, initiallyCommitted: input.committed }),
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
    committed: { on: { 'commit.start': 'committing' } },
    failed: { on: { 'commit.start': 'committing' } },
  },
});
