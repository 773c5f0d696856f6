import { webhookListMachine } from '../../../src/machines/webhooks/webhookList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

/** The webhook endpoints of /webhooks and their fetch status. */
export default defineFetchQa({
  machine: webhookListMachine,
  file: 'src/machines/webhooks/webhookList.machine.ts',
  title: 'The webhook endpoints and their fetch status',
  open: { words: 'open /webhooks', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again"', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one endpoint', data: [{ id: 1, url: 'https://hooks.example.com/vitrine' }], rows: 1 },
});
