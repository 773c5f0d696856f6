import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listDevices } from '../../services/devices.service.ts';

/** The screens of the chosen office on /navigation, each a link to its map editor (OfficeDevices.tsx), in one fetch status (params: the office id). */
export const officeDevicesMachine = createFetchStatusMachine<Awaited<ReturnType<typeof listDevices>>, number>().provide({
  actors: { load: fromPromise(({ input }) => listDevices({ office: input.params, page: 1, page_size: 100 })) },
});
