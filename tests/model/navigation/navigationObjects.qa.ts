import { navigationObjectsMachine } from '../../../src/machines/navigation/navigationObjects.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'choose the office Hall';
const OTHER = 'choose the office Lobby';

/** The objects (layouts) of the chosen office on /navigation (NavigationScreen.tsx) in their fetch status. */
export default defineFetchQa({
  machine: navigationObjectsMachine,
  file: 'src/machines/navigation/navigationObjects.machine.ts',
  title: 'The objects (layouts) of the office chosen on /navigation',
  open: { words: OPEN, params: 1, calls: 'load: {"params":1}' },
  other: { words: OTHER, params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers the object Floor 1', data: [{ id: 5, name: 'Floor 1', width: 800, height: 600 }], rows: 1 },
  failure: OFFLINE,
  namespace: 'navigation',
  preconditions: { start: { route: '/navigation?company=1', user: 'admin (or a user with devices view rights: the navigation routes are the devices area)', data: 'company Acme (1) with the offices Hall (1, the object Floor 1, 800 × 600) and Lobby (2)' } },
  howTo: {
    [OPEN]: `choose Hall in ${text('navigation:picker.office')} (later: it loads again after an object is saved or deleted)`,
    [OTHER]: `choose Lobby in ${text('navigation:picker.office')}`,
    [OFFLINE.words]: blocked('*/navigation/*objects*', `choose Hall in ${text('navigation:picker.office')}`),
  },
  offScreen: {
    [OPEN]: { loading: 'Hall is chosen already and its objects are loading' },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the pickers`],
    answer: [`the card Floor 1 with ${text('navigation:objects.size', { width: 800, height: 600 })} and the button ${text('navigation:objects.open')}`],
    updating: [`the cards stay and the spinner ${text('common:loading')} shows until the list comes again`],
    forbidden: [`in red: "${text('navigation:messages.loadError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" with the button ${text('navigation:actions.retry')}`],
  },
});
