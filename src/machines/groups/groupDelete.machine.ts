import { deleteGroup } from '../../services/groups.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a group after the confirmation; its members lose what it granted. */
export const groupDeleteMachine = createConfirmDeleteMachine('groupDelete', deleteGroup);
