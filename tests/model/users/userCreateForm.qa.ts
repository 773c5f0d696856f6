import { userCreateFormMachine, userCreateInput } from '../../../src/machines/users/userCreateForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { ADMIN_ON_USERS, userDialog } from './screen.ts';

/** Add a user: a username, a password of the strength rule (two kinds of characters, not the username) and groups. */
export default defineFormQa({
  machine: userCreateFormMachine,
  file: 'src/machines/users/userCreateForm.machine.ts',
  title: 'The add-user form',
  // The password is typed first; typing the username then makes the form sendable.
  input: { id: null, fields: { ...userCreateInput.fields, password: 'пароль-2026' } },
  valid: { words: 'type the username "оператор"', field: 'username', value: 'оператор' },
  invalid: { words: 'type the password "aaaaaaaaaa" (one kind of character)', field: 'password', value: 'aaaaaaaaaa', errors: { password: 'weak_password' } },
  sendable: (fields) => {
    const password = String(fields.password);
    const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => kind.test(password)).length;
    return String(fields.username).trim() !== '' && password.length >= 8 && kinds >= 2;
  },
  // A blank username is required; a password of one kind of character is weak (both said at once).
  errors: (fields) => ({
    ...(String(fields.username).trim() === '' ? { username: 'required' } : {}),
    ...(/^(.)\1*$/u.test(String(fields.password)) ? { password: 'weak_password' } : {}),
  }),
  saved: { id: 5, username: 'оператор', is_active: true, is_admin: false, date_joined: '2026-11-22T10:00:00.000Z', groups: [] },
  refusal: { words: 'the server refuses: the username is taken', code: 'username_taken', fields: { username: 'taken' } },
  namespace: 'users',
  preconditions: { start: { ...ADMIN_ON_USERS, data: 'a user Оператор already there for the refusal; press "Add user", then type the password пароль-2026 first' } },
  howTo: { 'the server refuses: the username is taken': 'a user оператор exists already (add it in another tab first)' },
  screen: userDialog({
    open: [`the dialog ${text('users:form.addTitle')} with ${text('users:fields.username')} empty, ${text('users:fields.password')} holding пароль-2026 (hidden) and the hint ${text('users:form.passwordHint')}, the groups to tick`],
    valid: [`${text('users:fields.username')} shows оператор`],
    invalid: [`${text('users:fields.password')} holds the ten letters (hidden); no message yet`],
    toast: 'added',
    row: 'the row оператор in the list',
  }),
});
