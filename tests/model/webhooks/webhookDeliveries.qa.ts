import { webhookDeliveriesMachine } from '../../../src/machines/webhooks/webhookDeliveries.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** One endpoint's latest deliveries with their attempts (shown under the endpoint). */
export default defineFetchQa({
  machine: webhookDeliveriesMachine,
  file: 'src/machines/webhooks/webhookDeliveries.machine.ts',
  title: "An endpoint's deliveries and their fetch status",
  open: { words: 'open the attempts of endpoint 1', params: 1, calls: 'load: {"params":1}' },
  other: { words: 'open the attempts of endpoint 2', params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers one delivery', data: [{ id: 9, event: 'device.offline', state: 'delivered', attempts: [] }], rows: 1 },
  namespace: 'webhooks',
  preconditions: {
    start: { route: '/webhooks', user: 'a user whose group gives Company "Edit" (or admin)', data: 'two endpoints; the first has told its receiver of a screen going offline (or press "Send test" on it once)' },
  },
  howTo: {
    'open the attempts of endpoint 1': 'press the attempts button of the first endpoint (its label: "Attempts of" and its URL)',
    'open the attempts of endpoint 2': 'press the attempts button of the second endpoint',
    'the server refuses (403 forbidden)': 'as admin in another tab, set the group of the signed-in user (a user whose group gives Company "Edit") to Company "View"; then, in the first tab, press the attempts button',
  },
  screen: {
    loading: [`under the list, the panel ${text('webhooks:attempts.title')} with the endpoint's URL and the spinner ${text('common:loading')}`],
    answer: [`the panel lists ${text('webhooks:events.device_offline')} · ${text('webhooks:states.delivered')} · ${text('webhooks:attempts.count', { count: 0 })}, and the button ${text('webhooks:actions.closeAttempts')}`],
    forbidden: [`the panel says ${text('webhooks:attempts.loadError')}`],
  },
});
