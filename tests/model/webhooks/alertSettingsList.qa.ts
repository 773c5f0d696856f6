import { alertSettingsListMachine } from '../../../src/machines/webhooks/alertSettingsList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

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
});
