import { assign, fromPromise, setup } from 'xstate';
import { deletePlaylist, type DeletePlaylistResult } from '../../services/playlists.service.ts';

export interface PlaylistDeleteContext {
  target: { id: number; name: string } | null;
}

export type PlaylistDeleteEvent = { type: 'delete.ask'; id: number; name: string } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

/**
 * Delete with the spec's confirmation: idle -> confirming -> deleting -> idle. The view provides `notify`
 * (an i18n key of the playlists namespace) and `deleted` (reload the list).
 */
export const playlistDeleteMachine = setup({
  types: { context: {} as PlaylistDeleteContext, events: {} as PlaylistDeleteEvent },
  actors: {
    deletePlaylist: fromPromise<DeletePlaylistResult, { id: number }>(({ input }) => deletePlaylist(input.id)),
  },
  guards: {
    deleted: (_, params: { result: DeletePlaylistResult }) => params.result.ok,
  },
  actions: {
    setTarget: assign((_, params: { id: number; name: string }) => ({ target: params })),
    clearTarget: assign({ target: null }),
    notify: (_, _params: { key: string; intent: 'success' | 'error' }) => {},
    deleted: () => {},
  },
}).createMachine({
  id: 'playlistDelete',
  context: { target: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.ask': { target: 'confirming', actions: { type: 'setTarget', params: ({ event }) => ({ id: event.id, name: event.name }) } } },
    },
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'idle', actions: 'clearTarget' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deletePlaylist',
        src: 'deletePlaylist',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: [
          {
            guard: { type: 'deleted', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: ['clearTarget', 'deleted', { type: 'notify', params: { key: 'messages.removeSuccess', intent: 'success' } }],
          },
          { target: 'idle', actions: ['clearTarget', { type: 'notify', params: { key: 'errors.playlist_in_use', intent: 'error' } }] },
        ],
        onError: {
          target: 'idle',
          actions: ['clearTarget', { type: 'notify', params: { key: 'messages.removeError', intent: 'error' } }],
        },
      },
    },
  },
});
