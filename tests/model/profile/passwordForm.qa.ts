import { EMPTY_PASSWORD_FIELDS, passwordFormMachine } from '../../../src/machines/profile/passwordForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
