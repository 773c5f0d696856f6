import { devicesCardMachine } from '../../../src/machines/devices/devicesCard.machine.ts';
import { fakeDevice } from '../../../src/machines/devices/devices.fixtures.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

const DEVICE = fakeDevice(5);
const WITH_PHOTO = fakeDevice(5, { photo: '/media/photos/5.jpg' });
const PHOTO = new Blob(['jpeg'], { type: 'image/jpeg' });
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const CHECK = 'press "Check"';
const READY = 'the player answers: ready';
const NOT_READY = 'the player answers: not ready';
const CHECK_FAILS = 'the check fails (network down)';
const REBOOT = 'press "Reboot"';
const REBOOT_QUEUED = 'the server queues the reboot';
const REBOOT_FAILS = 'the reboot fails (network down)';
const SET_PHOTO = 'choose a location photo';
const PHOTO_SAVED = 'the server stores the photo';
const PHOTO_REFUSED = 'the server refuses the photo: too large';
const PHOTO_FAILS = 'the photo upload fails (network down)';
const CLEAR_PHOTO = 'press "Remove photo"';
const PHOTO_CLEARED = 'the server removes the photo';
const CLEAR_FAILS = 'removing the photo fails (network down)';
const DELETE = 'press "Delete"';
const CONFIRM = 'confirm the deletion';
const CANCEL = 'cancel the deletion';
const DELETED = 'the server deletes the device';
const DELETE_FAILS = 'the deletion fails (network down)';
const SYNC = 'the list reloads with a new name for the device';

const notify = (intent: string, message: string) => `notify: {"intent":"${intent}","message":"${message}"}`;
const id = '{"id":5}';

/** Why a card button cannot be pressed, from what the card shows: all are disabled while an action runs. */
const blocked = (view: Record<string, unknown>) =>
  view.asking ? 'the delete confirmation covers the card' : view.busy ? "the card's buttons are disabled while an action runs" : undefined;
const disabledWhileBusy = `the card's buttons (${text('devices:actions.check')}, ${text('devices:actions.reboot')}, ${text('devices:photo.set')}, ${text('devices:actions.delete')}, ...) are disabled while it runs`;

/** Section 8, the device card: check, reboot, location photo, delete behind a confirmation. */
export default defineQa({
  machine: devicesCardMachine,
  file: 'src/machines/devices/devicesCard.machine.ts',
  title: "The device card's actions",
  req: { [READY]: ['S8.2-6'], [NOT_READY]: ['S8.2-6'] },
  preconditions: {
    start: { route: '/devices', user: DEVICES_EDITOR, data: 'an active device Screen 5 without a location photo, its player connected (a /player tab paired with it); press its row: the card opens' },
  },
  howTo: {
    [NOT_READY]: 'close the /player tab of Screen 5 first and wait until the list shows it offline',
    [CHECK_FAILS]: offlineBefore('pressing "Check"'),
    [REBOOT_FAILS]: offlineBefore('pressing "Reboot"'),
    [SET_PHOTO]: 'press "Set photo" and choose a JPEG under 5 MB',
    [PHOTO_REFUSED]: 'choose a picture over 5 MB instead',
    [PHOTO_FAILS]: offlineBefore('choosing the photo'),
    [CLEAR_FAILS]: offlineBefore('pressing "Clear photo"'),
    [DELETE_FAILS]: offlineBefore('confirming'),
    [SYNC]: 'rename the device to Lobby in another tab; this tab\'s list reloads within 30 s',
  },
  offScreen: {
    [CHECK]: blocked,
    [REBOOT]: blocked,
    [SET_PHOTO]: blocked,
    [DELETE]: blocked,
    [CLEAR_PHOTO]: (view) => blocked(view) ?? (view.photo ? undefined : '"Clear photo" is disabled while the device has no photo'),
    [CONFIRM]: (view) => (view.asking ? undefined : view.busy ? 'the confirmation\'s buttons are disabled while deleting' : 'no confirmation is open'),
    [CANCEL]: (view) => (view.asking ? undefined : view.busy ? 'the confirmation\'s buttons are disabled while deleting' : 'no confirmation is open'),
  },
  actors: ['checkDevice', 'rebootDevice', 'uploadPhoto', 'clearPhoto', 'deleteDevice'],
  recorded: ['notify', 'changed', 'removed'],
  input: { device: DEVICE },
  events: {
    [CHECK]: { type: 'card.check' },
    [READY]: done('checkDevice', { id: 5, ready: true, status: 'online', last_connection: '2026-11-22T10:00:00.000Z' }),
    [NOT_READY]: done('checkDevice', { id: 5, ready: false, status: 'offline', last_connection: null }),
    [CHECK_FAILS]: error('checkDevice', offline),
    [REBOOT]: { type: 'card.reboot' },
    [REBOOT_QUEUED]: done('rebootDevice', { queued: true }),
    [REBOOT_FAILS]: error('rebootDevice', offline),
    [SET_PHOTO]: { type: 'card.photo.set', file: PHOTO },
    [PHOTO_SAVED]: done('uploadPhoto', { ok: true, device: WITH_PHOTO }),
    [PHOTO_REFUSED]: done('uploadPhoto', { ok: false, reason: 'too_large' }),
    [PHOTO_FAILS]: error('uploadPhoto', offline),
    [CLEAR_PHOTO]: { type: 'card.photo.clear' },
    [PHOTO_CLEARED]: done('clearPhoto', DEVICE),
    [CLEAR_FAILS]: error('clearPhoto', offline),
    [DELETE]: { type: 'card.delete' },
    [CONFIRM]: { type: 'card.delete.confirm' },
    [CANCEL]: { type: 'card.delete.cancel' },
    [DELETED]: done('deleteDevice', undefined),
    [DELETE_FAILS]: error('deleteDevice', offline),
    [SYNC]: { type: 'card.sync', device: fakeDevice(5, { name: 'Lobby' }) },
  },
  initial: { start: { to: 'idle', see: { busy: false, name: 'Screen 5' } } },
  expect: withScreen({
    idle: {
      [CHECK]: { to: 'checking', see: { busy: true }, calls: [`checkDevice: ${id}`] },
      [REBOOT]: { to: 'rebooting', see: { busy: true }, calls: [`rebootDevice: ${id}`] },
      [SET_PHOTO]: { to: 'uploadingPhoto', see: { busy: true }, calls: ['uploadPhoto: {"id":5,"file":"a 4-byte file"}'] },
      [CLEAR_PHOTO]: { to: 'clearingPhoto', see: { busy: true }, calls: [`clearPhoto: ${id}`] },
      [DELETE]: { to: 'confirmingDelete', see: { asking: true }, calls: [] },
      [SYNC]: { to: 'idle', see: { name: 'Lobby' } },
    },
    checking: {
      [READY]: { to: 'idle', see: { ready: true, busy: false }, calls: [notify('success', 'devices:card.ready')] },
      [NOT_READY]: { to: 'idle', see: { ready: false }, calls: [notify('error', 'devices:card.notReady')] },
      [CHECK_FAILS]: { to: 'idle', see: { error: 'network_error' }, calls: [notify('error', 'devices:card.notReady')] },
    },
    rebooting: {
      [REBOOT_QUEUED]: { to: 'idle', calls: [notify('success', 'devices:card.rebootQueued')] },
      [REBOOT_FAILS]: { to: 'idle', see: { error: 'network_error' }, calls: [notify('error', 'devices:card.rebootFailed')] },
    },
    uploadingPhoto: {
      [PHOTO_SAVED]: { to: 'idle', see: { photo: WITH_PHOTO.photo }, calls: [`changed: ${JSON.stringify({ device: WITH_PHOTO })}`, notify('success', 'devices:photo.saved')] },
      [PHOTO_REFUSED]: { to: 'idle', calls: [notify('error', 'devices:errors.too_large')] },
      [PHOTO_FAILS]: { to: 'idle', see: { error: 'network_error' }, calls: [notify('error', 'common:messages.saveError')] },
    },
    clearingPhoto: {
      [PHOTO_CLEARED]: { to: 'idle', see: { photo: null }, calls: [`changed: ${JSON.stringify({ device: DEVICE })}`, notify('success', 'devices:photo.cleared')] },
      [CLEAR_FAILS]: { to: 'idle', see: { error: 'network_error' }, calls: [notify('error', 'common:messages.saveError')] },
    },
    confirmingDelete: {
      [CONFIRM]: { to: 'deleting', see: { busy: true }, calls: [`deleteDevice: ${id}`] },
      [CANCEL]: { to: 'idle', see: { asking: false }, calls: [] },
    },
    deleting: {
      [DELETED]: { to: 'removed', calls: ['removed: {"id":5}', notify('success', 'common:messages.removeSuccess')] },
      [DELETE_FAILS]: { to: 'idle', see: { error: 'network_error' }, calls: [notify('error', 'common:messages.removeError')] },
    },
  }, {
    idle: {
      [CHECK]: [disabledWhileBusy],
      [REBOOT]: [disabledWhileBusy],
      [SET_PHOTO]: [disabledWhileBusy],
      [CLEAR_PHOTO]: [disabledWhileBusy],
      [DELETE]: [`the confirmation ${text('devices:card.title', { name: 'Screen 5' })} ${text('common:confirmDelete.text')} with ${text('common:actions.cancel')} and ${text('common:actions.delete')}`],
      [SYNC]: [`the card's title ${text('devices:card.title', { name: 'Lobby' })}`],
    },
    uploadingPhoto: { [PHOTO_SAVED]: ['the photo shows in the card'] },
    clearingPhoto: { [PHOTO_CLEARED]: [`the card shows ${text('devices:photo.none')}`] },
    confirmingDelete: {
      [CONFIRM]: [`the confirmation's ${text('common:actions.delete')} shows a spinner; both buttons are disabled`],
      [CANCEL]: ['the confirmation closes; the card stays open'],
    },
    deleting: { [DELETED]: ['the card closes; Screen 5 is gone from the list'], [DELETE_FAILS]: ['the confirmation closes; the card stays open'] },
  }),
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    asking: snapshot.matches('confirmingDelete'),
    name: snapshot.context.device.name,
    photo: snapshot.context.device.photo,
    ready: snapshot.context.check?.ready ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.device.name, snapshot.context.device.photo]),
});
