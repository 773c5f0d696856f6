import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listMedia, type MediaListParams } from '../../services/media.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import type { MediaFile } from '../../services/schemas/media.ts';

export type { MediaListParams };

/** The media list: the spec's fetch status (initial, loading, updating, complete, error) over GET /media/files/. */
export const mediaListMachine = createFetchStatusMachine<PageOf<MediaFile>, MediaListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listMedia(input.params)) },
});
