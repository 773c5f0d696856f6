import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listWebhooks, type WebhookEndpoint } from '../../services/webhooks.service.ts';

/** The webhook endpoints of /webhooks, in one fetch status. */
export const webhookListMachine = createFetchStatusMachine<WebhookEndpoint[], null>(null).provide({
  actors: { load: fromPromise(async () => (await listWebhooks()).results) },
});
