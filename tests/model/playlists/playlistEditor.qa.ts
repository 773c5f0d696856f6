import { playlistEditorMachine, type PlaylistEditorContext } from '../../../src/machines/playlists/playlistEditor.machine.ts';
import { draftTracks } from '../../../src/machines/playlists/playlistEditor.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { PlaylistDetail, TrackDetail } from '../../../src/services/schemas/playlists.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

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
  return { to: unsaved(order, context.durations) ? 'ready.dirty' : 'ready.clean', see: { order } };
};
const typed = (seconds: number) => (context: Context) => {
  const durations = { ...context.durations, 11: seconds };
  return { to: unsaved(context.order, durations) ? 'ready.dirty' : 'ready.clean', see: { seconds: seconds } };
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
      [LOADED]: { to: 'ready.clean', see: { order: SAVED_ORDER, total: 22, dirty: false }, calls: ['loaded: version 2'] },
      [NOT_FOUND]: { to: 'loadFailed', see: { error: 'not_found' } },
    },
    loadFailed: { [RETRY]: { to: 'loading', calls: ['loadPlaylist: {"playlistId":7}'] } },
    'ready.clean': {
      ...editing,
      [REMOVE]: { to: 'ready.removing', see: { busy: true }, calls: ['removeTrack: {"id":13}'] },
      [ADDED]: { to: 'ready.reloading', see: { busy: true }, calls: [reloadCall] },
    },
    'ready.dirty': {
      ...editing,
      [SAVE]: (context: Context) => {
        const changed = context.order.join() !== SAVED_ORDER.join();
        const seconds = Object.entries(context.durations)
          .filter(([id, value]) => SAVED_SECONDS[Number(id)] !== value)
          .map(([id, value]) => [Number(id), value]);
        return { to: 'ready.saving', see: { busy: true, dirty: true }, calls: [`saveDraft: ${JSON.stringify({ playlistId: 7, positions: changed ? context.order : null, durations: seconds })}`] };
      },
      [DISCARD]: { to: 'ready.clean', see: { order: SAVED_ORDER, total: 22, dirty: false } },
    },
    'ready.saving': {
      [SAVED]: { to: 'ready.reloading', calls: ['notify: messages.saveSuccess', reloadCall] },
      // The draft is kept after a failure, to be saved again.
      [SAVE_FAILED]: (context: Context) => ({ to: 'ready.dirty', see: { order: context.order, error: 'network_error' }, calls: ['notify: messages.saveError'] }),
    },
    'ready.removing': {
      [REMOVED]: { to: 'ready.reloading', calls: ['notify: messages.removeSuccess', reloadCall] },
      [REMOVE_FAILED]: { to: 'ready.clean', see: { error: 'not_found' }, calls: ['notify: messages.removeError'] },
    },
    'ready.reloading': {
      [RELOADED]: { to: 'ready.clean', see: { order: SAVED_ORDER, dirty: false, busy: false }, calls: ['loaded: version 2'] },
      [RELOAD_FAILED]: { to: 'loadFailed', see: { error: 'network_error' } },
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
