import { userListMachine } from '../../../src/machines/users/userList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

/** The users list (/users, administrator only) over GET /users/; a 403 when the rules changed under the screen. */
export default defineFetchQa({
  machine: userListMachine,
  file: 'src/machines/users/userList.machine.ts',
  title: 'The users list and its fetch status',
  open: { words: 'open the users', params: { page: 1 }, calls: 'load: {"params":{"page":1}}' },
  other: { words: 'go to page 2', params: { page: 2 }, calls: 'load: {"params":{"page":2}}' },
  answer: { words: 'the server answers two users', data: { count: 2, next: null, previous: null, results: [{ id: 1, username: 'admin' }, { id: 2, username: 'Оператор' }] }, rows: 2 },
});
