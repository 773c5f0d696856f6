import { webhookDeleteMachine } from '../../../src/machines/webhooks/webhookDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';

/** Section 8: delete an endpoint with the confirmation; "Successfully removed" / "Error while removing". */
export default confirmDeleteQa({
  machine: webhookDeleteMachine,
  file: 'src/machines/webhooks/webhookDelete.machine.ts',
  title: 'Deleting a webhook endpoint',
  name: 'https://hooks.example.com/vitrine',
  refused: 'the server refuses it',
  reason: 'forbidden',
});
