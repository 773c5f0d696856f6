import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveOwnUsername } from '../../services/profile.service.ts';
import { USERNAME_PATTERN, type User } from '../../services/schemas/users.ts';

export type UsernameFields = { username: string };

/** The username rule of the server (1 to 150 letters, digits and `_ . @ + -`). */
export function usernameErrors(fields: UsernameFields): FieldErrors {
  const name = fields.username.trim();
  if (!name) return { username: 'required' };
  if ([...name].length > 150) return { username: 'too_long' };
  if (!USERNAME_PATTERN.test(name)) return { username: 'invalid' };
  return {};
}

/** /profile: one's own username. The record edited is the signed-in user (id). */
export const usernameFormMachine = createFormMachine<UsernameFields, User>({
  id: 'usernameForm',
  validate: usernameErrors,
  save: ({ id, fields }) => saveOwnUsername(id!, fields.username),
});
