import { assign, fromPromise, setup } from 'xstate';
import type { Device } from '../../services/devices.service.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

export interface DeviceActivationContext {
  device: Device;
  /** API error code of the last failed switch. */
  error: string | null;
}

export type DeviceActivationEvent = { type: 'activation.toggle' } | { type: 'activation.sync'; device: Device };

/**
 * Activation of one device, switched by the change-active call: active <-> inactive through
 * deactivating / activating. On success the view's `changed` action tells the list, which adjusts
 * the statistics locally (spec section 4). Provide `changeActive`, `changed` and `notify`.
 */
export const devicesActivationMachine = setup({
  types: {
    context: {} as DeviceActivationContext,
    events: {} as DeviceActivationEvent,
    input: {} as { device: Device },
  },
  actors: {
    changeActive: fromPromise<Device, { id: number; active: boolean }>(() => Promise.reject(new Error('changeActive not provided'))),
  },
  actions: {
    changed: (_, _params: { device: Device }) => {},
    notify: (_, _params: { intent: 'success' | 'error'; message: string }) => {},
    setDevice: assign((_, params: { device: Device }) => ({ device: params.device, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
  },
  guards: {
    startsActive: ({ context }) => context.device.is_active,
  },
}).createMachine({
  id: 'deviceActivation',
  context: ({ input }) => ({ device: input.device, error: null }),
  initial: 'settling',
  states: {
    settling: { always: [{ guard: 'startsActive', target: 'active' }, { target: 'inactive' }] },
    active: {
      on: {
        'activation.toggle': 'deactivating',
        'activation.sync': { target: 'settling', actions: { type: 'setDevice', params: ({ event }) => ({ device: event.device }) } },
      },
    },
    inactive: {
      on: {
        'activation.toggle': 'activating',
        'activation.sync': { target: 'settling', actions: { type: 'setDevice', params: ({ event }) => ({ device: event.device }) } },
      },
    },
    deactivating: {
      tags: ['busy'],
      invoke: {
        id: 'changeActive',
        src: 'changeActive',
        input: ({ context }) => ({ id: context.device.id, active: false }),
        onDone: {
          target: 'settling',
          actions: [
            { type: 'setDevice', params: ({ event }) => ({ device: event.output }) },
            { type: 'changed', params: ({ event }) => ({ device: event.output }) },
            { type: 'notify', params: { intent: 'success', message: 'devices:card.deactivated' } },
          ],
        },
        onError: {
          target: 'active',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { intent: 'error', message: 'common:messages.updateError' } }],
        },
      },
    },
    activating: {
      tags: ['busy'],
      invoke: {
        id: 'changeActive',
        src: 'changeActive',
        input: ({ context }) => ({ id: context.device.id, active: true }),
        onDone: {
          target: 'settling',
          actions: [
            { type: 'setDevice', params: ({ event }) => ({ device: event.output }) },
            { type: 'changed', params: ({ event }) => ({ device: event.output }) },
            { type: 'notify', params: { intent: 'success', message: 'devices:card.activated' } },
          ],
        },
        onError: {
          target: 'inactive',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { intent: 'error', message: 'common:messages.updateError' } }],
        },
      },
    },
  },
});
