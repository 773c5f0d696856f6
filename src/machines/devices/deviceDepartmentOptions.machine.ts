import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listAllDepartments } from '../../services/company.service.ts';
import type { Department } from '../../services/schemas/company.ts';

/** The departments of the company a smart group's rule may name (the Department field of its form), in one fetch status. */
export const deviceDepartmentOptionsMachine = createFetchStatusMachine<Department[], { company?: number }>({}).provide({
  actors: { load: fromPromise(({ input }) => listAllDepartments(input.params?.company)) },
});
