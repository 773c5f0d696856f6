import { playlistFormInput, playlistFormMachine } from '../../../src/machines/playlists/playlistForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

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
  namespace: 'playlists',
  preconditions: { start: { route: '/playlists', user: 'admin (or a user with playlists edit rights)', data: `no data needed; press ${text('playlists:actions.add')}` } },
  howTo: {
    'the server refuses: the playlist has tracks':
      'edit a playlist with tracks instead ("Edit" on its row), and in another tab change nothing; the screen position field is locked there, so choose the other position through the devtools (remove the disabled attribute) before pressing "Save"',
  },
  screen: {
    open: [`the dialog ${text('playlists:form.addTitle')} with ${text('playlists:fields.name')} empty (hint ${text('playlists:form.nameHint')}) and ${text('playlists:fields.screen_position')}`],
    valid: [`${text('playlists:fields.name')} reads Утренний эфир, северные крылья`],
    invalid: [`${text('playlists:fields.name')} reads Утренний эфир, северные крылья! (31 characters); no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`playlists:fields.${field}`)}: ${text(`playlists:validation.${code}`)}`),
    offline: [`the line ${text('common:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('playlists:messages.saved')}`, 'the new playlist\'s page /playlists/5'],
  },
});
