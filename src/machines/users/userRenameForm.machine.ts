import { createFormMachine } from '../form/form.machine.ts';
import { renameUser } from '../../services/users.service.ts';
import type { User } from '../../services/schemas/users.ts';
import { errorsOf, usernameError } from './userForms.ts';

export type UserRenameFields = { username: string };

export function userRenameInput(user: User): { id: number; fields: UserRenameFields } {
  return { id: user.id, fields: { username: user.username } };
}

/** Rename a user (POST /users/set_username/). */
export const userRenameFormMachine = createFormMachine<UserRenameFields, User>({
  id: 'userRenameForm',
  validate: (fields) => errorsOf([['username', usernameError(fields.username)]]),
  save: ({ id, fields }) => renameUser(id!, fields.username.trim()),
});
