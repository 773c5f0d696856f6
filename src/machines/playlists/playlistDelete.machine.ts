import { deletePlaylist } from '../../services/playlists.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a playlist after the confirmation; one a campaign uses is refused (`playlist_in_use`). */
export const playlistDeleteMachine = createConfirmDeleteMachine('playlistDelete', deletePlaylist);
