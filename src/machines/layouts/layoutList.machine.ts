import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listLayouts, type Layout, type LayoutListParams } from '../../services/layouts.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';

export type { LayoutListParams };

/** The layouts list (/layouts): the fetch status over GET /layouts/ (search, screen position, page). */
export const layoutListMachine = createFetchStatusMachine<PageOf<Layout>, LayoutListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listLayouts(input.params)) },
});
