import { playlistListMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { text } from '../qa/screen.ts';
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
  namespace: 'playlists',
  preconditions: { start: { route: '/playlists', user: 'admin (or a user with playlists rights)', data: 'a horizontal playlist Morning (committed) and a vertical one that needs a commit' } },
  howTo: {
    'open the playlists': 'open /playlists from the sidebar (after a failure: press "Try again")',
    'show only vertical playlists that need a commit': `choose ${text('playlists:positions.vertical')} under ${text('playlists:filters.position')} and ${text('playlists:filters.uncommittedOnly')} under ${text('playlists:filters.committed')}`,
    'the server refuses (403 forbidden)': 'sign in as a user without playlists rights and open /playlists',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')}`],
    answer: [`the table ${text('playlists:list.label')} with the row Morning: ${text('playlists:fields.name')}, ${text('playlists:fields.screen_position')}, ${text('playlists:fields.tracks')}`],
    forbidden: [`${text('common:errors.forbidden')} and the button ${text('playlists:actions.retry')}`],
  },
});
