import { fromPromise } from 'xstate';
import { devicesClientsMachine } from '../../machines/devices/devicesClients.machine.ts';
import { dismissPendingClient, listPendingClients } from '../../services/devices.service.ts';

/* The waiting players' machine with the real services (/clients). */

export const clientsLogic = devicesClientsMachine.provide({
  actors: {
    loadClients: fromPromise(() => listPendingClients()),
    dismissClient: fromPromise(({ input }) => dismissPendingClient(input.id)),
  },
});
