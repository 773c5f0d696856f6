import { userEditFormMachine, userEditInput } from '../../../src/machines/users/userEditForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { ADMIN_ON_USERS, userDialog } from './screen.ts';

const user = { id: 1, username: 'admin', is_active: true, is_admin: true, date_joined: '2026-11-22T10:00:00.000Z', groups: [1] };

/** A user's access: active (deactivation ends their sessions) and groups; the administrator cannot be deactivated. */
export default defineFormQa({
  machine: userEditFormMachine,
  file: 'src/machines/users/userEditForm.machine.ts',
  title: "The user's access form (active, groups)",
  input: userEditInput(user),
  valid: { words: 'choose the groups 1 and 2', field: 'groups', value: [1, 2] },
  invalid: { words: 'switch "Active" off for the administrator', field: 'is_active', value: false, errors: { is_active: 'cannot_deactivate_admin' } },
  sendable: (fields) => fields.is_active === true,
  saved: { ...user, groups: [1, 2] },
  refusal: { words: 'the server refuses: a group no longer exists', code: 'unknown_group', fields: { groups: 'not_found' } },
  namespace: 'users',
  preconditions: { start: { ...ADMIN_ON_USERS, data: 'two groups (on /groups); press the access button of admin (its label: "Access of admin")' } },
  howTo: { 'the server refuses: a group no longer exists': 'with the dialog open, delete a ticked group in another tab (/groups), then press "Save"' },
  offScreen: { 'switch "Active" off for the administrator': 'the "Active" switch is disabled for the administrator' },
  screen: userDialog({
    open: [`the dialog ${text('users:form.accessTitle', { name: 'admin' })} with ${text('users:fields.active')} on (disabled) and the hint ${text('users:form.activeHint')}, the first group ticked`],
    valid: ['both groups ticked'],
    invalid: [],
    toast: 'saved',
    row: 'the groups column of admin names both groups',
  }),
});
