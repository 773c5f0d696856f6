import { campaignsListMachine } from '../../../src/machines/campaigns/campaignsList.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const PAGE = { count: 1, next: null, previous: null, results: [{ id: 4, name: 'Winter sale' }] };
const ANSWER = 'the server answers one campaign';
const OFFLINE = 'the network is down';
const SEARCH = 'search "winter"';
const EXPIRED = 'show expired campaigns';
const RELOAD = 'press "Refresh"';
const DELETE = 'confirm deleting campaign 4';
const DELETED = 'the server deletes it';
const NOT_DELETED = 'the server fails to delete it';

const loadCall = (query: Record<string, unknown>) => `loadCampaigns: ${JSON.stringify({ page: 1, page_size: 20, ...query })}`;

/** The campaigns page's list: load, search and filter, reload, a failure with a retry, delete with its messages. */
export default defineQa({
  machine: campaignsListMachine,
  file: 'src/machines/campaigns/campaignsList.machine.ts',
  title: 'The list of campaigns',
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
      [ANSWER]: { to: 'ready', see: { loading: false, names: ['Winter sale'], error: null } },
      [OFFLINE]: { to: 'failed', see: { error: 'network_error', loading: false } },
      [SEARCH]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, search: 'winter' })] }),
      [EXPIRED]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, status: 'expired' })] }),
    },
    ready: {
      [SEARCH]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, search: 'winter' })] }),
      [EXPIRED]: (context) => ({ to: 'loading', calls: [loadCall({ ...context.query, page: 1, page_size: 20, status: 'expired' })] }),
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.query)] }),
      [DELETE]: { to: 'deleting', see: { busy: true }, calls: ['deleteCampaign: {"id":4}'] },
    },
    failed: {
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.query)] }),
      [SEARCH]: { to: 'loading' },
      [EXPIRED]: { to: 'loading' },
    },
    deleting: {
      [DELETED]: (context) => ({ to: 'loading', calls: ['notify: {"intent":"success","message":"common:messages.removeSuccess"}', loadCall(context.query)] }),
      [NOT_DELETED]: { to: 'ready', see: { busy: false }, calls: ['notify: {"intent":"error","message":"common:messages.removeError"}'] },
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
