import { devicesMachine, type DevicesContext } from '../../../src/machines/devices/devices.machine.ts';
import { fakeDevice } from '../../../src/machines/devices/devices.fixtures.ts';
import { selectDevices, selectExportPercent, selectIsListLoading, selectListError, selectListStatus, selectStatistics, selectStatisticsError } from '../../../src/machines/devices/devices.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { englishText, text } from '../qa/screen.ts';
import { DEVICES_EDITOR, withScreen } from './pages.ts';

const PAGE = { count: 41, count_exact: true, next: '/api/v1/tvpi/devices/?page=2&page_size=20', previous: null, results: [fakeDevice(1), fakeDevice(2, { is_active: false })] };
const EMPTY_PAGE = { count: 20, count_exact: true, next: null, previous: '/api/v1/tvpi/devices/?page=1', results: [] };

const LOAD = 'open the devices page';
const REFRESH = 'press "Refresh"';
const SEARCH = 'type "lobby" in the search box';
const SEARCH_BLANK = 'clear the search box';
const RESTS = 'typing rests for 300 ms';
const AUTO = 'thirty seconds pass on a loaded page';
const FILTER = 'filter: online only';
const PAGE_2 = 'go to page 2';
const ADDED = 'a device is added';
const UPDATED = 'device 1 is renamed "Lobby"';
const ACTIVATED = 'device 2 is activated';
const DEACTIVATED = 'device 1 is deactivated';
const REMOVED = 'device 1 is removed';
const LISTED = 'the server lists 2 devices of 41';
const EMPTIED = 'the server answers an empty page (the last device of it is gone)';
const LIST_FAILS = 'the list fails (500)';
const STATS = 'the statistics arrive: 39 active, 2 inactive';
const STATS_FAIL = 'the statistics fail (network down)';
const STATS_RETRY = 'press "Try again" beside the statistics message';
const EXPORT = 'press "Export"';
const EXPORT_PROGRESS = 'the export has 20 of 41 rows';
const EXPORTED = 'the export file is ready';
const EXPORT_FAILS = 'the export fails (500)';
const EXPORT_CANCEL = 'press "Cancel" on the export';

type Context = DevicesContext;

// What the page shows (src/views/devices: DeviceTable, DevicesPager, DeviceStatisticsBar, DeviceFilters, ExportButton).
const SPINNER = `the spinner ${text('common:loading')}`;
const LOADS = [`${SPINNER} where the list goes, while the list is asked for`];
const STILL_LOADS = [`${SPINNER} stays where the list goes: the list is asked for again`];
const DIMMED = ['the rows stay on screen, dimmed, while the list is asked for again'];
const FAILED = [`in place of the list: "${englishText('devices:list.loadError')}: ${englishText('common:errors.server_error')}"`];
const BOX = text('devices:search.label');
const STATISTICS = (statistics: { active: number; deactive: number }) =>
  `above the filters: ${text('devices:statistics.active', { count: statistics.active })} and ${text('devices:statistics.deactive', { count: statistics.deactive })}`;
const STATISTICS_FAILED = `above the filters, in red: "${englishText('devices:statistics.loadError')}: ${englishText('common:errors.network_error')}" with the button ${text('devices:statistics.retry')}; the last numbers stay above it (none before any arrived)`;
const DOWNLOAD = text('devices:actions.download');
const BAR_GONE = `the progress bar goes and ${DOWNLOAD} is back`;
const ROWS = (page: number) =>
  `under the heading ${text('devices:positions.horizontal')}, the rows Screen 1 and Screen 2 with their ${text('devices:fields.sn')}, ${text('devices:fields.status')} and ${text('devices:fields.last_connection')}; below them ${text('devices:list.page_other', { page, pages: 3, count: 41 })} with the arrows ${text('devices:actions.previous')} and ${text('devices:actions.next')}`;
/** Why a step cannot be done on screen, from what the page shows before it (undefined: it can). */
const opening = (view: Record<string, unknown>) => (view.status === 'initial' ? 'the page asks for its list the moment it opens: nothing can be done before that' : undefined);
const noCard = (view: Record<string, unknown>) =>
  opening(view) ?? (view.status === 'loading' ? 'no rows are shown while the list loads, so no device card or form is open' : undefined);
const STATISTICS_RELOAD = { to: 'statistics.loading', calls: ['loadStatistics'] };
const load = (context: Context, patch: Partial<Pick<Context, 'filters' | 'page'>> = {}) =>
  `loadDevices: ${JSON.stringify({ filters: patch.filters ?? context.filters, page: patch.page ?? context.page })}`;
/** Spec section 4: a reload of a shown list is `updating` (rows stay), of no list `loading`. */
const reload = (context: Context, patch: Partial<Pick<Context, 'filters' | 'page'>> = {}) => ({
  to: context.data ? 'list.updating' : 'list.loading',
  calls: [load(context, patch)],
});
/** A new request while one runs keeps the state it runs in (no rows shown while loading; rows stay while updating). */
const rerun = (running: 'list.loading' | 'list.updating') => (context: Context, patch: Partial<Pick<Context, 'filters' | 'page'>> = {}) => ({
  to: running,
  calls: [load(context, patch)],
});
const filtered = (context: Context): Context['filters'] => ({ ...context.filters, status: 'online' });
const afterLoad = (context: Context, page: typeof PAGE | typeof EMPTY_PAGE, running: 'list.loading' | 'list.updating') =>
  page.results.length === 0 && context.page > 1
    ? { to: running, see: { page: context.page - 1 }, calls: [load(context, { page: context.page - 1 })], screen: [running === 'list.loading' ? `${SPINNER} stays where the list goes: page ${context.page - 1} is asked for` : `the rows stay, dimmed: page ${context.page - 1} is asked for`] }
    : { to: 'list.complete', see: { rows: page.results.length, listError: null, loading: false }, screen: [ROWS(context.page)] };

/** Section 4, the devices page: list with fetch status, search, filters, paging, auto-refresh, statistics, export. */
export default defineQa({
  machine: devicesMachine,
  file: 'src/machines/devices/devices.machine.ts',
  title: 'The devices page: list, statistics and export',
  req: { [STATS_FAIL]: ['S8.1-7'], [ADDED]: ['S4.2-1'], [ACTIVATED]: ['S4.2-2'], [DEACTIVATED]: ['S4.2-3'], [FILTER]: ['S4.7-1'] },
  actors: ['loadDevices', 'loadStatistics', 'exportXlsx'],
  recorded: ['saveExport', 'notify'],
  namespace: 'devices',
  input: {},
  preconditions: {
    start: {
      route: '/devices',
      user: DEVICES_EDITOR,
      data: '41 devices (three pages of 20), 39 active and 2 deactivated; Screen 1 (SN-1) and Screen 2 (SN-2, deactivated) first on page 1; no device matches "lobby"',
    },
  },
  howTo: {
    [RESTS]: 'stop typing: 300 ms later the list is asked for with what the box holds',
    [AUTO]: 'leave the loaded page alone for 30 seconds',
    [FILTER]: `choose ${text('devices:status.online')} under ${text('devices:filters.status')}`,
    [PAGE_2]: `press ${text('devices:actions.next')} (the arrow right of "Page 1 of 3, 41 devices")`,
    [ADDED]: `press ${text('devices:actions.add')}, type a new serial and press ${text('devices:actions.save')}`,
    [UPDATED]: `press the row Screen 1, then ${text('devices:actions.edit')} in its card, type the name Lobby and press ${text('devices:actions.save')}`,
    [ACTIVATED]: `press the row Screen 2, then ${text('devices:actions.activate')} in its card`,
    [DEACTIVATED]: `press the row Screen 1, then ${text('devices:actions.deactivate')} in its card`,
    [REMOVED]: `press the row Screen 1, then ${text('devices:actions.delete')} in its card and confirm`,
    [LISTED]: 'wait: the server answers the list',
    [EMPTIED]: 'on page 2, delete its devices in another tab, then press "Refresh" here',
    [LIST_FAILS]: 'in the devtools Network tab, block the URL /api/v1/tvpi/devices/ and press "Refresh" (a blocked request reads "The server cannot be reached…" after the colon instead of the 500\'s text)',
    [STATS]: 'wait: the server answers the statistics',
    [STATS_FAIL]: 'in the devtools Network tab, block the URL /api/v1/tvpi/devices/statistics and press "Refresh"',
    [STATS_RETRY]: 'unblock the URL /api/v1/tvpi/devices/statistics, then press "Try again" beside the message',
    [EXPORT_PROGRESS]: 'wait: the file arrives in parts (devtools Network throttling "Slow 3G" makes the bar easy to see)',
    [EXPORTED]: 'wait: the server sends the whole file',
    [EXPORT_FAILS]: `in the devtools Network tab, block the URL /api/v1/tvpi/devices-xslx/ before pressing ${DOWNLOAD}`,
  },
  offScreen: {
    [LOAD]: (view) => (view.status === 'initial' ? undefined : 'the page asks for its list once, as it opens; opening it again starts the page afresh'),
    [REFRESH]: opening,
    [SEARCH]: opening,
    [SEARCH_BLANK]: opening,
    [FILTER]: opening,
    [PAGE_2]: (view) => opening(view) ?? (view.rows === 0 ? 'the pager shows only once a list of more than 20 devices has loaded' : undefined),
    [ADDED]: opening,
    [UPDATED]: noCard,
    [ACTIVATED]: noCard,
    [DEACTIVATED]: noCard,
    [REMOVED]: noCard,
    [EXPORT]: (view) => opening(view) ?? (view.exportPercent !== null ? `${DOWNLOAD} is replaced by the progress bar while the file is built` : undefined),
    [EXPORT_CANCEL]: (view) => opening(view) ?? (view.exportPercent === null ? `the button ${text('devices:actions.cancelExport')} shows only while the file is built` : undefined),
    [EXPORT_PROGRESS]: (view) => opening(view) ?? (view.exportPercent === null ? 'only a running export reports progress' : undefined),
    [STATS_RETRY]: (view) => (view.statisticsError === null ? `the button ${text('devices:statistics.retry')} shows only beside the message of a failed statistics load` : undefined),
  },
  onScreen: { saveExport: `${BAR_GONE}; the browser saves ${text('devices:export.fileName')}` },
  events: {
    [LOAD]: { type: 'devices.load' },
    [REFRESH]: { type: 'devices.refresh' },
    [SEARCH]: { type: 'devices.search', text: 'lobby' },
    [SEARCH_BLANK]: { type: 'devices.search', text: '  ' },
    [RESTS]: after('searchDebounce', 'devices.search.debouncing'),
    [AUTO]: after('autoRefresh', 'devices.list.complete'),
    [FILTER]: { type: 'devices.filter', filters: { status: 'online' } },
    [PAGE_2]: { type: 'devices.page', page: 2 },
    [ADDED]: { type: 'devices.added', device: fakeDevice(3) },
    [UPDATED]: { type: 'devices.updated', device: fakeDevice(1, { name: 'Lobby' }) },
    [ACTIVATED]: { type: 'devices.activationChanged', device: fakeDevice(2, { is_active: true }) },
    [DEACTIVATED]: { type: 'devices.activationChanged', device: fakeDevice(1, { is_active: false }) },
    [REMOVED]: { type: 'devices.removed', id: 1 },
    [LISTED]: done('loadDevices', PAGE),
    [EMPTIED]: done('loadDevices', EMPTY_PAGE),
    [LIST_FAILS]: error('loadDevices', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
    [STATS]: done('loadStatistics', { active: 39, deactive: 2 }),
    [STATS_FAIL]: error('loadStatistics', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [STATS_RETRY]: { type: 'statistics.retry' },
    [EXPORT]: { type: 'export.start' },
    [EXPORT_PROGRESS]: { type: 'export.progress', loaded: 20, total: 41 },
    [EXPORTED]: done('exportXlsx', new Blob(['xlsx'])),
    [EXPORT_FAILS]: error('exportXlsx', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
    [EXPORT_CANCEL]: { type: 'export.cancel' },
  },
  when: {
    // One search text, one filter and one page change are enough to tell the rules apart.
    [SEARCH]: (snapshot) => snapshot.context.searchText !== 'lobby',
    [PAGE_2]: (snapshot) => snapshot.context.page === 1,
    [EMPTIED]: (snapshot) => snapshot.context.page > 1,
    [FILTER]: (snapshot) => snapshot.context.filters.status === undefined,
    [UPDATED]: (snapshot) => snapshot.context.data !== null,
    [ACTIVATED]: (snapshot) => snapshot.context.statistics !== null,
    [DEACTIVATED]: (snapshot) => snapshot.context.statistics !== null,
  },
  initial: { start: { to: 'list.initial', see: { status: 'initial', rows: 0 } } },
  delays: {
    searchDebounce: { ms: 300, from: 'product rule (issue 28): typing rests 300 ms before a search is sent', watch: 'debounce' },
    autoRefresh: { ms: 30_000, from: 'product rule: the device list follows the 30 s heartbeat (docs/api.md heartbeat_seconds)' },
  },
  expect: withScreen({
    '': {
      [UPDATED]: (context: Context) => ({ see: { names: context.data!.results.map((d) => (d.id === 1 ? 'Lobby' : d.name)) }, screen: ['the row Screen 1 now reads Lobby (the card shows the device)'] }),
      [ACTIVATED]: (context: Context) => {
        const statistics = context.statistics && { active: context.statistics.active + 1, deactive: context.statistics.deactive - 1 };
        return { see: { statistics }, screen: [`a success toast ${text('devices:card.activated')}`, ...(statistics ? [STATISTICS(statistics)] : [])] };
      },
      [DEACTIVATED]: (context: Context) => {
        const statistics = context.statistics && { active: context.statistics.active - 1, deactive: context.statistics.deactive + 1 };
        return { see: { statistics }, screen: [`a success toast ${text('devices:card.deactivated')}`, ...(statistics ? [STATISTICS(statistics)] : [])] };
      },
    },
    'list.initial': {
      [LOAD]: (context: Context) => ({ to: 'list.loading', see: { loading: true }, calls: [load(context)] }),
      [REFRESH]: (context: Context) => ({ to: 'list.loading', calls: [load(context)] }),
      [FILTER]: (context: Context) => ({ to: 'list.loading', see: { page: 1 }, calls: [load(context, { filters: filtered(context), page: 1 })] }),
      [PAGE_2]: (context: Context) => ({ to: 'list.loading', calls: [load(context, { page: 2 })] }),
      [RESTS]: (context: Context) => (context.searchText.trim() ? { to: 'list.loading', calls: [load(context, { filters: { ...context.filters, search: context.searchText.trim() }, page: 1 })] } : 'list.initial'),
    },
    'list.loading': {
      [LISTED]: (context: Context) => afterLoad(context, PAGE, 'list.loading'),
      [EMPTIED]: (context: Context) => afterLoad(context, EMPTY_PAGE, 'list.loading'),
      [LIST_FAILS]: { to: 'list.error', see: { listError: 'server_error', loading: false } },
      [REFRESH]: (context: Context) => rerun('list.loading')(context),
      [ADDED]: (context: Context) => rerun('list.loading')(context),
      [REMOVED]: (context: Context) => rerun('list.loading')(context),
      [FILTER]: (context: Context) => rerun('list.loading')(context, { filters: filtered(context), page: 1 }),
      [PAGE_2]: (context: Context) => rerun('list.loading')(context, { page: 2 }),
      [RESTS]: (context: Context) => ((context.searchText.trim() || undefined) !== context.filters.search ? rerun('list.loading')(context, { filters: { ...context.filters, search: context.searchText.trim() || undefined }, page: 1 }) : 'list.loading'),
    },
    'list.updating': {
      [LISTED]: (context: Context) => afterLoad(context, PAGE, 'list.updating'),
      [EMPTIED]: (context: Context) => afterLoad(context, EMPTY_PAGE, 'list.updating'),
      [LIST_FAILS]: { to: 'list.error', see: { listError: 'server_error' } },
      [REFRESH]: (context: Context) => rerun('list.updating')(context),
      [ADDED]: (context: Context) => rerun('list.updating')(context),
      [REMOVED]: (context: Context) => rerun('list.updating')(context),
      [FILTER]: (context: Context) => rerun('list.updating')(context, { filters: filtered(context), page: 1 }),
      [PAGE_2]: (context: Context) => rerun('list.updating')(context, { page: 2 }),
      [RESTS]: (context: Context) => ((context.searchText.trim() || undefined) !== context.filters.search ? rerun('list.updating')(context, { filters: { ...context.filters, search: context.searchText.trim() || undefined }, page: 1 }) : 'list.updating'),
    },
    'list.complete': {
      [REFRESH]: (context: Context) => ({ to: 'list.updating', see: { rows: context.data!.results.length, loading: true }, calls: [load(context)] }),
      [AUTO]: (context: Context) => ({ to: 'list.updating', see: { loading: true }, calls: [load(context)] }),
      [ADDED]: (context: Context) => reload(context),
      [REMOVED]: (context: Context) => reload(context),
      [FILTER]: (context: Context) => reload(context, { filters: filtered(context), page: 1 }),
      [PAGE_2]: (context: Context) => reload(context, { page: 2 }),
      [RESTS]: (context: Context) => ((context.searchText.trim() || undefined) !== context.filters.search ? reload(context, { filters: { ...context.filters, search: context.searchText.trim() || undefined }, page: 1 }) : 'list.complete'),
    },
    'list.error': {
      [LOAD]: (context: Context) => ({ to: 'list.loading', calls: [load(context)] }),
      [REFRESH]: (context: Context) => ({ to: 'list.loading', calls: [load(context)] }),
      [ADDED]: (context: Context) => ({ to: 'list.loading', calls: [load(context)] }),
      [REMOVED]: (context: Context) => ({ to: 'list.loading', calls: [load(context)] }),
      [FILTER]: (context: Context) => ({ to: 'list.loading', calls: [load(context, { filters: filtered(context), page: 1 })] }),
      [PAGE_2]: (context: Context) => ({ to: 'list.loading', calls: [load(context, { page: 2 })] }),
      [RESTS]: (context: Context) =>
        (context.searchText.trim() || undefined) !== context.filters.search
          ? { to: 'list.loading', calls: [load(context, { filters: { ...context.filters, search: context.searchText.trim() || undefined }, page: 1 })] }
          : 'list.error',
    },
    // The 300 ms wait starts with the first key and starts again with every key while it waits (no search mid-word).
    'search.idle': { [SEARCH]: { to: 'search.debouncing', see: { searchText: 'lobby' }, timers: { searchDebounce: 'start' } }, [SEARCH_BLANK]: { to: 'search.debouncing', timers: { searchDebounce: 'start' } } },
    'search.debouncing': {
      [SEARCH]: { to: 'search.debouncing', see: { searchText: 'lobby' }, timers: { searchDebounce: 'restart' } },
      [SEARCH_BLANK]: { to: 'search.debouncing', timers: { searchDebounce: 'restart' } },
      [RESTS]: (context: Context) => ({ to: 'search.idle', see: { search: context.searchText.trim() || undefined } }),
    },
    'statistics.idle': { [LOAD]: STATISTICS_RELOAD, [REFRESH]: STATISTICS_RELOAD },
    'statistics.loading': {
      [STATS]: { to: 'statistics.ready', see: { statistics: { active: 39, deactive: 2 } } },
      // The last numbers stay on screen above the message.
      [STATS_FAIL]: { to: 'statistics.failed', see: { statisticsError: 'network_error' } },
      // A change while the numbers are asked for: the answer in flight was read before it and would undo it, so they
      // are asked for again (the earlier answer is dropped).
      [ADDED]: STATISTICS_RELOAD,
      [ACTIVATED]: STATISTICS_RELOAD,
      [DEACTIVATED]: STATISTICS_RELOAD,
    },
    'statistics.ready': {
      // Spec section 4: adding raises "active" locally; a removal asks the server again.
      [ADDED]: (context: Context) => ({
        to: 'statistics.ready',
        see: { statistics: { ...context.statistics!, active: context.statistics!.active + 1 } },
        screen: [STATISTICS({ ...context.statistics!, active: context.statistics!.active + 1 })],
      }),
      [REFRESH]: STATISTICS_RELOAD,
      [REMOVED]: STATISTICS_RELOAD,
    },
    'statistics.failed': {
      [REFRESH]: { ...STATISTICS_RELOAD, see: { statisticsError: null } },
      [REMOVED]: { ...STATISTICS_RELOAD, see: { statisticsError: null } },
      // The statistics alone are asked for again; the list is left as it is.
      [STATS_RETRY]: { ...STATISTICS_RELOAD, see: { statisticsError: null } },
    },
    'export.idle': {
      [EXPORT]: (context: Context) => ({ to: 'export.building', see: { exportPercent: 0 }, calls: [`exportXlsx: ${JSON.stringify({ filters: context.filters })}`] }),
    },
    'export.building': {
      [EXPORT_PROGRESS]: { to: 'export.building', see: { exportPercent: 49 } },
      [EXPORTED]: { to: 'export.idle', see: { exportPercent: null }, calls: ['saveExport: {"blob":"a 4-byte file"}'] },
      [EXPORT_FAILS]: { to: 'export.idle', see: { exportPercent: null, exportError: 'server_error' }, calls: ['notify: {"intent":"error","message":"devices:export.failed"}'] },
      [EXPORT_CANCEL]: { to: 'export.idle', see: { exportPercent: null } },
    },
  }, {
    'list.initial': { [LOAD]: LOADS },
    'list.loading': { [REFRESH]: STILL_LOADS, [ADDED]: STILL_LOADS, [REMOVED]: STILL_LOADS, [FILTER]: STILL_LOADS, [PAGE_2]: STILL_LOADS, [LIST_FAILS]: FAILED },
    'list.updating': { [REFRESH]: DIMMED, [ADDED]: DIMMED, [REMOVED]: DIMMED, [FILTER]: DIMMED, [PAGE_2]: DIMMED, [LIST_FAILS]: FAILED },
    'list.complete': { [REFRESH]: DIMMED, [AUTO]: DIMMED, [ADDED]: DIMMED, [REMOVED]: DIMMED, [FILTER]: DIMMED, [PAGE_2]: DIMMED },
    'list.error': { [LOAD]: LOADS, [REFRESH]: LOADS, [ADDED]: LOADS, [REMOVED]: LOADS, [FILTER]: LOADS, [PAGE_2]: LOADS },
    'search.idle': { [SEARCH]: [`the box ${BOX} reads "lobby"`], [SEARCH_BLANK]: [`the box ${BOX} is blank`] },
    'search.debouncing': { [SEARCH]: [`the box ${BOX} reads "lobby"`], [SEARCH_BLANK]: [`the box ${BOX} is blank`] },
    'statistics.loading': { [STATS]: [STATISTICS({ active: 39, deactive: 2 })], [STATS_FAIL]: [STATISTICS_FAILED] },
    'statistics.failed': { [STATS_RETRY]: ['the message goes while the statistics are asked for again'] },
    'export.idle': { [EXPORT]: [`${DOWNLOAD} gives way to a progress bar ${text('devices:export.generating')} and the button ${text('devices:actions.cancelExport')}`] },
    'export.building': { [EXPORT_PROGRESS]: [`the bar reads ${text('devices:export.downloading', { percent: 49 })}`], [EXPORT_FAILS]: [BAR_GONE], [EXPORT_CANCEL]: [BAR_GONE] },
  }),
  view: (snapshot) => ({
    status: selectListStatus(snapshot),
    loading: selectIsListLoading(snapshot),
    rows: selectDevices(snapshot).length,
    names: selectDevices(snapshot).map((device) => device.name),
    listError: selectListError(snapshot),
    page: snapshot.context.page,
    searchText: snapshot.context.searchText,
    search: snapshot.context.filters.search,
    statistics: selectStatistics(snapshot),
    exportPercent: selectExportPercent(snapshot),
    exportError: snapshot.context.exportError,
    statisticsError: selectStatisticsError(snapshot),
  }),
  key: (snapshot) => {
    const { filters, page, searchText, data, statistics, exportProgress } = snapshot.context;
    // What the guards read (filters, page, search text) and whether data, statistics and an export exist.
    return JSON.stringify([snapshot.value, filters, page, searchText, !!data, !!statistics, !!exportProgress]);
  },
  depth: 6,
});
