import { deleteUser } from '../../services/users.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a user after the confirmation; the administrator account is refused (`cannotDeleteAdmin`). */
export const userDeleteMachine = createConfirmDeleteMachine('userDelete', deleteUser);
