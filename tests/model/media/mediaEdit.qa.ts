import { mediaEditInput, mediaEditMachine } from '../../../src/machines/media/mediaEdit.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
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
});
