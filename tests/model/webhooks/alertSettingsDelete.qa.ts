import { alertSettingsDeleteMachine } from '../../../src/machines/webhooks/alertSettingsDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';

/** Section 8: remove an office's alert override with the confirmation; "Successfully removed" / "Error while removing". */
export default confirmDeleteQa({
  machine: alertSettingsDeleteMachine,
  file: 'src/machines/webhooks/alertSettingsDelete.machine.ts',
  title: 'Removing an office\'s offline alert override',
  name: 'North (Acme)',
  refused: 'the server refuses it',
  reason: 'forbidden',
});
