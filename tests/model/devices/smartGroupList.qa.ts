import { smartGroupListMachine } from '../../../src/machines/devices/smartGroupList.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The smart groups of /smart-groups (issue 41) and their fetch status. */
export default defineFetchQa({
  machine: smartGroupListMachine,
  file: 'src/machines/devices/smartGroupList.machine.ts',
  title: 'The smart groups of /smart-groups and their fetch status',
  open: { words: 'open /smart-groups', calls: 'load: {"params":null}' },
  other: { words: 'press "Retry" under the intro', params: null, calls: 'load: {"params":null}' },
  answer: { words: 'the server answers one group', data: [{ id: 1, name: 'Lobby', members: 12 }], rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/smart-groups', user: 'admin (or a user with devices view rights)', data: 'a smart group "Lobby" holding 12 devices (tag lobby)' } },
  howTo: {
    [OFFLINE.words]: blocked('*/device-groups/smart/?*', 'reload /smart-groups'), 'open /smart-groups': 'open Devices > Smart groups in the sidebar (later, the list loads again after a group is saved or deleted)' },
  offScreen: {
    'press "Retry" under the intro': { initial: 'no "Retry" is shown before the list fails', loading: 'no "Retry" is shown while the list loads', updating: 'no "Retry" is shown while the list loads again', complete: 'no "Retry" is shown once the list is shown' },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')} under ${text('devices:smartGroups.intro')}`],
    answer: [`the row Lobby with ${text('devices:smartGroups.devicesCount', { count: 12, formatted: '12' })}`],
    forbidden: [`${text('devices:smartGroups.loadError')} with the button ${text('devices:statistics.retry')}`],
  },
});
