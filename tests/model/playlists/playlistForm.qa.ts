import { playlistFormInput, playlistFormMachine } from '../../../src/machines/playlists/playlistForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

/** Section 5: a playlist name is required and at most 30 characters, Cyrillic counted like Latin. */
export default defineFormQa({
  machine: playlistFormMachine,
  file: 'src/machines/playlists/playlistForm.machine.ts',
  title: 'The add-playlist form',
  req: { 'type a 31-character name': ['S5-3'], 'the server refuses: the playlist has tracks': ['S5-8'] },
  input: playlistFormInput(null),
  valid: { words: 'type the name "Утренний эфир, северные крылья" (30 characters)', field: 'name', value: 'Утренний эфир, северные крылья' },
  invalid: { words: 'type a 31-character name', field: 'name', value: 'Утренний эфир, северные крылья!', errors: { name: 'too_long' } },
  // A name is required and at most 30 characters (spec section 9).
  errors: (fields) => (String(fields.name).trim() === '' ? { name: 'required' } : { name: 'too_long' }),
  sendable: (fields) => {
    const name = String(fields.name).trim();
    return name !== '' && [...name].length <= 30;
  },
  saved: { id: 5, name: 'Утренний эфир, северные крылья' },
  refusal: { words: 'the server refuses: the playlist has tracks', code: 'playlist_has_tracks', fields: { screen_position: 'playlist_has_tracks' } },
});
