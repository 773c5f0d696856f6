import { assign, enqueueActions, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import type { Device, DeviceFilters, DeviceListPage, DeviceStatistics, ExportProgress } from '../../services/devices.service.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';

/** How long typing in the search box rests before the list reloads. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A loaded page reloads itself this often, so statuses follow the heartbeats without a click. */
export const AUTO_REFRESH_MS = 30_000;

/** The local statistics changes of spec section 4. */
export type StatisticsChange = 'added' | 'activated' | 'deactivated';

/**
 * Section 4, "Device statistics are adjusted locally": adding raises active by one; activating raises
 * active and lowers deactive by one; deactivating does the reverse.
 */
export function adjustStatistics(statistics: DeviceStatistics, change: StatisticsChange): DeviceStatistics {
  if (change === 'added') return { ...statistics, active: statistics.active + 1 };
  if (change === 'activated') return { active: statistics.active + 1, deactive: statistics.deactive - 1 };
  return { active: statistics.active - 1, deactive: statistics.deactive + 1 };
}

export interface DeviceListInput {
  filters: DeviceFilters;
  page: number;
}

export interface DeviceExportInput {
  filters: DeviceFilters;
  /** Receives `export.progress` while pages arrive. */
  parent: { send(event: { type: 'export.progress'; loaded: number; total: number }): void };
}

export interface DevicesContext {
  /** The filters the list is loaded with (the search among them once typing has rested). */
  filters: DeviceFilters;
  /** What the search box holds right now. */
  searchText: string;
  page: number;
  data: DeviceListPage | null;
  /** API error code of the last failed list load. */
  error: string | null;
  statistics: DeviceStatistics | null;
  statisticsError: string | null;
  exportProgress: ExportProgress | null;
  exportError: string | null;
}

export type DevicesEvent =
  | { type: 'devices.load' }
  | { type: 'devices.refresh' }
  | { type: 'statistics.adjusted' }
  | { type: 'devices.search'; text: string }
  | { type: 'devices.filter'; filters: Partial<Omit<DeviceFilters, 'search'>> }
  | { type: 'devices.page'; page: number }
  | { type: 'devices.added'; device: Device }
  | { type: 'devices.updated'; device: Device }
  | { type: 'devices.activationChanged'; device: Device }
  | { type: 'devices.removed'; id: number }
  | { type: 'devices.reload' }
  | { type: 'statistics.retry' }
  | { type: 'export.start' }
  | { type: 'export.cancel' }
  | { type: 'export.progress'; loaded: number; total: number };

const replaceDevice = (data: DeviceListPage | null, device: Device): DeviceListPage | null =>
  data && { ...data, results: data.results.map((item) => (item.id === device.id ? device : item)) };

/**
 * The devices page: the list with its fetch status (initial, loading, updating, complete, error), filters,
 * search debounced by 300 ms, paging, a silent reload every 30 s; the statistics with their local adjustments; the xlsx export.
 * Provide `loadDevices`, `loadStatistics`, `exportXlsx` and the `saveExport` / `notify` actions.
 */
export const devicesMachine = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
    input: {} as { filters?: DeviceFilters },
  },
  actors: {
    loadDevices: fromPromise<DeviceListPage, DeviceListInput>(() => Promise.reject(new Error('loadDevices not provided'))),
    loadStatistics: fromPromise<DeviceStatistics, void>(() => Promise.reject(new Error('loadStatistics not provided'))),
    exportXlsx: fromPromise<Blob, DeviceExportInput>(() => Promise.reject(new Error('exportXlsx not provided'))),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS, autoRefresh: AUTO_REFRESH_MS },
  actions: {
    requestReload: raise({ type: 'devices.reload' }),
    saveExport: (_, _params: { blob: Blob }) => {},
    notify: (_, _params: { intent: 'success' | 'error'; message: string }) => {},
    setSearchText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    applySearch: assign(({ context }) => ({ filters: { ...context.filters, search: context.searchText.trim() || undefined }, page: 1 })),
    applyFilters: assign(({ context }, params: { filters: Partial<DeviceFilters> }) => ({ filters: { ...context.filters, ...params.filters }, page: 1 })),
    setPage: assign((_, params: { page: number }) => ({ page: Math.max(1, params.page) })),
    stepBackAPage: assign(({ context }) => ({ page: Math.max(1, context.page - 1) })),
    setData: assign((_, params: { data: DeviceListPage }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    replaceDevice: assign(({ context }, params: { device: Device }) => ({ data: replaceDevice(context.data, params.device) })),
    setStatistics: assign((_, params: { statistics: DeviceStatistics }) => ({ statistics: params.statistics, statisticsError: null })),
    setStatisticsError: assign((_, params: { error: unknown }) => ({ statisticsError: errorCodeOf(params.error) })),
    adjustStatistics: enqueueActions(({ context, enqueue }, params: { change: StatisticsChange }) => {
      enqueue.assign({ statistics: context.statistics && adjustStatistics(context.statistics, params.change) });
      // A load in flight was asked before this change: its answer would undo the adjustment, so it is asked again.
      enqueue.raise({ type: 'statistics.adjusted' });
    }),
    startExport: assign({ exportProgress: { loaded: 0, total: 0 }, exportError: null }),
    setExportProgress: assign((_, params: ExportProgress) => ({ exportProgress: params })),
    setExportError: assign((_, params: { error: unknown }) => ({ exportError: errorCodeOf(params.error), exportProgress: null })),
    clearExport: assign({ exportProgress: null }),
  },
  guards: {
    searchChanged: ({ context }) => (context.searchText.trim() || undefined) !== context.filters.search,
    pageEmptied: ({ context }, params: { data: DeviceListPage }) => params.data.results.length === 0 && context.page > 1,
    isActive: (_, params: { device: Device }) => params.device.is_active,
  },
}).createMachine({
  id: 'devices',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input?.filters ?? {},
    searchText: input?.filters?.search ?? '',
    page: 1,
    data: null,
    error: null,
    statistics: null,
    statisticsError: null,
    exportProgress: null,
    exportError: null,
  }),
  on: {
    'devices.filter': { actions: [{ type: 'applyFilters', params: ({ event }) => ({ filters: event.filters }) }, 'requestReload'] },
    'devices.page': { actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'requestReload'] },
    'devices.updated': { actions: { type: 'replaceDevice', params: ({ event }) => ({ device: event.device }) } },
    'devices.activationChanged': [
      {
        guard: { type: 'isActive', params: ({ event }) => ({ device: event.device }) },
        actions: [{ type: 'replaceDevice', params: ({ event }) => ({ device: event.device }) }, { type: 'adjustStatistics', params: { change: 'activated' } }],
      },
      {
        actions: [{ type: 'replaceDevice', params: ({ event }) => ({ device: event.device }) }, { type: 'adjustStatistics', params: { change: 'deactivated' } }],
      },
    ],
  },
  states: {
    list: {
      initial: 'initial',
      states: {
        initial: {
          on: { 'devices.load': 'loading', 'devices.reload': 'loading', 'devices.refresh': 'loading' },
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadDevices',
            src: 'loadDevices',
            input: ({ context }) => ({ filters: context.filters, page: context.page }),
            onDone: [
              { guard: { type: 'pageEmptied', params: ({ event }) => ({ data: event.output }) }, target: 'loading', reenter: true, actions: 'stepBackAPage' },
              { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'devices.reload': { target: 'loading', reenter: true },
            'devices.refresh': { target: 'loading', reenter: true },
            'devices.added': { target: 'loading', reenter: true },
            'devices.removed': { target: 'loading', reenter: true },
          },
        },
        updating: {
          tags: ['loading'],
          invoke: {
            id: 'loadDevices',
            src: 'loadDevices',
            input: ({ context }) => ({ filters: context.filters, page: context.page }),
            onDone: [
              { guard: { type: 'pageEmptied', params: ({ event }) => ({ data: event.output }) }, target: 'updating', reenter: true, actions: 'stepBackAPage' },
              { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'devices.reload': { target: 'updating', reenter: true },
            'devices.refresh': { target: 'updating', reenter: true },
            'devices.added': { target: 'updating', reenter: true },
            'devices.removed': { target: 'updating', reenter: true },
          },
        },
        complete: {
          on: { 'devices.reload': 'updating', 'devices.refresh': 'updating', 'devices.added': 'updating', 'devices.removed': 'updating' },
          after: { autoRefresh: 'updating' },
        },
        error: {
          on: { 'devices.reload': 'loading', 'devices.refresh': 'loading', 'devices.load': 'loading', 'devices.added': 'loading', 'devices.removed': 'loading' },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'devices.search': { target: 'debouncing', actions: { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) } } },
        },
        debouncing: {
          on: {
            'devices.search': { target: 'debouncing', reenter: true, actions: { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) } },
          },
          after: {
            searchDebounce: [{ guard: 'searchChanged', target: 'idle', actions: ['applySearch', 'requestReload'] }, { target: 'idle' }],
          },
        },
      },
    },
    statistics: {
      initial: 'idle',
      states: {
        idle: { on: { 'devices.load': 'loading', 'devices.refresh': 'loading' } },
        loading: {
          on: { 'statistics.adjusted': { target: 'loading', reenter: true }, 'devices.added': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadStatistics',
            src: 'loadStatistics',
            onDone: { target: 'ready', actions: { type: 'setStatistics', params: ({ event }) => ({ statistics: event.output }) } },
            onError: { target: 'failed', actions: { type: 'setStatisticsError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'devices.added': { actions: { type: 'adjustStatistics', params: { change: 'added' } } },
            'devices.refresh': 'loading',
            // A removal is not one of the spec's local adjustments: ask the server again.
            'devices.removed': 'loading',
          },
        },
        // The page says the numbers are missing, with a retry that asks for the statistics alone.
        failed: { on: { 'devices.refresh': 'loading', 'devices.removed': 'loading', 'statistics.retry': 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'export.start': { target: 'building', actions: 'startExport' } } },
        building: {
          tags: ['exporting'],
          invoke: {
            id: 'exportXlsx',
            src: 'exportXlsx',
            input: ({ context, self }) => ({ filters: context.filters, parent: self }),
            onDone: {
              target: 'idle',
              actions: ['clearExport', { type: 'saveExport', params: ({ event }) => ({ blob: event.output }) }],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'setExportError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: { intent: 'error', message: 'devices:export.failed' } },
              ],
            },
          },
          on: {
            'export.progress': { actions: { type: 'setExportProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
            'export.cancel': { target: 'idle', actions: 'clearExport' },
          },
        },
      },
    },
  },
});

export type DevicesActor = ActorRefFrom<typeof devicesMachine>;
