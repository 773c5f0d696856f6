import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getMediaPlayback, type MediaPlayback } from '../../services/playback.service.ts';

/** The screens section of /media/{id} (MediaPlaybackSection.tsx): how many screens play the file now and the ones that skipped it, in one fetch status (params: the media id). */
export const mediaPlaybackMachine = createFetchStatusMachine<MediaPlayback, number>().provide({
  actors: { load: fromPromise(({ input }) => getMediaPlayback(input.params)) },
});
