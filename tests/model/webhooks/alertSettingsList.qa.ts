import { alertSettingsListMachine } from '../../../src/machines/webhooks/alertSettingsList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The offline alert settings of /webhooks (issue 29) with the companies and offices, and their fetch status. */
export default defineFetchQa({
  machine: alertSettingsListMachine,
  file: 'src/machines/webhooks/alertSettingsList.machine.ts',
  title: 'The offline alert settings and their fetch status',
  open: { words: 'open /webhooks', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again" under "Offline alerts"', params: null, calls: 'load: {"params":null}' },
  answer: {
    words: 'the server answers one company with its settings',
    data: { settings: [{ id: 1, company: 1, office: null, offline_minutes: 10 }], companies: [{ id: 1, name: 'Acme' }], offices: [] },
    rows: 1,
  },
  namespace: 'webhooks',
  preconditions: { start: { route: '/webhooks', user: 'admin (or a user whose group gives Company "Edit")', data: 'a company Acme (no office needed)' } },
  howTo: { 'open /webhooks': 'open /webhooks from the sidebar (Company section; later, the panel loads again after its editor saves or an override is removed)' },
  offScreen: {
    'press "Try again" under "Offline alerts"': {
      initial: 'no "Try again" is shown before the panel fails',
      loading: 'no "Try again" is shown while the panel loads',
      updating: 'no "Try again" is shown while the panel loads again',
      complete: 'no "Try again" is shown once the panel is shown',
    },
    'the server refuses (403 forbidden)': 'only someone who may edit company settings can open /webhooks, and the server refuses the settings only to someone who may not',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('webhooks:alerts.title')}`],
    answer: [
      `the row Acme with the columns ${text('webhooks:alerts.fields.scope')}, ${text('webhooks:alerts.fields.threshold')} (10 minutes), ${text('webhooks:alerts.fields.quiet')} (${text('webhooks:alerts.noQuiet')})`,
      `the buttons "Edit the alerts of Acme" and "Override for an office of Acme" (disabled: Acme has no office)`,
    ],
    forbidden: [`${text('webhooks:alerts.loadError')}: ${text('webhooks:errors.forbidden')} with the button ${text('webhooks:actions.retry')}`],
  },
});
