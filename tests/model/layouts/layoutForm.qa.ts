import { layoutFormMachine, type LayoutFields } from '../../../src/machines/layouts/layoutForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const NAME = 'Лобби: основная, боковая и бегущая строка — вход'; // 48 characters
const TOO_LONG = `${NAME} (северное крыло)`; // 65 characters
const FIELDS: LayoutFields = {
  name: '',
  screen_position: 'horizontal',
  template: 'mainSideTicker',
  zoneNames: { main: 'Main', side: 'Side panel', ticker: 'Ticker', cell: 'Cell' },
};

/** Issue 36: a new layout (name required, at most 60 characters) from a template or the empty canvas. */
export default defineFormQa({
  machine: layoutFormMachine,
  file: 'src/machines/layouts/layoutForm.machine.ts',
  title: 'The new-layout form',
  input: { id: null, fields: FIELDS },
  valid: { words: `type the name "${NAME}"`, field: 'name', value: NAME },
  invalid: { words: 'type a 65-character name', field: 'name', value: TOO_LONG, errors: { name: 'too_long' } },
  errors: (fields) => (String(fields.name).trim() === '' ? { name: 'required' } : { name: 'too_long' }),
  sendable: (fields) => {
    const name = String(fields.name).trim();
    return name !== '' && [...name].length <= 60;
  },
  saved: { id: 5, name: NAME },
  refusal: { words: 'the server refuses: too many zones', code: 'too_many_zones', fields: { zones: 'too_many_zones' } },
  namespace: 'layouts',
  preconditions: { start: { route: '/layouts', user: 'admin (or a user with playlists edit rights)', data: `no data needed; press ${text('layouts:actions.add')}` } },
  offScreen: { 'the server refuses: too many zones': 'every template has at most 4 zones: the server refuses only a request made outside the screen' },
  screen: {
    open: [
      `the dialog ${text('layouts:form.addTitle')} with ${text('layouts:fields.name')} empty (hint ${text('layouts:form.nameHint', { max: 60 })}), ${text('layouts:fields.screen_position')} ${text('layouts:positions.horizontal')} and ${text('layouts:form.template')} ${text('layouts:templates.mainSideTicker')}`,
    ],
    valid: [`${text('layouts:fields.name')} reads ${NAME}`],
    invalid: [`${text('layouts:fields.name')} reads ${TOO_LONG} (65 characters); no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => (field === 'name' ? `under ${text('layouts:fields.name')}: ${text(`layouts:validation.${code}`, { max: 60 })}` : `the line ${text('common:errors.generic')}`)),
    offline: [`the line ${text('common:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('layouts:messages.created')}`, "the new layout's editor /layouts/5 with its three zones Main, Side panel and Ticker"],
    submit: text('layouts:actions.create'),
  },
});
