import { mediaDetailsMachine, type MediaDetailsContext } from '../../../src/machines/media/mediaDetails.machine.ts';
import { selectActionError, selectIsBusy, selectLoadError } from '../../../src/machines/media/mediaDetails.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { mediaFile } from './fixtures.ts';

const unused = { playlists: [], campaigns: [], events: [] };
const PREVIEW = new Blob(['png']);

const LOADED = 'the server answers the file, ready to play';
const LOADED_PROCESSING = 'the server answers the file, still processing';
const LOAD_FAILS = 'the file is not found (404)';
const RELOAD = 'press "Reload"';
const REFRESH = 'press "Refresh"';
const POLL = 'three seconds pass';
const REFRESHED = 'the reload answers the file, ready to play';
const REFRESH_FAILS = 'the reload fails (network down)';
const DELETE = 'press "Delete"';
const CONFIRM = 'confirm the deletion';
const CANCEL = 'cancel the deletion';
const DELETED = 'the server deletes the file';
const IN_USE = 'the server refuses: the file is used by a playlist';
const DELETE_FAILS = 'the deletion fails (network down)';
const RETRY = 'press "Retry processing"';
const RETRIED = 'the server restarts processing';
const RETRY_FAILS = 'the retry fails (network down)';
const EDITED = 'the edit form saves a new name';

type Context = MediaDetailsContext;
const loaded = (status: 'ready_to_play' | 'processing') => ({ media: mediaFile({ status }), usage: unused, preview: PREVIEW });

/** Section 6, the media details screen. */
export default defineQa({
  machine: mediaDetailsMachine,
  file: 'src/machines/media/mediaDetails.machine.ts',
  title: 'The media details screen',
  req: { [LOADED_PROCESSING]: ['S4.4-1'], [REFRESHED]: ['S4.4-1'], [DELETE]: ['S8.2-23'], [DELETED]: ['S8.2-19'], [DELETE_FAILS]: ['S8.2-19'] },
  actors: ['loadDetails', 'refreshDetails', 'deleteMedia', 'retryMedia'],
  recorded: ['goToList', 'notify'],
  input: { id: 3 },
  events: {
    [LOADED]: done('loadDetails', loaded('ready_to_play')),
    [LOADED_PROCESSING]: done('loadDetails', loaded('processing')),
    [LOAD_FAILS]: error('loadDetails', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [RELOAD]: { type: 'details.load' },
    [REFRESH]: { type: 'details.refresh' },
    [POLL]: after('poll', 'mediaDetails.ready.idle'),
    [REFRESHED]: done('refreshDetails', loaded('ready_to_play')),
    [REFRESH_FAILS]: error('refreshDetails', new TypeError('Failed to fetch')),
    [DELETE]: { type: 'details.delete' },
    [CONFIRM]: { type: 'details.confirmDelete' },
    [CANCEL]: { type: 'details.cancel' },
    [DELETED]: done('deleteMedia', { ok: true }),
    [IN_USE]: done('deleteMedia', { ok: false, reason: 'media_in_use' }),
    [DELETE_FAILS]: error('deleteMedia', new TypeError('Failed to fetch')),
    [RETRY]: { type: 'details.retry' },
    [RETRIED]: done('retryMedia', mediaFile({ status: 'processing' })),
    [RETRY_FAILS]: error('retryMedia', new TypeError('Failed to fetch')),
    [EDITED]: { type: 'details.saved', media: mediaFile({ name: 'Intro' }) },
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadDetails: {"id":3,"preview":null}'] } },
  delays: { poll: { ms: 3000, from: 'product rule (issue 28): an open file that is still processing reloads every 3 s' } },
  expect: {
    // The edit form opens from a shown file only; while loading or after a failed load nothing takes its answer.
    ready: { [EDITED]: { see: { name: 'Intro' } } },
    loading: {
      [LOADED]: { to: 'ready.idle', see: { name: 'Clip', status: 'ready_to_play', loading: false, hasPreview: true } },
      [LOADED_PROCESSING]: { to: 'ready.idle', see: { status: 'processing' } },
      [LOAD_FAILS]: { to: 'failed', see: { loadError: 'not_found' } },
    },
    failed: { [RELOAD]: { to: 'loading', calls: ['loadDetails: {"id":3,"preview":null}'] } },
    'ready.idle': {
      // The preview is fetched once: a reload hands the one it has.
      [REFRESH]: { to: 'ready.refreshing', see: { loading: true }, calls: ['refreshDetails: {"id":3,"preview":"a 3-byte file"}'] },
      // Spec: a file still processing reloads itself every 3 s; a ready one stays put.
      [POLL]: (context: Context) => (context.media?.status === 'processing' ? { to: 'ready.refreshing', calls: ['refreshDetails: {"id":3,"preview":"a 3-byte file"}'] } : 'ready.idle'),
      [DELETE]: { to: 'ready.confirmingDelete', see: { asking: true, actionError: null } },
      [RETRY]: { to: 'ready.retrying', see: { busy: true, actionError: null }, calls: ['retryMedia: {"id":3}'] },
    },
    'ready.refreshing': {
      [REFRESHED]: { to: 'ready.idle', see: { status: 'ready_to_play', loading: false } },
      [REFRESH_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' } },
    },
    'ready.confirmingDelete': {
      [CONFIRM]: { to: 'ready.deleting', see: { busy: true }, calls: ['deleteMedia: {"id":3}'] },
      [CANCEL]: { to: 'ready.idle', see: { asking: false }, calls: [] },
    },
    'ready.deleting': {
      [DELETED]: { to: 'deleted', calls: ['notify: {"message":"messages.removeSuccess","intent":"success"}', 'goToList'] },
      [IN_USE]: { to: 'ready.idle', see: { actionError: 'media_in_use' }, calls: [] },
      [DELETE_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' }, calls: ['notify: {"message":"messages.removeError","intent":"error"}'] },
    },
    'ready.retrying': {
      [RETRIED]: { to: 'ready.idle', see: { status: 'processing', busy: false } },
      [RETRY_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' } },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: selectIsBusy(snapshot),
    asking: snapshot.matches({ ready: 'confirmingDelete' }),
    name: snapshot.context.media?.name ?? null,
    status: snapshot.context.media?.status ?? null,
    hasPreview: snapshot.context.preview !== null,
    loadError: selectLoadError(snapshot),
    actionError: selectActionError(snapshot),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.media?.status, snapshot.context.media?.name, snapshot.context.actionError, snapshot.context.loadError]),
});
