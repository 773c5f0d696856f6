import { groupFormInput, groupFormMachine } from '../../../src/machines/groups/groupForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
