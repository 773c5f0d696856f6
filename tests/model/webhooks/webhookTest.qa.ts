import { webhookTestMachine } from '../../../src/machines/webhooks/webhookTest.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

/** A test delivery (issue 29): press "Send test" on an endpoint; the receiver's status and answer are shown. */
export default defineFetchQa({
  machine: webhookTestMachine,
  file: 'src/machines/webhooks/webhookTest.machine.ts',
  title: 'A test delivery and its answer',
  open: { words: 'press "Send test" on endpoint 1', params: 1, calls: 'load: {"params":1}' },
  other: { words: 'press "Send test" on endpoint 2', params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the receiver answers 200 "ok"', data: { delivered: true, status: 200, answer: 'ok', error: null, ms: 12 }, rows: 1 },
});
