import { devicesFormMachine, type DeviceFormContext } from '../../../src/machines/devices/devicesForm.machine.ts';
import { fakeDevice } from '../../../src/machines/devices/devices.fixtures.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore } from './pages.ts';

const SAVED_DEVICE = fakeDevice(9, { sn: 'SN-NEW-1', name: 'Lobby' });

const SERIAL = 'type the serial SN-NEW-1';
const BAD_SERIAL = 'type the serial "bad serial!" (spaces are not allowed)';
const CLEAR_SERIAL = 'clear the serial';
const BAD_MAC = 'type the MAC "zz:zz" (wrong format)';
const NAME = 'type the name Lobby';
const OFFICE = 'choose the office Acme · North (office 14)';
const SUBMIT = 'press "Save"';
const CANCEL = 'press "Cancel"';
const SAVED = 'the server saves the device';
const EXISTS = 'the server refuses: the serial is taken';
const OFFLINE = 'the network is down during the save';

type Context = DeviceFormContext;

const field = (key: string) => `the field ${text(`devices:fields.${key}`)}`;
const reads = (key: string, value: string) => `${field(key)} reads "${value}"`;
/** What each field's problem reads under it (src/views/devices/format.ts). */
const MESSAGES: Record<string, Record<string, string>> = {
  sn: { required: 'devices:validation.required', invalid_format: 'devices:validation.sn_format' },
  mac: { invalid_format: 'devices:validation.mac_format' },
};
const SPINNING = `${text('devices:actions.save')} turns into a spinner; ${text('devices:actions.save')} and ${text('devices:actions.cancel')} are disabled`;
/** The spec's rules: a serial is required (letters, digits, dashes), a MAC when given is six hex pairs. */
const problems = (context: Context) => {
  const found: Record<string, string> = {};
  const sn = context.values.sn.trim();
  if (!sn) found.sn = 'required';
  else if (!/^[A-Za-z0-9-]+$/.test(sn)) found.sn = 'invalid_format';
  if (context.values.mac && !/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(context.values.mac)) found.mac = 'invalid_format';
  return found;
};

/**
 * The save sends what the form holds (docs/api.md POST /devices/, PUT /devices/{id}/): the serial trimmed, an empty MAC as
 * null, the name, and the chosen office as its id (null when none is chosen); the device's id when editing.
 */
const saveCall = (context: Context) =>
  `saveDevice: ${JSON.stringify({ device: context.deviceId ?? 'new', sn: context.values.sn.trim(), mac: context.values.mac.trim() || null, name: context.values.name.trim(), office: context.values.office ? Number(context.values.office) : null })}`;
/** A save reads as the fields that matter (the rest of the body is the form's defaults, which these paths never change). */
function describeCall(name: string, argument: unknown): string {
  if (name !== 'saveDevice') return argument === undefined ? name : `${name}: ${JSON.stringify(argument)}`;
  const { deviceId, body } = argument as { deviceId: number | null; body: Record<string, unknown> };
  return `saveDevice: ${JSON.stringify({ device: deviceId ?? 'new', sn: body.sn, mac: body.mac, name: body.name, office: body.office })}`;
}

/** Section 4, the add-device and edit-device form. */
export default defineQa({
  machine: devicesFormMachine,
  file: 'src/machines/devices/devicesForm.machine.ts',
  title: 'The add-device and edit-device form',
  req: { [EXISTS]: ['S8.2-5'] },
  actors: ['saveDevice'],
  recorded: ['saved', 'cancelled'],
  describeCall,
  namespace: 'devices',
  preconditions: {
    'adding a device': { route: `/devices, then press ${text('devices:actions.add')}: the dialog ${text('devices:form.addTitle')} opens`, user: DEVICES_EDITOR, data: 'no device with the serial SN-NEW-1 yet (where a path says "the serial is taken", add one in another tab first)' },
    'editing device 3': {
      route: `/devices, press the row of Screen 3 (serial SN-3), then ${text('devices:actions.edit')} in its card: the dialog ${text('devices:form.editTitle', { name: 'Screen 3' })} opens`,
      user: DEVICES_EDITOR,
      data: 'device 3 named Screen 3 with the serial SN-3, in the office Central of the company Acme (office 12); an office North (14) of Acme too',
    },
  },
  howTo: {
    [SAVED]: 'wait: the server answers the save (a serial no other device has)',
    [EXISTS]: 'save with a serial another device already has (add a device SN-NEW-1 first, in another tab)',
    [OFFLINE]: offlineBefore(`pressing ${text('devices:actions.save')}`),
  },
  offScreen: {
    [SUBMIT]: { submitting: `${text('devices:actions.save')} is disabled while the server saves` },
    [CANCEL]: { submitting: `${text('devices:actions.cancel')} is disabled while the server saves` },
  },
  onScreen: {
    saved: `the dialog closes; a success toast ${text('common:messages.addSuccess')} (adding) or ${text('devices:form.updated')} (editing)`,
    cancelled: 'the dialog closes (editing: back to the device card) and nothing is saved',
  },
  starts: { 'adding a device': () => ({}), 'editing device 3': () => ({ device: fakeDevice(3, { office: 12, office_name: 'Central', company: 1, company_name: 'Acme' }) }) },
  events: {
    [SERIAL]: { type: 'form.change', field: 'sn', value: 'SN-NEW-1' },
    [BAD_SERIAL]: { type: 'form.change', field: 'sn', value: 'bad serial!' },
    [CLEAR_SERIAL]: { type: 'form.change', field: 'sn', value: '' },
    [BAD_MAC]: { type: 'form.change', field: 'mac', value: 'zz:zz' },
    [NAME]: { type: 'form.change', field: 'name', value: 'Lobby' },
    [OFFICE]: { type: 'form.change', field: 'office', value: '14' },
    [SUBMIT]: { type: 'form.submit' },
    [CANCEL]: { type: 'form.cancel' },
    [SAVED]: done('saveDevice', { ok: true, device: SAVED_DEVICE }),
    [EXISTS]: done('saveDevice', { ok: false, reason: 'device_exists', fields: { sn: 'taken' } }),
    [OFFLINE]: error('saveDevice', new TypeError('Failed to fetch')),
  },
  initial: {
    'adding a device': { to: 'editing', see: { serial: '', errors: {} } },
    'editing device 3': { to: 'editing', see: { serial: 'SN-3', name: 'Screen 3', office: '12' } },
  },
  expect: {
    editing: {
      [SERIAL]: { to: 'editing', see: { serial: 'SN-NEW-1' }, screen: [reads('sn', 'SN-NEW-1')] },
      [BAD_SERIAL]: { to: 'editing', screen: [reads('sn', 'bad serial!')] },
      [CLEAR_SERIAL]: { to: 'editing', screen: [`${field('sn')} is empty`] },
      [BAD_MAC]: { to: 'editing', screen: [reads('mac', 'zz:zz')] },
      [NAME]: { to: 'editing', see: { name: 'Lobby' }, screen: [reads('name', 'Lobby')] },
      [OFFICE]: { to: 'editing', see: { office: '14' }, screen: [`${field('office')} reads "Acme · North"`] },
      // A form the rules refuse is not sent: each field says what is wrong.
      [SUBMIT]: (context: Context) => {
        const found = problems(context);
        return Object.keys(found).length
          ? {
              to: 'editing',
              see: { errors: found, failure: 'validation' },
              calls: [],
              screen: Object.entries(found).map(([key, code]) => `under ${field(key)}, in red: ${text(MESSAGES[key]![code]!)}`),
            }
          : { to: 'submitting', see: { busy: true }, calls: [saveCall(context)], screen: [SPINNING] };
      },
      [CANCEL]: { to: 'cancelled', calls: ['cancelled'] },
    },
    submitting: {
      [SAVED]: (context: Context) => ({ to: 'saved', calls: [`saved: ${JSON.stringify({ device: SAVED_DEVICE, created: context.deviceId === null })}`] }),
      [EXISTS]: {
        to: 'editing',
        see: { errors: { sn: 'device_exists' }, failure: 'device_exists', busy: false },
        screen: [`above the fields, in red: ${text('devices:errors.device_exists')}`, `under ${field('sn')}, in red: ${text('devices:validation.device_exists')}`],
      },
      [OFFLINE]: { to: 'editing', see: { failure: 'network_error' }, screen: [`above the fields, in red: ${text('common:errors.network_error')}`] },
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    serial: snapshot.context.values.sn,
    name: snapshot.context.values.name,
    office: snapshot.context.values.office,
    errors: snapshot.context.errors,
    failure: snapshot.context.failure,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.deviceId, snapshot.context.values.sn, snapshot.context.values.mac, snapshot.context.values.name, snapshot.context.values.office, Object.keys(snapshot.context.errors)]),
});
