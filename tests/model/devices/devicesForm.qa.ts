import { devicesFormMachine, type DeviceFormContext } from '../../../src/machines/devices/devicesForm.machine.ts';
import { fakeDevice } from '../../../src/machines/devices/devices.fixtures.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const SAVED_DEVICE = fakeDevice(9, { sn: 'SN-NEW-1', name: 'Lobby' });

const SERIAL = 'type the serial SN-NEW-1';
const BAD_SERIAL = 'type the serial "bad serial!" (spaces are not allowed)';
const CLEAR_SERIAL = 'clear the serial';
const BAD_MAC = 'type the MAC "zz:zz" (wrong format)';
const NAME = 'type the name Lobby';
const SUBMIT = 'press "Save"';
const CANCEL = 'press "Cancel"';
const SAVED = 'the server saves the device';
const EXISTS = 'the server refuses: the serial is taken';
const OFFLINE = 'the network is down during the save';

type Context = DeviceFormContext;
/** The spec's rules: a serial is required (letters, digits, dashes), a MAC when given is six hex pairs. */
const problems = (context: Context) => {
  const found: Record<string, string> = {};
  const sn = context.values.sn.trim();
  if (!sn) found.sn = 'required';
  else if (!/^[A-Za-z0-9-]+$/.test(sn)) found.sn = 'invalid_format';
  if (context.values.mac && !/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(context.values.mac)) found.mac = 'invalid_format';
  return found;
};

/** Section 4, the add-device and edit-device form. */
export default defineQa({
  machine: devicesFormMachine,
  file: 'src/machines/devices/devicesForm.machine.ts',
  title: 'The add-device and edit-device form',
  req: { [EXISTS]: ['S8.2-5'] },
  actors: ['saveDevice'],
  recorded: ['saved', 'cancelled'],
  starts: { 'adding a device': () => ({}), 'editing device 3': () => ({ device: fakeDevice(3) }) },
  events: {
    [SERIAL]: { type: 'form.change', field: 'sn', value: 'SN-NEW-1' },
    [BAD_SERIAL]: { type: 'form.change', field: 'sn', value: 'bad serial!' },
    [CLEAR_SERIAL]: { type: 'form.change', field: 'sn', value: '' },
    [BAD_MAC]: { type: 'form.change', field: 'mac', value: 'zz:zz' },
    [NAME]: { type: 'form.change', field: 'name', value: 'Lobby' },
    [SUBMIT]: { type: 'form.submit' },
    [CANCEL]: { type: 'form.cancel' },
    [SAVED]: done('saveDevice', { ok: true, device: SAVED_DEVICE }),
    [EXISTS]: done('saveDevice', { ok: false, reason: 'device_exists', fields: { sn: 'taken' } }),
    [OFFLINE]: error('saveDevice', new TypeError('Failed to fetch')),
  },
  initial: {
    'adding a device': { to: 'editing', see: { serial: '', errors: {} } },
    'editing device 3': { to: 'editing', see: { serial: 'SN-3', name: 'Screen 3' } },
  },
  expect: {
    editing: {
      [SERIAL]: { to: 'editing', see: { serial: 'SN-NEW-1' } },
      [BAD_SERIAL]: 'editing',
      [CLEAR_SERIAL]: 'editing',
      [BAD_MAC]: 'editing',
      [NAME]: { to: 'editing', see: { name: 'Lobby' } },
      // A form the rules refuse is not sent: each field says what is wrong.
      [SUBMIT]: (context: Context) =>
        Object.keys(problems(context)).length
          ? { to: 'editing', see: { errors: problems(context), failure: 'validation' }, calls: [] }
          : { to: 'submitting', see: { busy: true } },
      [CANCEL]: { to: 'cancelled', calls: ['cancelled'] },
    },
    submitting: {
      [SAVED]: (context: Context) => ({ to: 'saved', calls: [`saved: ${JSON.stringify({ device: SAVED_DEVICE, created: context.deviceId === null })}`] }),
      [EXISTS]: { to: 'editing', see: { errors: { sn: 'device_exists' }, failure: 'device_exists', busy: false } },
      [OFFLINE]: { to: 'editing', see: { failure: 'network_error' } },
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    serial: snapshot.context.values.sn,
    name: snapshot.context.values.name,
    errors: snapshot.context.errors,
    failure: snapshot.context.failure,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.deviceId, snapshot.context.values.sn, snapshot.context.values.mac, snapshot.context.values.name, Object.keys(snapshot.context.errors)]),
});
