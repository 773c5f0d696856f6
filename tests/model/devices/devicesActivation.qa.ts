import { devicesActivationMachine } from '../../../src/machines/devices/devicesActivation.machine.ts';
import { fakeDevice } from '../../../src/machines/devices/devices.fixtures.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, withScreen } from './pages.ts';

const ACTIVE = fakeDevice(4, { is_active: true });
const INACTIVE = fakeDevice(4, { is_active: false });

const TOGGLE = 'flip the "Active" switch';
const NOW_ACTIVE = 'the server answers: device 4 is active';
const NOW_INACTIVE = 'the server answers: device 4 is inactive';
const REFUSED = 'the server refuses the change (403)';
const SYNC_ACTIVE = 'the list reloads with device 4 active';
const SYNC_INACTIVE = 'the list reloads with device 4 inactive';

const changed = (device: typeof ACTIVE, message: string) => [`changed: ${JSON.stringify({ device })}`, `notify: {"intent":"success","message":"${message}"}`];
const refusal = ['notify: {"intent":"error","message":"common:messages.updateError"}'];
const reads = (key: 'activate' | 'deactivate') => `the card's button reads ${text(`devices:actions.${key}`)}`;
const switching = 'the button shows a spinner and is disabled';
const RIGHTS_LOST = 'as admin in another tab, set the group of the signed-in user (Devices "Edit") to Devices "View"; then press the button';

/** Section 4, activating and deactivating one device; the list adjusts its statistics from `changed`. */
export default defineQa({
  machine: devicesActivationMachine,
  file: 'src/machines/devices/devicesActivation.machine.ts',
  title: 'Activation of one device',
  req: { [TOGGLE]: ['S4.2-4'], [NOW_ACTIVE]: ['S4.2-4'], [NOW_INACTIVE]: ['S4.2-4'] },
  preconditions: {
    'an active device': { route: '/devices', user: DEVICES_EDITOR, data: 'an active device 4; press its row: the card opens with "Deactivate"' },
    'an inactive device': { route: '/devices', user: DEVICES_EDITOR, data: 'a deactivated device 4; press its row: the card opens with "Activate"' },
  },
  howTo: {
    [TOGGLE]: 'press "Deactivate" (or "Activate") on the card',
    [REFUSED]: RIGHTS_LOST,
    [SYNC_ACTIVE]: 'activate device 4 in another tab; this tab\'s list reloads within 30 s',
    [SYNC_INACTIVE]: 'deactivate device 4 in another tab; this tab\'s list reloads within 30 s',
  },
  offScreen: { [TOGGLE]: { activating: 'the button is disabled while the change is sent', deactivating: 'the button is disabled while the change is sent' } },
  actors: ['changeActive'],
  recorded: ['changed', 'notify'],
  starts: { 'an active device': () => ({ device: ACTIVE }), 'an inactive device': () => ({ device: INACTIVE }) },
  events: {
    [TOGGLE]: { type: 'activation.toggle' },
    [NOW_ACTIVE]: done('changeActive', ACTIVE),
    [NOW_INACTIVE]: done('changeActive', INACTIVE),
    [REFUSED]: error('changeActive', new ApiRequestError({ status: 403, code: 'forbidden', detail: '' })),
    [SYNC_ACTIVE]: { type: 'activation.sync', device: ACTIVE },
    [SYNC_INACTIVE]: { type: 'activation.sync', device: INACTIVE },
  },
  // The server answers the change it was asked for.
  when: {
    [NOW_ACTIVE]: (snapshot) => snapshot.matches('activating'),
    [NOW_INACTIVE]: (snapshot) => snapshot.matches('deactivating'),
  },
  initial: {
    'an active device': { to: 'active', see: { switchOn: true, busy: false } },
    'an inactive device': { to: 'inactive', see: { switchOn: false } },
  },
  expect: withScreen({
    active: {
      [TOGGLE]: { to: 'deactivating', see: { busy: true }, calls: ['changeActive: {"id":4,"active":false}'] },
      [SYNC_ACTIVE]: { to: 'active', see: { switchOn: true } },
      [SYNC_INACTIVE]: { to: 'inactive', see: { switchOn: false } },
    },
    inactive: {
      [TOGGLE]: { to: 'activating', see: { busy: true }, calls: ['changeActive: {"id":4,"active":true}'] },
      [SYNC_ACTIVE]: { to: 'active', see: { switchOn: true } },
      [SYNC_INACTIVE]: { to: 'inactive' },
    },
    deactivating: {
      [NOW_INACTIVE]: { to: 'inactive', see: { switchOn: false, busy: false, error: null }, calls: changed(INACTIVE, 'devices:card.deactivated') },
      [REFUSED]: { to: 'active', see: { switchOn: true, error: 'forbidden' }, calls: refusal },
    },
    activating: {
      [NOW_ACTIVE]: { to: 'active', see: { switchOn: true, busy: false }, calls: changed(ACTIVE, 'devices:card.activated') },
      [REFUSED]: { to: 'inactive', see: { switchOn: false, error: 'forbidden' }, calls: refusal },
    },
  }, {
    active: { [TOGGLE]: [switching], [SYNC_INACTIVE]: [reads('activate')] },
    inactive: { [TOGGLE]: [switching], [SYNC_ACTIVE]: [reads('deactivate')] },
    deactivating: { [NOW_INACTIVE]: [reads('activate')], [REFUSED]: [reads('deactivate')] },
    activating: { [NOW_ACTIVE]: [reads('deactivate')], [REFUSED]: [reads('activate')] },
  }),
  view: (snapshot) => ({ switchOn: snapshot.context.device.is_active, busy: snapshot.hasTag('busy'), error: snapshot.context.error }),
});
