import { assign, fromPromise, setup } from 'xstate';
import type { PendingClient } from '../../services/devices.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

export interface ClientsContext {
  data: PageOf<PendingClient> | null;
  error: string | null;
}

export type ClientsEvent = { type: 'clients.refresh' } | { type: 'clients.dismiss'; id: number } | { type: 'clients.adopted' };

/**
 * /clients: the players waiting to be adopted, with the fetch status of section 4. Adopting is the add-device
 * form with the player's serial (the view sends `clients.adopted` after it); dismissing removes a waiting player.
 * Provide `loadClients`, `dismissClient` and `notify`.
 */
export const devicesClientsMachine = setup({
  types: { context: {} as ClientsContext, events: {} as ClientsEvent },
  actors: {
    loadClients: fromPromise<PageOf<PendingClient>, void>(() => Promise.reject(new Error('loadClients not provided'))),
    dismissClient: fromPromise<void, { id: number }>(() => Promise.reject(new Error('dismissClient not provided'))),
  },
  actions: {
    notify: (_, _params: { intent: 'success' | 'error'; message: string }) => {},
    setData: assign((_, params: { data: PageOf<PendingClient> }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'clients',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updating: {
      tags: ['loading'],
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    complete: {
      on: { 'clients.refresh': 'updating', 'clients.adopted': 'updating', 'clients.dismiss': 'dismissing' },
    },
    error: { on: { 'clients.refresh': 'loading' } },
    dismissing: {
      tags: ['loading'],
      invoke: {
        id: 'dismissClient',
        src: 'dismissClient',
        input: ({ event }) => ({ id: (event as Extract<ClientsEvent, { type: 'clients.dismiss' }>).id }),
        onDone: { target: 'updating', actions: { type: 'notify', params: { intent: 'success', message: 'common:messages.removeSuccess' } } },
        onError: { target: 'updating', actions: { type: 'notify', params: { intent: 'error', message: 'common:messages.removeError' } } },
      },
    },
  },
});
