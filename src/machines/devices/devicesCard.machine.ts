import { assign, fromPromise, setup } from 'xstate';
import type { Device, DeviceCheck, PhotoResult } from '../../services/devices.service.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

export type Notice = { intent: 'success' | 'error' | 'info'; message: string };

export interface DeviceCardContext {
  device: Device;
  /** The answer of the last check ("Device is ready" / "Device is not ready"). */
  check: DeviceCheck | null;
  error: string | null;
}

export type DeviceCardEvent =
  | { type: 'card.check' }
  | { type: 'card.reboot' }
  | { type: 'card.photo.set'; file: Blob }
  | { type: 'card.photo.clear' }
  | { type: 'card.delete' }
  | { type: 'card.delete.confirm' }
  | { type: 'card.delete.cancel' }
  | { type: 'card.sync'; device: Device };

const failed = (message: string) => ({ type: 'notify', params: { intent: 'error', message } }) as const;

/**
 * The device card's actions, one at a time: check, reboot (queued for the next heartbeat), location photo
 * set / clear, delete behind the confirmation of section 8. Provide the actors and the `notify`,
 * `changed` (device updated) and `removed` actions.
 */
export const devicesCardMachine = setup({
  types: {
    context: {} as DeviceCardContext,
    events: {} as DeviceCardEvent,
    input: {} as { device: Device },
  },
  actors: {
    checkDevice: fromPromise<DeviceCheck, { id: number }>(() => Promise.reject(new Error('checkDevice not provided'))),
    rebootDevice: fromPromise<unknown, { id: number }>(() => Promise.reject(new Error('rebootDevice not provided'))),
    uploadPhoto: fromPromise<PhotoResult, { id: number; file: Blob }>(() => Promise.reject(new Error('uploadPhoto not provided'))),
    clearPhoto: fromPromise<Device, { id: number }>(() => Promise.reject(new Error('clearPhoto not provided'))),
    deleteDevice: fromPromise<void, { id: number }>(() => Promise.reject(new Error('deleteDevice not provided'))),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    changed: (_, _params: { device: Device }) => {},
    removed: (_, _params: { id: number }) => {},
    setDevice: assign((_, params: { device: Device }) => ({ device: params.device, error: null })),
    setCheck: assign((_, params: { check: DeviceCheck }) => ({ check: params.check })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
  },
  guards: {
    photoAccepted: (_, params: { result: PhotoResult }) => params.result.ok,
    isReady: (_, params: { check: DeviceCheck }) => params.check.ready,
  },
}).createMachine({
  id: 'deviceCard',
  context: ({ input }) => ({ device: input.device, check: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'card.check': 'checking',
        'card.reboot': 'rebooting',
        'card.photo.set': 'uploadingPhoto',
        'card.photo.clear': 'clearingPhoto',
        'card.delete': 'confirmingDelete',
        'card.sync': { actions: { type: 'setDevice', params: ({ event }) => ({ device: event.device }) } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkDevice',
        src: 'checkDevice',
        input: ({ context }) => ({ id: context.device.id }),
        onDone: [
          {
            guard: { type: 'isReady', params: ({ event }) => ({ check: event.output }) },
            target: 'idle',
            actions: [{ type: 'setCheck', params: ({ event }) => ({ check: event.output }) }, { type: 'notify', params: { intent: 'success', message: 'devices:card.ready' } }],
          },
          {
            target: 'idle',
            actions: [{ type: 'setCheck', params: ({ event }) => ({ check: event.output }) }, { type: 'notify', params: { intent: 'error', message: 'devices:card.notReady' } }],
          },
        ],
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, failed('devices:card.notReady')] },
      },
    },
    rebooting: {
      tags: ['busy'],
      invoke: {
        id: 'rebootDevice',
        src: 'rebootDevice',
        input: ({ context }) => ({ id: context.device.id }),
        onDone: { target: 'idle', actions: { type: 'notify', params: { intent: 'success', message: 'devices:card.rebootQueued' } } },
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, failed('devices:card.rebootFailed')] },
      },
    },
    uploadingPhoto: {
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context, event }) => ({ id: context.device.id, file: (event as Extract<DeviceCardEvent, { type: 'card.photo.set' }>).file }),
        onDone: [
          {
            guard: { type: 'photoAccepted', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'setDevice', params: ({ event }) => ({ device: (event.output as Extract<PhotoResult, { ok: true }>).device }) },
              { type: 'changed', params: ({ event }) => ({ device: (event.output as Extract<PhotoResult, { ok: true }>).device }) },
              { type: 'notify', params: { intent: 'success', message: 'devices:photo.saved' } },
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ event }) => ({ intent: 'error', message: `devices:errors.${(event.output as Extract<PhotoResult, { ok: false }>).reason}` }),
            },
          },
        ],
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, failed('common:messages.saveError')] },
      },
    },
    clearingPhoto: {
      tags: ['busy'],
      invoke: {
        id: 'clearPhoto',
        src: 'clearPhoto',
        input: ({ context }) => ({ id: context.device.id }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setDevice', params: ({ event }) => ({ device: event.output }) },
            { type: 'changed', params: ({ event }) => ({ device: event.output }) },
            { type: 'notify', params: { intent: 'success', message: 'devices:photo.cleared' } },
          ],
        },
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, failed('common:messages.saveError')] },
      },
    },
    confirmingDelete: {
      on: { 'card.delete.confirm': 'deleting', 'card.delete.cancel': 'idle' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteDevice',
        src: 'deleteDevice',
        input: ({ context }) => ({ id: context.device.id }),
        onDone: {
          target: 'removed',
          actions: [{ type: 'removed', params: ({ context }) => ({ id: context.device.id }) }, { type: 'notify', params: { intent: 'success', message: 'common:messages.removeSuccess' } }],
        },
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, failed('common:messages.removeError')] },
      },
    },
    removed: { type: 'final' },
  },
});
