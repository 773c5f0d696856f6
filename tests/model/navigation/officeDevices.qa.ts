import { officeDevicesMachine } from '../../../src/machines/navigation/officeDevices.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'choose the office Hall';
const OTHER = 'choose the office Lobby';

/** The screens of the chosen office on /navigation, each a link to its map editor (OfficeDevices.tsx), in their fetch status. */
export default defineFetchQa({
  machine: officeDevicesMachine,
  file: 'src/machines/navigation/officeDevices.machine.ts',
  title: 'The device maps of the office chosen on /navigation',
  open: { words: OPEN, params: 1, calls: 'load: {"params":1}' },
  other: { words: OTHER, params: 2, calls: 'load: {"params":2}' },
  answer: { words: 'the server answers the device Hall screen a', data: { count: 1, results: [{ id: 7, sn: 'SN-7', name: 'Hall screen a' }] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'navigation',
  preconditions: { start: { route: '/navigation?company=1', user: 'admin (or a user with devices view rights: the navigation routes are the devices area)', data: 'company Acme (1) with the offices Hall (1, the device Hall screen a) and Lobby (2)' } },
  howTo: {
    [OPEN]: `choose Hall in ${text('navigation:picker.office')}`,
    [OTHER]: `choose Lobby in ${text('navigation:picker.office')}`,
    [OFFLINE.words]: blocked('*/tvpi/devices/*office=1*', `choose Hall in ${text('navigation:picker.office')}`),
  },
  offScreen: {
    [OPEN]: { loading: 'Hall is chosen already', updating: 'Hall is chosen already', complete: 'Hall is chosen already' },
  },
  screen: {
    loading: [`no ${text('navigation:devices.title')} section yet`],
    answer: [`the section ${text('navigation:devices.title')} with the link Hall screen a (${text('navigation:devices.editNamed', { name: 'Hall screen a' })})`],
    updating: [`the section ${text('navigation:devices.title')} keeps Hall's links until Lobby's come`],
    forbidden: [`no ${text('navigation:devices.title')} section (the rest of the page works)`],
  },
});
