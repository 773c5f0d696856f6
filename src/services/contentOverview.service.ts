import { listMedia } from './media.service.ts';
import { listPlaylists } from './playlists.service.ts';
import type { MediaFile, MediaStatus } from './schemas/media.ts';
import type { Playlist } from './schemas/playlists.ts';

// Apart from playlists.service.ts: the playlists list does not need the media service (issue 37).

export interface ContentOverview {
  media: Record<MediaStatus, number>;
  playlists: { committed: number; uncommitted: number };
  recentUploads: MediaFile[];
  waiting: Playlist[];
}

const RECENT = 5;

/** The /content overview: media counts by status, playlists by committed state, recent uploads, playlists to commit. */
export async function loadContentOverview(): Promise<ContentOverview> {
  const statuses: MediaStatus[] = ['processing', 'ready_to_play', 'playing', 'failed'];
  const [counts, recent, committed, waiting] = await Promise.all([
    Promise.all(statuses.map((status) => listMedia({ page: 1, page_size: 1, status }))),
    listMedia({ page: 1, page_size: RECENT, ordering: '-uploaded' }),
    listPlaylists({ page: 1, page_size: 1, committed: 'true' }),
    listPlaylists({ page: 1, page_size: RECENT, committed: 'false' }),
  ]);
  return {
    media: Object.fromEntries(statuses.map((status, i) => [status, counts[i]!.count])) as Record<MediaStatus, number>,
    playlists: { committed: committed.count, uncommitted: waiting.count },
    recentUploads: recent.results,
    waiting: waiting.results,
  };
}
