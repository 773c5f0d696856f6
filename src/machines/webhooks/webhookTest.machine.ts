import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { testWebhook, type WebhookTestResult } from '../../services/webhooks.service.ts';

/** A test delivery to one endpoint (params: its id): sending, then the receiver's answer or the failure. */
export const webhookTestMachine = createFetchStatusMachine<WebhookTestResult, number | null>(null).provide({
  actors: {
    load: fromPromise(async ({ input }: { input: { params: number | null } }) => {
      if (input.params === null) throw new Error('no endpoint');
      return testWebhook(input.params);
    }),
  },
});
