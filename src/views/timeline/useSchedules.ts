import { useMemo, useSyncExternalStore } from 'react';
import { getDeviceSchedule, type DeviceSchedule } from '../../services/scheduler.ts';

export type ScheduleEntry = { state: 'loading' } | { state: 'error' } | { state: 'ready'; schedule: DeviceSchedule };

/**
 * The compiled schedules of the rows on screen, fetched once each (`GET /scheduler/dev2/{id}`) as rows scroll into
 * view: the server offers no bulk route, and the virtualised list keeps the requests to the rows shown.
 */
export function useSchedules() {
  const store = useMemo(() => {
    const entries = new Map<number, ScheduleEntry>();
    const listeners = new Set<() => void>();
    let version = 0;
    const changed = () => {
      version += 1;
      for (const listener of listeners) listener();
    };
    return {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
      get: (id: number) => entries.get(id),
      want: (ids: number[]) => {
        for (const id of ids) {
          const entry = entries.get(id);
          if (entry && entry.state !== 'error') continue;
          entries.set(id, { state: 'loading' });
          getDeviceSchedule(id).then(
            (schedule) => {
              entries.set(id, { state: 'ready', schedule });
              changed();
            },
            () => {
              entries.set(id, { state: 'error' });
              changed();
            },
          );
        }
      },
    };
  }, []);
  useSyncExternalStore(store.subscribe, store.version);
  return store;
}
