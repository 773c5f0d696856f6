import { searchDebounceMachine } from '../../src/machines/searchDebounce.machine.ts';
import { after, defineQa, type StepExpectation } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

const TYPE_LOBBY = 'type "lobby" in the search box';
const TYPE_LOBBY_2 = 'type "lobby 2" in the search box';
const CLEAR = 'clear the search box';
const PAUSE = 'stop typing for 300 ms';

const searching = (search: string) => `search: {"search":"${search}"}`;

// The media list's search box (src/views/media/MediaScreen.tsx): label "Search media", placeholder from locales/en.
const BOX = `the search box ${text('media:search.label')}`;
const reads = (typed: string) => (typed ? `${BOX} reads "${typed}" at once` : `${BOX} is empty again, showing ${text('media:search.placeholder')}`);
const WAITS = 'the list does not change yet (it waits for typing to rest)';
const KEEPS = 'the list stays as it is: it already shows that search, so nothing is asked';
/**
 * Typing `typed`: the box shows it at once; the list waits, or stays when it already shows that search. The wait
 * starts with the key; a key while it waits starts it again (no search mid-word); typing back to the search shown
 * drops a waiting one.
 */
const typing = (typed: string, waiting: boolean) => (context: { applied: string }): StepExpectation =>
  context.applied === typed
    ? { to: 'idle', see: { box: typed }, calls: [], timers: { searchDelay: waiting ? 'cancel' : 'none' }, screen: [reads(typed), KEEPS] }
    : { to: 'waiting', see: { box: typed }, calls: [], timers: { searchDelay: waiting ? 'restart' : 'start' }, screen: [reads(typed), WAITS] };

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
    start: {
      route: '/media (the same box is on /playlists, /tracks and in a playlist\'s "Add media" picker)',
      user: 'admin (or a user whose group gives Media "View")',
      data: 'media files named "lobby" and "lobby 2" and one named "hall"',
    },
  },
  howTo: {
    [TYPE_LOBBY]: `click in ${BOX} and type lobby (select what it holds first)`,
    [TYPE_LOBBY_2]: `click in ${BOX} and type lobby 2 (select what it holds first)`,
    [CLEAR]: `press the cross ${text('common:actions.clearSearch')} at the end of ${BOX} (or delete its text)`,
    [PAUSE]: 'stop typing and wait: the list follows about a third of a second later',
  },
  recorded: ['search'],
  onScreen: { search: `the list shows page 1 of the files matching the search box ${text('media:search.label')}` },
  delays: { searchDelay: { ms: 300, from: 'product rule (issue 28): typing rests 300 ms before a search is sent', watch: 'debounce' } },
  events: {
    [TYPE_LOBBY]: { type: 'search.type', text: 'lobby' },
    [TYPE_LOBBY_2]: { type: 'search.type', text: 'lobby 2' },
    [CLEAR]: { type: 'search.type', text: '' },
    [PAUSE]: after('searchDelay', 'searchDebounce.waiting'),
  },
  initial: { start: { to: 'idle', see: { box: '', shown: '' } } },
  expect: {
    // The box shows every key at once; the list waits for typing to rest. Back to the search the list shows: no wait.
    idle: {
      [TYPE_LOBBY]: typing('lobby', false),
      [TYPE_LOBBY_2]: typing('lobby 2', false),
      [CLEAR]: typing('', false),
    },
    waiting: {
      [TYPE_LOBBY]: typing('lobby', true),
      [TYPE_LOBBY_2]: typing('lobby 2', true),
      [CLEAR]: typing('', true),
      [PAUSE]: (context: { typed: string }) => ({ to: 'idle', see: { shown: context.typed }, calls: [searching(context.typed)] }),
    },
  },
  view: (snapshot) => ({ box: snapshot.context.typed, shown: snapshot.context.applied }),
});
