import { mediaEditMachine, type MediaEditContext } from '../../../src/machines/media/mediaEdit.machine.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { mediaFile } from './fixtures.ts';

const NAME = 'type the name "Intro"';
const BLANK = 'clear the name';
const SAVE = 'press "Save"';
const CANCEL = 'press "Cancel"';
const SAVED = 'the server saves the file';
const REFUSED = 'the server refuses: the name is too long';
const OFFLINE = 'the network is down during the save';

/** Section 6, the edit-media form. */
export default defineQa({
  machine: mediaEditMachine,
  file: 'src/machines/media/mediaEdit.machine.ts',
  title: 'The edit-media form',
  actors: ['saveMedia'],
  recorded: ['saved', 'closed'],
  input: { media: mediaFile() },
  events: {
    [NAME]: { type: 'edit.change', field: 'name', value: 'Intro' },
    [BLANK]: { type: 'edit.change', field: 'name', value: '   ' },
    [SAVE]: { type: 'edit.save' },
    [CANCEL]: { type: 'edit.cancel' },
    [SAVED]: done('saveMedia', { ok: true, media: mediaFile({ name: 'Intro' }) }),
    [REFUSED]: done('saveMedia', { ok: false, reason: 'validation', fields: { name: 'too_long' } }),
    [OFFLINE]: error('saveMedia', new TypeError('Failed to fetch')),
  },
  initial: { start: { to: 'editing', see: { name: 'Clip', fieldErrors: {} } } },
  expect: {
    editing: {
      [NAME]: { to: 'editing', see: { name: 'Intro' } },
      [BLANK]: 'editing',
      // A name is required: a blank one is shown as such and nothing is sent.
      [SAVE]: (context: MediaEditContext) =>
        context.fields.name.trim()
          ? { to: 'saving', see: { busy: true }, calls: [`saveMedia: ${JSON.stringify({ id: 3, fields: context.fields })}`] }
          : { to: 'editing', see: { fieldErrors: { name: 'required' } }, calls: [] },
      [CANCEL]: { to: 'closed', calls: ['closed'] },
    },
    saving: {
      [SAVED]: { to: 'closed', calls: [`saved: ${JSON.stringify({ media: mediaFile({ name: 'Intro' }) })}`, 'closed'] },
      [REFUSED]: { to: 'editing', see: { fieldErrors: { name: 'too_long' }, busy: false } },
      [OFFLINE]: { to: 'editing', see: { error: 'network_error' } },
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    name: snapshot.context.fields.name,
    fieldErrors: snapshot.context.fieldErrors,
    error: snapshot.context.error,
  }),
});
