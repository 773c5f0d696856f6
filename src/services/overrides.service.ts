import { api, parseResponse } from './http.ts';
import { listMedia } from './media.service.ts';
import type { OptionSearchQuery, OptionSearchResult } from './scheduler.ts';
import { listLayouts } from './layouts.service.ts';
import { listPlaylists } from './playlists.service.ts';
import type { PageOf } from './schemas/common.ts';
import { Override, type OverrideCreateBody } from './schemas/overrides.ts';
import { Page } from './schemas/common.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Override };

/** How many running overrides one read lists (a fleet rarely has more than a handful at once). */
export const OVERRIDES_PAGE = 500;
/** How many media files and playlists one search of the start dialog lists (the rest are found by typing). */
export const OVERRIDE_CHOICES = 20;

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

/**
 * One search of the start dialog's pickers (optionSearchMachine's query; `chosen` and `campaign` are not used): ready
 * media files (ready to play or playing: two reads, merged by name), committed playlists or layouts whose names contain the
 * text, the first OVERRIDE_CHOICES of each read, and how many match in all.
 */
export async function searchOverrideChoices(query: Pick<OptionSearchQuery, 'kind' | 'search'>): Promise<OptionSearchResult> {
  const search = query.search.trim();
  const paging = { page: 1, page_size: OVERRIDE_CHOICES, ...(search ? { search } : {}) };
  if (query.kind === 'playlists') {
    const page = await listPlaylists({ ...paging, committed: 'true' });
    return { count: page.count, results: page.results.map(({ id, name }) => ({ id, name })) };
  }
  if (query.kind === 'layouts') {
    const page = await listLayouts({ ...paging, committed: 'true' });
    return { count: page.count, results: page.results.map(({ id, name }) => ({ id, name })) };
  }
  const pages = await Promise.all([listMedia({ ...paging, status: 'ready_to_play', ordering: 'name' }), listMedia({ ...paging, status: 'playing', ordering: 'name' })]);
  const results = pages
    .flatMap((page) => page.results.map(({ id, name }) => ({ id, name })))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { count: pages[0].count + pages[1].count, results };
}
