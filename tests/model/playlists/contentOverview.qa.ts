import { contentOverviewMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { text } from '../qa/screen.ts';
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
  namespace: 'playlists',
  preconditions: { start: { route: '/content', user: 'admin (or a user with media or playlists rights)', data: '3 media files (1 processing, 2 ready to play), one committed and one uncommitted playlist' } },
  howTo: {
    'open the content overview': 'open /content from the sidebar',
    'the server refuses (403 forbidden)': 'sign in as a user with no media and no playlists rights and open /content',
  },
  offScreen: {
    'press "Try again"': { initial: '"Try again" is shown only after the load failed', loading: '"Try again" is shown only after the load failed', updating: '"Try again" is shown only after the load failed', complete: '"Try again" is shown only after the load failed' },
    'open the content overview': { loading: 'the page is open already and loading', updating: 'the page is open already', complete: 'the page is open already; no button loads it again' },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under ${text('screens:titles.content')}`],
    answer: [
      `${text('playlists:content.mediaTitle')}: ${text('playlists:content.media.processing')} ${text('playlists:content.files_one', { count: 1 })}, ${text('playlists:content.media.ready_to_play')} ${text('playlists:content.files_other', { count: 2 })}`,
      `${text('playlists:content.playlistsTitle')}: ${text('playlists:content.committed')} ${text('playlists:content.playlists_one', { count: 1 })}, ${text('playlists:content.uncommitted')} ${text('playlists:content.playlists_one', { count: 1 })}`,
    ],
    forbidden: [`"${text('playlists:content.loadError').slice(1, -1)}: ${text('common:errors.forbidden').slice(1, -1)}" and ${text('playlists:actions.retry')}`],
  },
});
