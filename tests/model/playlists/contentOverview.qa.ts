import { contentOverviewMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { defineFetchQa } from './fetchQa.ts';

/** The content overview (/content): counts, latest uploads, playlists waiting for a commit. */
export default defineFetchQa({
  machine: contentOverviewMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'The content overview and its fetch status',
  open: { words: 'open the content overview', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again"', params: null, calls: 'load: {"params":null}' },
  answer: {
    words: 'the server answers the counts',
    data: { media: { processing: 1, ready_to_play: 2, playing: 0, failed: 0 }, playlists: { committed: 1, uncommitted: 1 }, recentUploads: [], waiting: [] },
    rows: 1,
  },
});
