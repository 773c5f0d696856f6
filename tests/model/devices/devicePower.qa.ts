import { devicePowerMachine } from '../../../src/machines/devices/devicePower.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open the card of device 3';
const OTHER = 'press the row of device 4 (another card)';

/** The screen hours line of a device card (DevicePowerSummary.tsx, GET /tvpi/devices/{id}/power/) in its fetch status. */
export default defineFetchQa({
  machine: devicePowerMachine,
  file: 'src/machines/devices/devicePower.machine.ts',
  title: 'The screen hours line of a device card',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: OTHER, params: 4, calls: 'load: {"params":4}' },
  answer: {
    words: "the server answers: the office's hours, 08:00-20:00 every day",
    data: { device: 3, timezone: 'Europe/Berlin', mode: 'office', schedule: null, office_schedule: { week: [], exceptions: [] }, effective: { week: [], exceptions: [] } },
    rows: 1,
  },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices, press the row of Screen 3: its card opens', user: 'admin (or a user with devices view rights)', data: 'device 3 named Screen 3 in an office whose screens are on 08:00-20:00 every day, and device 4' } },
  howTo: {
    [OPEN]: 'open /devices and press the row of Screen 3',
    [OTHER]: 'press the row of device 4 in the list (the card shows it)',
    [OFFLINE.words]: blocked('*/tvpi/devices/3/power/*', 'press the row of Screen 3'),
  },
  offScreen: {
    [OPEN]: { loading: 'the card is open already', updating: 'the card is open already', complete: 'the card is open already; the line has no reload button' },
  },
  screen: {
    loading: [`the line ${text('devices:fields.power')} reads ${text('devices:list.none')}`],
    answer: [`the line ${text('devices:fields.power')} reads "${text('company:power.summary.everyDay', { hours: '08:00–20:00' }).slice(1, -1)} (${text('company:power.summary.fromOffice').slice(1, -1)})" with ${text('devices:power.change')} for an editor`],
    updating: [`the line ${text('devices:fields.power')} keeps what it read until the other device's hours come`],
    forbidden: [`the line ${text('devices:fields.power')} reads ${text('company:power.loadError')}`],
  },
});
