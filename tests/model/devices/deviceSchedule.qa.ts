import { deviceScheduleMachine } from '../../../src/machines/devices/deviceSchedule.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open the card of device 3';
const OTHER = 'press the row of device 4 (another card)';

/** The schedule line of a device card (DeviceDetails.tsx, GET /scheduler/dev2/{id}) in its fetch status. */
export default defineFetchQa({
  machine: deviceScheduleMachine,
  file: 'src/machines/devices/deviceSchedule.machine.ts',
  title: 'The schedule line of a device card',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: OTHER, params: 4, calls: 'load: {"params":4}' },
  answer: { words: 'the server answers: no events, version 2', data: { version: 2, items: [] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'devices',
  preconditions: { start: { route: '/devices, press the row of Screen 3: its card opens', user: 'admin (or a user with devices view rights)', data: 'device 3 named Screen 3 with no event scheduled (schedule version 2), and device 4' } },
  howTo: {
    [OPEN]: 'open /devices and press the row of Screen 3',
    [OTHER]: 'press the row of device 4 in the list (the card shows it)',
    [OFFLINE.words]: blocked('*/scheduler/dev2/3*', 'press the row of Screen 3'),
  },
  offScreen: {
    [OPEN]: { loading: 'the card is open already', updating: 'the card is open already', complete: 'the card is open already; the line has no reload button' },
  },
  screen: {
    loading: [`the line ${text('devices:fields.schedule')} reads ${text('devices:list.none')}`],
    answer: [`the line ${text('devices:fields.schedule')} reads ${text('devices:card.scheduleEmpty', { version: 2 })}`],
    updating: [`the line ${text('devices:fields.schedule')} keeps what it read until the other device's schedule comes`],
    forbidden: [`the line ${text('devices:fields.schedule')} reads ${text('devices:list.none')} (no message: the card stays usable)`],
  },
});
