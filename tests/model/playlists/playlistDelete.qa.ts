import { playlistDeleteMachine } from '../../../src/machines/playlists/playlistDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a used playlist stays. */
export default confirmDeleteQa({
  machine: playlistDeleteMachine,
  file: 'src/machines/playlists/playlistDelete.machine.ts',
  title: 'Deleting a playlist',
  name: 'Morning',
  refused: 'the server refuses: a campaign uses it',
  reason: 'playlist_in_use',
});
