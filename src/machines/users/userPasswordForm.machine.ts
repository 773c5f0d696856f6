import { createFormMachine } from '../form/form.machine.ts';
import { resetPassword } from '../../services/users.service.ts';
import type { User } from '../../services/schemas/users.ts';
import { errorsOf, passwordError } from './userForms.ts';

export type UserPasswordFields = { username: string; password: string };

export function userPasswordInput(user: User): { id: number; fields: UserPasswordFields } {
  return { id: user.id, fields: { username: user.username, password: '' } };
}

/** The administrator sets another user's password (POST /users/set_password/); it ends the user's sessions. */
export const userPasswordFormMachine = createFormMachine<UserPasswordFields, User>({
  id: 'userPasswordForm',
  validate: (fields) => errorsOf([['password', passwordError(fields.password, fields.username)]]),
  save: ({ id, fields }) => resetPassword(id!, fields.password),
});
