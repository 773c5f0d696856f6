import { userPasswordFormMachine, userPasswordInput } from '../../../src/machines/users/userPasswordForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { ADMIN_ON_USERS, userDialog } from './screen.ts';

const user = { id: 4, username: 'kiosk', is_active: true, is_admin: false, date_joined: '2026-11-22T10:00:00.000Z', groups: [] };

/** The administrator sets a user's password (POST /users/set_password/), held to the strength rule. */
export default defineFormQa({
  machine: userPasswordFormMachine,
  file: 'src/machines/users/userPasswordForm.machine.ts',
  title: 'The set-password form',
  input: userPasswordInput(user),
  valid: { words: 'type the password "пароль-2026"', field: 'password', value: 'пароль-2026' },
  invalid: { words: 'type the password "kiosk"', field: 'password', value: 'kiosk', errors: { password: 'out_of_range' } },
  // A password is required, then 8 to 128 characters.
  errors: (fields) => ({ password: String(fields.password) === '' ? 'required' : 'out_of_range' }),
  sendable: (fields) => String(fields.password).length >= 8,
  saved: user,
  refusal: { words: 'the server refuses: the password is weak', code: 'weak_password', fields: { password: 'weak_password' } },
  namespace: 'users',
  preconditions: { start: { ...ADMIN_ON_USERS, data: 'a user kiosk (press "Add user"); press its password button (its label: "Set the password of kiosk")' } },
  howTo: { 'the server refuses: the password is weak': 'type a common password of two kinds, password1, instead of пароль-2026' },
  screen: userDialog({
    open: [`the dialog ${text('users:form.passwordTitle', { name: 'kiosk' })} with ${text('users:fields.password')} empty and the hint ${text('users:form.passwordHint')}`],
    valid: [`${text('users:fields.password')} holds eleven characters (hidden)`],
    invalid: [`${text('users:fields.password')} holds five characters (hidden); no message yet`],
    toast: 'saved',
    row: 'the list as it was (kiosk signs in with the new password)',
  }),
});
