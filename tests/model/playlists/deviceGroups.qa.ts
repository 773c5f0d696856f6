import { deviceGroupsMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { defineFetchQa } from './fetchQa.ts';

/** "Information about broadcasts": the campaigns, events and devices that play a playlist. */
export default defineFetchQa({
  machine: deviceGroupsMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'Information about broadcasts and its fetch status',
  open: { words: 'open playlist 4', params: { playlistId: 4 }, calls: 'load: {"params":{"playlistId":4}}' },
  other: { words: 'open playlist 9', params: { playlistId: 9 }, calls: 'load: {"params":{"playlistId":9}}' },
  answer: { words: 'no campaign plays it yet', data: { count: 0, next: null, previous: null, results: [] }, rows: 0 },
});
