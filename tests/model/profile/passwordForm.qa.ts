import { EMPTY_PASSWORD_FIELDS, passwordFormMachine } from '../../../src/machines/profile/passwordForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** /profile: one's own password; the current one is required (issue 12), the new one strong and typed twice. */
export default defineFormQa({
  machine: passwordFormMachine,
  file: 'src/machines/profile/passwordForm.machine.ts',
  title: 'The password form of /profile',
  input: { id: 7, fields: { ...EMPTY_PASSWORD_FIELDS, current_password: 'old-secret-1', confirm: 'new-secret-2' } },
  valid: { words: 'type the new password "new-secret-2"', field: 'password', value: 'new-secret-2' },
  invalid: { words: 'type the new password "12345678"', field: 'password', value: '12345678', errors: { password: 'weak_password', confirm: 'mismatch' } },
  // A new password is required; one of digits only is weak; the confirmation must repeat it.
  errors: (fields) =>
    fields.password === ''
      ? { password: 'required' }
      : { ...(fields.password === '12345678' ? { password: 'weak_password' } : {}), ...(fields.confirm !== fields.password ? { confirm: 'mismatch' } : {}) },
  sendable: (fields) => fields.current_password !== '' && fields.password === 'new-secret-2' && fields.confirm === fields.password,
  saved: { id: 7, username: 'operator', is_active: true, is_admin: false, date_joined: '2026-11-22T10:00:00.000Z' },
  refusal: { words: 'the server refuses: the current password is wrong', code: 'wrong_password', fields: { current_password: 'wrong' } },
  namespace: 'profile',
  preconditions: {
    start: { route: '/profile', user: 'operator (any signed-in user; it changes its own password), whose password is old-secret-1', data: 'type old-secret-1 in "Current password" and new-secret-2 in "New password again"' },
  },
  howTo: { 'the server refuses: the current password is wrong': 'type old-secret-X in "Current password" instead' },
  offScreen: { 'press "Cancel"': 'the password form of /profile has no "Cancel"' },
  screen: {
    submit: text('profile:password.save'),
    open: [
      `the section ${text('profile:password.title')}: ${text('profile:password.current')} and ${text('profile:password.confirm')} filled (hidden), ${text('profile:password.new')} empty with the hint ${text('profile:password.hint')}`,
    ],
    valid: [`${text('profile:password.new')} holds twelve characters (hidden)`],
    invalid: [`${text('profile:password.new')} holds eight characters (hidden); no message yet`],
    fieldErrors: (errors) =>
      Object.entries(errors).map(([field, code]) => {
        const label = { current_password: 'current', password: 'new', confirm: 'confirm' }[field] ?? field;
        return `under ${text(`profile:password.${label}`)} the message ${text(`profile:errors.${code}`)}`;
      }),
    offline: [`under the section the line ${text('common:errors.network_error')}`],
    saving: [`${text('profile:password.save')} is disabled`],
    closed: [],
    disabledWhileSaving: `${text('profile:password.save')} is disabled while saving`,
    saved: [`a success toast ${text('profile:password.saved')}`, 'the three fields are empty again'],
  },
});
