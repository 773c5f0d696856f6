import { smartGroupFieldErrors, smartGroupFormInput, smartGroupFormMachine, type SmartGroupFields } from '../../../src/machines/devices/smartGroupForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** The smart group form of /smart-groups (issue 41): a name (required, 100 at most), a company, the rule. */
export default defineFormQa({
  machine: smartGroupFormMachine,
  file: 'src/machines/devices/smartGroupForm.machine.ts',
  title: 'The smart group form',
  input: { ...smartGroupFormInput(), fields: { ...smartGroupFormInput().fields, company: '2', tags_any: 'lobby' } },
  valid: { words: 'type the name "Lobby"', field: 'name', value: 'Lobby' },
  invalid: { words: 'type a blank name', field: 'name', value: '   ', errors: { name: 'required' } },
  sendable: (fields) => Object.keys(smartGroupFieldErrors(fields as SmartGroupFields)).length === 0,
  saved: { id: 3, name: 'Lobby', company: 2, company_name: 'North', rule: { tags_any: ['lobby'] }, members: 3, campaigns: 0, created_at: '2026-11-29T10:00:00.000Z', updated_at: '2026-11-29T10:00:00.000Z' },
  refusal: { words: 'the server refuses: the name is taken', code: 'name_taken', fields: { name: 'taken' } },
  namespace: 'devices',
  preconditions: { start: { route: '/smart-groups', user: 'admin (or a user with devices edit rights)', data: 'press "New smart group", choose the company North, type lobby under "Any of the tags"' } },
  howTo: { 'the server refuses: the name is taken': 'make a smart group "Lobby" of North first, then this one with the same name' },
  screen: {
    open: [
      `the dialog ${text('devices:smartGroups.addTitle')} with ${text('devices:smartGroups.fields.name')} empty, ${text('devices:smartGroups.fields.company')} North, ${text('devices:smartGroups.fields.tags_any')} lobby`,
      `the live preview ${text('devices:smartGroups.matches', { count: 3, formatted: '3' })}`,
    ],
    valid: [`${text('devices:smartGroups.fields.name')} shows Lobby`],
    invalid: [`${text('devices:smartGroups.fields.name')} shows only spaces; no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`devices:smartGroups.fields.${field}`)} the message ${text(`devices:smartGroups.errors.${code}`)}`),
    offline: [`the line ${text('devices:smartGroups.errors.generic')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('devices:smartGroups.saved')}`, 'the row Lobby in the list'],
  },
});
