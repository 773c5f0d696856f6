import { mediaDetailsMachine, type MediaDetailsContext } from '../../../src/machines/media/mediaDetails.machine.ts';
import { selectActionError, selectIsBusy, selectLoadError } from '../../../src/machines/media/mediaDetails.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
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
const READY = `the page of "Clip": ${text('common:actions.refresh')}, ${text('media:actions.edit')}, ${text('media:actions.delete')}; under ${text('media:details.processing')} ${text('media:details.readyText')}; the preview`;
const PROCESSING = `under ${text('media:details.processing')} ${text('media:details.processingText')}`;
const NETWORK = `the message ${text('common:errors.network_error')}`;
const NO_DIALOG = 'no confirmation is open';
const loaded = (status: 'ready_to_play' | 'processing') => ({ media: mediaFile({ status }), usage: unused, preview: PREVIEW });

/** Section 6, the media details screen. */
export default defineQa({
  machine: mediaDetailsMachine,
  file: 'src/machines/media/mediaDetails.machine.ts',
  title: 'The media details screen',
  req: { [LOADED_PROCESSING]: ['S4.4-1'], [REFRESHED]: ['S4.4-1'], [DELETE]: ['S8.2-23'], [DELETED]: ['S8.2-19'], [DELETE_FAILS]: ['S8.2-19'] },
  namespace: 'media',
  preconditions: {
    start: {
      route: '/media/3 (a row of /media)',
      user: 'admin (or a user with media edit rights)',
      data: 'media file 3 "Clip", used by no playlist, campaign or event',
    },
  },
  howTo: {
    [LOADED_PROCESSING]: 'open the page right after uploading the file, while it is processed',
    [LOAD_FAILS]: 'open /media/999999 (no such file)',
    [POLL]: 'wait 3 s',
    [REFRESH_FAILS]: 'in the devtools Network tab, choose "Offline" before pressing "Refresh"',
    [IN_USE]: 'before pressing "Delete", add the file to a playlist',
    [DELETE_FAILS]: 'in the devtools Network tab, choose "Offline" before confirming',
    [RETRY_FAILS]: 'in the devtools Network tab, choose "Offline" before pressing "Retry processing"',
    [EDITED]: 'press "Edit", type the name Intro and save',
  },
  offScreen: {
    [RELOAD]: { ready: '"Reload" is shown only when the file failed to load', loading: '"Reload" is shown only when the file failed to load' },
    [REFRESH]: { loading: 'the page shows no file yet', failed: 'the page shows no file', 'ready.confirmingDelete': 'the confirmation covers the page', 'ready.deleting': 'the confirmation covers the page' },
    [DELETE]: { loading: 'the page shows no file yet', failed: 'the page shows no file', 'ready.confirmingDelete': 'the confirmation covers the page', 'ready.deleting': 'the confirmation covers the page' },
    [CONFIRM]: { loading: NO_DIALOG, failed: NO_DIALOG, 'ready.idle': NO_DIALOG, 'ready.refreshing': NO_DIALOG, 'ready.retrying': NO_DIALOG, 'ready.deleting': 'the confirmation is busy deleting' },
    [CANCEL]: { loading: NO_DIALOG, failed: NO_DIALOG, 'ready.idle': NO_DIALOG, 'ready.refreshing': NO_DIALOG, 'ready.retrying': NO_DIALOG, 'ready.deleting': 'the confirmation is busy deleting' },
    [RETRY]: (view) => (view.status === 'failed' ? undefined : `"Retry processing" is shown only for a file whose processing failed (this one is ${String(view.status ?? 'not loaded')})`),
    [EDITED]: { loading: 'the edit form opens from a shown file only', failed: 'the edit form opens from a shown file only' },
  },
  onScreen: { goToList: 'the media list /media, without the file' },
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
    ready: { [EDITED]: { see: { name: 'Intro' }, screen: ['the page of "Intro"'] } },
    loading: {
      [LOADED]: { to: 'ready.idle', see: { name: 'Clip', status: 'ready_to_play', loading: false, hasPreview: true }, screen: [READY] },
      [LOADED_PROCESSING]: { to: 'ready.idle', see: { status: 'processing' }, screen: [PROCESSING] },
      [LOAD_FAILS]: { to: 'failed', see: { loadError: 'not_found' }, screen: [`${text('media:details.loadError')}: ${text('common:errors.not_found').slice(1, -1)}`, `the button ${text('common:actions.reload')}`] },
    },
    failed: { [RELOAD]: { to: 'loading', calls: ['loadDetails: {"id":3,"preview":null}'], screen: ['the page loads again'] } },
    'ready.idle': {
      // The preview is fetched once: a reload hands the one it has.
      [REFRESH]: { to: 'ready.refreshing', see: { loading: true }, calls: ['refreshDetails: {"id":3,"preview":"a 3-byte file"}'], screen: ['the page loads the file again; what it shows stays'] },
      // Spec: a file still processing reloads itself every 3 s; a ready one stays put.
      [POLL]: (context: Context) => (context.media?.status === 'processing' ? { to: 'ready.refreshing', calls: ['refreshDetails: {"id":3,"preview":"a 3-byte file"}'] } : 'ready.idle'),
      [DELETE]: (context: Context) => ({
        to: 'ready.confirmingDelete',
        see: { asking: true, actionError: null },
        screen: [`the confirmation ${text('media:details.deleteTitle', { name: context.media?.name })} ${text('common:confirmDelete.text')}`],
      }),
      [RETRY]: { to: 'ready.retrying', see: { busy: true, actionError: null }, calls: ['retryMedia: {"id":3}'], screen: ['"Retry processing" shows a spinner'] },
    },
    'ready.refreshing': {
      [REFRESHED]: { to: 'ready.idle', see: { status: 'ready_to_play', loading: false }, screen: [`under ${text('media:details.processing')} ${text('media:details.readyText')}`] },
      [REFRESH_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' }, screen: [NETWORK] },
    },
    'ready.confirmingDelete': {
      [CONFIRM]: { to: 'ready.deleting', see: { busy: true }, calls: ['deleteMedia: {"id":3}'], screen: ['the confirmation\'s "Delete" shows a spinner'] },
      [CANCEL]: { to: 'ready.idle', see: { asking: false }, calls: [], screen: ['the confirmation closes; the file stays'] },
    },
    'ready.deleting': {
      [DELETED]: { to: 'deleted', calls: ['notify: {"message":"messages.removeSuccess","intent":"success"}', 'goToList'] },
      [IN_USE]: { to: 'ready.idle', see: { actionError: 'media_in_use' }, calls: [], screen: ['the confirmation closes', `the message ${text('media:errors.media_in_use')}`] },
      [DELETE_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' }, calls: ['notify: {"message":"messages.removeError","intent":"error"}'], screen: ['the confirmation closes', NETWORK] },
    },
    'ready.retrying': {
      [RETRIED]: { to: 'ready.idle', see: { status: 'processing', busy: false }, screen: [PROCESSING] },
      [RETRY_FAILS]: { to: 'ready.idle', see: { actionError: 'network_error' }, screen: [NETWORK] },
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
