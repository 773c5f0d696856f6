import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { timelinePagesMachine, type TimelinePage } from '../../machines/timeline/timelinePages.machine.ts';
import { selectRow, type RowEntry } from '../../machines/timeline/timelinePages.selectors.ts';
import type { TimelineQuery, TimelineRow } from '../../services/scheduler.ts';

export type { RowEntry };

/** What a row shows of its schedule (the picked device's panel too). */
export type ScheduleEntry = { state: 'loading' } | { state: 'error' } | { state: 'ready'; schedule: Pick<TimelineRow, 'timezone' | 'version' | 'items'> };

export const scheduleOf = (entry: RowEntry | undefined): ScheduleEntry => (entry?.state === 'ready' ? { state: 'ready', schedule: entry.row } : { state: entry?.state ?? 'loading' } as ScheduleEntry);

/**
 * The timeline's rows beyond the first page, fetched a page at a time by the timeline pages machine
 * (src/machines/timeline/timelinePages.machine.ts) as the virtualised list scrolls them into view. `first` is page 1,
 * loaded by the screen's fetch machine for the same query and date; a new one starts over.
 */
export function useTimelinePages(query: TimelineQuery, date: string, first: TimelinePage | null) {
  const actor = useActorRef(timelinePagesMachine);
  useEffect(() => actor.send({ type: 'timeline.start', query, date, first }), [actor, query, date, first]);
  // Every change of the pages renders the rows again.
  useSelector(actor, (snapshot) => snapshot);
  // One object per start (as the screen's effect asks for the rows on screen again when it changes).
  return useMemo(
    () => ({
      /** The row at `index` (0-based). */
      row: (index: number): RowEntry => selectRow(actor.getSnapshot(), index),
      /** Asks for the pages of these row indexes not shown yet (and those that failed). */
      want: (indexes: number[]) => actor.send({ type: 'timeline.want', indexes }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new start is a new object
    [actor, query, date, first],
  );
}
