import { useMemo, useSyncExternalStore } from 'react';
import { loadTimelinePage, TIMELINE_PAGE_SIZE, type TimelineQuery, type TimelineRow } from '../../services/scheduler.ts';

/** A row of the timeline by its index: not loaded yet, failed, or the device with its items on the day. */
export type RowEntry = { state: 'loading' } | { state: 'error' } | { state: 'ready'; row: TimelineRow };

/** What a row shows of its schedule (the picked device's panel too). */
export type ScheduleEntry = { state: 'loading' } | { state: 'error' } | { state: 'ready'; schedule: Pick<TimelineRow, 'timezone' | 'version' | 'items'> };

export const scheduleOf = (entry: RowEntry | undefined): ScheduleEntry => (entry?.state === 'ready' ? { state: 'ready', schedule: entry.row } : { state: entry?.state ?? 'loading' } as ScheduleEntry);

/**
 * The timeline's rows beyond the first page, fetched a page at a time (`GET /scheduler/timeline/`: devices and their
 * compiled items of the day in one request) as the virtualised list scrolls them into view. `first` is page 1, loaded
 * by the screen's fetch machine for the same query and date; a new one starts over.
 */
export function useTimelinePages(query: TimelineQuery, date: string, first: { count: number; rows: TimelineRow[] } | null) {
  const store = useMemo(() => {
    const pages = new Map<number, 'loading' | 'error' | TimelineRow[]>();
    const listeners = new Set<() => void>();
    let version = 0;
    const changed = () => {
      version += 1;
      for (const listener of listeners) listener();
    };
    if (first) pages.set(1, first.rows);
    return {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
      /** The row at `index` (0-based). */
      row(index: number): RowEntry {
        const page = pages.get(Math.floor(index / TIMELINE_PAGE_SIZE) + 1);
        if (page === undefined || page === 'loading') return { state: 'loading' };
        if (page === 'error') return { state: 'error' };
        const row = page[index % TIMELINE_PAGE_SIZE];
        return row ? { state: 'ready', row } : { state: 'loading' };
      },
      /** Fetches the pages of these row indexes not fetched yet (and those that failed). */
      want(indexes: number[]) {
        for (const page of new Set(indexes.map((index) => Math.floor(index / TIMELINE_PAGE_SIZE) + 1))) {
          const entry = pages.get(page);
          if (entry !== undefined && entry !== 'error') continue;
          pages.set(page, 'loading');
          loadTimelinePage(query, date, page).then(
            (answer) => {
              pages.set(page, answer.rows);
              changed();
            },
            () => {
              pages.set(page, 'error');
              changed();
            },
          );
        }
      },
    };
    // A new first page (new filters or day) starts a new store.
  }, [first, query, date]);
  useSyncExternalStore(store.subscribe, store.version);
  return store;
}
