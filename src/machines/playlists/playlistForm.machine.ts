import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { savePlaylist } from '../../services/playlists.service.ts';
import { playlistNameError, type Playlist } from '../../services/schemas/playlists.ts';

export type PlaylistFields = {
  name: string;
  screen_position: Playlist['screen_position'];
};

/** Section 5: the name is required and at most 30 characters (the server checks the same rule). */
export function playlistFieldErrors(fields: PlaylistFields): FieldErrors {
  const name = playlistNameError(fields.name);
  return name ? { name } : {};
}

export function playlistFormInput(playlist: Playlist | null): { id: number | null; fields: PlaylistFields } {
  return playlist
    ? { id: playlist.id, fields: { name: playlist.name, screen_position: playlist.screen_position } }
    : { id: null, fields: { name: '', screen_position: 'horizontal' } };
}

/** Add or edit a playlist (name, screen position). */
export const playlistFormMachine = createFormMachine<PlaylistFields, Playlist>({
  id: 'playlistForm',
  validate: playlistFieldErrors,
  save: ({ id, fields }) => savePlaylist(id, { name: fields.name.trim(), screen_position: fields.screen_position }),
});
