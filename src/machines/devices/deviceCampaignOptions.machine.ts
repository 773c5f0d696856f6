import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCampaigns, type Campaign } from '../../services/campaigns/campaigns.service.ts';

/** The campaigns a bulk "Add to a campaign" may choose on /devices (the first 100, newest first), in one fetch status. */
export const deviceCampaignOptionsMachine = createFetchStatusMachine<Campaign[], null>(null).provide({
  actors: { load: fromPromise(async () => (await listCampaigns({ page: 1, page_size: 100 })).results) },
});
