import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getCampaign, type Campaign } from '../../services/campaigns/campaigns.service.ts';

/** The campaign of /campaigns/{id}/scheduler (CampaignSchedulerScreen.tsx): its name in the heading, in one fetch status (params: the campaign id). */
export const schedulerCampaignMachine = createFetchStatusMachine<Campaign, number>().provide({
  actors: { load: fromPromise(({ input }) => getCampaign(input.params)) },
});
