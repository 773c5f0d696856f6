import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getCampaign, type Campaign } from '../../services/campaigns/campaigns.service.ts';

/**
 * The campaign of /campaigns/{id}/devices (CampaignDevicesScreen.tsx): its name in the heading, its position's hint and
 * what Multiply needs, in one fetch status (params: the campaign id).
 */
export const campaignDevicesCampaignMachine = createFetchStatusMachine<Campaign, number>().provide({
  actors: { load: fromPromise(({ input }) => getCampaign(input.params)) },
});
