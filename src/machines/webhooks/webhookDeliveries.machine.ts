import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listWebhookDeliveries, type WebhookDelivery } from '../../services/webhooks.service.ts';

/** One endpoint's latest deliveries and their attempts (params: the endpoint id). */
export const webhookDeliveriesMachine = createFetchStatusMachine<WebhookDelivery[], number | null>(null).provide({
  actors: { load: fromPromise(async ({ input }: { input: { params: number | null } }) => (input.params === null ? [] : listWebhookDeliveries(input.params))) },
});
