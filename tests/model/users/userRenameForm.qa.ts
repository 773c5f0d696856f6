import { userRenameFormMachine, userRenameInput } from '../../../src/machines/users/userRenameForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
