import { groupListMachine } from '../../../src/machines/groups/groupList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';

/** The groups with the companies they may name (/groups and the user forms' group choice). */
export default defineFetchQa({
  machine: groupListMachine,
  file: 'src/machines/groups/groupList.machine.ts',
  title: 'The groups and their fetch status',
  open: { words: 'open the groups', calls: 'load: {"params":null}' },
  other: { words: 'press "Try again"', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one group and two companies', data: { groups: [{ id: 1, name: 'North operators' }], companies: [{ id: 1, name: 'North' }, { id: 2, name: 'Юг' }] }, rows: 1 },
});
