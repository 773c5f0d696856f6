import { mediaPickerMachine, type MediaPickerContext } from '../../../src/machines/playlists/mediaPicker.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const file = (id: number, status: string, screen_position: string) => ({ id, name: `File ${id}`, kind: 'image', status, screen_position, duration: null });
// The first page of 25 files (the picker's page is the media list's, 20 files): the pager offers page 2.
const PAGE = {
  count: 25,
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

// What the dialog shows (src/views/playlists/MediaPickerDialog.tsx), in the words of locales/en.
const count = (n: number) => text('playlists:picker.selected', { count: n }).replace(/files/, n === 1 ? 'file' : 'files');
const addButton = (n: number) => text('playlists:actions.addSelected', { count: n }).replace(/files/, n === 1 ? 'file' : 'files');
const SPINNER = `a spinner ${text('common:loading')} in place of the list`;
const PAGER = (page: number) => `under the list ${text('playlists:picker.page', { page, pages: 2, count: 25 })} with ${text('playlists:actions.previous')} and ${text('playlists:actions.next')}`;
const PAGING = `${SPINNER} while page 2 loads; ${PAGER(2)} stays, the focus on ${text('playlists:actions.next')}`;
const LIST = `the list shows File 21 · ${text('media:kinds.image')} with an empty box; with ${text('playlists:picker.onlyOffered')} on, File 22 (processing) and File 23 (vertical) are hidden (switch it off: they show with disabled boxes, ${text('playlists:picker.reasons.processing')} and ${text('playlists:picker.reasons.screen_position', { position: 'vertical' })}); ${PAGER(1)}`;
const LOAD_ERROR = `in red: ${text('playlists:picker.loadError')} with ${text('playlists:actions.retry')}`;
const picked = (selected: number[]) => `${count(selected.length)}; ${addButton(selected.length)} is ${selected.length ? 'enabled' : 'disabled'}`;
const toggled = (context: Context) => {
  const selected = context.selected.includes(21) ? context.selected.filter((id) => id !== 21) : [...context.selected, 21];
  return { to: 'picking', see: { selected }, screen: [`the box of File 21 is ${selected.includes(21) ? 'ticked' : 'empty again'}; ${picked(selected)}`] };
};
const add = (context: Context) =>
  context.selected.length
    ? {
        to: 'adding',
        see: { busy: true },
        calls: [`addTracks: ${JSON.stringify({ playlistId: 7, media: context.selected })}`],
        screen: [`${addButton(context.selected.length)} shows a spinner; it, ${text('common:actions.cancel')} and the boxes are disabled`],
      }
    : { to: 'picking', calls: [] };
/** Why a control the step needs is not there or disabled (the view before the step), or undefined. */
const disabledWhileAdding = (what: string) => (view: Record<string, unknown>) => (view.busy ? `${what} is disabled while the tracks are added` : undefined);

/**
 * The media-add dialog (section 2, "Playlists page"; issue 9): search, several files at once, only ready files of the
 * playlist's screen position can be picked (the others say why), Add appends them as tracks.
 */
export default defineQa({
  machine: mediaPickerMachine,
  file: 'src/machines/playlists/mediaPicker.machine.ts',
  title: 'The media-add dialog',
  namespace: 'playlists',
  preconditions: {
    start: {
      route: `/playlists/<id> of Morning, then press ${text('playlists:actions.addMedia')}: the dialog ${text('playlists:picker.title', { name: 'Morning' })} opens`,
      user: 'admin (or a user whose group gives Playlists "Edit")',
      data: 'a horizontal playlist Morning; media files File 21 (a horizontal picture, ready), File 22 (a video still processing: upload it just before) and File 23 (a vertical picture)',
    },
  },
  howTo: {
    [LOAD_FAILED]: `in the devtools Network tab, choose "Offline" before pressing ${text('playlists:actions.addMedia')} (or before searching)`,
    [PAGE_2]: `press ${text('playlists:actions.next')} under the list (Tab to it, Enter); with more than 20 files`,
    [SEARCH]: `type menu in ${text('playlists:picker.searchLabel')} and stop typing (the search follows 300 ms later)`,
    [PICK]: 'click the box of File 21',
    [ADD]: `press ${addButton(1)} (it names how many files are selected)`,
    [CANCEL]: `press ${text('common:actions.cancel')} (or Escape)`,
    [RETRY]: `go back online and press ${text('playlists:actions.retry')}`,
    [ADDED]: 'wait: the server adds the tracks',
    [REFUSED]:
      'in the devtools Network tab, override the content of the answer to GET /api/v1/media/files/ so File 22 (processing) reads "status": "ready_to_play", reopen the dialog, tick it and press the add button: the server refuses it',
  },
  offScreen: {
    [PAGE_2]: (view) =>
      view.rows === null ? 'no pager before the first files have loaded' : view.loadFailed ? 'no pager after a failed load' : view.busy ? 'the pager is disabled while the tracks are added' : undefined,
    [PICK_PROCESSING]: `its box is disabled, with ${text('playlists:picker.reasons.processing')} beside it (and hidden while ${text('playlists:picker.onlyOffered')} is on)`,
    [PICK_VERTICAL]: `its box is disabled, with ${text('playlists:picker.reasons.screen_position', { position: 'vertical' })} beside it (and hidden while ${text('playlists:picker.onlyOffered')} is on)`,
    [PICK]: { loading: 'the list is hidden while the files load', loadFailed: 'no list after a failed load', adding: 'the boxes are disabled while the tracks are added' },
    [RETRY]: { loading: `${text('playlists:actions.retry')} shows only after a failed load`, picking: `${text('playlists:actions.retry')} shows only after a failed load`, adding: `${text('playlists:actions.retry')} shows only after a failed load`, addFailed: `${text('playlists:actions.retry')} shows only after a failed load` },
    [ADD]: (view) => (view.busy ? 'the add button is disabled while the tracks are added' : Array.isArray(view.selected) && view.selected.length === 0 ? `${addButton(0)} is disabled while nothing is selected` : undefined),
    [CANCEL]: disabledWhileAdding(text('common:actions.cancel')),
  },
  onScreen: {
    finished: `the dialog closes; the playlist shows the new track; a success toast ${text('playlists:messages.addSuccess')}`,
    closed: 'the dialog closes; nothing is added',
    tracksAdded: 'the playlist behind the dialog shows the tracks added before the refusal',
  },
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
  initial: {
    start: {
      to: 'loading',
      see: { loading: true },
      calls: [load('', 1)],
      screen: [`the dialog with the search box ${text('playlists:picker.searchLabel')}, ${text('playlists:picker.onlyOffered')} switched on, ${SPINNER}, ${count(0)}`],
    },
  },
  expect: {
    loading: {
      [LOADED]: { to: 'picking', see: { rows: 3, loading: false }, screen: [LIST] },
      [LOAD_FAILED]: { to: 'loadFailed', see: { error: 'network_error' }, screen: [LOAD_ERROR] },
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)], screen: [`the spinner stays while the files matching "menu" load`] },
      [PAGE_2]: (context: Context) => ({ to: 'loading', calls: [load(context.search, 2)], screen: [PAGING] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    loadFailed: {
      [RETRY]: (context: Context) => ({ to: 'loading', calls: [load(context.search, context.page)], screen: [SPINNER] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    picking: {
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)], screen: [`${SPINNER} while the files matching "menu" load`] },
      [PAGE_2]: (context: Context) => ({ to: 'loading', calls: [load(context.search, 2)], screen: [`${PAGING}; the ticked files stay ticked (${count(context.selected.length)})`] }),
      [PICK]: toggled,
      // Files that cannot be added cannot be picked (the dialog says why).
      [PICK_PROCESSING]: (context: Context) => ({ to: 'picking', see: { selected: context.selected } }),
      [PICK_VERTICAL]: (context: Context) => ({ to: 'picking', see: { selected: context.selected } }),
      [ADD]: add,
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    adding: {
      [ADDED]: { to: 'done', calls: ['finished: {"added":1}'] },
      [REFUSED]: (context: Context) => ({
        to: 'addFailed',
        see: { error: 'media_not_ready', selected: context.selected },
        calls: ['tracksAdded'],
        screen: [`in red: "${text('playlists:picker.addError').slice(1, -1)}: ${text('playlists:errors.media_not_ready').slice(1, -1)}"; the dialog stays open with the file still ticked`],
      }),
      // Closing waits for the adds to finish.
      [CANCEL]: 'adding',
    },
    addFailed: {
      [ADD]: add,
      [PICK]: toggled,
      [SEARCH]: { to: 'loading', calls: [load('menu', 1)], screen: [`${SPINNER} while the files matching "menu" load`] },
      [PAGE_2]: (context: Context) => ({ to: 'loading', see: { selected: context.selected }, calls: [load(context.search, 2)], screen: [PAGING] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
  },
  view: (snapshot) => ({
    rows: snapshot.context.media?.results.length ?? null,
    selected: snapshot.context.selected,
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
    loadFailed: snapshot.matches('loadFailed'),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.selected, snapshot.context.search, snapshot.context.page, snapshot.context.error, snapshot.context.media !== null]),
});
