import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { searchEntities, type CompareKind } from '../../services/statistics.ts';

/**
 * The first 20 matches of a statistics entity picker (EntityPicker.tsx, GET /statistics/entities/): the caller's
 * companies' campaigns, devices or media, read with statistics view alone; in one fetch status (params: kind and text).
 */
export const entityOptionsMachine = createFetchStatusMachine<{ id: number; name: string }[], { kind: CompareKind; search: string }>().provide({
  actors: { load: fromPromise(async ({ input }) => (await searchEntities(input.params)).map((item) => ({ id: item.id, name: item.name }))) },
});
