import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import type { ContentOverview } from '../../services/contentOverview.service.ts';
import { listAllTracks, listDeviceGroups, listPlaylists, type PlaylistListParams } from '../../services/playlists.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import type { DeviceGroup, Playlist, TrackRow } from '../../services/schemas/playlists.ts';

export type { PlaylistListParams };

/** The playlists list: the spec's fetch status over GET /media/play_lists/ (search, screen position, committed state, page). */
export const playlistListMachine = createFetchStatusMachine<PageOf<Playlist>, PlaylistListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listPlaylists(input.params)) },
});

export interface TrackListParams {
  page: number;
  search?: string;
}

/** Every track across playlists (/tracks). */
export const trackListMachine = createFetchStatusMachine<PageOf<TrackRow>, TrackListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listAllTracks(input.params)) },
});

/** The content overview (/content). */
export const contentOverviewMachine = createFetchStatusMachine<ContentOverview, null>(null).provide({
  // Its service (with the media one) loads with /content, not with every screen that uses this module's machines (issue 37).
  actors: { load: fromPromise(() => import('../../services/contentOverview.service.ts').then(({ loadContentOverview }) => loadContentOverview())) },
});

/** The campaigns, events and devices that play one playlist ("information about broadcasts"). */
export const deviceGroupsMachine = createFetchStatusMachine<PageOf<DeviceGroup>, { playlistId: number }>({ playlistId: 0 }).provide({
  actors: { load: fromPromise(({ input }) => listDeviceGroups(input.params.playlistId)) },
});
