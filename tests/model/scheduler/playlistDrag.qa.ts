import { playlistDragMachine, type PanelPlaylist } from '../../../src/machines/scheduler/playlistDrag.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const NEWS: PanelPlaylist = { id: 4, name: 'Утренние новости', committed: true, duration: 120 };
const DRAFT: PanelPlaylist = { id: 5, name: 'Draft promo', committed: false, duration: 30 };

const LOADED = 'the playlists load (Утренние новости, Draft promo)';
const LOAD_FAILS = 'loading the playlists fails';
const RETRY = 'press "Retry"';
const SEARCH = 'search the playlists for "утр"';
const PICK_UP = 'pick up "Утренние новости"';
const DROP_DAY = 'drop it on 5 November (all day)';
const DROP_TIME = 'drop it on 5 November at 08:00';
const CANCEL = 'let go outside the calendar';
const SCHEDULE = 'press "Schedule" on "Draft promo"';

/**
 * Issue 11, the playlists panel: its playlists with their committed state; one dragged onto the calendar starts an
 * event there (the form opens with the playlist, date and time). A failed load says "Error while loading playlist
 * schedule data" (section 8) and offers a retry.
 */
export default defineQa({
  machine: playlistDragMachine,
  file: 'src/machines/scheduler/playlistDrag.machine.ts',
  title: 'The playlists panel of the scheduler (a drag source)',
  actors: ['loadPlaylists'],
  recorded: ['startEvent'],
  describeCall: (name, argument) => {
    if (name === 'startEvent') {
      const { playlist, date, time } = argument as { playlist: PanelPlaylist; date: string; time: string | null };
      return `startEvent: ${playlist.name} on ${date}${time ? ` at ${time}` : ' (all day)'}`;
    }
    return `${name}: ${JSON.stringify(argument)}`;
  },
  input: { query: { screen_position: 'horizontal', search: '' } },
  events: {
    [LOADED]: done('loadPlaylists', [NEWS, DRAFT]),
    [LOAD_FAILS]: error('loadPlaylists', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [RETRY]: { type: 'panel.retry' },
    [SEARCH]: { type: 'panel.search', search: 'утр' },
    [PICK_UP]: { type: 'drag.start', playlist: NEWS },
    [DROP_DAY]: { type: 'drag.drop', date: '2026-11-05', time: null },
    [DROP_TIME]: { type: 'drag.drop', date: '2026-11-05', time: '08:00' },
    [CANCEL]: { type: 'drag.cancel' },
    [SCHEDULE]: { type: 'playlist.schedule', playlist: DRAFT, date: '2026-11-22', time: null },
  },
  initial: { start: { to: 'loading', see: { loading: true, playlists: [] } } },
  expect: {
    loading: {
      [LOADED]: { to: 'ready.idle', see: { loading: false, playlists: ['Утренние новости', 'Draft promo*'] } },
      [LOAD_FAILS]: { to: 'failed', see: { error: 'network_error', loading: false } },
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'] },
    },
    failed: {
      [RETRY]: { to: 'loading', see: { loading: true } },
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'] },
    },
    'ready.idle': {
      [PICK_UP]: { to: 'ready.dragging', see: { dragged: 'Утренние новости' } },
      [SCHEDULE]: { to: 'ready.idle', calls: ['startEvent: Draft promo on 2026-11-22 (all day)'] },
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'] },
    },
    'ready.dragging': {
      [DROP_DAY]: { to: 'ready.idle', see: { dragged: null }, calls: ['startEvent: Утренние новости on 2026-11-05 (all day)'] },
      [DROP_TIME]: { to: 'ready.idle', see: { dragged: null }, calls: ['startEvent: Утренние новости on 2026-11-05 at 08:00'] },
      [CANCEL]: { to: 'ready.idle', see: { dragged: null }, calls: [] },
      // The list stays under the pointer while a playlist is dragged.
      [SEARCH]: 'ready.dragging',
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    playlists: snapshot.context.playlists.map((playlist) => `${playlist.name}${playlist.committed ? '' : '*'}`),
    dragged: snapshot.context.dragged?.name ?? null,
    error: snapshot.context.error,
  }),
});
