import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCampaigns, type Campaign } from '../../services/campaigns/campaigns.service.ts';
import { listOffices, type Office } from '../../services/devices.service.ts';

/** The choices of /timeline's Office and Campaign filters (TimelineScreen.tsx), loaded together in one fetch status. */
export const timelineFiltersMachine = createFetchStatusMachine<{ offices: Office[]; campaigns: Campaign[] }, void>().provide({
  actors: { load: fromPromise(async () => ({ offices: await listOffices(), campaigns: (await listCampaigns({ page: 1, page_size: 500 })).results })) },
});
