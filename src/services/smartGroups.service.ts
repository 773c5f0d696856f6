import { api, parseResponse } from './http.ts';
import { DeviceListPage } from './schemas/devices.ts';
import { SmartGroup, SmartGroupPage, type SmartGroupCreateBody, type SmartGroupRule, type SmartGroupUpdateBody } from './schemas/smartGroups.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { SmartGroup, SmartGroupRule };

/** GET /device-groups/smart/: the smart groups of the user's companies (the first 100, by name). */
export async function listSmartGroups(): Promise<SmartGroup[]> {
  return parseResponse(SmartGroupPage, await api('/device-groups/smart/', { query: { page_size: 100 } })).results;
}

/** POST /device-groups/smart/create/ or PUT /device-groups/smart/{id}: refusals (400, 409 name_taken) resolve, others reject. */
export function saveSmartGroup(id: number | null, body: SmartGroupCreateBody | SmartGroupUpdateBody): Promise<WriteOutcome<SmartGroup>> {
  const request = id === null ? api('/device-groups/smart/create/', { method: 'POST', body }) : api(`/device-groups/smart/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(SmartGroup, answer)));
}

/** DELETE /device-groups/smart/{id}: a group a campaign targets is refused (smart_group_in_campaign). */
export async function deleteSmartGroup(id: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const outcome = await writeOutcome(api(`/device-groups/smart/${id}`, { method: 'DELETE' }));
  return outcome.ok ? { ok: true } : { ok: false, reason: outcome.code };
}

/** POST /device-groups/smart/preview/: how many devices a rule holds now and the first of them (before it is saved). */
export async function previewSmartGroup(rule: SmartGroupRule, company?: number | null): Promise<DeviceListPage> {
  return parseResponse(DeviceListPage, await api('/device-groups/smart/preview/', { method: 'POST', body: { rule, ...(company ? { company } : {}) }, query: { page_size: 5 } }));
}
