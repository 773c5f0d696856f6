import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCompanies, type Company } from '../../services/devices.service.ts';

/** The companies of the Company filter on /devices and of the device form (useDeviceFilterOptions.ts), in one fetch status. */
export const deviceCompanyOptionsMachine = createFetchStatusMachine<Company[], void>().provide({
  actors: { load: fromPromise(() => listCompanies()) },
});
