import { campaignsListMachine } from '../../../src/machines/campaigns/campaignsList.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { englishText, text } from '../qa/screen.ts';

const PAGE = { count: 1, next: null, previous: null, results: [{ id: 4, name: 'Winter sale' }] };
const ANSWER = 'the server answers one campaign';
const OFFLINE = 'the network is down';
const SEARCH = 'search "winter"';
const EXPIRED = 'show expired campaigns';
const RELOAD = 'press "Refresh"';
const DELETE = 'confirm deleting campaign 4';
const DELETED = 'the server deletes it';
const NOT_DELETED = 'the server fails to delete it';

const LOADS = 'the list loads again';
const ROW = `the row "Winter sale"; ${text('campaigns:list.total_one', { count: 1 })}`;
const loadCall = (query: Record<string, unknown>) => `loadCampaigns: ${JSON.stringify({ page: 1, page_size: 20, ...query })}`;

/** The campaigns page's list: load, search and filter, reload, a failure with a retry, delete with its messages. */
export default defineQa({
  machine: campaignsListMachine,
  file: 'src/machines/campaigns/campaignsList.machine.ts',
  title: 'The list of campaigns',
  namespace: 'campaigns',
  preconditions: {
    start: { route: '/campaigns', user: 'admin (or a user with campaigns edit rights)', data: 'one campaign, "Winter sale" (id 4), whose events have all ended' },
  },
  howTo: {
    [OFFLINE]: 'in the devtools Network tab, choose "Offline" and reload the page',
    [SEARCH]: 'type winter in "Search campaigns"',
    [EXPIRED]: 'choose "Expired" under "Show"',
    [DELETE]: 'open the actions of "Winter sale", choose "Delete" and confirm',
    [NOT_DELETED]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/4 before confirming',
  },
  offScreen: {
    [DELETE]: { loading: 'the rows are not shown while the list loads', failed: 'no rows are shown after a failed load', deleting: 'the confirmation is busy deleting' },
    [RELOAD]: { deleting: 'the confirmation covers the page while deleting' },
    [SEARCH]: { deleting: 'the confirmation covers the page while deleting' },
    [EXPIRED]: { deleting: 'the confirmation covers the page while deleting' },
  },
  actors: ['loadCampaigns', 'deleteCampaign'],
  recorded: ['notify'],
  events: {
    [ANSWER]: done('loadCampaigns', PAGE),
    [OFFLINE]: error('loadCampaigns', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [SEARCH]: { type: 'list.query', query: { search: 'winter' } },
    [EXPIRED]: { type: 'list.query', query: { status: 'expired' } },
    [RELOAD]: { type: 'list.reload' },
    [DELETE]: { type: 'campaign.delete', id: 4 },
    [DELETED]: done('deleteCampaign', undefined),
    [NOT_DELETED]: error('deleteCampaign', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: [loadCall({})] } },
  expect: {
    loading: {
      [ANSWER]: { to: 'ready', see: { loading: false, names: ['Winter sale'], error: null }, screen: [ROW] },
      [OFFLINE]: {
        to: 'failed',
        see: { error: 'network_error', loading: false },
        screen: [`"${englishText('campaigns:list.loadError')}: ${englishText('common:errors.network_error')}"`, `the button ${text('common:actions.reload')}`],
      },
      [SEARCH]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, search: 'winter' })], screen: [`${LOADS}, searching winter`] }),
      [EXPIRED]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, status: 'expired' })], screen: [`${LOADS}, expired campaigns only`] }),
    },
    ready: {
      [SEARCH]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, search: 'winter' })], screen: [`${LOADS}, searching winter`] }),
      [EXPIRED]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, status: 'expired' })], screen: [`${LOADS}, expired campaigns only`] }),
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.query)], screen: [LOADS] }),
      [DELETE]: { to: 'deleting', see: { busy: true }, calls: ['deleteCampaign: {"id":4}'], screen: [`the confirmation's ${text('common:actions.delete')} shows a spinner`] },
    },
    failed: {
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.query)], screen: [LOADS] }),
      [SEARCH]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, search: 'winter' })], screen: [`${LOADS}, searching winter`] }),
      [EXPIRED]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, status: 'expired' })], screen: [`${LOADS}, expired campaigns only`] }),
    },
    deleting: {
      [DELETED]: (context) => ({ to: 'loading', calls: ['notify: {"intent":"success","message":"common:messages.removeSuccess"}', loadCall(context.query)], screen: ['the confirmation closes', LOADS] }),
      [NOT_DELETED]: { to: 'ready', see: { busy: false }, calls: ['notify: {"intent":"error","message":"common:messages.removeError"}'], screen: ['the confirmation closes; "Winter sale" stays'] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    names: snapshot.context.page?.results.map((campaign) => campaign.name) ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.page !== null, snapshot.context.query]),
});
