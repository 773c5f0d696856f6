import { webhookDeleteMachine } from '../../../src/machines/webhooks/webhookDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: delete an endpoint with the confirmation; "Successfully removed" / "Error while removing". */
export default confirmDeleteQa({
  machine: webhookDeleteMachine,
  file: 'src/machines/webhooks/webhookDelete.machine.ts',
  title: 'Deleting a webhook endpoint',
  name: 'https://hooks.example.com/vitrine',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'webhooks',
  preconditions: {
    start: { route: '/webhooks', user: 'a user whose group gives Company "Edit" (or admin)', data: 'an endpoint https://hooks.example.com/vitrine (press "Add endpoint")' },
  },
  // The webhooks page says one message for any refusal (src/views/webhooks/WebhooksScreen.tsx).
  offScreen: { 'the server refuses it': 'deleteWebhook (src/services/webhooks.service.ts) answers no refusal: a refused delete (403, 404) fails like a lost network and shows "Error while removing"' },
  refusedScreen: [`an error toast ${text('webhooks:messages.removeError')}`],
});
