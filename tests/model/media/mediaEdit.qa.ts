import { mediaEditInput, mediaEditMachine } from '../../../src/machines/media/mediaEdit.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { mediaFile } from './fixtures.ts';

/** Section 6, the edit-media form (the shared form shape): a name is required. */
export default defineFormQa({
  machine: mediaEditMachine,
  file: 'src/machines/media/mediaEdit.machine.ts',
  title: 'The edit-media form',
  req: { 'the server refuses: the name is too long': ['S8.2-21'], 'the network is down during the save': ['S8.2-21'] },
  input: mediaEditInput(mediaFile()),
  valid: { words: 'type the name "Intro"', field: 'name', value: 'Intro' },
  invalid: { words: 'clear the name', field: 'name', value: '   ', errors: { name: 'required' } },
  sendable: (fields) => String(fields.name).trim() !== '',
  saved: mediaFile({ name: 'Intro' }),
  refusal: { words: 'the server refuses: the name is too long', code: 'validation_error', fields: { name: 'too_long' } },
  namespace: 'media',
  preconditions: { start: { route: '/media/3', user: 'admin (or a user with media edit rights)', data: `media file 3 "Clip"; press ${text('media:actions.edit')}` } },
  howTo: { 'the server refuses: the name is too long': 'type a name of 300 characters (paste it) before pressing "Save"' },
  screen: {
    open: [`the dialog ${text('media:edit.title')} with ${text('media:fields.name')} Clip, ${text('media:fields.screen_position')}, ${text('media:fields.device_type')} and ${text('media:fields.description')}`],
    valid: [`${text('media:fields.name')} reads Intro`],
    invalid: [`${text('media:fields.name')} holds only spaces`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`media:fields.${field}`)}: ${text(code === 'required' ? 'common:validation.required' : 'media:validation.invalid')}`),
    offline: [`the line "${text('media:messages.editError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" above the buttons`],
    saved: [`the dialog closes; a success toast ${text('media:messages.editSuccess')}`, 'the page (or the row) shows Intro'],
  },
});
