import { deviceCompanyOptionsMachine } from '../../../src/machines/devices/deviceCompanyOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /devices';
const OTHER = 'open /devices again (press "Devices" in the menu)';

/** The companies of the Company filter on /devices and of the device form (useDeviceFilterOptions.ts) in a fetch status. */
export default defineFetchQa({
  machine: deviceCompanyOptionsMachine,
  file: 'src/machines/devices/deviceCompanyOptions.machine.ts',
  title: 'The companies the Company filter of /devices (and the device form) offers',
  open: { words: OPEN, calls: 'load: {}' },
  other: { words: OTHER, params: undefined, calls: 'load: {}' },
  answer: { words: 'the server answers two companies, Acme and Globex', data: [{ id: 1, name: 'Acme' }, { id: 2, name: 'Globex' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices', user: 'admin (or a user with devices view rights)', data: 'two companies, Acme and Globex' } },
  howTo: {
    [OPEN]: 'open /devices from the menu',
    [OTHER]: 'press "Devices" in the menu (or reload the page)',
    [OFFLINE.words]: blocked('*/companies/*', 'open /devices'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already; the filter has no reload button' },
    [OTHER]: { loading: 'opening the page again starts it over', updating: 'opening the page again starts it over', complete: 'opening the page again starts it over' },
  },
  screen: {
    loading: [`the filter ${text('devices:filters.company')} offers only ${text('devices:filters.all')} until the companies come`],
    answer: [`the filter ${text('devices:filters.company')} offers ${text('devices:filters.all')}, Acme and Globex`],
    updating: [`the filter ${text('devices:filters.company')} keeps Acme and Globex while they load again`],
    forbidden: [`the filter ${text('devices:filters.company')} offers only ${text('devices:filters.all')} (no message: the devices list itself still loads)`],
  },
});
