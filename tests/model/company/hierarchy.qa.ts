import { hierarchyMachine } from '../../../src/machines/company/hierarchy.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /organizations';
const RETRY = `press ${text('company:actions.retry')}`;

/** Companies, departments and offices, loaded together for /organizations, /structure, /branch-offices and /company (useHierarchy.ts). */
export default defineFetchQa({
  machine: hierarchyMachine,
  file: 'src/machines/company/hierarchy.machine.ts',
  title: 'Companies, departments and offices, loaded together (/organizations, /structure, /branch-offices, /company)',
  open: { words: OPEN, calls: 'load: {}' },
  other: { words: RETRY, params: undefined, calls: 'load: {}' },
  answer: { words: 'the server answers one company, Acme, with one department and one office', data: { companies: [{ id: 1, name: 'Acme' }], departments: [{ id: 1, name: 'Sales' }], offices: [{ id: 1, name: 'Hall' }] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'company',
  preconditions: { start: { route: '/organizations (the others load the same way)', user: 'admin (or a user with company view rights)', data: 'company Acme with the department Sales and the office Hall' } },
  howTo: {
    [OPEN]: `open /organizations from the sidebar (later: it loads again after every add, edit, activate or delete)`,
    [OFFLINE.words]: blocked('*/companies/*', 'open /organizations (or press Retry)'),
  },
  offScreen: {
    [RETRY]: { initial: `${text('company:actions.retry')} is shown only once the load failed`, loading: `${text('company:actions.retry')} is shown only once the load failed`, updating: `${text('company:actions.retry')} is shown only once the load failed`, complete: `${text('company:actions.retry')} is shown only once the load failed` },
    [OPEN]: { loading: 'the page is open already and loading' },
  },
  screen: {
    loading: [`under ${text('screens:titles.organizations')}, the spinner ${text('common:loading')}`],
    answer: ['the table of companies with the row Acme'],
    updating: ['the table of companies with the row Acme stays while it loads again (after a save)'],
    forbidden: [`in red: ${text('company:messages.loadFailed')} with the button ${text('company:actions.retry')}`],
  },
});
