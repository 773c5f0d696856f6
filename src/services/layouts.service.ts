import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import { listMedia } from './media.service.ts';
import { listPlaylists } from './playlists.service.ts';
import { array, boolean, enums, integer, min, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { Id, Page, type PageOf } from './schemas/common.ts';
import { ScreenPosition } from './schemas/media.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

/*
 * The answers of the /layouts/ routes (issue 36), checked as they arrive. `type` rather than `object`: the server may
 * add fields (the detail's previews) without breaking the editor.
 */
export const ZONE_CONTENT_KINDS = ['playlist', 'media'] as const;
export const ZoneContentKind = enums(ZONE_CONTENT_KINDS);

/** A zone's content as the server answers it: the playlist or media id, with its name for the editor. */
export const ZoneContent = type({ kind: ZoneContentKind, id: Id, name: optional(nullable(string())) });
export type ZoneContent = Infer<typeof ZoneContent>;

export const Zone = type({
  id: Id,
  name: string(),
  x: min(integer(), 0),
  y: min(integer(), 0),
  width: min(integer(), 1),
  height: min(integer(), 1),
  z: integer(),
  content: nullable(ZoneContent),
});
export type Zone = Infer<typeof Zone>;

export const Layout = type({
  id: Id,
  name: string(),
  company: optional(nullable(Id)),
  screen_position: ScreenPosition,
  width: min(integer(), 1),
  height: min(integer(), 1),
  background: optional(nullable(string())),
  zones: array(Zone),
  version: min(integer(), 0),
  committed: boolean(),
  created_at: string(),
  updated_at: string(),
});
export type Layout = Infer<typeof Layout>;
export const LayoutPage = Page(Layout);

export const LayoutCommitResult = type({ changed: boolean(), version: number() });
export type LayoutCommitResult = Infer<typeof LayoutCommitResult>;

/** A zone as the editor sends it: no id for a new zone. */
export interface ZoneBody {
  id?: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  content: { kind: 'playlist' | 'media'; id: number } | null;
}

export interface LayoutBody {
  name: string;
  screen_position: ScreenPosition;
  width: number;
  height: number;
  background?: string | null;
  zones: ZoneBody[];
}

export interface LayoutListParams {
  page: number;
  page_size?: number;
  search?: string;
  screen_position?: ScreenPosition;
}

/** GET /layouts/ (paged; search by name, screen position). */
export async function listLayouts(params: LayoutListParams): Promise<PageOf<Layout>> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.screen_position) query.screen_position = params.screen_position;
  return parseResponse(LayoutPage, await api('/layouts/', { query }));
}

/** GET /layouts/{id}: the layout with its zones. */
export async function getLayout(id: number): Promise<Layout> {
  return parseResponse(Layout, await api(`/layouts/${id}`));
}

/** POST /layouts/create/. Refusals resolve `{ ok: false, code, fields }`. */
export function createLayout(body: LayoutBody): Promise<WriteOutcome<Layout>> {
  return writeOutcome(api('/layouts/create/', { method: 'POST', body }).then((answer) => parseResponse(Layout, answer)));
}

/** PUT /layouts/{id}: the whole draft (name, background, every zone). Refusals resolve `{ ok: false, code, fields }`. */
export function updateLayout(id: number, body: Partial<LayoutBody>): Promise<WriteOutcome<Layout>> {
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
    background: source.background ?? null,
    zones: source.zones.map(({ name: zoneName, x, y, width, height, z, content }) => ({
      name: zoneName,
      x,
      y,
      width,
      height,
      z,
      content: content ? { kind: content.kind, id: content.id } : null,
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

/** POST /layouts/{id}/commit/: `{changed, version}`; 409 while a zone's playlist is not committed. */
export async function commitLayout(id: number): Promise<LayoutCommitResult> {
  return parseResponse(LayoutCommitResult, await api(`/layouts/${id}/commit/`, { method: 'POST' }));
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
