import { webhookListMachine } from '../../../src/machines/webhooks/webhookList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The webhook endpoints of /webhooks and their fetch status. */
export default defineFetchQa({
  machine: webhookListMachine,
  file: 'src/machines/webhooks/webhookList.machine.ts',
  title: 'The webhook endpoints and their fetch status',
  open: { words: 'open /webhooks', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again"', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one endpoint', data: [{ id: 1, url: 'https://hooks.example.com/vitrine' }], rows: 1 },
  namespace: 'webhooks',
  preconditions: { start: { route: '/webhooks', user: 'admin (or a user whose group gives Company "Edit")', data: 'an endpoint https://hooks.example.com/vitrine (press "Add endpoint")' } },
  howTo: { 'open /webhooks': 'open /webhooks from the sidebar (Company section; later, the list loads again after the endpoint dialog saves or an endpoint is deleted)' },
  offScreen: {
    'press "Try again"': { initial: 'no "Try again" is shown before the list fails', loading: 'no "Try again" is shown while the list loads', updating: 'no "Try again" is shown while the list loads again', complete: 'no "Try again" is shown once the list is shown' },
    'the server refuses (403 forbidden)': 'only someone who may edit company settings can open /webhooks, and the server refuses the list only to someone who may not',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('screens:titles.webhooks')}`],
    answer: [
      `the row https://hooks.example.com/vitrine with the columns ${text('webhooks:fields.url')}, ${text('webhooks:fields.events')}, ${text('webhooks:fields.state')}`,
      `the button ${text('webhooks:actions.add')} enabled`,
    ],
    forbidden: [`${text('webhooks:messages.loadError')}: ${text('webhooks:errors.forbidden')} with the button ${text('webhooks:actions.retry')}`],
  },
});
