import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { listPlaylists, type Playlist } from '../../services/playlists.service.ts';

/** The playlists the panel offers (the campaign's screen position; search). */
export interface PanelQuery {
  screen_position?: Playlist['screen_position'];
  search: string;
}

/** A playlist as the panel shows and drags it. */
export type PanelPlaylist = Pick<Playlist, 'id' | 'name' | 'committed' | 'duration'>;

export interface PlaylistDragContext {
  query: PanelQuery;
  playlists: PanelPlaylist[];
  /** The playlist being dragged (set while `ready.dragging`). */
  dragged: PanelPlaylist | null;
  error: string | null;
}

/** Where a dragged playlist landed: a day (`time` null: all day) or a moment. */
export interface DropPoint {
  date: string;
  time: string | null;
}

export type PlaylistDragEvent =
  | { type: 'panel.retry' }
  | { type: 'panel.search'; search: string }
  | { type: 'drag.start'; playlist: PanelPlaylist }
  | ({ type: 'drag.drop' } & DropPoint)
  | { type: 'drag.cancel' }
  /** Without a pointer (keyboard, narrow screens): start an event of the playlist at a chosen point. */
  | ({ type: 'playlist.schedule'; playlist: PanelPlaylist } & DropPoint);

export const PANEL_PAGE_SIZE = 100;

/**
 * The playlists panel of the scheduler, a drag source: loading -> ready | failed ("Error while loading playlist
 * schedule data", with a retry). In ready, a playlist picked up (`dragging`) and dropped on the calendar starts an
 * event there; the view provides `startEvent`, which opens the event form with the playlist, date and time.
 */
export const playlistDragMachine = setup({
  types: {
    context: {} as PlaylistDragContext,
    events: {} as PlaylistDragEvent,
    input: {} as { query: PanelQuery },
  },
  actors: {
    loadPlaylists: fromPromise<PanelPlaylist[], PanelQuery>(async ({ input }) => {
      const page = await listPlaylists({ page: 1, page_size: PANEL_PAGE_SIZE, search: input.search, screen_position: input.screen_position });
      return page.results.map(({ id, name, committed, duration }) => ({ id, name, committed, duration }));
    }),
  },
  actions: {
    setSearch: assign(({ context }, params: { search: string }) => ({ query: { ...context.query, search: params.search } })),
    setPlaylists: assign((_, params: { playlists: PanelPlaylist[] }) => ({ playlists: params.playlists, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    pickUp: assign((_, params: { playlist: PanelPlaylist }) => ({ dragged: params.playlist })),
    putDown: assign({ dragged: null }),
    /** Provided by the view: open the event form for the playlist at the point. */
    startEvent: (_, _params: { playlist: PanelPlaylist } & DropPoint) => {},
  },
}).createMachine({
  id: 'playlistDrag',
  context: ({ input }) => ({ query: input.query, playlists: [], dragged: null, error: null }),
  initial: 'loading',
  on: {
    'panel.search': { target: '.loading', actions: { type: 'setSearch', params: ({ event }) => ({ search: event.search }) } },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlaylists',
        src: 'loadPlaylists',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'setPlaylists', params: ({ event }) => ({ playlists: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'panel.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'drag.start': { target: 'dragging', actions: { type: 'pickUp', params: ({ event }) => ({ playlist: event.playlist }) } },
            'playlist.schedule': {
              actions: { type: 'startEvent', params: ({ event }) => ({ playlist: event.playlist, date: event.date, time: event.time }) },
            },
          },
        },
        dragging: {
          tags: ['dragging'],
          // A search while dragging would pull the list from under the pointer.
          on: {
            'panel.search': {},
            'drag.drop': {
              target: 'idle',
              actions: [
                { type: 'startEvent', params: ({ context, event }) => ({ playlist: context.dragged as PanelPlaylist, date: event.date, time: event.time }) },
                'putDown',
              ],
            },
            'drag.cancel': { target: 'idle', actions: 'putDown' },
          },
        },
      },
    },
  },
});
