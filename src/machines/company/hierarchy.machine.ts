import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { loadHierarchy, type Hierarchy } from '../../services/company.service.ts';

/** Companies, departments and offices of /company (useHierarchy.ts), loaded together in one fetch status; loaded again after every write. */
export const hierarchyMachine = createFetchStatusMachine<Hierarchy, void>().provide({
  actors: { load: fromPromise(() => loadHierarchy()) },
});
