import { userListMachine } from '../../../src/machines/users/userList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The users list (/users, administrator only) over GET /users/; a 403 when the rules changed under the screen. */
export default defineFetchQa({
  machine: userListMachine,
  file: 'src/machines/users/userList.machine.ts',
  title: 'The users list and its fetch status',
  open: { words: 'open the users', params: { page: 1 }, calls: 'load: {"params":{"page":1}}' },
  other: { words: 'go to page 2', params: { page: 2 }, calls: 'load: {"params":{"page":2}}' },
  answer: { words: 'the server answers two users', data: { count: 2, next: null, previous: null, results: [{ id: 1, username: 'admin' }, { id: 2, username: 'Оператор' }] }, rows: 2 },
  namespace: 'users',
  preconditions: { start: { route: '/users', user: 'admin (the administrator: only it sees Users)', data: 'a second user Оператор' } },
  howTo: {
    'open the users': 'open /users from the sidebar (later, the list loads again after any dialog of the page saves, or on "Try again")',
  },
  offScreen: {
    'go to page 2': 'the users page has no pager: it asks for page 1 only',
    'the server refuses (403 forbidden)': 'the server refuses the users only to someone who is not the administrator, and only the administrator can open /users',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('screens:titles.users')}`],
    answer: [
      `the rows admin (${text('users:status.admin')}) and Оператор (${text('users:status.active')}), with the columns ${text('users:fields.username')}, ${text('users:fields.status')}, ${text('users:fields.groups')}, ${text('users:fields.joined')}`,
      `the button ${text('users:actions.add')} enabled`,
    ],
    forbidden: [`${text('users:messages.loadError')}: ${text('users:errors.forbidden')} with the button ${text('users:actions.retry')}`],
  },
});
