import { playlistEditorMachine, type PlaylistEditorContext } from '../../../src/machines/playlists/playlistEditor.machine.ts';
import { draftTracks } from '../../../src/machines/playlists/playlistEditor.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { PlaylistDetail, TrackDetail } from '../../../src/services/schemas/playlists.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { clock } from '../../../src/views/playlists/format.ts';
import { text } from '../qa/screen.ts';

const track = (id: number, position: number, kind: 'image' | 'video', duration: number): TrackDetail => ({
  id,
  playlist: 7,
  media: id + 100,
  position,
  duration,
  media_detail: { id: id + 100, name: `File ${id}`, kind, status: 'ready_to_play', screen_position: 'horizontal', duration: kind === 'video' ? duration : null, preview: null },
});
const PLAYLIST: PlaylistDetail = {
  id: 7,
  name: 'Morning',
  screen_position: 'horizontal',
  duration: 22,
  committed: true,
  version: 2,
  tracks_count: 3,
  media: [111, 112, 113],
  details: '/api/v1/media/play_list_detail/7',
  device_groups: '/api/v1/media/play_list_with_tracks/7/device_groups/',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  tracks: [track(11, 1, 'image', 10), track(12, 2, 'video', 2), track(13, 3, 'image', 10)],
};
const SAVED_ORDER = [11, 12, 13];
const SAVED_SECONDS: Record<number, number> = { 11: 10, 12: 2, 13: 10 };

const LOADED = 'the server answers the playlist (3 tracks)';
const NOT_FOUND = 'the server answers 404';
const RETRY = 'press "Try again"';
const LAST_FIRST = 'move the last track first';
const FIRST_LAST = 'move the first track last';
const TYPE_25 = 'type 25 seconds for the first image';
const TYPE_10 = 'type 10 seconds for the first image (its saved value)';
const TYPE_0 = 'type 0 seconds for the first image';
const SAVE = 'press "Save changes"';
const DISCARD = 'press "Discard changes"';
const REMOVE = 'remove the last track';
const ADDED = 'media were added in the dialog';
const SAVED = 'the server saves the changes';
const SAVE_FAILED = 'the network is down during the save';
const REMOVED = 'the server removes the track';
const REMOVE_FAILED = 'the server refuses to remove it';
const RELOADED = 'the server answers the playlist again';
const RELOAD_FAILED = 'the network is down during the reload';

type Context = PlaylistEditorContext;
const names = (order: number[]) => order.map((id) => `File ${id}`).join(', ');
const DIRTY = text('playlists:editor.dirty');
const CLEAN = `no line ${DIRTY}; ${text('playlists:actions.save')} and ${text('playlists:actions.discard')} disabled`;
const BUSY = 'the tracks and buttons are disabled until the server answers';
const total = (order: number[], seconds: Record<number, number>) => order.reduce((sum, id) => sum + (seconds[id] ?? SAVED_SECONDS[id]!), 0);
/** What the editor shows of a draft: the tracks in order, the total and whether changes wait. */
const draftScreen = (order: number[], seconds: Record<number, number>) => [
  `the tracks ${names(order)}`,
  text('playlists:editor.total', { duration: clock(total(order, seconds)) }),
  unsaved(order, seconds) ? DIRTY : CLEAN,
];
const move = (order: number[], from: number, to: number) => {
  const next = order.slice();
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};
/** Unsaved: the order differs from the saved one, or a typed duration differs from the saved seconds (spec: unsaved changes ask before leaving). */
const unsaved = (order: number[], seconds: Record<number, number>) =>
  order.join() !== SAVED_ORDER.join() || Object.entries(seconds).some(([id, value]) => SAVED_SECONDS[Number(id)] !== value);
const moved = (from: number, to: number) => (context: Context) => {
  const order = move(context.order, from, to);
  return { to: unsaved(order, context.durations) ? 'ready.dirty' : 'ready.clean', see: { order }, screen: draftScreen(order, context.durations) };
};
const typed = (seconds: number) => (context: Context) => {
  const durations = { ...context.durations, 11: seconds };
  return { to: unsaved(context.order, durations) ? 'ready.dirty' : 'ready.clean', see: { seconds: seconds }, screen: [`${text('playlists:editor.imageSeconds', { name: 'File 11' })} reads ${seconds}`, ...draftScreen(context.order, durations).slice(1)] };
};
const reloadCall = 'reloadPlaylist: {"playlistId":7}';
const editing = {
  [LAST_FIRST]: moved(2, 0),
  [FIRST_LAST]: moved(0, 2),
  [TYPE_25]: typed(25),
  [TYPE_10]: typed(10),
  // Not a whole number of 1..86400 seconds: nothing changes.
  [TYPE_0]: (context: Context) => ({ to: unsaved(context.order, context.durations) ? 'ready.dirty' : 'ready.clean', calls: [] }),
};

/**
 * The playlist editor (section 2, "Playlists page"; issue 9): the tracks as a draft (order and image seconds) that is
 * saved as a whole (the complete order in one call), removed tracks, a reload after media are added, and the
 * unsaved-changes state the leave guard reads.
 */
export default defineQa({
  machine: playlistEditorMachine,
  file: 'src/machines/playlists/playlistEditor.machine.ts',
  title: 'The playlist editor',
  req: { [SAVE_FAILED]: ['S8.2-20'], [REMOVED]: ['S8.2-19'] },
  namespace: 'playlists',
  preconditions: {
    start: {
      route: '/playlists/7 ("Open" on a row of /playlists)',
      user: 'admin (or a user with playlists edit rights)',
      data: 'playlist 7 "Morning", committed, with the tracks File 11 (an image, 10 s), File 12 (a 2 s video) and File 13 (an image, 10 s), in that order',
    },
  },
  howTo: {
    [NOT_FOUND]: 'open /playlists/999999 (no such playlist)',
    [LAST_FIRST]: 'drag the handle of File 13 above File 11 (or focus it, Space, arrow up twice, Space)',
    [FIRST_LAST]: 'drag the handle of File 11 below File 13',
    [TYPE_25]: 'type 25 in "Seconds for File 11"',
    [TYPE_10]: 'type 10 in "Seconds for File 11"',
    [TYPE_0]: 'type 0 in "Seconds for File 11"',
    [REMOVE]: 'press "Remove File 13"',
    [ADDED]: 'press "Add media", choose a ready horizontal file and add it',
    [SAVE_FAILED]: 'in the devtools Network tab, choose "Offline" before pressing "Save changes"',
    [REMOVE_FAILED]: 'remove File 13 in another tab first, then press "Remove File 13" here',
    [RELOAD_FAILED]: 'in the devtools Network tab, choose "Offline" right after the server answers the save (or block /api/v1/media/play_list_detail/7)',
  },
  offScreen: {
    [RETRY]: { loading: '"Try again" is shown only when the playlist failed to load', ready: '"Try again" is shown only when the playlist failed to load' },
    [SAVE]: { loading: 'no playlist is shown yet', loadFailed: 'no playlist is shown', 'ready.clean': '"Save changes" is disabled without unsaved changes', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [DISCARD]: { loading: 'no playlist is shown yet', loadFailed: 'no playlist is shown', 'ready.clean': '"Discard changes" is disabled without unsaved changes', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [REMOVE]: { loading: 'no playlist is shown yet', loadFailed: 'no playlist is shown', 'ready.dirty': 'the remove buttons are disabled while changes wait to be saved', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [ADDED]: { loading: 'no playlist is shown yet', loadFailed: 'no playlist is shown', 'ready.dirty': '"Add media" is disabled while changes wait to be saved', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [LAST_FIRST]: { loading: 'no tracks are shown yet', loadFailed: 'no tracks are shown', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [FIRST_LAST]: { loading: 'no tracks are shown yet', loadFailed: 'no tracks are shown', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [TYPE_25]: { loading: 'no tracks are shown yet', loadFailed: 'no tracks are shown', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [TYPE_10]: { loading: 'no tracks are shown yet', loadFailed: 'no tracks are shown', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
    [TYPE_0]: { loading: 'no tracks are shown yet', loadFailed: 'no tracks are shown', 'ready.saving': BUSY, 'ready.removing': BUSY, 'ready.reloading': BUSY },
  },
  actors: ['loadPlaylist', 'saveDraft', 'removeTrack', 'reloadPlaylist'],
  recorded: ['notify', 'loaded'],
  input: { playlistId: 7 },
  describeCall: (name, argument) => {
    if (name === 'loaded') return `loaded: version ${(argument as { playlist: PlaylistDetail }).playlist.version}`;
    if (name === 'notify') return `notify: ${(argument as { key: string }).key}`;
    return argument === undefined ? name : `${name}: ${JSON.stringify(argument)}`;
  },
  events: {
    [LOADED]: done('loadPlaylist', PLAYLIST),
    [NOT_FOUND]: error('loadPlaylist', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [RETRY]: { type: 'editor.retry' },
    [LAST_FIRST]: { type: 'track.move', from: 2, to: 0 },
    [FIRST_LAST]: { type: 'track.move', from: 0, to: 2 },
    [TYPE_25]: { type: 'track.duration', id: 11, seconds: 25 },
    [TYPE_10]: { type: 'track.duration', id: 11, seconds: 10 },
    [TYPE_0]: { type: 'track.duration', id: 11, seconds: 0 },
    [SAVE]: { type: 'editor.save' },
    [DISCARD]: { type: 'editor.discard' },
    [REMOVE]: { type: 'track.remove', id: 13 },
    [ADDED]: { type: 'editor.reload' },
    [SAVED]: done('saveDraft', undefined),
    [SAVE_FAILED]: error('saveDraft', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [REMOVED]: done('removeTrack', undefined),
    [REMOVE_FAILED]: error('removeTrack', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [RELOADED]: done('reloadPlaylist', PLAYLIST),
    [RELOAD_FAILED]: error('reloadPlaylist', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true, order: [] }, calls: ['loadPlaylist: {"playlistId":7}'] } },
  expect: {
    loading: {
      [LOADED]: {
        to: 'ready.clean',
        see: { order: SAVED_ORDER, total: 22, dirty: false },
        calls: ['loaded: version 2'],
        screen: [`"Morning" with the badge ${text('playlists:state.committed')}`, text('playlists:list.tracks_other', { count: 3 }), ...draftScreen(SAVED_ORDER, {})],
      },
      [NOT_FOUND]: { to: 'loadFailed', see: { error: 'not_found' }, screen: [`"${text('playlists:editor.loadError').slice(1, -1)}: ${text('common:errors.not_found').slice(1, -1)}"`, `the button ${text('playlists:actions.retry')}`] },
    },
    loadFailed: { [RETRY]: { to: 'loading', calls: ['loadPlaylist: {"playlistId":7}'], screen: ['the playlist loads again'] } },
    'ready.clean': {
      ...editing,
      [REMOVE]: { to: 'ready.removing', see: { busy: true }, calls: ['removeTrack: {"id":13}'], screen: [BUSY] },
      [ADDED]: { to: 'ready.reloading', see: { busy: true }, calls: [reloadCall], screen: [`the dialog closes; a success toast ${text('playlists:messages.addSuccess')}; the playlist loads again`] },
    },
    'ready.dirty': {
      ...editing,
      [SAVE]: (context: Context) => {
        const changed = context.order.join() !== SAVED_ORDER.join();
        const seconds = Object.entries(context.durations)
          .filter(([id, value]) => SAVED_SECONDS[Number(id)] !== value)
          .map(([id, value]) => [Number(id), value]);
        return {
          to: 'ready.saving',
          see: { busy: true, dirty: true },
          calls: [`saveDraft: ${JSON.stringify({ playlistId: 7, positions: changed ? context.order : null, durations: seconds })}`],
          screen: [BUSY],
        };
      },
      [DISCARD]: { to: 'ready.clean', see: { order: SAVED_ORDER, total: 22, dirty: false }, screen: draftScreen(SAVED_ORDER, {}) },
    },
    'ready.saving': {
      [SAVED]: { to: 'ready.reloading', calls: ['notify: messages.saveSuccess', reloadCall], screen: ['the playlist loads again'] },
      // The draft is kept after a failure, to be saved again.
      [SAVE_FAILED]: (context: Context) => ({ to: 'ready.dirty', see: { order: context.order, error: 'network_error' }, calls: ['notify: messages.saveError'], screen: [`the draft stays; ${DIRTY}`] }),
    },
    'ready.removing': {
      [REMOVED]: { to: 'ready.reloading', calls: ['notify: messages.removeSuccess', reloadCall], screen: ['the playlist loads again'] },
      [REMOVE_FAILED]: { to: 'ready.clean', see: { error: 'not_found' }, calls: ['notify: messages.removeError'], screen: ['the tracks are editable again'] },
    },
    'ready.reloading': {
      [RELOADED]: { to: 'ready.clean', see: { order: SAVED_ORDER, dirty: false, busy: false }, calls: ['loaded: version 2'], screen: draftScreen(SAVED_ORDER, {}) },
      [RELOAD_FAILED]: {
        to: 'loadFailed',
        see: { error: 'network_error' },
        screen: [`"${text('playlists:editor.loadError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}"`, `the button ${text('playlists:actions.retry')}`],
      },
    },
  },
  view: (snapshot) => {
    const { tracks, total } = draftTracks(snapshot.context);
    return {
      order: snapshot.context.order,
      seconds: tracks.find((t) => t.id === 11)?.duration ?? null,
      total,
      dirty: snapshot.hasTag('dirty'),
      busy: snapshot.hasTag('busy'),
      loading: snapshot.hasTag('loading'),
      error: snapshot.context.error,
    };
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.order, snapshot.context.durations, snapshot.context.error, snapshot.context.playlist !== null]),
});
