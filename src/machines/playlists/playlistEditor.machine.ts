import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { changeTrackPositions, getPlaylistDetail, removeTrack, setTrackDuration } from '../../services/playlists.service.ts';
import type { PlaylistDetail } from '../../services/schemas/playlists.ts';
import { changedDurations, isDraftDirty, moveItem, orderChanged, serverOrder, type EditorDraft } from './playlistEditor.selectors.ts';

export interface PlaylistEditorContext extends EditorDraft {
  playlistId: number;
  /** Code of the last failed load or write. */
  error: string | null;
}

export type PlaylistEditorEvent =
  | { type: 'track.move'; from: number; to: number }
  | { type: 'track.duration'; id: number; seconds: number }
  | { type: 'track.remove'; id: number }
  | { type: 'editor.save' }
  | { type: 'editor.discard' }
  /** Tracks were added elsewhere (the media-add dialog): load the playlist again. */
  | { type: 'editor.reload' }
  | { type: 'editor.retry' };

type EditorNotice = 'messages.saveSuccess' | 'messages.saveError' | 'messages.removeSuccess' | 'messages.removeError';

/** What a save writes: the complete order when it changed, and each changed image duration. */
export interface DraftWrite {
  playlistId: number;
  positions: number[] | null;
  durations: [number, number][];
}

/**
 * The playlist editor: loading, then the tracks as a draft (clean or dirty: moved tracks and typed image durations),
 * saving the draft (positions in one call), removing a track, reloading after tracks are added. The view guards
 * leaving while the `dirty` tag is on, and provides `notify` (playlists-namespace key) and `loaded` (the playlist
 * as the server has it, for the commit flow).
 */
export const playlistEditorMachine = setup({
  types: {
    context: {} as PlaylistEditorContext,
    events: {} as PlaylistEditorEvent,
    input: {} as { playlistId: number },
  },
  actors: {
    loadPlaylist: fromPromise<PlaylistDetail, { playlistId: number }>(({ input }) => getPlaylistDetail(input.playlistId)),
    saveDraft: fromPromise<void, DraftWrite>(async ({ input }) => {
      if (input.positions) await changeTrackPositions(input.playlistId, input.positions);
      for (const [id, seconds] of input.durations) await setTrackDuration(id, seconds);
    }),
    removeTrack: fromPromise<void, { id: number }>(({ input }) => removeTrack(input.id)),
  },
  guards: {
    draftDirty: ({ context }) => isDraftDirty(context),
    draftClean: ({ context }) => !isDraftDirty(context),
    validDuration: (_, params: { seconds: number }) => Number.isInteger(params.seconds) && params.seconds >= 1 && params.seconds <= 86400,
  },
  actions: {
    setLoaded: assign((_, params: { playlist: PlaylistDetail }) => ({ playlist: params.playlist, order: serverOrder(params.playlist), durations: {}, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    move: assign(({ context }, params: { from: number; to: number }) => ({ order: moveItem(context.order, params.from, params.to) })),
    setDuration: assign(({ context }, params: { id: number; seconds: number }) => ({ durations: { ...context.durations, [params.id]: params.seconds } })),
    discard: assign(({ context }) => ({ order: serverOrder(context.playlist), durations: {}, error: null })),
    notify: (_, _params: { key: EditorNotice; intent: 'success' | 'error' }) => {},
    loaded: (_, _params: { playlist: PlaylistDetail }) => {},
  },
}).createMachine({
  id: 'playlistEditor',
  context: ({ input }) => ({ playlistId: input.playlistId, playlist: null, order: [], durations: {}, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlaylist',
        src: 'loadPlaylist',
        input: ({ context }) => ({ playlistId: context.playlistId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setLoaded', params: ({ event }) => ({ playlist: event.output }) },
            { type: 'loaded', params: ({ event }) => ({ playlist: event.output }) },
          ],
        },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'editor.retry': 'loading' } },
    ready: {
      initial: 'clean',
      states: {
        clean: {
          always: { guard: 'draftDirty', target: 'dirty' },
          on: {
            'track.move': { actions: { type: 'move', params: ({ event }) => event } },
            'track.duration': {
              guard: { type: 'validDuration', params: ({ event }) => event },
              actions: { type: 'setDuration', params: ({ event }) => event },
            },
            'track.remove': 'removing',
            'editor.reload': 'reloading',
          },
        },
        dirty: {
          tags: ['dirty'],
          always: { guard: 'draftClean', target: 'clean' },
          on: {
            'track.move': { actions: { type: 'move', params: ({ event }) => event } },
            'track.duration': {
              guard: { type: 'validDuration', params: ({ event }) => event },
              actions: { type: 'setDuration', params: ({ event }) => event },
            },
            'editor.save': 'saving',
            'editor.discard': { target: 'clean', actions: 'discard' },
          },
        },
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({
              playlistId: context.playlistId,
              positions: orderChanged(context) ? context.order : null,
              durations: changedDurations(context),
            }),
            onDone: { target: 'reloading', actions: { type: 'notify', params: { key: 'messages.saveSuccess', intent: 'success' } } },
            onError: {
              target: 'dirty',
              actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'messages.saveError', intent: 'error' } }],
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeTrack',
            src: 'removeTrack',
            input: ({ event }) => ({ id: (event as Extract<PlaylistEditorEvent, { type: 'track.remove' }>).id }),
            onDone: { target: 'reloading', actions: { type: 'notify', params: { key: 'messages.removeSuccess', intent: 'success' } } },
            onError: {
              target: 'clean',
              actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'messages.removeError', intent: 'error' } }],
            },
          },
        },
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'reloadPlaylist',
            src: 'loadPlaylist',
            input: ({ context }) => ({ playlistId: context.playlistId }),
            onDone: {
              target: 'clean',
              actions: [
                { type: 'setLoaded', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'loaded', params: ({ event }) => ({ playlist: event.output }) },
              ],
            },
            onError: { target: '#playlistEditor.loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
