import { playlistDeleteMachine } from '../../../src/machines/playlists/playlistDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a used playlist stays. */
export default confirmDeleteQa({
  machine: playlistDeleteMachine,
  file: 'src/machines/playlists/playlistDelete.machine.ts',
  title: 'Deleting a playlist',
  name: 'Morning',
  refused: 'the server refuses: a campaign uses it',
  reason: 'playlist_in_use',
  namespace: 'playlists',
  preconditions: { start: { route: '/playlists', user: 'admin (or a user with playlists edit rights)', data: 'a playlist "Morning" used by no campaign; press "Delete Morning" on its row' } },
  howTo: { 'the server refuses: a campaign uses it': 'schedule "Morning" in a campaign\'s calendar first' },
  refusedScreen: [`an error toast ${text('playlists:errors.playlist_in_use')}`],
});
