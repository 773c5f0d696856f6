import { alertSettingsDeleteMachine } from '../../../src/machines/webhooks/alertSettingsDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: remove an office's alert override with the confirmation; "Successfully removed" / "Error while removing". */
export default confirmDeleteQa({
  machine: alertSettingsDeleteMachine,
  file: 'src/machines/webhooks/alertSettingsDelete.machine.ts',
  title: 'Removing an office\'s offline alert override',
  name: 'North (Acme)',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'webhooks',
  preconditions: {
    start: {
      route: '/webhooks',
      user: 'a user whose group gives Company "Edit" (or admin)',
      data: 'a company Acme with an office North that has its own alert settings (press "Override for an office of Acme", Save)',
    },
  },
  // The panel says one message for any refusal (src/views/webhooks/AlertSettingsPanel.tsx).
  offScreen: { 'the server refuses it': 'deleteAlertSettings (src/services/webhooks.service.ts) answers no refusal: a refused delete (403, 404) fails like a lost network and shows "Error while removing"' },
  refusedScreen: [`an error toast ${text('webhooks:messages.removeError')}`],
});
