import { deviceConfigsDeviceMachine } from '../../../src/machines/devices/deviceConfigsDevice.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /devices/7/configs';
const OTHER = 'open /devices/8/configs (another device)';

/** The device named in the heading of its configs screen (DeviceConfigsScreen.tsx) in its fetch status. */
export default defineFetchQa({
  machine: deviceConfigsDeviceMachine,
  file: 'src/machines/devices/deviceConfigsDevice.machine.ts',
  title: 'The device named in the heading of /devices/{id}/configs',
  open: { words: OPEN, params: 7, calls: 'load: {"params":7}' },
  other: { words: OTHER, params: 8, calls: 'load: {"params":8}' },
  answer: { words: 'the server answers device 7, Lobby', data: { id: 7, sn: 'SN-7', name: 'Lobby' }, rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices/7/configs (in the card of device 7, the configs button)', user: 'admin (or a user with devices view rights)', data: 'device 7 named Lobby and device 8 named Hall' } },
  howTo: {
    [OPEN]: 'open /devices, press the row of Lobby, then the configs button of its card',
    [OTHER]: 'type /devices/8/configs in the address bar',
    [OFFLINE.words]: blocked('*/tvpi/devices/7', 'open /devices/7/configs'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already; the heading has no reload button' },
  },
  screen: {
    loading: [`the heading ${text('screens:titles.deviceConfigs')} until the device's name comes`],
    answer: [`the heading ${text('devices:configs.heading', { name: 'Lobby' })}`],
    updating: [`the heading ${text('devices:configs.heading', { name: 'Lobby' })} until the other device's name comes`],
    forbidden: [`the heading stays ${text('screens:titles.deviceConfigs')} (or the name shown before); the configs below load on their own`],
  },
});
