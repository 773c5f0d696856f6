import { trackListMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { text } from '../qa/screen.ts';
import { defineFetchQa } from './fetchQa.ts';

/** Every track across playlists (/tracks), searchable. */
export default defineFetchQa({
  machine: trackListMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'All tracks and their fetch status',
  open: { words: 'open the tracks', calls: 'load: {"params":{"page":1}}' },
  other: { words: 'search "menu"', params: { page: 1, search: 'menu' }, calls: 'load: {"params":{"page":1,"search":"menu"}}' },
  answer: { words: 'the server answers two tracks', data: { count: 2, next: null, previous: null, results: [{ id: 1 }, { id: 2 }] }, rows: 2 },
  namespace: 'playlists',
  preconditions: { start: { route: '/tracks', user: 'admin (or a user with playlists rights)', data: 'two tracks in playlists (one of a media file named Menu)' } },
  howTo: {
    'open the tracks': 'open /tracks from the sidebar (after a failure: press "Try again")',
    'search "menu"': 'type menu in "Search tracks"',
    'the server refuses (403 forbidden)': 'sign in as a user without playlists rights and open /tracks',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')}`],
    answer: [`the table ${text('playlists:tracks.label')} with 2 rows: ${text('playlists:fields.media')}, ${text('playlists:fields.playlist')}, ${text('playlists:fields.position')}, ${text('playlists:fields.duration')}`],
    forbidden: [`"${text('playlists:tracks.loadError').slice(1, -1)}: ${text('common:errors.forbidden').slice(1, -1)}" and ${text('playlists:actions.retry')}`],
  },
});
