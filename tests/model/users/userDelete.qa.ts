import { userDeleteMachine } from '../../../src/machines/users/userDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a refusal happened. */
export default confirmDeleteQa({
  machine: userDeleteMachine,
  file: 'src/machines/users/userDelete.machine.ts',
  title: 'Deleting a user',
  name: 'Оператор',
  refused: 'the server refuses it',
  reason: 'cannotDeleteAdmin',
  namespace: 'users',
  preconditions: { start: { route: '/users', user: 'admin (the administrator)', data: 'a user Оператор (press "Add user")' } },
  refusedScreen: [`an error toast ${text('users:errors.cannotDeleteAdmin')}`],
  offScreen: { 'the server refuses it': 'the server refuses to delete only the administrator, and its row has no delete button' },
});
