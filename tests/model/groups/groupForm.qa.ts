import { groupFormInput, groupFormMachine } from '../../../src/machines/groups/groupForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** The group editor: a name (required, at most 100 characters), companies and a permission per area. */
export default defineFormQa({
  machine: groupFormMachine,
  file: 'src/machines/groups/groupForm.machine.ts',
  title: 'The group editor',
  input: groupFormInput(null),
  valid: { words: 'type the name "Операторы севера"', field: 'name', value: 'Операторы севера' },
  invalid: { words: 'type a blank name', field: 'name', value: '   ', errors: { name: 'required' } },
  sendable: (fields) => String(fields.name).trim() !== '' && String(fields.name).trim().length <= 100,
  saved: { id: 3, name: 'Операторы севера', companies: [], permissions: { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' } },
  refusal: { words: 'the server refuses: the name is taken', code: 'group_exists', fields: { name: 'taken' } },
  namespace: 'groups',
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a company (on /organizations); press "Add group"' } },
  howTo: { 'the server refuses: the name is taken': 'a group Операторы севера exists already (add it in another tab first)' },
  screen: {
    open: [
      `the dialog ${text('groups:form.addTitle')} with ${text('groups:fields.name')} empty, the companies to tick (hint ${text('groups:form.companiesHint')}) and ${text('groups:levels.none')} for each area (${text('groups:areas.devices')}, ${text('groups:areas.media')}, ...)`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('groups:fields.name')} shows Операторы севера`],
    invalid: [`${text('groups:fields.name')} shows only spaces; no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`groups:fields.${field}`)} the message ${text(`groups:validation.${code}`)}`),
    offline: [`the line ${text('groups:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('groups:messages.added')}`, 'the row Операторы севера in the list'],
  },
});
