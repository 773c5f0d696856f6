import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listOffices, type Office } from '../../services/devices.service.ts';

/**
 * The offices of the Office filter on /devices and of the device form (useDeviceFilterOptions.ts), in one fetch status
 * (params: the company chosen, every office when none).
 */
export const deviceOfficeOptionsMachine = createFetchStatusMachine<Office[], { company?: number }>({}).provide({
  actors: { load: fromPromise(({ input }) => listOffices(input.params?.company)) },
});
