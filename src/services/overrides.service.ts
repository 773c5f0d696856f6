import { api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import { Override, type OverrideCreateBody } from './schemas/overrides.ts';
import { Page } from './schemas/common.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Override };

/** How many running overrides one read lists (a fleet rarely has more than a handful at once). */
export const OVERRIDES_PAGE = 500;

const OverridePage = Page(Override);

/** GET /overrides/: the running overrides of the caller's companies, or those reaching one device. */
export async function listOverrides(device?: number): Promise<Override[]> {
  const query: Record<string, number> = { page_size: OVERRIDES_PAGE };
  if (device !== undefined) query.device = device;
  return (parseResponse(OverridePage, await api('/overrides/', { query })) as PageOf<Override>).results;
}

/** POST /overrides/create/: refusals (400, 409) resolve `{ ok: false, code }`. */
export function startOverride(body: OverrideCreateBody): Promise<WriteOutcome<Override>> {
  return writeOutcome(api('/overrides/create/', { method: 'POST', body }).then((answer) => parseResponse(Override, answer)));
}

/** POST /overrides/{id}/clear/: 409 `override_not_active` resolves as a refusal. */
export function clearOverride(id: number): Promise<WriteOutcome<Override>> {
  return writeOutcome(api(`/overrides/${id}/clear/`, { method: 'POST' }).then((answer) => parseResponse(Override, answer)));
}
