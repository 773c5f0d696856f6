import { webhookTestMachine } from '../../../src/machines/webhooks/webhookTest.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { englishText, text } from '../qa/screen.ts';

/** A test delivery (issue 29): press "Send test" on an endpoint; the receiver's status and answer are shown. */
export default defineFetchQa({
  machine: webhookTestMachine,
  file: 'src/machines/webhooks/webhookTest.machine.ts',
  title: 'A test delivery and its answer',
  open: { words: 'press "Send test" on endpoint 1', params: 1, calls: 'load: {"params":1}' },
  other: { words: 'press "Send test" on endpoint 2', params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the receiver answers 200 "ok"', data: { delivered: true, status: 200, answer: 'ok', error: null, ms: 12 }, rows: 1 },
  namespace: 'webhooks',
  preconditions: {
    start: { route: '/webhooks', user: 'a user whose group gives Company "Edit" (or admin)', data: 'two endpoints whose URLs reach a public receiver that answers 200 with the body ok (a request inspection service)' },
  },
  howTo: {
    'the receiver answers 200 "ok"': 'wait: the server sends the test and shows the receiver\'s answer',
    'the server refuses (403 forbidden)': 'as admin in another tab, set the group of the signed-in user (a user whose group gives Company "Edit") to Company "View"; then, in the first tab, press "Send test"',
  },
  screen: {
    loading: [`under the list, the panel of the endpoint with ${text('webhooks:test.sending')}`],
    answer: [`the panel ${text('webhooks:test.delivered', { status: 200 })}, ${text('webhooks:test.answer')} ok`],
    updating: [`the panel ${text('webhooks:test.sending')}`],
    forbidden: [`the panel ${text('webhooks:test.notSent', { reason: englishText('common:errors.forbidden') })} (then the profile is read again and, without Company "Edit", the page says "No access")`],
  },
});
