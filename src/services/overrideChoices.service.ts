import { listLayouts } from './layouts.service.ts';
import { listMedia } from './media.service.ts';
import { listPlaylists } from './playlists.service.ts';
import type { OptionSearchQuery, OptionSearchResult } from './scheduler.ts';

/*
 * The override dialog's pickers, apart from services/overrides.service.ts: the devices list reads the running overrides
 * at first paint, and the media, playlists and layouts services (with their schemas) come only with the dialog (issue 37).
 */

/** How many media files and playlists one search of the start dialog lists (the rest are found by typing). */
export const OVERRIDE_CHOICES = 20;

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
