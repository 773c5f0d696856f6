import { mediaPickerMachine, type MediaPickerContext } from '../../../src/machines/playlists/mediaPicker.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const file = (id: number, status: string, screen_position: string) => ({ id, name: `File ${id}`, kind: 'image', status, screen_position, duration: null });
const PAGE = {
  count: 3,
  next: null,
  previous: null,
  results: [file(21, 'ready_to_play', 'horizontal'), file(22, 'processing', 'horizontal'), file(23, 'ready_to_play', 'vertical')],
};

const LOADED = 'the server answers three files (one ready, one processing, one vertical)';
const LOAD_FAILED = 'the network is down during the load';
const SEARCH = 'search "menu"';
const PAGE_2 = 'go to page 2';
const PICK = 'tick the ready file';
const PICK_PROCESSING = 'tick the file still processing';
const PICK_VERTICAL = 'tick the vertical file';
const ADD = 'press "Add"';
const CANCEL = 'press "Cancel"';
const RETRY = 'press "Try again"';
const ADDED = 'the server adds the tracks';
const REFUSED = 'the server refuses: the file is not ready';

type Context = MediaPickerContext;
const load = (search: string, page: number) => `loadMedia: ${JSON.stringify({ search, page })}`;
const toggled = (context: Context) => {
  const selected = context.selected.includes(21) ? context.selected.filter((id) => id !== 21) : [...context.selected, 21];
  return { to: 'picking', see: { selected } };
};
const add = (context: Context) =>
  context.selected.length ? { to: 'adding', see: { busy: true }, calls: [`addTracks: ${JSON.stringify({ playlistId: 7, media: context.selected })}`] } : { to: 'picking', calls: [] };

/**
 * The media-add dialog (section 2, "Playlists page"; issue 9): search, several files at once, only ready files of the
 * playlist's screen position can be picked (the others say why), Add appends them as tracks.
 */
export default defineQa({
  machine: mediaPickerMachine,
  file: 'src/machines/playlists/mediaPicker.machine.ts',
  title: 'The media-add dialog',
  actors: ['loadMedia', 'addTracks'],
  recorded: ['finished', 'tracksAdded', 'closed'],
  input: { playlistId: 7, screenPosition: 'horizontal' },
  events: {
    [LOADED]: done('loadMedia', PAGE),
    [LOAD_FAILED]: error('loadMedia', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [SEARCH]: { type: 'picker.search', search: 'menu' },
    [PAGE_2]: { type: 'picker.page', page: 2 },
    [PICK]: { type: 'picker.toggle', id: 21 },
    [PICK_PROCESSING]: { type: 'picker.toggle', id: 22 },
    [PICK_VERTICAL]: { type: 'picker.toggle', id: 23 },
    [ADD]: { type: 'picker.add' },
    [CANCEL]: { type: 'picker.cancel' },
    [RETRY]: { type: 'picker.retry' },
    [ADDED]: done('addTracks', 1),
    [REFUSED]: error('addTracks', Object.assign(new Error('media_not_ready'), { code: 'media_not_ready', added: 0 })),
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: [load('', 1)] } },
  expect: {
    loading: {
      [LOADED]: { to: 'picking', see: { rows: 3, loading: false } },
      [LOAD_FAILED]: { to: 'loadFailed', see: { error: 'network_error' } },
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)] },
      [PAGE_2]: (context: Context) => ({ to: 'loading', calls: [load(context.search, 2)] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    loadFailed: {
      [RETRY]: (context: Context) => ({ to: 'loading', calls: [load(context.search, context.page)] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    picking: {
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)] },
      [PAGE_2]: (context: Context) => ({ to: 'loading', calls: [load(context.search, 2)] }),
      [PICK]: toggled,
      // Files that cannot be added cannot be picked (the dialog says why).
      [PICK_PROCESSING]: (context: Context) => ({ to: 'picking', see: { selected: context.selected } }),
      [PICK_VERTICAL]: (context: Context) => ({ to: 'picking', see: { selected: context.selected } }),
      [ADD]: add,
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    adding: {
      [ADDED]: { to: 'done', calls: ['finished: {"added":1}'] },
      [REFUSED]: (context: Context) => ({ to: 'addFailed', see: { error: 'media_not_ready', selected: context.selected }, calls: ['tracksAdded'] }),
      // Closing waits for the adds to finish.
      [CANCEL]: 'adding',
    },
    addFailed: {
      [ADD]: add,
      [PICK]: toggled,
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)] },
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
  },
  view: (snapshot) => ({
    rows: snapshot.context.media?.results.length ?? null,
    selected: snapshot.context.selected,
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.selected, snapshot.context.search, snapshot.context.page, snapshot.context.error, snapshot.context.media !== null]),
});
