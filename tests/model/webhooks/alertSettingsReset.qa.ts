import { alertSettingsResetMachine } from '../../../src/machines/webhooks/alertSettingsReset.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { englishText, text } from '../qa/screen.ts';

const minutes = englishText('webhooks:alerts.minutes', 'common', { count: 10 });

/** A company's offline alerts back to the defaults (its own settings removed) after the confirmation. */
export default confirmDeleteQa({
  machine: alertSettingsResetMachine,
  file: 'src/machines/webhooks/alertSettingsReset.machine.ts',
  title: 'Resetting a company\'s offline alerts to the defaults',
  name: 'Acme',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'webhooks',
  messages: { success: 'alerts.reset.done', error: 'alerts.reset.error' },
  words: {
    ask: 'press "Reset the alerts of Acme to the defaults"',
    confirm: `confirm ${text('webhooks:alerts.reset.confirm')}`,
    deleted: 'the server removes the company\'s own settings',
    dialog: `the confirmation ${text('webhooks:alerts.reset.title', { name: 'Acme' })} ${text('webhooks:alerts.reset.text', { name: 'Acme', minutes })} with the buttons ${text('common:actions.cancel')} and ${text('webhooks:alerts.reset.confirm')}`,
    busy: `the confirmation's ${text('webhooks:alerts.reset.confirm')} shows a spinner; both buttons are disabled`,
  },
  preconditions: {
    start: {
      route: '/webhooks',
      user: 'a user whose group gives Company "Edit" (or admin)',
      data: 'a company Acme with its own offline alert settings (press "Edit the alerts of Acme", set 25 minutes, Save)',
    },
  },
  howTo: { 'the network is down during the delete': 'in the devtools Network tab, choose "Offline" before pressing "Reset to defaults" in the confirmation' },
  deletedScreen: [`the row of Acme shows ${text('webhooks:alerts.byDefault', { minutes })} and its reset button is disabled`],
  // The panel says one message for any failure (src/views/webhooks/AlertSettingsPanel.tsx).
  offScreen: { 'the server refuses it': 'deleteAlertSettings (src/services/webhooks.service.ts) answers no refusal: a refused reset (403, 404) fails like a lost network and shows "Error while resetting"' },
  refusedScreen: [`an error toast ${text('webhooks:alerts.reset.error')}`],
});
