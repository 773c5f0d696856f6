import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveOwnPassword } from '../../services/profile.service.ts';
import { passwordWeakness, type User } from '../../services/schemas/users.ts';

export type PasswordFields = { current_password: string; password: string; confirm: string };

export const EMPTY_PASSWORD_FIELDS: PasswordFields = { current_password: '', password: '', confirm: '' };

/** The current password is required; the new one follows the strength rule (8 to 128, two kinds) and is typed twice. */
export function passwordErrors(fields: PasswordFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.current_password) errors.current_password = 'required';
  if (!fields.password) errors.password = 'required';
  else if ([...fields.password].length < 8) errors.password = 'too_short';
  else if ([...fields.password].length > 128) errors.password = 'too_long';
  else if (passwordWeakness(fields.password)) errors.password = 'weak_password';
  if (fields.password && fields.confirm !== fields.password) errors.confirm = 'mismatch';
  return errors;
}

/** /profile: one's own password, with the current one. The record edited is the signed-in user (id). */
export const passwordFormMachine = createFormMachine<PasswordFields, User>({
  id: 'passwordForm',
  validate: passwordErrors,
  save: ({ id, fields }) => saveOwnPassword(id!, fields.password, fields.current_password),
});
