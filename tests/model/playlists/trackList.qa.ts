import { trackListMachine } from '../../../src/machines/playlists/playlistList.machine.ts';
import { defineFetchQa } from './fetchQa.ts';

/** Every track across playlists (/tracks), searchable. */
export default defineFetchQa({
  machine: trackListMachine,
  file: 'src/machines/playlists/playlistList.machine.ts',
  title: 'All tracks and their fetch status',
  open: { words: 'open the tracks', calls: 'load: {"params":{"page":1}}' },
  other: { words: 'search "menu"', params: { page: 1, search: 'menu' }, calls: 'load: {"params":{"page":1,"search":"menu"}}' },
  answer: { words: 'the server answers two tracks', data: { count: 2, next: null, previous: null, results: [{ id: 1 }, { id: 2 }] }, rows: 2 },
});
