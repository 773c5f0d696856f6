import { groupDeleteMachine } from '../../../src/machines/groups/groupDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a refusal happened. */
export default confirmDeleteQa({
  machine: groupDeleteMachine,
  file: 'src/machines/groups/groupDelete.machine.ts',
  title: 'Deleting a group',
  name: 'Оператор',
  refused: 'the server refuses it',
  reason: 'cannotDeleteAdmin',
  namespace: 'groups',
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a group Оператор (press "Add group")' } },
  // The groups page says one message for any refusal (src/views/groups/GroupsScreen.tsx).
  offScreen: { 'the server refuses it': 'deleteGroup (src/services/groups.service.ts) answers no refusal: a refused delete (403, 404) fails like a lost network and shows "Error while removing"' },
  refusedScreen: [`an error toast ${text('groups:messages.removeError')}`],
});
