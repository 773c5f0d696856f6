import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listCompanyNames, listGroups, type CompanyName } from '../../services/groups.service.ts';
import type { Group } from '../../services/schemas/groups.ts';

export interface GroupsData {
  groups: Group[];
  companies: CompanyName[];
}

/** The groups (/groups and the users screen's group choice) with the companies they may name, in one fetch status. */
export const groupListMachine = createFetchStatusMachine<GroupsData, null>(null).provide({
  actors: {
    load: fromPromise(async () => {
      const [groups, companies] = await Promise.all([listGroups(), listCompanyNames()]);
      return { groups: groups.results, companies };
    }),
  },
});
