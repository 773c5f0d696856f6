import { DEFAULT_PAGE_SIZE } from '../config.ts';
import { api, parseResponse } from '../http.ts';
import type { PageOf } from '../schemas/common.ts';
import {
  Campaign,
  CampaignDevicesSaved,
  CampaignMatch,
  CampaignMatchEnvelope,
  CampaignPage,
  isMatchedDevice,
  MatchedDevice,
  MultiplyResult,
  type CampaignFilter,
  type CampaignSide,
} from '../schemas/campaigns.ts';
import type { DevicePosition, DeviceStatus } from '../schemas/devices.ts';
import { writeOutcome, type WriteOutcome } from '../writeOutcome.ts';

export type { Campaign, CampaignMatch, MultiplyResult };
export type { CampaignDevices } from '../schemas/campaignDevices.ts';

export interface CampaignListParams {
  page: number;
  page_size?: number;
  search?: string;
  status?: CampaignFilter;
  screen_position?: DevicePosition;
}

/** GET /campaigns/ (paged, searchable, filtered by state). */
export async function listCampaigns(params: CampaignListParams): Promise<PageOf<Campaign>> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.status) query.status = params.status;
  if (params.screen_position) query.screen_position = params.screen_position;
  return parseResponse(CampaignPage, await api('/campaigns/', { query }));
}

export async function getCampaign(id: number): Promise<Campaign> {
  return parseResponse(Campaign, await api(`/campaigns/${id}`));
}

export type CampaignFields = {
  name: string;
  screen_position: DevicePosition;
};

/** POST /campaigns/create/ or PUT /campaigns/{id}; refusals (400, 409) resolve with their code. */
export function saveCampaign(id: number | null, fields: CampaignFields): Promise<WriteOutcome<Campaign>> {
  const body = { name: fields.name.trim(), screen_position: fields.screen_position, user: 1 };
  const write = id === null ? api('/campaigns/create/', { method: 'POST', body }) : api(`/campaigns/${id}`, { method: 'PUT', body });
  return writeOutcome(write.then((data) => parseResponse(Campaign, data)));
}

export async function deleteCampaign(id: number): Promise<void> {
  await api(`/campaigns/${id}`, { method: 'DELETE' });
}

/** One side's query on the campaign devices page. */
export interface SideQuery {
  search?: string;
  status?: Extract<DeviceStatus, 'online' | 'offline'>;
  page: number;
  page_size: number;
}

/** PUT /campaigns/{id}/devices/: the whole participating set. */
export function saveCampaignDevices(id: number, devices: number[]): Promise<WriteOutcome<CampaignDevicesSaved>> {
  return writeOutcome(api(`/campaigns/${id}/devices/`, { method: 'PUT', body: { devices, user: 1 } }).then((data) => parseResponse(CampaignDevicesSaved, data)));
}

/** POST /campaigns/{id}/devices/match/: which devices spreadsheet cells name. */
export async function matchCampaignDevices(id: number, values: string[]): Promise<CampaignMatch> {
  const answer = parseResponse(CampaignMatchEnvelope, await api(`/campaigns/${id}/devices/match/`, { method: 'POST', body: { values } }));
  // A device the quick check refuses goes through the schema, which says what is wrong with it.
  for (const device of answer.devices) if (!isMatchedDevice(device)) parseResponse(MatchedDevice, device);
  return answer as CampaignMatch;
}

/** POST /campaigns/{id}/multiply/ */
export async function multiplyCampaign(id: number, campaigns: number[]): Promise<MultiplyResult> {
  return parseResponse(MultiplyResult, await api(`/campaigns/${id}/multiply/`, { method: 'POST', body: { campaigns, user: 1 } }));
}

/** GET /campaigns/{id}/report/: the xlsx of a period, headers in the given language. */
export async function downloadCampaignReport(id: number, period: { from: string; to: string; lang: string }): Promise<Blob> {
  return api<Blob, 'blob'>(`/campaigns/${id}/report/`, { query: { from: period.from, to: period.to, lang: period.lang }, responseType: 'blob' });
}
