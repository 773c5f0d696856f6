import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listNavigationOffices } from '../../services/navigation.service.ts';

/** The Office choices of /navigation for the chosen company (NavigationScreen.tsx), in one fetch status (params: the company id). */
export const navigationOfficesMachine = createFetchStatusMachine<Awaited<ReturnType<typeof listNavigationOffices>>, number>().provide({
  actors: { load: fromPromise(({ input }) => listNavigationOffices(input.params)) },
});
