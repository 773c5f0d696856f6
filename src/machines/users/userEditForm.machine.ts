import { createFormMachine } from '../form/form.machine.ts';
import { updateUser } from '../../services/users.service.ts';
import type { User } from '../../services/schemas/users.ts';

export type UserEditFields = { is_active: boolean; groups: number[]; is_admin: boolean };

export function userEditInput(user: User): { id: number; fields: UserEditFields } {
  return { id: user.id, fields: { is_active: user.is_active, groups: user.groups ?? [], is_admin: user.is_admin } };
}

/** The administrator stays active (the server refuses it too: cannot_deactivate_admin). */
export function userEditErrors(fields: UserEditFields): Record<string, string> {
  return fields.is_admin && !fields.is_active ? { is_active: 'cannot_deactivate_admin' } : {};
}

/** A user's access: active (deactivation ends their sessions) and groups, with PUT /users/{id}/. */
export const userEditFormMachine = createFormMachine<UserEditFields, User>({
  id: 'userEditForm',
  validate: userEditErrors,
  save: ({ id, fields }) => updateUser(id!, { is_active: fields.is_active, groups: fields.groups }),
});
