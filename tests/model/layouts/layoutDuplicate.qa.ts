import { layoutDuplicateMachine } from '../../../src/machines/layouts/layoutDuplicate.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const TOO_LONG = 'Копия Лобби: основная, боковая и бегущая строка — вход (север)'; // 62 characters

/** Issue 36: "duplicate" copies a layout (its size and zones) as a new draft under the name typed. */
export default defineFormQa({
  machine: layoutDuplicateMachine,
  file: 'src/machines/layouts/layoutDuplicate.machine.ts',
  title: 'Duplicating a layout',
  input: { id: 3, fields: { name: 'Copy of Lobby' } },
  valid: { words: 'type the name "Lobby, winter"', field: 'name', value: 'Lobby, winter' },
  invalid: { words: 'type a 62-character name', field: 'name', value: TOO_LONG, errors: { name: 'too_long' } },
  errors: (fields) => (String(fields.name).trim() === '' ? { name: 'required' } : { name: 'too_long' }),
  sendable: (fields) => {
    const name = String(fields.name).trim();
    return name !== '' && [...name].length <= 60;
  },
  saved: { id: 8, name: 'Lobby, winter' },
  refusal: { words: 'the server refuses: the name is missing', code: 'validation_error', fields: { name: 'required' } },
  namespace: 'layouts',
  preconditions: { start: { route: '/layouts', user: 'admin (or a user with playlists edit rights)', data: 'a layout "Lobby" (id 3); press "Duplicate Lobby" on its row' } },
  offScreen: { 'the server refuses: the name is missing': 'the form sends no empty name: the server refuses only a request made outside the screen' },
  screen: {
    open: [`the dialog ${text('layouts:form.duplicateTitle', { name: 'Lobby' })} with ${text('layouts:fields.name')} ${text('layouts:form.copyName', { name: 'Lobby' })}`],
    valid: [`${text('layouts:fields.name')} reads Lobby, winter`],
    invalid: [`${text('layouts:fields.name')} reads ${TOO_LONG} (62 characters); no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([, code]) => `under ${text('layouts:fields.name')}: ${text(`layouts:validation.${code}`, { max: 60 })}`),
    offline: [`the line ${text('common:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('layouts:messages.duplicated')}`, 'the list shows Lobby, winter beside Lobby'],
    submit: text('layouts:actions.duplicate'),
  },
});
