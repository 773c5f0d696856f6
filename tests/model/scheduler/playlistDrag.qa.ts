import { playlistDragMachine, type PanelPlaylist } from '../../../src/machines/scheduler/playlistDrag.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

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

const FORM = (day: string) => `the form ${text('scheduler:form.addTitle')} opens with ${text('scheduler:form.playlist')} "Утренние новости" on ${day}`;
const LIST = `under ${text('scheduler:panel.title')}: Утренние новости ${text('scheduler:panel.committed')}, Draft promo ${text('scheduler:panel.uncommitted')}`;
const SEARCHING = `${text('scheduler:panel.loading')} (playlists matching утр)`;
const NO_LIST = 'no playlists are listed';

/**
 * Issue 11, the playlists panel: its playlists with their committed state; one dragged onto the calendar starts an
 * event there (the form opens with the playlist, date and time). A failed load says "Error while loading playlist
 * schedule data" (section 8) and offers a retry.
 */
export default defineQa({
  machine: playlistDragMachine,
  file: 'src/machines/scheduler/playlistDrag.machine.ts',
  title: 'The playlists panel of the scheduler (a drag source)',
  namespace: 'scheduler',
  preconditions: {
    start: {
      route: '/campaigns/9/scheduler',
      user: 'admin (or a user with scheduler edit rights)',
      data: 'horizontal campaign 9; the horizontal playlists "Утренние новости" (committed) and "Draft promo" (not committed); the calendar on November 2026 in the Week view',
    },
  },
  howTo: {
    [LOAD_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/media/play_lists/ and reload',
    [SEARCH]: 'type утр in "Search playlists"',
    [PICK_UP]: 'press and hold "Утренние новости" in the panel',
    [DROP_DAY]: 'let go on 5 November in the all-day row',
    [DROP_TIME]: 'let go on 5 November at 08:00',
    [CANCEL]: 'let go over the panel',
  },
  offScreen: {
    [RETRY]: { loading: '"Retry" is shown only after the load failed', ready: '"Retry" is shown only after the load failed' },
    [PICK_UP]: { loading: NO_LIST, failed: NO_LIST },
    [SCHEDULE]: { loading: NO_LIST, failed: NO_LIST, 'ready.dragging': 'the pointer is busy dragging a playlist' },
    [DROP_DAY]: { loading: 'nothing is being dragged', failed: 'nothing is being dragged', 'ready.idle': 'nothing is being dragged' },
    [DROP_TIME]: { loading: 'nothing is being dragged', failed: 'nothing is being dragged', 'ready.idle': 'nothing is being dragged' },
    [CANCEL]: { loading: 'nothing is being dragged', failed: 'nothing is being dragged', 'ready.idle': 'nothing is being dragged' },
    [SEARCH]: { 'ready.dragging': 'the pointer is busy dragging a playlist' },
  },
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
  initial: { start: { to: 'loading', see: { loading: true, playlists: [] }, calls: ['loadPlaylists: {"screen_position":"horizontal","search":""}'] } },
  expect: {
    loading: {
      [LOADED]: { to: 'ready.idle', see: { loading: false, playlists: ['Утренние новости', 'Draft promo*'] }, screen: [LIST] },
      [LOAD_FAILS]: { to: 'failed', see: { error: 'network_error', loading: false }, screen: [`in the panel: ${text('scheduler:messages.panelError')} and ${text('scheduler:actions.retry')}`] },
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'], screen: [SEARCHING] },
    },
    failed: {
      // "Retry" asks again with the search typed (the search kept from before the failure).
      [RETRY]: (context: { query: { search: string } }) => ({ to: 'loading', see: { loading: true }, calls: [`loadPlaylists: ${JSON.stringify({ screen_position: 'horizontal', search: context.query.search })}`], screen: [text('scheduler:panel.loading')] }),
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'], screen: [SEARCHING] },
    },
    'ready.idle': {
      [PICK_UP]: { to: 'ready.dragging', see: { dragged: 'Утренние новости' }, screen: ['"Утренние новости" follows the pointer'] },
      [SCHEDULE]: { to: 'ready.idle', calls: ['startEvent: Draft promo on 2026-11-22 (all day)'], screen: [`the form ${text('scheduler:form.addTitle')} opens with ${text('scheduler:form.playlist')} "Draft promo", all day on the day the calendar shows first (22 November here)`] },
      [SEARCH]: { to: 'loading', calls: ['loadPlaylists: {"screen_position":"horizontal","search":"утр"}'], screen: [SEARCHING] },
    },
    'ready.dragging': {
      [DROP_DAY]: { to: 'ready.idle', see: { dragged: null }, calls: ['startEvent: Утренние новости on 2026-11-05 (all day)'], screen: [`${FORM('5 November')}, ${text('scheduler:form.allDay')} ticked`] },
      [DROP_TIME]: { to: 'ready.idle', see: { dragged: null }, calls: ['startEvent: Утренние новости on 2026-11-05 at 08:00'], screen: [`${FORM('5 November')}, starting at 08:00`] },
      [CANCEL]: { to: 'ready.idle', see: { dragged: null }, calls: [], screen: ['the playlist goes back to the panel; no form opens'] },
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
