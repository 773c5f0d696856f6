import { devicesClientsMachine } from '../../../src/machines/devices/devicesClients.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, withScreen } from './pages.ts';

const waiting = (id: number) => ({ id, sn: `SN-${id}`, ip: '10.0.0.7', version: '1.2', created_at: '2026-01-01T00:00:00.000Z' });
const PAGE = { count: 2, next: null, previous: null, results: [waiting(1), waiting(2)] };

const LISTED = 'the server lists 2 waiting players';
const LIST_FAILS = 'the list fails (500)';
const REFRESH = 'press "Refresh"';
const ADOPTED = 'player 1 is adopted through the add-device form';
const DISMISS = 'press "Dismiss" on player 2';
const DISMISSED = 'the server dismisses player 2';
const DISMISS_FAILS = 'the dismissal fails (404)';

const busyReason = 'the buttons are disabled while the list loads';
const loadingScreen = [`the button ${text('devices:actions.refresh')} disabled while the list loads`];
const rows = [`the rows SN-1 and SN-2 with the columns ${text('devices:clients.serial')}, ${text('devices:clients.ip')}, ${text('devices:clients.lastSeen')} and the buttons ${text('devices:clients.adopt')} and ${text('devices:clients.dismiss')}`];
const failed = [`${text('devices:clients.loadError')}: ${text('common:errors.server_error')}`];
const reload = { to: 'updating', see: { loading: true, rows: 2 }, calls: ['loadClients'] };

/** /clients: players waiting to be adopted, with the fetch status of section 4. */
export default defineQa({
  machine: devicesClientsMachine,
  file: 'src/machines/devices/devicesClients.machine.ts',
  title: 'The players waiting to be adopted',
  preconditions: {
    start: { route: '/clients', user: DEVICES_EDITOR, data: 'two players that said hello and wait to be adopted: open /player in two other browsers (or private windows), serials SN-1 and SN-2' },
  },
  howTo: {
    [LIST_FAILS]: 'in the devtools Network tab, block the URL /api/v1/clients/ and press "Refresh" (a blocked request reads "The server cannot be reached…" after the colon instead of the 500\'s text)',
    [ADOPTED]: 'press "Adopt" on SN-1, fill the add-device form and press "Save"',
    [DISMISS_FAILS]: 'dismiss or adopt SN-2 in another tab first',
  },
  offScreen: {
    [REFRESH]: { loading: busyReason, updating: busyReason, dismissing: busyReason },
    [DISMISS]: { loading: busyReason, updating: busyReason, dismissing: busyReason },
  },
  actors: ['loadClients', 'dismissClient'],
  recorded: ['notify'],
  events: {
    [LISTED]: done('loadClients', PAGE),
    [LIST_FAILS]: error('loadClients', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
    [REFRESH]: { type: 'clients.refresh' },
    [ADOPTED]: { type: 'clients.adopted' },
    [DISMISS]: { type: 'clients.dismiss', id: 2 },
    [DISMISSED]: done('dismissClient', undefined),
    [DISMISS_FAILS]: error('dismissClient', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true, rows: 0 }, calls: ['loadClients'], screen: [`the heading ${text('screens:titles.clients')}`, text('devices:clients.intro'), ...loadingScreen] } },
  expect: withScreen({
    loading: {
      [LISTED]: { to: 'complete', see: { loading: false, rows: 2, error: null } },
      [LIST_FAILS]: { to: 'error', see: { error: 'server_error', loading: false } },
    },
    updating: {
      [LISTED]: { to: 'complete', see: { rows: 2 } },
      [LIST_FAILS]: { to: 'error', see: { error: 'server_error' } },
    },
    complete: {
      [REFRESH]: reload,
      [ADOPTED]: reload,
      [DISMISS]: { to: 'dismissing', see: { loading: true }, calls: ['dismissClient: {"id":2}'] },
    },
    error: { [REFRESH]: { to: 'loading', calls: ['loadClients'] } },
    dismissing: {
      [DISMISSED]: { to: 'updating', calls: ['notify: {"intent":"success","message":"common:messages.removeSuccess"}', 'loadClients'] },
      [DISMISS_FAILS]: { to: 'updating', calls: ['notify: {"intent":"error","message":"common:messages.removeError"}', 'loadClients'] },
    },
  }, {
    loading: { [LISTED]: rows, [LIST_FAILS]: failed },
    updating: { [LISTED]: rows, [LIST_FAILS]: failed },
    complete: { [REFRESH]: loadingScreen, [ADOPTED]: [`the form closes; a toast ${text('devices:clients.adopted')}`, ...loadingScreen, 'SN-1 leaves the list once it loads'], [DISMISS]: loadingScreen },
    error: { [REFRESH]: loadingScreen },
    dismissing: { [DISMISSED]: ['SN-2 leaves the list once it loads'], [DISMISS_FAILS]: ['SN-2 stays in the list'] },
  }),
  view: (snapshot) => ({ loading: snapshot.hasTag('loading'), rows: snapshot.context.data?.results.length ?? 0, error: snapshot.context.error }),
});
