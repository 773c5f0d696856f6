import { companySummaryMachine } from '../../../src/machines/company/companySummary.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'press the row of Acme in /company';
const OTHER = 'press the row of Beta (another company)';

/** The selected company's additional info on /company (CompanyInfo.tsx) in its fetch status. */
export default defineFetchQa({
  machine: companySummaryMachine,
  file: 'src/machines/company/companySummary.machine.ts',
  title: 'The additional info of the company picked on /company',
  open: { words: OPEN, params: 1, calls: 'load: {"params":1}' },
  other: { words: OTHER, params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers Acme\'s summary', data: { company: 1, devices: { online: 2, offline: 1, disabled: 0 }, offices: [], campaigns: [] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'company',
  preconditions: { start: { route: '/company', user: 'admin (or a user with company view rights)', data: 'companies Acme (2 devices online, 1 offline, no office, in no campaign) and Beta' } },
  howTo: {
    [OPEN]: 'open /company and press the row of Acme (later: after a save on the page, it loads again)',
    [OTHER]: 'press the row of Beta in the companies table',
    [OFFLINE.words]: blocked('*/companies/*/summary/*', 'press the row of Acme'),
  },
  offScreen: {
    [OPEN]: { loading: 'Acme is picked already and its info is loading' },
  },
  screen: {
    loading: [`the heading ${text('company:info.title', { name: 'Acme' })} over the spinner ${text('common:loading')}`],
    answer: [`${text('company:info.devices')}: ${text('company:info.online', { count: 2 })}, ${text('company:info.offline', { count: 1 })}, ${text('company:info.disabled', { count: 0 })}`, `${text('company:info.offices')}: ${text('company:info.noOffices')}`, `${text('company:info.campaigns')}: ${text('company:info.noCampaigns')}`],
    updating: ['the info shown stays while it loads again; for another company, the spinner until its info comes'],
    forbidden: [`under ${text('company:info.title', { name: 'Acme' })}, in red: ${text('company:messages.loadFailed')}`],
  },
});
