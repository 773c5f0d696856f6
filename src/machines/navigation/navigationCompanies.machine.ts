import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCompanies, type Company } from '../../services/devices.service.ts';

/** The Company choices of /navigation (NavigationScreen.tsx), in one fetch status (params: 'all'). */
export const navigationCompaniesMachine = createFetchStatusMachine<Company[], 'all'>().provide({
  actors: { load: fromPromise(() => listCompanies()) },
});
