import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCampaigns, type Campaign } from '../../services/campaigns/campaigns.service.ts';
import { MAX_PAGE_SIZE } from '../../services/schemas/common.ts';
import type { DevicePosition } from '../../services/schemas/devices.ts';

/** The campaigns the Multiply dialog offers (MultiplyDialog.tsx): those of the campaign's screen position, in one fetch status (params: the position). */
export const multiplyTargetsMachine = createFetchStatusMachine<Campaign[], DevicePosition>().provide({
  actors: { load: fromPromise(async ({ input }) => (await listCampaigns({ page: 1, page_size: MAX_PAGE_SIZE, screen_position: input.params })).results) },
});
