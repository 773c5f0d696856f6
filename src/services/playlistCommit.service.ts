import { api, parseResponse } from './http.ts';
import { Preflight } from './schemas/playback.ts';

// Apart from playlists.service.ts: the playlists list does not need the playback schemas (issue 37).

/** GET /media/play_lists/{id}/commit/preview/: what committing now would leave unplayable on the playlist's screens (issue 35). */
export async function previewCommit(id: number): Promise<Preflight> {
  return parseResponse(Preflight, await api(`/media/play_lists/${id}/commit/preview/`));
}
