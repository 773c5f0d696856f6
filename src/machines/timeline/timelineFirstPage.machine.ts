import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { loadTimelinePage, type TimelineQuery } from '../../services/scheduler.ts';
import type { TimelinePage } from './timelinePages.machine.ts';

/** Page 1 of /timeline for the filters and the day (TimelineScreen.tsx): its count sizes the list; the pages machine fetches the others. */
export const timelineFirstPageMachine = createFetchStatusMachine<TimelinePage, { query: TimelineQuery; date: string }>().provide({
  actors: { load: fromPromise(({ input }) => loadTimelinePage(input.params.query, input.params.date, 1)) },
});
