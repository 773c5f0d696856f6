import { groupListMachine } from '../../../src/machines/groups/groupList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The groups with the companies they may name (/groups and the user forms' group choice). */
export default defineFetchQa({
  machine: groupListMachine,
  file: 'src/machines/groups/groupList.machine.ts',
  title: 'The groups and their fetch status',
  open: { words: 'open the groups', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again"', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one group and two companies', data: { groups: [{ id: 1, name: 'North operators' }], companies: [{ id: 1, name: 'North' }, { id: 2, name: 'Юг' }] }, rows: 1 },
  namespace: 'groups',
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a group North operators and the companies North and Юг' } },
  howTo: { 'open the groups': 'open /groups from the sidebar (later, the list loads again after the group dialog saves or a group is deleted)' },
  offScreen: {
    'press "Try again"': { initial: 'no "Try again" is shown before the list fails', loading: 'no "Try again" is shown while the list loads', updating: 'no "Try again" is shown while the list loads again', complete: 'no "Try again" is shown once the list is shown' },
    'the server refuses (403 forbidden)': 'the server refuses the groups only to someone who is not the administrator, and only the administrator can open /groups',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under the heading ${text('screens:titles.groups')}`],
    answer: [
      `the row North operators with the columns ${text('groups:fields.name')}, ${text('groups:fields.companies')}, ${text('groups:fields.permissions')}`,
      `the button ${text('groups:actions.add')} enabled`,
    ],
    forbidden: [`${text('groups:messages.loadError')}: ${text('groups:errors.forbidden')} with the button ${text('groups:actions.retry')}`],
  },
});
