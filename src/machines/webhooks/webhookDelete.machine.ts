import { deleteWebhook } from '../../services/webhooks.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a webhook endpoint after the confirmation; its deliveries go with it. */
export const webhookDeleteMachine = createConfirmDeleteMachine('webhookDelete', deleteWebhook);
