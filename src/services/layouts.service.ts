import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import { listMedia } from './media.service.ts';
import { listPlaylists } from './playlists.service.ts';
import type { PageOf } from './schemas/common.ts';
import { Layout, LayoutCommitResult, LayoutDetail, LayoutPage, type LayoutCreateBody, type LayoutUpdateBody, type Zone } from './schemas/layouts.ts';
import type { ScreenPosition } from './schemas/media.ts';
import { Preflight } from './schemas/playback.ts';
import { WebPageCheck } from './schemas/widgets.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Layout, LayoutDetail, LayoutCommitResult, Zone };

/** A zone as the editor sends it: without `id`, a new zone. */
export type ZoneBody = NonNullable<LayoutCreateBody['zones']>[number];
/** What a new layout or the editor's save sends. */
export type LayoutBody = LayoutCreateBody;

export interface LayoutListParams {
  page: number;
  page_size?: number;
  search?: string;
  screen_position?: ScreenPosition;
  /** 'true': only layouts whose draft is their committed version. */
  committed?: 'true' | 'false';
}

/** GET /layouts/ (paged; search by name, screen position). */
export async function listLayouts(params: LayoutListParams): Promise<PageOf<Layout>> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.screen_position) query.screen_position = params.screen_position;
  if (params.committed) query.committed = params.committed;
  return parseResponse(LayoutPage, await api('/layouts/', { query }));
}

/** GET /layouts/{id}: the layout with its zones. */
export async function getLayout(id: number): Promise<Layout> {
  return parseResponse(Layout, await api(`/layouts/${id}`));
}

/** GET /layouts/{id}/detail/: the layout with each zone's content named (what the editor opens). */
export async function getLayoutDetail(id: number): Promise<LayoutDetail> {
  return parseResponse(LayoutDetail, await api(`/layouts/${id}/detail/`));
}

/** POST /layouts/create/. Refusals resolve `{ ok: false, code, fields }`. */
export function createLayout(body: LayoutBody): Promise<WriteOutcome<Layout>> {
  return writeOutcome(api('/layouts/create/', { method: 'POST', body }).then((answer) => parseResponse(Layout, answer)));
}

/** PUT /layouts/{id}: the whole draft (name, background, every zone). Refusals resolve `{ ok: false, code, fields }`. */
export function updateLayout(id: number, body: LayoutUpdateBody): Promise<WriteOutcome<Layout>> {
  return writeOutcome(api(`/layouts/${id}`, { method: 'PUT', body }).then((answer) => parseResponse(Layout, answer)));
}

/** A copy of a layout as a new draft: the same size, background and zones, named by the caller. */
export async function duplicateLayout(id: number, name: string): Promise<WriteOutcome<Layout>> {
  const source = await getLayout(id);
  return createLayout({
    name,
    screen_position: source.screen_position,
    width: source.width,
    height: source.height,
    background: source.background,
    zones: source.zones.map(({ name: zoneName, x, y, width, height, z, content }) => ({
      name: zoneName,
      x,
      y,
      width,
      height,
      z,
      content: content ?? null,
    })),
  });
}

export type DeleteLayoutResult = { ok: true } | { ok: false; reason: string };

/** DELETE /layouts/{id}; one an event uses is refused (`layout_in_use`). */
export async function deleteLayout(id: number): Promise<DeleteLayoutResult> {
  try {
    await api(`/layouts/${id}`, { method: 'DELETE' });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 409 || error.status === 400)) return { ok: false, reason: error.code };
    throw error;
  }
}

/** POST /layouts/{id}/commit/: `{changed, version}`; 409 `uncommitted_playlists` or `zone_empty` (nothing committed). */
export async function commitLayout(id: number): Promise<LayoutCommitResult> {
  return parseResponse(LayoutCommitResult, await api(`/layouts/${id}/commit/`, { method: 'POST' }));
}

/** GET /layouts/{id}/commit/preview/: what committing the layout as saved would leave unplayable on its screens. */
export async function previewLayoutCommit(id: number): Promise<Preflight> {
  return parseResponse(Preflight, await api(`/layouts/${id}/commit/preview/`));
}

/** How many options a zone's content picker lists at a time. */
export const CONTENT_OPTIONS_PAGE = 20;

export interface ContentSearchQuery {
  kind: 'playlist' | 'media';
  screen_position: ScreenPosition;
  search: string;
  /** The content chosen now: listed first when no search narrows the list. */
  chosen: number[];
}

export interface ContentOption {
  id: number;
  name: string;
  committed?: boolean;
}

/**
 * One search of a zone's content picker, on the server as the scheduler's pickers search: the playlists of the
 * layout's screen position, or the media files ready to play, by name.
 */
export async function searchZoneContent(query: ContentSearchQuery): Promise<{ count: number; results: ContentOption[] }> {
  const search = query.search.trim() || undefined;
  if (query.kind === 'playlist') {
    const page = await listPlaylists({ page: 1, page_size: CONTENT_OPTIONS_PAGE, search, screen_position: query.screen_position });
    return { count: page.count, results: page.results.map(({ id, name, committed }) => ({ id, name, committed })) };
  }
  const page = await listMedia({ page: 1, page_size: CONTENT_OPTIONS_PAGE, search });
  return { count: page.count, results: page.results.map(({ id, name }) => ({ id, name })) };
}

/** POST /widgets/web-page-check/: whether a web page widget's address will show in a screen's frame (read by the server). */
export async function checkWebPage(url: string): Promise<WebPageCheck> {
  return parseResponse(WebPageCheck, await api('/widgets/web-page-check/', { method: 'POST', body: { url } }));
}
