import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { deleteCampaign, listCampaigns, type Campaign, type CampaignListParams } from '../../services/campaigns/campaigns.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';

export interface CampaignsListContext {
  query: CampaignListParams;
  page: PageOf<Campaign> | null;
  error: string | null;
}

export type CampaignsListEvent =
  | { type: 'list.query'; query: Partial<CampaignListParams> }
  | { type: 'list.reload' }
  | { type: 'campaign.delete'; id: number };

export const CAMPAIGNS_PAGE_SIZE = 20;

/** The campaigns page's list: loading, the page, its failure with a retry, and deleting one campaign. Views provide `notify`. */
export const campaignsListMachine = setup({
  types: { context: {} as CampaignsListContext, events: {} as CampaignsListEvent },
  actors: {
    loadCampaigns: fromPromise<PageOf<Campaign>, CampaignListParams>(({ input }) => listCampaigns(input)),
    deleteCampaign: fromPromise<void, { id: number }>(({ input }) => deleteCampaign(input.id)),
  },
  actions: {
    setQuery: assign(({ context }, params: { query: Partial<CampaignListParams> }) => ({ query: { ...context.query, page: 1, ...params.query } })),
    setPage: assign((_, params: { page: PageOf<Campaign> }) => ({ page: params.page, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    /** Provided by the view: a toast with a translated message key. */
    notify: (_, _params: { intent: 'success' | 'error'; message: string }) => {},
  },
}).createMachine({
  id: 'campaignsList',
  context: { query: { page: 1, page_size: CAMPAIGNS_PAGE_SIZE }, page: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCampaigns',
        src: 'loadCampaigns',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'list.query': { target: 'loading', reenter: true, actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) } } },
    },
    ready: {
      on: {
        'list.query': { target: 'loading', actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) } },
        'list.reload': 'loading',
        'campaign.delete': 'deleting',
      },
    },
    failed: {
      on: {
        'list.query': { target: 'loading', actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) } },
        'list.reload': 'loading',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteCampaign',
        src: 'deleteCampaign',
        input: ({ event }) => ({ id: (event as Extract<CampaignsListEvent, { type: 'campaign.delete' }>).id }),
        onDone: { target: 'loading', actions: { type: 'notify', params: { intent: 'success', message: 'common:messages.removeSuccess' } } },
        onError: { target: 'ready', actions: { type: 'notify', params: { intent: 'error', message: 'common:messages.removeError' } } },
      },
    },
  },
});

export type CampaignsListActor = ActorRefFrom<typeof campaignsListMachine>;
