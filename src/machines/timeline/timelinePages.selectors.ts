import type { SnapshotFrom } from 'xstate';
import type { TimelineRow } from '../../services/scheduler.ts';
import { TIMELINE_PAGE_SIZE } from '../../services/scheduler.ts';
import { pageOfRow, type timelinePagesMachine } from './timelinePages.machine.ts';

/** A row of the timeline by its index: not loaded yet, failed, or the device with its items on the day. */
export type RowEntry = { state: 'loading' } | { state: 'error' } | { state: 'ready'; row: TimelineRow };

type TimelinePagesSnapshot = Pick<SnapshotFrom<typeof timelinePagesMachine>, 'value' | 'context'>;

/** The row at `index` (0-based): its page shown, failed, or still to come. */
export function selectRow(snapshot: TimelinePagesSnapshot, index: number): RowEntry {
  const page = pageOfRow(index);
  const rows = snapshot.context.pages[page];
  if (rows) {
    const row = rows[index % TIMELINE_PAGE_SIZE];
    return row ? { state: 'ready', row } : { state: 'loading' };
  }
  return snapshot.context.failed.includes(page) ? { state: 'error' } : { state: 'loading' };
}

/** The page being loaded, or null. */
export const selectLoadingPage = (snapshot: TimelinePagesSnapshot): number | null => (snapshot.value === 'loading' ? (snapshot.context.queue[0] ?? null) : null);

/** The pages shown, in order. */
export const selectShownPages = (snapshot: TimelinePagesSnapshot): number[] =>
  Object.keys(snapshot.context.pages)
    .map(Number)
    .sort((a, b) => a - b);
