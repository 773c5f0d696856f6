import { userDeleteMachine } from '../../../src/machines/users/userDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a refusal happened. */
export default confirmDeleteQa({
  machine: userDeleteMachine,
  file: 'src/machines/users/userDelete.machine.ts',
  title: 'Deleting a user',
  name: 'Оператор',
  refused: 'the server refuses it',
  reason: 'cannotDeleteAdmin',
});
