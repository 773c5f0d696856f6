import { playlistListMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { defineFetchQa } from './fetchQa.ts';

/** The playlists list (section 2, "Playlists page": list and filter) over GET /media/play_lists/. */
export default defineFetchQa({
  machine: playlistListMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'The playlists list and its fetch status',
  open: { words: 'open the playlists', calls: 'load: {"params":{"page":1}}' },
  other: {
    words: 'show only vertical playlists that need a commit',
    params: { page: 1, screen_position: 'vertical', committed: 'false' },
    calls: 'load: {"params":{"page":1,"screen_position":"vertical","committed":"false"}}',
  },
  answer: { words: 'the server answers one playlist', data: { count: 1, next: null, previous: null, results: [{ id: 3, name: 'Morning' }] }, rows: 1 },
});
