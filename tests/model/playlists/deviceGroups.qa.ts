import { deviceGroupsMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { text } from '../qa/screen.ts';
import { defineFetchQa } from './fetchQa.ts';

/** "Information about broadcasts": the campaigns, events and devices that play a playlist. */
export default defineFetchQa({
  machine: deviceGroupsMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'Information about broadcasts and its fetch status',
  open: { words: 'open playlist 4', params: { playlistId: 4 }, calls: 'load: {"params":{"playlistId":4}}' },
  other: { words: 'open playlist 9', params: { playlistId: 9 }, calls: 'load: {"params":{"playlistId":9}}' },
  answer: { words: 'no campaign plays it yet', data: { count: 0, next: null, previous: null, results: [] }, rows: 0 },
  namespace: 'playlists',
  preconditions: { start: { route: '/playlists/4', user: 'admin (or a user with playlists rights)', data: 'playlists 4 and 9, neither scheduled in any campaign' } },
  howTo: {
    'open playlist 4': 'open /playlists/4',
    'open playlist 9': 'open /playlists/9',
    'the server refuses (403 forbidden)': 'in the devtools Network tab, block the request URL /api/v1/media/play_list_with_tracks/4/device_groups/ and reload',
  },
  screen: {
    loading: [`${text('playlists:broadcasts.title')} with nothing under it yet`],
    answer: [`under ${text('playlists:broadcasts.title')}: ${text('playlists:broadcasts.none')}`],
    forbidden: [`under ${text('playlists:broadcasts.title')}: ${text('playlists:broadcasts.loadError')} and ${text('playlists:actions.retry')}`],
  },
});
