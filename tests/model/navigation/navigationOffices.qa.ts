import { navigationOfficesMachine } from '../../../src/machines/navigation/navigationOffices.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'choose the company Acme';
const OTHER = 'choose the company Beta';

/** The Office choices of /navigation for the chosen company (NavigationScreen.tsx) in their fetch status. */
export default defineFetchQa({
  machine: navigationOfficesMachine,
  file: 'src/machines/navigation/navigationOffices.machine.ts',
  title: 'The Office choices of /navigation for the chosen company',
  open: { words: OPEN, params: 1, calls: 'load: {"params":1}' },
  other: { words: OTHER, params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers the office Hall with one object', data: [{ id: 1, name: 'Hall', objects: [{ id: 5 }] }], rows: 1 },
  failure: OFFLINE,
  namespace: 'navigation',
  preconditions: { start: { route: '/navigation', user: 'admin (or a user with devices view rights: the navigation routes are the devices area)', data: 'companies Acme (company 1, the office Hall with one object) and Beta (company 2)' } },
  howTo: {
    [OPEN]: `choose Acme in ${text('navigation:picker.company')}`,
    [OTHER]: `choose Beta in ${text('navigation:picker.company')}`,
    [OFFLINE.words]: blocked('*/navigation/*offices*', `choose Acme in ${text('navigation:picker.company')}`),
  },
  offScreen: {
    [OPEN]: { loading: 'Acme is chosen already', updating: 'Acme is chosen already', complete: 'Acme is chosen already' },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the pickers`],
    answer: [`${text('navigation:picker.office')} offers "Hall (${text('navigation:objects.count', { count: 1 }).slice(1, -1)})"`],
    updating: [`${text('navigation:picker.office')} keeps its choices and the spinner ${text('common:loading')} shows until the other company's offices come`],
    forbidden: [`in red: "${text('navigation:messages.loadError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" with the button ${text('navigation:actions.retry')}`],
  },
});
