import { webhookDeliveriesMachine } from '../../../src/machines/webhooks/webhookDeliveries.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

/** One endpoint's latest deliveries with their attempts (shown under the endpoint). */
export default defineFetchQa({
  machine: webhookDeliveriesMachine,
  file: 'src/machines/webhooks/webhookDeliveries.machine.ts',
  title: "An endpoint's deliveries and their fetch status",
  open: { words: 'open the attempts of endpoint 1', params: 1, calls: 'load: {"params":1}' },
  other: { words: 'open the attempts of endpoint 2', params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers one delivery', data: [{ id: 9, event: 'device.offline', state: 'delivered', attempts: [] }], rows: 1 },
});
