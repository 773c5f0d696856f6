import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listSmartGroups, type SmartGroup } from '../../services/smartGroups.service.ts';

/** The smart groups of /smart-groups with their members now, in one fetch status. */
export const smartGroupListMachine = createFetchStatusMachine<SmartGroup[], null>(null).provide({
  actors: { load: fromPromise(async () => listSmartGroups()) },
});
