import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listObjects, type NavigationObject } from '../../services/navigation.service.ts';

/** The objects (layouts) of the chosen office on /navigation (NavigationScreen.tsx), in one fetch status (params: the office id). */
export const navigationObjectsMachine = createFetchStatusMachine<NavigationObject[], number>().provide({
  actors: { load: fromPromise(({ input }) => listObjects(input.params)) },
});
