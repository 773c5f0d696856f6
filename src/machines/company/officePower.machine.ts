import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getOfficePower, type OfficePower } from '../../services/power.service.ts';

/** An office's screen power schedule as the power dialog of /branch-offices opens it (params: the office id). */
export const officePowerMachine = createFetchStatusMachine<OfficePower, number>().provide({
  actors: { load: fromPromise(({ input }) => getOfficePower(input.params)) },
});
