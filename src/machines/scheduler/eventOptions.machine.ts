import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { loadEventOptions, type EventOptions } from '../../services/scheduler.ts';

/** What the event form of a campaign's calendar offers (SchedulerView.tsx): the campaign's playlists and devices, in one fetch status (params: the campaign id). */
export const eventOptionsMachine = createFetchStatusMachine<EventOptions, number>().provide({
  actors: { load: fromPromise(({ input }) => loadEventOptions(input.params)) },
});
