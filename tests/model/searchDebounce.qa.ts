import { searchDebounceMachine } from '../../src/machines/searchDebounce.machine.ts';
import { after, defineQa } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

const TYPE_LOBBY = 'type "lobby" in the search box';
const TYPE_LOBBY_2 = 'type "lobby 2" in the search box';
const CLEAR = 'clear the search box';
const PAUSE = 'stop typing for 300 ms';

const searching = (search: string) => `search: {"search":"${search}"}`;

/**
 * The search box of the media, playlists and tracks lists (common/useSearchBox.ts): the list is asked for the typed
 * text, from page 1, once typing rests for 300 ms. The media list stands for all three here.
 */
export default defineQa({
  machine: searchDebounceMachine,
  file: 'src/machines/searchDebounce.machine.ts',
  title: 'The search box of a list (media, playlists, tracks)',
  namespace: 'media',
  preconditions: {
    start: { route: '/media (or /playlists, /tracks)', user: 'admin (or a user with media view rights)', data: 'media files named "lobby" and "lobby 2" and one named "hall"' },
  },
  recorded: ['search'],
  onScreen: { search: `the list shows page 1 of the files matching the search box ${text('media:search.label')}` },
  delays: { searchDelay: { ms: 300, from: 'product rule (issue 28): typing rests 300 ms before a search is sent' } },
  events: {
    [TYPE_LOBBY]: { type: 'search.type', text: 'lobby' },
    [TYPE_LOBBY_2]: { type: 'search.type', text: 'lobby 2' },
    [CLEAR]: { type: 'search.type', text: '' },
    [PAUSE]: after('searchDelay', 'searchDebounce.waiting'),
  },
  initial: { start: { to: 'idle', see: { box: '', shown: '' } } },
  expect: {
    '': {
      // The box shows every key at once; the list waits for typing to rest. Back to the search the list shows: no wait.
      [TYPE_LOBBY]: (context: { applied: string }) => (context.applied === 'lobby' ? { to: 'idle', see: { box: 'lobby' }, calls: [] } : { to: 'waiting', see: { box: 'lobby' }, calls: [] }),
      [TYPE_LOBBY_2]: (context: { applied: string }) => (context.applied === 'lobby 2' ? { to: 'idle', see: { box: 'lobby 2' }, calls: [] } : { to: 'waiting', see: { box: 'lobby 2' }, calls: [] }),
      [CLEAR]: (context: { applied: string }) => (context.applied === '' ? { to: 'idle', see: { box: '' }, calls: [] } : { to: 'waiting', see: { box: '' }, calls: [] }),
    },
    waiting: {
      [PAUSE]: (context: { typed: string }) => ({ to: 'idle', see: { shown: context.typed }, calls: [searching(context.typed)] }),
    },
  },
  view: (snapshot) => ({ box: snapshot.context.typed, shown: snapshot.context.applied }),
});
