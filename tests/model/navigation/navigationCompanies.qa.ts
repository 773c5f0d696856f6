import { navigationCompaniesMachine } from '../../../src/machines/navigation/navigationCompanies.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /navigation';
const RETRY = `press ${text('navigation:actions.retry')}`;

/** The Company choices of /navigation (NavigationScreen.tsx) in their fetch status. */
export default defineFetchQa({
  machine: navigationCompaniesMachine,
  file: 'src/machines/navigation/navigationCompanies.machine.ts',
  title: 'The Company choices of /navigation',
  open: { words: OPEN, params: 'all', calls: 'load: {"params":"all"}' },
  other: { words: RETRY, params: 'all', calls: 'load: {"params":"all"}' },
  answer: { words: 'the server answers the company Acme', data: [{ id: 1, name: 'Acme' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'navigation',
  preconditions: { start: { route: '/navigation (sidebar ' + text('screens:titles.navigation') + ')', user: 'admin (or a user with devices view rights: the navigation routes are the devices area)', data: 'the company Acme' } },
  howTo: {
    [OPEN]: 'open /navigation from the sidebar',
    [OFFLINE.words]: blocked('*/companies/*', 'open /navigation'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already' },
    [RETRY]: { initial: `${text('navigation:actions.retry')} is shown only once a list failed`, loading: `${text('navigation:actions.retry')} is shown only once a list failed`, updating: `${text('navigation:actions.retry')} is shown only once a list failed`, complete: `${text('navigation:actions.retry')} is shown only once a list failed` },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the pickers`],
    answer: [`${text('navigation:picker.company')} offers Acme (placeholder ${text('navigation:picker.chooseCompany')})`],
    forbidden: [`in red: "${text('navigation:messages.loadError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" with the button ${text('navigation:actions.retry')}`],
  },
});
