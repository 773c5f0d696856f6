import { array } from 'superstruct';
import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import {
  CommitResult,
  DeviceGroupPage,
  Playlist,
  PlaylistDetail,
  PlaylistPage,
  Track,
  TrackRowPage,
  type DeviceGroup,
  type PlaylistCreateBody,
  type PlaylistUpdateBody,
  type TrackRow,
} from './schemas/playlists.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Playlist, PlaylistDetail, Track, TrackRow, DeviceGroup };

export interface PlaylistListParams {
  page: number;
  page_size?: number;
  search?: string;
  screen_position?: Playlist['screen_position'];
  committed?: 'true' | 'false';
}

function listQuery(params: PlaylistListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.screen_position) query.screen_position = params.screen_position;
  if (params.committed) query.committed = params.committed;
  return query;
}

/** GET /media/play_lists/ (paged; search, screen position, committed state). */
export async function listPlaylists(params: PlaylistListParams): Promise<PageOf<Playlist>> {
  return parseResponse(PlaylistPage, await api('/media/play_lists/', { query: listQuery(params) }));
}

/** POST /media/play_lists/create/ or PUT /media/play_lists/{id}. Refusals resolve `{ ok: false, code, fields }`. */
export function savePlaylist(id: number | null, body: PlaylistCreateBody | PlaylistUpdateBody): Promise<WriteOutcome<Playlist>> {
  const request = id === null ? api('/media/play_lists/create/', { method: 'POST', body }) : api(`/media/play_lists/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(Playlist, answer)));
}

export type DeletePlaylistResult = { ok: true } | { ok: false; reason: 'playlist_in_use' };

/** DELETE /media/play_lists/{id}. */
export async function deletePlaylist(id: number): Promise<DeletePlaylistResult> {
  try {
    await api(`/media/play_lists/${id}`, { method: 'DELETE' });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'playlist_in_use') return { ok: false, reason: 'playlist_in_use' };
    throw error;
  }
}

/** GET media/play_list_detail/{id} (spelled without a leading slash in the spec): the playlist with its tracks and media. */
export async function getPlaylistDetail(id: number): Promise<PlaylistDetail> {
  return parseResponse(PlaylistDetail, await api(`media/play_list_detail/${id}`));
}

/** GET media/play_lists/{id}/commit/ (spelled without a leading slash): `{changed, version}`. */
export async function commitPlaylist(id: number): Promise<CommitResult> {
  return parseResponse(CommitResult, await api(`media/play_lists/${id}/commit/`));
}


/** GET /media/play_lists/{id}/tracks/. */
export async function listTracks(id: number): Promise<Track[]> {
  return parseResponse(array(Track), await api(`/media/play_lists/${id}/tracks/`));
}

/** POST /media/play_list_tracks/create/. Refusals (not ready, other screen position) resolve `{ ok: false }`. */
export function addTrack(body: { playlist: number; media: number; duration?: number }): Promise<WriteOutcome<Track>> {
  return writeOutcome(api('/media/play_list_tracks/create/', { method: 'POST', body }).then((answer) => parseResponse(Track, answer)));
}

/** PUT /media/play_list_tracks/{id}: an image track's seconds. */
export async function setTrackDuration(id: number, duration: number): Promise<Track> {
  return parseResponse(Track, await api(`/media/play_list_tracks/${id}`, { method: 'PUT', body: { duration } }));
}

/** DELETE /media/play_list_tracks/{id}. */
export async function removeTrack(id: number): Promise<void> {
  await api(`/media/play_list_tracks/${id}`, { method: 'DELETE' });
}

/** PUT /media/play_lists/{id}/change_position_tracks/ with every track id in the new order. */
export async function changeTrackPositions(id: number, positions: number[]): Promise<void> {
  await api(`/media/play_lists/${id}/change_position_tracks/`, { method: 'PUT', body: { positions } });
}

/** GET /media/play_list_with_tracks/{id}/device_groups/: the campaigns, events and devices that play the playlist. */
export async function listDeviceGroups(id: number): Promise<PageOf<DeviceGroup>> {
  return parseResponse(DeviceGroupPage, await api(`/media/play_list_with_tracks/${id}/device_groups/`, { query: { page: 1, page_size: 100 } }));
}

/** GET /media/play_list_tracks/: every track across playlists (the /tracks screen). */
export async function listAllTracks(params: { page: number; search?: string }): Promise<PageOf<TrackRow>> {
  const query: Record<string, string | number> = { page: params.page, page_size: DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  return parseResponse(TrackRowPage, await api('/media/play_list_tracks/', { query }));
}

