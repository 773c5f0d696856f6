import { createFormMachine } from '../form/form.machine.ts';
import { addUser } from '../../services/users.service.ts';
import type { User } from '../../services/schemas/users.ts';
import { errorsOf, passwordError, usernameError } from './userForms.ts';

export type UserCreateFields = { username: string; password: string; groups: number[] };

export function userCreateErrors(fields: UserCreateFields) {
  return errorsOf([
    ['username', usernameError(fields.username)],
    ['password', passwordError(fields.password, fields.username)],
  ]);
}

export const userCreateInput = { id: null, fields: { username: '', password: '', groups: [] as number[] } };

/** Add a user: username, password (the strength rule) and groups. */
export const userCreateFormMachine = createFormMachine<UserCreateFields, User>({
  id: 'userCreateForm',
  validate: userCreateErrors,
  save: ({ fields }) => addUser({ username: fields.username.trim(), password: fields.password, groups: fields.groups }),
});
