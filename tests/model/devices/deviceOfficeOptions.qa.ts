import { deviceOfficeOptionsMachine } from '../../../src/machines/devices/deviceOfficeOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /devices (every office)';
const OTHER = `choose Acme in the filter ${text('devices:filters.company')}`;

/** The offices of the Office filter on /devices and of the device form (useDeviceFilterOptions.ts) in a fetch status. */
export default defineFetchQa({
  machine: deviceOfficeOptionsMachine,
  file: 'src/machines/devices/deviceOfficeOptions.machine.ts',
  title: "The offices the Office filter of /devices (and the device form) offers: every office, or the chosen company's",
  open: { words: OPEN, params: {}, calls: 'load: {"params":{}}' },
  other: { words: OTHER, params: { company: 1 }, calls: 'load: {"params":{"company":1}}' },
  answer: { words: 'the server answers the offices Acme · Lobby and Globex · Hall', data: [{ id: 1, name: 'Lobby', company_name: 'Acme' }, { id: 2, name: 'Hall', company_name: 'Globex' }], rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices with no company chosen', user: 'admin (or a user with devices view rights)', data: 'company Acme (id 1) with the office Lobby, company Globex with the office Hall' } },
  howTo: {
    [OPEN]: 'open /devices from the menu',
    [OTHER]: `in the filter ${text('devices:filters.company')}, choose Acme`,
    [OFFLINE.words]: blocked('*/branch-offices/*', 'open /devices (or choose a company)'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already; the filter has no reload button' },
  },
  screen: {
    loading: [`the filter ${text('devices:filters.office')} offers only ${text('devices:filters.all')} until the offices come`],
    answer: [`the filter ${text('devices:filters.office')} offers ${text('devices:filters.all')}, "Acme · Lobby" and "Globex · Hall" (with a company chosen, the office names alone)`],
    updating: [`the filter ${text('devices:filters.office')} keeps the offices shown while the chosen company's load`],
    forbidden: [`the filter ${text('devices:filters.office')} offers only ${text('devices:filters.all')} (no message: the devices list itself still loads)`],
  },
});
