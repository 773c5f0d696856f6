import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { DEFAULT_PAGE_SIZE } from '../../services/config.ts';
import { listMedia } from '../../services/media.service.ts';
import { addTrack } from '../../services/playlists.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { notOfferedReason } from './mediaPicker.selectors.ts';

/** The media list's page size (its pager's rule), so the picker pages the same files the same way. */
export const PICKER_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface MediaPickerContext {
  playlistId: number;
  screenPosition: MediaFile['screen_position'];
  search: string;
  page: number;
  media: PageOf<MediaFile> | null;
  /** Media ids in the order they were picked (the order the tracks are appended in). */
  selected: number[];
  /** How many of the selected were added before a failure. */
  added: number;
  error: string | null;
}

export type MediaPickerEvent =
  | { type: 'picker.search'; search: string }
  | { type: 'picker.page'; page: number }
  | { type: 'picker.toggle'; id: number }
  | { type: 'picker.add' }
  | { type: 'picker.cancel' }
  | { type: 'picker.retry' };

/**
 * The media-add dialog: a searchable page of media where only ready files of the playlist's screen position can be
 * picked (the others say why), several at once, across its pages; Add appends them as tracks in the order picked. The view provides
 * `finished` (how many tracks were added: reload the editor) and `closed`.
 */
export const mediaPickerMachine = setup({
  types: {
    context: {} as MediaPickerContext,
    events: {} as MediaPickerEvent,
    input: {} as { playlistId: number; screenPosition: MediaFile['screen_position'] },
  },
  actors: {
    loadMedia: fromPromise<PageOf<MediaFile>, { search: string; page: number }>(({ input }) =>
      listMedia({ page: input.page, page_size: PICKER_PAGE_SIZE, search: input.search, ordering: '-uploaded' }),
    ),
    addTracks: fromPromise<number, { playlistId: number; media: number[] }>(async ({ input }) => {
      let added = 0;
      for (const media of input.media) {
        const outcome = await addTrack({ playlist: input.playlistId, media });
        if (!outcome.ok) throw Object.assign(new Error(outcome.code), { code: outcome.code, added });
        added += 1;
      }
      return added;
    }),
  },
  guards: {
    offered: ({ context }, params: { id: number }) => {
      const media = context.media?.results.find((m) => m.id === params.id);
      return !!media && notOfferedReason(media, context.screenPosition) === null;
    },
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    setSearch: assign((_, params: { search: string }) => ({ search: params.search, page: 1 })),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setMedia: assign((_, params: { media: PageOf<MediaFile> }) => ({ media: params.media, error: null })),
    toggle: assign(({ context }, params: { id: number }) => ({
      selected: context.selected.includes(params.id) ? context.selected.filter((id) => id !== params.id) : [...context.selected, params.id],
    })),
    setError: assign((_, params: { error: unknown }) => {
      const error = params.error as { code?: unknown; added?: unknown };
      return { error: typeof error?.code === 'string' ? error.code : errorCodeOf(params.error), added: typeof error?.added === 'number' ? error.added : 0 };
    }),
    /** Tracks already added before a failure are not added again on retry. */
    dropAdded: assign(({ context }) => ({ selected: context.selected.slice(context.added), added: 0 })),
    finished: (_, _params: { added: number }) => {},
    /** Some tracks were added before a failure: the view reloads the editor (the dialog stays open). */
    tracksAdded: () => {},
    closed: () => {},
  },
}).createMachine({
  id: 'mediaPicker',
  context: ({ input }) => ({
    playlistId: input.playlistId,
    screenPosition: input.screenPosition,
    search: '',
    page: 1,
    media: null,
    selected: [],
    added: 0,
    error: null,
  }),
  initial: 'loading',
  on: { 'picker.cancel': '.closed' },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ search: context.search, page: context.page }),
        onDone: { target: 'picking', actions: { type: 'setMedia', params: ({ event }) => ({ media: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'picker.search': { target: 'loading', reenter: true, actions: { type: 'setSearch', params: ({ event }) => event } },
        'picker.page': { target: 'loading', reenter: true, actions: { type: 'setPage', params: ({ event }) => event } },
      },
    },
    loadFailed: { on: { 'picker.retry': 'loading' } },
    picking: {
      on: {
        'picker.search': { target: 'loading', actions: { type: 'setSearch', params: ({ event }) => event } },
        'picker.page': { target: 'loading', actions: { type: 'setPage', params: ({ event }) => event } },
        'picker.toggle': { guard: { type: 'offered', params: ({ event }) => event }, actions: { type: 'toggle', params: ({ event }) => event } },
        'picker.add': { guard: 'hasSelection', target: 'adding' },
      },
    },
    adding: {
      tags: ['busy'],
      on: { 'picker.cancel': {} },
      invoke: {
        id: 'addTracks',
        src: 'addTracks',
        input: ({ context }) => ({ playlistId: context.playlistId, media: context.selected }),
        onDone: { target: 'done', actions: { type: 'finished', params: ({ event }) => ({ added: event.output }) } },
        onError: {
          target: 'addFailed',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'tracksAdded', 'dropAdded'],
        },
      },
    },
    addFailed: {
      on: {
        'picker.add': { guard: 'hasSelection', target: 'adding' },
        'picker.toggle': { target: 'picking', guard: { type: 'offered', params: ({ event }) => event }, actions: { type: 'toggle', params: ({ event }) => event } },
        'picker.search': { target: 'loading', actions: { type: 'setSearch', params: ({ event }) => event } },
        'picker.page': { target: 'loading', actions: { type: 'setPage', params: ({ event }) => event } },
      },
    },
    done: { type: 'final' },
    closed: { type: 'final', entry: 'closed' },
  },
});
