import { groupDeleteMachine } from '../../../src/machines/groups/groupDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a refusal happened. */
export default confirmDeleteQa({
  machine: groupDeleteMachine,
  file: 'src/machines/groups/groupDelete.machine.ts',
  title: 'Deleting a group',
  name: 'Оператор',
  refused: 'the server refuses it',
  reason: 'cannotDeleteAdmin',
});
