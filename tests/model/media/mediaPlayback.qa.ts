import { mediaPlaybackMachine } from '../../../src/machines/media/mediaPlayback.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /media/5';
const RETRY = `press ${text('media:details.playbackRetry')}`;

/** The screens section of a media file's page (MediaPlaybackSection.tsx, issue 24) in its fetch status. */
export default defineFetchQa({
  machine: mediaPlaybackMachine,
  file: 'src/machines/media/mediaPlayback.machine.ts',
  title: 'What the screens report about a media file (its page\'s Screens section)',
  open: { words: OPEN, params: 5, calls: 'load: {"params":5}' },
  other: { words: RETRY, params: 5, calls: 'load: {"params":5}' },
  answer: { words: 'the server answers: no screen plays it, none failed', data: { playing_devices: 0, failures: [] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'media',
  preconditions: { start: { route: '/media/5 (press the name of media file 5 in /media)', user: 'admin (or a user with media view rights)', data: 'media file 5, in no playlist any device plays, with no playback failure reported' } },
  howTo: {
    [OPEN]: 'open /media, press the name of media file 5 (its page opens and the section asks the server)',
    [OFFLINE.words]: blocked('*/media/files/5/playback/*', 'open /media/5 (or press Retry)'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already (opening it again starts its section over)', updating: 'the page is open already', complete: 'the page is open already; the section has no reload button' },
    [RETRY]: { initial: `${text('media:details.playbackRetry')} is shown only once the section failed`, loading: `${text('media:details.playbackRetry')} is shown only once the section failed`, updating: `${text('media:details.playbackRetry')} is shown only once the section failed`, complete: `${text('media:details.playbackRetry')} is shown only once the section failed` },
  },
  screen: {
    loading: [`under the heading ${text('media:details.screens')}, the spinner ${text('common:loading')}`],
    answer: [`under ${text('media:details.screens')}: ${text('media:details.playingNowhere')}`, `${text('media:details.failures')}: ${text('media:details.noFailures')}`],
    forbidden: [`under ${text('media:details.screens')}, in red: ${text('media:details.playbackLoadError')} with the button ${text('media:details.playbackRetry')}`],
  },
});
