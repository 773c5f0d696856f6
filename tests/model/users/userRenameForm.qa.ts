import { userRenameFormMachine, userRenameInput } from '../../../src/machines/users/userRenameForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { ADMIN_ON_USERS, userDialog } from './screen.ts';

const user = { id: 4, username: 'kiosk', is_active: true, is_admin: false, date_joined: '2026-11-22T10:00:00.000Z', groups: [] };

/** Rename a user (POST /users/set_username/): letters, digits and _ . @ + - only. */
export default defineFormQa({
  machine: userRenameFormMachine,
  file: 'src/machines/users/userRenameForm.machine.ts',
  title: 'The rename-user form',
  input: userRenameInput(user),
  valid: { words: 'type the username "киоск-1"', field: 'username', value: 'киоск-1' },
  invalid: { words: 'type the username "has space"', field: 'username', value: 'has space', errors: { username: 'invalid_format' } },
  sendable: (fields) => /^[\p{L}\p{N}_.@+-]+$/u.test(String(fields.username)),
  saved: { ...user, username: 'киоск-1' },
  refusal: { words: 'the server refuses: the username is taken', code: 'username_taken', fields: { username: 'taken' } },
  namespace: 'users',
  preconditions: { start: { ...ADMIN_ON_USERS, data: 'a user kiosk (press "Add user"); press its rename button (its label: "Rename kiosk")' } },
  howTo: { 'the server refuses: the username is taken': 'a user киоск-1 exists already (add it in another tab first)' },
  screen: userDialog({
    open: [`the dialog ${text('users:form.renameTitle', { name: 'kiosk' })} with ${text('users:fields.username')} holding kiosk`],
    valid: [`${text('users:fields.username')} shows киоск-1`],
    invalid: [`${text('users:fields.username')} shows has space; no message yet`],
    toast: 'saved',
    row: 'the row of kiosk now reads киоск-1',
  }),
});
