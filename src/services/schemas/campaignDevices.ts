import { array, optional, type, type Infer } from 'superstruct';
import { Id } from './common.ts';
import { DevicePage } from './devices.ts';

// Apart from schemas/campaigns.ts: the campaigns list does not need the device schemas behind DevicePage (issue 37).

/** GET /campaigns/{id}/devices/: the sides asked for (both by default); `participating_ids` with `with_ids=1`. */
export const CampaignDevices = type({
  participating: optional(DevicePage),
  available: optional(DevicePage),
  participating_ids: optional(array(Id)),
});
export type CampaignDevices = Infer<typeof CampaignDevices>;
