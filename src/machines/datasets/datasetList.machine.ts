import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listDatasets, type DatasetListParams, type DatasetSummary } from '../../services/datasets.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';

export type { DatasetListParams };

/** The datasets list (/datasets, issue 38): the fetch status over GET /datasets/ (search, page). */
export const datasetListMachine = createFetchStatusMachine<PageOf<DatasetSummary>, DatasetListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listDatasets(input.params)) },
});
