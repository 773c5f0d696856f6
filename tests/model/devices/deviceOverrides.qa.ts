import { deviceOverridesMachine, type DeviceOverridesContext } from '../../../src/machines/devices/deviceOverrides.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { Override } from '../../../src/services/schemas/overrides.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const OVERRIDE: Override = {
  id: 40,
  company: 2,
  targets: { kind: 'offices', ids: [3] },
  target_names: ['Lobby office'],
  devices: 12,
  media: 7,
  media_name: 'Fire alert',
  playlist: null,
  playlist_name: null,
  starts_at: '2026-11-26T10:00:00.000Z',
  ends_at: null,
  created_by: 1,
  created_by_name: 'admin',
  cleared_at: null,
  cleared_by: null,
  cleared_by_name: null,
  active: true,
};
const CHOICES = { media: [{ id: 7, name: 'Fire alert' }], playlists: [{ id: 9, name: 'Lobby loop' }] };
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const LOADED = 'the server lists the running override of device 5';
const LOAD_FAILS = 'the list fails (network down)';
const RELOAD = 'press "Refresh" (or another screen changed the overrides)';
const COMPOSE = 'press "Emergency override" for office 3 (12 screens)';
const CHOICES_LISTED = 'the server lists the files and playlists';
const CHOICES_FAIL = 'the files and playlists fail to load (network down)';
const RETRY = 'press "Try again"';
const PICK_MEDIA = 'choose the file "Fire alert"';
const PICK_PLAYLIST = 'choose the playlist "Lobby loop"';
const PLAYLIST_KIND = 'switch to "Playlist" without choosing one';
const PAST = 'set the end to a time already past';
const NO_END = 'empty the end ("until cleared")';
const REVIEW = 'press "Next"';
const BACK = 'press "Back"';
const CONFIRM = 'press "Start override" in the confirmation';
const CANCEL = 'press "Cancel"';
const STARTED = 'the server starts the override';
const REFUSED = 'the server refuses: the targets belong to two companies';
const START_FAILS = 'the start fails (network down)';
const CLEAR = 'press "Clear" on the override';
const CLEARED = 'the server clears it';
const ALREADY = 'the server answers: it had already ended';
const CLEAR_FAILS = 'clearing fails (network down)';

const notify = (intent: string, message: string) => `notify: {"intent":"${intent}","message":"${message}"}`;
const reload = 'loadOverrides: {"device":5}';
const chosen = (context: DeviceOverridesContext) => (context.fields.content === 'media' ? context.fields.media : context.fields.playlist) !== null;

/** Issue 25: the emergency override of a device card (and of /devices): list, start behind a confirmation, clear. */
export default defineQa({
  machine: deviceOverridesMachine,
  file: 'src/machines/devices/deviceOverrides.machine.ts',
  title: 'Emergency overrides: start behind a confirmation, clear',
  actors: ['loadOverrides', 'loadChoices', 'startOverride', 'clearOverride'],
  recorded: ['notify', 'changed'],
  input: { device: 5 },
  events: {
    [LOADED]: done('loadOverrides', [OVERRIDE]),
    [LOAD_FAILS]: error('loadOverrides', offline),
    [RELOAD]: { type: 'overrides.reload' },
    [COMPOSE]: { type: 'override.compose', draft: { targets: { kind: 'offices', ids: [3] }, screens: 12 } },
    [CHOICES_LISTED]: done('loadChoices', CHOICES),
    [CHOICES_FAIL]: error('loadChoices', offline),
    [RETRY]: { type: 'override.retry' },
    [PICK_MEDIA]: { type: 'override.change', fields: { content: 'media', media: 7 } },
    [PICK_PLAYLIST]: { type: 'override.change', fields: { content: 'playlist', playlist: 9 } },
    [PLAYLIST_KIND]: { type: 'override.change', fields: { content: 'playlist', playlist: null } },
    [PAST]: { type: 'override.change', fields: { until: '2000-01-01T00:00' } },
    [NO_END]: { type: 'override.change', fields: { until: '' } },
    [REVIEW]: { type: 'override.review' },
    [BACK]: { type: 'override.back' },
    [CONFIRM]: { type: 'override.confirm' },
    [CANCEL]: { type: 'override.cancel' },
    [STARTED]: done('startOverride', { ok: true, value: OVERRIDE }),
    [REFUSED]: done('startOverride', { ok: false, code: 'override_mixed_companies', fields: {} }),
    [START_FAILS]: error('startOverride', offline),
    [CLEAR]: { type: 'override.clear', id: 40 },
    [CLEARED]: done('clearOverride', { ok: true, value: { ...OVERRIDE, active: false } }),
    [ALREADY]: done('clearOverride', { ok: false, code: 'override_not_active', fields: {} }),
    [CLEAR_FAILS]: error('clearOverride', offline),
  },
  initial: { start: { to: 'loading', see: { loading: true, listed: 0 }, calls: [reload] } },
  expect: {
    loading: {
      [LOADED]: { to: 'ready', see: { loading: false, listed: 1, error: null } },
      [LOAD_FAILS]: { to: 'failed', see: { loading: false, error: 'network_error' } },
    },
    failed: { [RELOAD]: { to: 'loading', calls: [reload] } },
    ready: {
      [RELOAD]: { to: 'loading', calls: [reload] },
      [COMPOSE]: { to: 'composing.loadingChoices', see: { loading: true, screens: 12, problem: null }, calls: ['loadChoices'] },
      [CLEAR]: { to: 'clearing', see: { busy: true }, calls: ['clearOverride: {"id":40}'] },
    },
    composing: { [CANCEL]: { to: 'ready', see: { screens: null, problem: null } } },
    'composing.loadingChoices': {
      [CHOICES_LISTED]: { to: 'composing.editing', see: { loading: false, choices: 2 } },
      [CHOICES_FAIL]: { to: 'composing.choicesFailed', see: { problem: 'network_error' } },
    },
    'composing.choicesFailed': { [RETRY]: { to: 'composing.loadingChoices', calls: ['loadChoices'] } },
    'composing.editing': {
      [PICK_MEDIA]: { to: 'composing.editing', see: { content: 'media', problem: null } },
      [PICK_PLAYLIST]: { to: 'composing.editing', see: { content: 'playlist', problem: null } },
      [PLAYLIST_KIND]: { to: 'composing.editing', see: { content: 'playlist', problem: null } },
      [PAST]: { to: 'composing.editing', see: { until: '2000-01-01T00:00' } },
      [NO_END]: { to: 'composing.editing', see: { until: '' } },
      // Spec (issue 25): something to play, and an end (if any) in the future, before the confirmation.
      [REVIEW]: (context: DeviceOverridesContext) =>
        chosen(context) && context.fields.until === ''
          ? { to: 'confirming', see: { asking: true, screens: 12 } }
          : { to: 'composing.editing', see: { problem: chosen(context) ? 'override_end_in_past' : 'content_required' } },
    },
    confirming: {
      [CONFIRM]: (context: DeviceOverridesContext) => ({
        to: 'starting',
        see: { busy: true },
        calls: [
          `startOverride: ${JSON.stringify({ body: { offices: [3], ...(context.fields.content === 'media' ? { media: 7 } : { playlist: 9 }), ends_at: null } })}`,
        ],
      }),
      [BACK]: { to: 'composing.editing', see: { asking: false, screens: 12 } },
      [CANCEL]: { to: 'ready', see: { asking: false, screens: null } },
    },
    starting: {
      [STARTED]: { to: 'loading', see: { screens: null }, calls: ['changed', notify('success', 'devices:override.started'), reload] },
      [REFUSED]: { to: 'composing.editing', see: { problem: 'override_mixed_companies', screens: 12 } },
      [START_FAILS]: { to: 'composing.editing', see: { problem: 'network_error', screens: 12 } },
    },
    clearing: {
      [CLEARED]: { to: 'loading', calls: ['changed', notify('success', 'devices:override.cleared'), reload] },
      [ALREADY]: { to: 'loading', calls: ['changed', notify('info', 'devices:override.alreadyOver'), reload] },
      [CLEAR_FAILS]: { to: 'ready', see: { busy: false }, calls: [notify('error', 'devices:override.clearFailed')] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    asking: snapshot.matches('confirming'),
    listed: snapshot.context.overrides.length,
    error: snapshot.context.error,
    screens: snapshot.context.draft?.screens ?? null,
    choices: snapshot.context.choices ? snapshot.context.choices.media.length + snapshot.context.choices.playlists.length : null,
    content: snapshot.context.fields.content,
    until: snapshot.context.fields.until,
    problem: snapshot.context.problem,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.fields, snapshot.context.problem, snapshot.context.overrides.length]),
});
