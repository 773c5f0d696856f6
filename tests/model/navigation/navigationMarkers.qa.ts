import { navigationMarkersMachine } from '../../../src/machines/navigation/navigationMarkers.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = `press ${text('navigation:objects.open')} on the card Floor 1`;
const RETRY = `press ${text('navigation:actions.retry')} beside the markers' error`;

/** The markers of the object opened on /navigation (ObjectViewer.tsx) in their fetch status. */
export default defineFetchQa({
  machine: navigationMarkersMachine,
  file: 'src/machines/navigation/navigationMarkers.machine.ts',
  title: 'The markers of the object opened on /navigation',
  open: { words: OPEN, params: 5, calls: 'load: {"params":5}' },
  other: { words: RETRY, params: 5, calls: 'load: {"params":5}' },
  answer: { words: 'the server answers one WC marker', data: [{ id: 1, kind: 'toilet', x: 10, y: 10, color: '#ff0000', device: null }], rows: 1 },
  failure: OFFLINE,
  namespace: 'navigation',
  preconditions: { start: { route: '/navigation?company=1&office=1', user: 'admin (or a user with devices view rights: the navigation routes are the devices area)', data: 'the object Floor 1 (5) of the office Hall with one WC marker and no device marker' } },
  howTo: {
    [OPEN]: `press ${text('navigation:objects.open')} on the card Floor 1 (the viewer opens under the cards)`,
    [OFFLINE.words]: blocked('*/navigation/*markers*', `press ${text('navigation:objects.open')} on Floor 1`),
  },
  offScreen: {
    [OPEN]: { loading: 'Floor 1 is open already', updating: 'Floor 1 is open already', complete: 'Floor 1 is open already' },
    [RETRY]: { initial: `${text('navigation:actions.retry')} is shown only once the markers failed`, loading: `${text('navigation:actions.retry')} is shown only once the markers failed`, updating: `${text('navigation:actions.retry')} is shown only once the markers failed`, complete: `${text('navigation:actions.retry')} is shown only once the markers failed` },
  },
  screen: {
    loading: ['the layout of Floor 1 without its markers yet'],
    answer: [`the layout ${text('navigation:stage.label', { name: 'Floor 1' })} with one WC marker; ${text('navigation:objects.devices', { count: 0 })}`],
    forbidden: [`in red: "${text('navigation:messages.loadError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" with the button ${text('navigation:actions.retry')}`],
  },
});
