import { api, parseResponse } from '../http.ts';
import { CampaignDevices } from '../schemas/campaignDevices.ts';
import type { CampaignSide } from '../schemas/campaigns.ts';
import type { SideQuery } from './campaigns.service.ts';

// Apart from campaigns.service.ts: the campaigns list does not need the device schemas a side's page is read with (issue 37).

/** GET /campaigns/{id}/devices/?side=...: one side's page, and every participating id with `withIds`. */
export async function loadCampaignSide(id: number, side: CampaignSide, query: SideQuery, withIds = false): Promise<CampaignDevices> {
  const params: Record<string, string | number> = { side, [`${side}_page`]: query.page, [`${side}_page_size`]: query.page_size };
  if (query.search?.trim()) params[`${side}_search`] = query.search.trim();
  if (query.status) params[`${side}_status`] = query.status;
  if (withIds) params.with_ids = 1;
  return parseResponse(CampaignDevices, await api(`/campaigns/${id}/devices/`, { query: params }));
}
