import { deviceOverridesMachine, type DeviceOverridesContext } from '../../../src/machines/devices/deviceOverrides.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { Override } from '../../../src/services/schemas/overrides.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { englishText, text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

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
  switched: 0,
  switched_at: null,
};
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const LOADED = 'the server lists the running override of device 5';
const LOAD_FAILS = 'the list fails (network down)';
const RELOAD = 'press "Refresh" (or another screen changed the overrides)';
const COMPOSE = 'press "Emergency override" for office 3 (12 screens)';
const PICK_MEDIA = 'type "fire" and pick the file "Fire alert" the server found';
const PICK_PLAYLIST = 'switch to "Playlist", type "lobby" and pick "Lobby loop"';
const PLAYLIST_KIND = 'switch to "Playlist" without choosing one';
const PICK_LAYOUT = 'switch to "Layout", type "lobby" and pick the layout "Lobby wall"';
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
const CLEAR_CONFIRM = 'press "Clear override" in the confirmation';
const CLEARED = 'the server clears it';
const ALREADY = 'the server answers: it had already ended';
const CLEAR_FAILS = 'clearing fails (network down)';

const notify = (intent: string, message: string) => `notify: {"intent":"${intent}","message":"${message}"}`;
const reload = 'loadOverrides: {"device":5}';

// What the page shows (src/views/devices/OverridePanel.tsx, OverrideDialog.tsx, on /devices filtered to office 3).
const o = (key: string, values: Record<string, unknown> = {}) => text(`devices:override.${key}`, values);
const DIALOG = 'the override dialog covers the page';
const FORM = `the dialog ${o('title')}: ${o('for', { targets: 'office Lobby office' })}; under ${o('content')} the choice ${o('media')} / ${o('playlist')} / ${o('layout')}; the field ${o('until')}; the buttons ${o('cancel')} and ${o('next')}`;
const below = (key: string) => `the form stays; below its fields: ${o(`errors.${key}`)}`;
const closed = (view: Record<string, unknown>) => (view.screens === null ? 'the override dialog is not open' : undefined);
const inForm = (view: Record<string, unknown>) => closed(view) ?? (view.asking || view.busy ? 'the confirmation has replaced the form' : undefined);
const inConfirmation = (view: Record<string, unknown>) =>
  closed(view) ?? (view.busy ? `${o('back')} and ${o('confirm')} are disabled while the override starts` : !view.asking ? `${o('back')} and ${o('confirm')} show only in the confirmation` : undefined);
const englishUntil = englishText('devices:override.untilCleared');
const CLEAR_ASKING = 'the clear confirmation covers the page';
const chosen = (context: DeviceOverridesContext) => context.fields[context.fields.content] !== null;
/** The name the form holds for the chosen kind of content. */
const NAME_OF = { media: 'mediaName', playlist: 'playlistName', layout: 'layoutName' } as const;
/** What each kind of content picks here: its id and name. */
const PICKED = { media: { id: 7, name: 'Fire alert' }, playlist: { id: 9, name: 'Lobby loop' }, layout: { id: 12, name: 'Lobby wall' } } as const;

/** Issue 25: the emergency override of a device card (and of /devices): list, start behind a confirmation, clear behind one (issue 35). */
export default defineQa({
  machine: deviceOverridesMachine,
  file: 'src/machines/devices/deviceOverrides.machine.ts',
  title: 'Emergency overrides: start and clear behind a confirmation',
  actors: ['loadOverrides', 'startOverride', 'clearOverride'],
  recorded: ['notify', 'changed'],
  namespace: 'devices',
  input: { device: 5 },
  preconditions: {
    start: {
      route: '/devices?office=3 (the devices of office 3; a device card lists its own overrides the same way)',
      user: DEVICES_EDITOR,
      data: 'office 3 "Lobby office" of one company with 12 devices (device 5 among them); a picture "Fire alert", a committed playlist "Lobby loop" and a committed layout "Lobby wall"; an override showing "Fire alert" on office 3 until cleared, started by admin',
    },
  },
  howTo: {
    [LOADED]: 'wait: the server lists the running overrides',
    [LOAD_FAILS]: 'in the devtools Network tab, block the URL /api/v1/overrides/ and reload the page',
    [RELOAD]: `press ${o('retry')} after a failed load, or start or clear an override in the card of a device (the page's list reloads)`,
    [COMPOSE]: `press ${o('start')} in the page header (with the list filtered to office 3 it takes the whole office)`,
    [PICK_MEDIA]: `type fire into the field ${o('media')} and pick "Fire alert" from what it finds`,
    [PICK_PLAYLIST]: `choose ${o('playlist')} under ${o('content')}, type lobby into its field and pick "Lobby loop"`,
    [PLAYLIST_KIND]: `choose ${o('playlist')} under ${o('content')}`,
    [PICK_LAYOUT]: `choose ${o('layout')} under ${o('content')}, type lobby into its field and pick "Lobby wall"`,
    [PAST]: `type a date of the year 2000 into ${o('until')}`,
    [NO_END]: `clear the field ${o('until')}`,
    [CANCEL]: `press ${o('cancel')} (the start confirmation has none: press Escape there; the clear confirmation's ${text('common:actions.cancel')})`,
    [CLEAR_CONFIRM]: `press ${o('clearConfirm')} in the confirmation ${o('clearTitle')}`,
    [STARTED]: 'wait: the server starts the override',
    [REFUSED]: 'search the list for a word the device names of two companies share (no office filter), then start: the targets belong to two companies',
    [START_FAILS]: offlineBefore(`pressing ${o('confirm')}`),
    [CLEAR]: `press ${o('clear')} beside ${o('running', { what: 'Fire alert' })}`,
    [CLEARED]: 'wait: the server clears it',
    [ALREADY]: 'clear the override in another tab first',
    [CLEAR_FAILS]: offlineBefore(`pressing ${o('clear')}`),
  },
  offScreen: {
    [RELOAD]: (view) => (view.screens !== null ? DIALOG : undefined),
    [COMPOSE]: (view) =>
      view.screens !== null ? DIALOG : view.clearing !== null ? CLEAR_ASKING : view.busy || view.loading || view.error !== null ? `${o('start')} is disabled until the running overrides have loaded` : undefined,
    [CLEAR]: (view) =>
      view.screens !== null
        ? DIALOG
        : view.clearing !== null && !view.busy
          ? CLEAR_ASKING
          : view.busy
          ? `${o('clear')} is disabled while an override is cleared`
          : view.error !== null && !view.loading
            ? 'the panel shows the load error instead of the overrides'
            : view.listed === 0
              ? `no override runs, so there is no ${o('clear')}`
              : undefined,
    [PICK_MEDIA]: inForm,
    [PICK_PLAYLIST]: inForm,
    [PLAYLIST_KIND]: inForm,
    [PICK_LAYOUT]: inForm,
    [PAST]: inForm,
    [NO_END]: inForm,
    [REVIEW]: inForm,
    [CANCEL]: (view) =>
      view.clearing !== null
        ? view.busy
          ? 'the confirmation cannot be closed while the override is cleared'
          : undefined
        : (closed(view) ?? (view.busy ? 'the dialog cannot be closed while the override starts' : undefined)),
    [CLEAR_CONFIRM]: (view) =>
      view.clearing === null ? `${o('clearConfirm')} shows only in the clear confirmation` : view.busy ? `${o('clearConfirm')} is disabled while the override is cleared` : undefined,
    [BACK]: inConfirmation,
    [CONFIRM]: inConfirmation,
  },
  onScreen: { changed: 'the device list reloads (the rows the override plays on carry the marker "Override")' },
  events: {
    [LOADED]: done('loadOverrides', [OVERRIDE]),
    [LOAD_FAILS]: error('loadOverrides', offline),
    [RELOAD]: { type: 'overrides.reload' },
    [COMPOSE]: { type: 'override.compose', draft: { targets: { kind: 'offices', ids: [3] }, screens: 12 } },
    [PICK_MEDIA]: { type: 'override.change', fields: { content: 'media', media: 7, mediaName: 'Fire alert' } },
    [PICK_PLAYLIST]: { type: 'override.change', fields: { content: 'playlist', playlist: 9, playlistName: 'Lobby loop' } },
    [PLAYLIST_KIND]: { type: 'override.change', fields: { content: 'playlist', playlist: null, playlistName: null } },
    [PICK_LAYOUT]: { type: 'override.change', fields: { content: 'layout', layout: 12, layoutName: 'Lobby wall' } },
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
    [CLEAR_CONFIRM]: { type: 'override.clearConfirm' },
    [CLEARED]: done('clearOverride', { ok: true, value: { ...OVERRIDE, active: false } }),
    [ALREADY]: done('clearOverride', { ok: false, code: 'override_not_active', fields: {} }),
    [CLEAR_FAILS]: error('clearOverride', offline),
  },
  initial: { start: { to: 'loading', see: { loading: true, listed: 0 }, calls: [reload] } },
  expect: withScreen({
    loading: {
      [LOADED]: { to: 'ready', see: { loading: false, listed: 1, error: null } },
      [LOAD_FAILS]: { to: 'failed', see: { loading: false, error: 'network_error' } },
    },
    failed: { [RELOAD]: { to: 'loading', calls: [reload] } },
    ready: {
      [RELOAD]: { to: 'loading', calls: [reload] },
      // The pickers search the server themselves (optionSearch): the form is ready at once.
      [COMPOSE]: { to: 'composing', see: { loading: false, screens: 12, problem: null, what: null } },
      // Issue 35: one mis-click must not take an evacuation message off the screens.
      [CLEAR]: { to: 'confirmingClear', see: { clearing: 40, busy: false } },
    },
    confirmingClear: {
      [CLEAR_CONFIRM]: { to: 'clearing', see: { busy: true, clearing: 40 }, calls: ['clearOverride: {"id":40}'] },
      [CANCEL]: { to: 'ready', see: { clearing: null } },
    },
    composing: {
      [CANCEL]: { to: 'ready', see: { screens: null, problem: null } },
      [PICK_MEDIA]: { to: 'composing', see: { content: 'media', what: 'Fire alert', problem: null } },
      [PICK_PLAYLIST]: { to: 'composing', see: { content: 'playlist', what: 'Lobby loop', problem: null } },
      [PLAYLIST_KIND]: { to: 'composing', see: { content: 'playlist', what: null, problem: null } },
      // Issue 36: an override may show a layout (its last committed version).
      [PICK_LAYOUT]: { to: 'composing', see: { content: 'layout', what: 'Lobby wall', problem: null } },
      [PAST]: { to: 'composing', see: { until: '2000-01-01T00:00' } },
      [NO_END]: { to: 'composing', see: { until: '' } },
      // Spec (issue 25): something to play, and an end (if any) in the future, before the confirmation.
      [REVIEW]: (context: DeviceOverridesContext) =>
        chosen(context) && context.fields.until === ''
          ? {
              to: 'confirming',
              see: { asking: true, screens: 12 },
              screen: [
                `the dialog turns into ${o('confirmTitle')}: ${o('confirmText_other', { count: 12, what: PICKED[context.fields.content].name, until: englishUntil })} with ${o('back')} and ${o('confirm')}`,
              ],
            }
          : { to: 'composing', see: { problem: chosen(context) ? 'override_end_in_past' : 'content_required' }, screen: [below(chosen(context) ? 'override_end_in_past' : 'content_required')] },
    },
    confirming: {
      [CONFIRM]: (context: DeviceOverridesContext) => ({
        to: 'starting',
        see: { busy: true },
        calls: [
          `startOverride: ${JSON.stringify({ body: { offices: [3], [context.fields.content]: PICKED[context.fields.content].id, ends_at: null } })}`,
        ],
      }),
      [BACK]: { to: 'composing', see: { asking: false, screens: 12 } },
      [CANCEL]: { to: 'ready', see: { asking: false, screens: null } },
    },
    starting: {
      [STARTED]: { to: 'loading', see: { screens: null }, calls: ['changed', notify('success', 'devices:override.started'), reload] },
      [REFUSED]: { to: 'composing', see: { problem: 'override_mixed_companies', screens: 12 } },
      [START_FAILS]: { to: 'composing', see: { problem: 'network_error', screens: 12 } },
    },
    clearing: {
      [CLEARED]: { to: 'loading', see: { clearing: null }, calls: ['changed', notify('success', 'devices:override.cleared'), reload] },
      [ALREADY]: { to: 'loading', see: { clearing: null }, calls: ['changed', notify('info', 'devices:override.alreadyOver'), reload] },
      [CLEAR_FAILS]: { to: 'ready', see: { busy: false, clearing: null }, calls: [notify('error', 'devices:override.clearFailed')] },
    },
  }, {
    loading: {
      [LOADED]: [`above the list: ${o('running', { what: 'Fire alert' })} with ${o('clear')}; ${o('targetsLabel')} office Lobby office (12 screens), ${o('screenLabel')} ${o('notSwitched')} (asked again every 3 s until its player reports the switch), ${o('since')} its start, ${o('untilLabel')} ${o('untilNone')}, ${o('by')} admin`],
      [LOAD_FAILS]: [`above the list: ${o('loadError')} with the button ${o('retry')}`],
    },
    failed: { [RELOAD]: ['the error goes while the overrides are asked for again'] },
    ready: {
      [RELOAD]: ['the overrides are asked for again; the panel stays as it is meanwhile'],
      [COMPOSE]: [FORM],
      [CLEAR]: [`the confirmation ${o('clearTitle')}: ${o('clearText_other', { what: 'Fire alert', count: 12 })} with ${text('common:actions.cancel')} and ${o('clearConfirm')}; nothing is cleared yet`],
    },
    confirmingClear: {
      [CLEAR_CONFIRM]: [`${o('clearConfirm')} shows a spinner; both buttons are disabled`],
      [CANCEL]: ['the confirmation closes; the override keeps running'],
    },
    composing: {
      [CANCEL]: ['the dialog closes; nothing is started'],
      [PICK_MEDIA]: [`the field ${o('media')} reads "Fire alert"`],
      [PICK_PLAYLIST]: [`${o('playlist')} is chosen and its field reads "Lobby loop"`],
      [PLAYLIST_KIND]: [`${o('playlist')} is chosen and its field (${o('searchPlaylist')}) is empty`],
      [PICK_LAYOUT]: [`${o('layout')} is chosen and its field reads "Lobby wall"`],
      [PAST]: [`the field ${o('until')} reads 01/01/2000, 00:00`],
      [NO_END]: [`the field ${o('until')} is empty`],
    },
    confirming: {
      [CONFIRM]: [`${o('confirm')} shows a spinner; ${o('back')} and ${o('confirm')} are disabled`],
      [BACK]: ['the form comes back with what was chosen'],
      [CANCEL]: ['the dialog closes; nothing is started'],
    },
    starting: {
      [STARTED]: ['the dialog closes'],
      [REFUSED]: [below('override_mixed_companies')],
      [START_FAILS]: [below('network_error')],
    },
    clearing: {
      [CLEARED]: ['the confirmation closes; the overrides are asked for again'],
      [ALREADY]: ['the confirmation closes; the overrides are asked for again'],
      [CLEAR_FAILS]: [`the confirmation closes; the override stays; ${o('clear')} is enabled again`],
    },
  }),
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    asking: snapshot.matches('confirming'),
    listed: snapshot.context.overrides.length,
    error: snapshot.context.error,
    screens: snapshot.context.draft?.screens ?? null,
    what: snapshot.context.fields[NAME_OF[snapshot.context.fields.content]],
    content: snapshot.context.fields.content,
    until: snapshot.context.fields.until,
    problem: snapshot.context.problem,
    clearing: snapshot.context.clearing,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.fields, snapshot.context.problem, snapshot.context.overrides.length, snapshot.context.clearing]),
});
