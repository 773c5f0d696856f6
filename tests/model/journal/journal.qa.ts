import { journalMachine } from '../../../src/machines/journal/journal.machine.ts';
import type { JournalFilters } from '../../../src/services/journal.service.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

// Page 1 of a journal with more entries than a page holds, so "Next page" can be pressed.
const PAGE = {
  count: 45,
  count_exact: true,
  next: '/api/v1/journal/?page=2',
  previous: null,
  results: [{ id: 9, user: 2, username: 'ops', action: 'update', entity: 'device', entity_id: '4', changes: { name: ['Lobby', 'Hall'] }, created_at: '2026-11-22T10:00:00.000Z' }],
};
const USERS = 'the server answers the users';
const NO_USERS = 'the users cannot be loaded';
const ANSWER = 'the server answers one entry';
const OFFLINE = 'the network is down';
const BY_USER = 'pick the user "ops"';
const REVERSED = 'pick 20.11.2026 to 01.11.2026 as the period';
const FIXED = 'pick 30.11.2026 as the last day';
const CLEAR = 'press "Clear filters"';
const NEXT = 'press "Next page"';
const RELOAD = 'press "Refresh" (or "Retry")';
const EXPORT = 'press "Download as xlsx" (in Russian)';
const EXPORTED = 'the server sends the xlsx';
const EXPORT_FAILED = 'the server fails to build the xlsx';

const PERIOD_WRONG = `${text('journal:filters.from')} reads 11/20/2026 and ${text('journal:filters.to')} 11/01/2026 (dates are typed MM/DD/YYYY in English), the field ${text('journal:filters.to')} turns red, and under the filters, in red: ${text('journal:filters.periodInvalid')}; nothing loads`;
const ENTRIES = (page: number) =>
  `the table lists the entries newest first, the first of them: ops · ${text('journal:actions.update')} · ${text('journal:entities.device')} 4 (a link to it) · ${text('journal:fields.name')}: Lobby → Hall; above it the count (${text('journal:list.count', { count: 45 })}), under it ${text('journal:ui.page', { page, pages: 3 })} and the page buttons`;
const USERS_OFFERED = `the list ${text('journal:filters.user')} offers ${text('journal:filters.anyUser')} and ops`;
const ONLY_ANY_USER = `the list ${text('journal:filters.user')} offers only ${text('journal:filters.anyUser')}`;
const LOAD_FAILED = `instead of the table, in red: ${text('journal:list.loadFailed')} ${text('common:errors.network_error')}, and the button ${text('journal:ui.retry')}`;
const CLEARED = `every filter reads ${text('journal:filters.anyUser')}, ${text('journal:filters.anyEntity')}, ${text('journal:filters.anyAction')} and the dates are empty; the journal loads page 1`;
const EXPORTING = `the button reads ${text('journal:ui.downloading')} with a spinner and is disabled`;
const DOWNLOAD = text('journal:ui.download');
const DISABLED_EXPORT = `${DOWNLOAD} is disabled until a page of the journal is shown`;
const NO_PAGER = (why: string) => `${text('journal:ui.next')} is ${why}`;

type Context = { filters: JournalFilters; page: number };
const merged = (context: Context, change: JournalFilters): JournalFilters =>
  Object.fromEntries(Object.entries({ ...context.filters, ...change }).filter(([, value]) => value !== undefined && value !== '')) as JournalFilters;
const loadCall = (filters: JournalFilters, page = 1) => `loadJournal: ${JSON.stringify({ ...filters, page, page_size: 20 })}`;
const reversed = (filters: JournalFilters) => Boolean(filters.from && filters.to && filters.from > filters.to);
/** What the screen shows of a changed filter that loads. */
const FILTER_SCREEN: Record<string, string> = {
  user: `the list ${text('journal:filters.user')} reads ops`,
  from: `${text('journal:filters.from')} reads 11/20/2026`,
  to: `${text('journal:filters.to')} reads 11/30/2026`,
};
const RELOADS = 'the journal loads page 1 again with these filters';
/** A filter change loads page 1 with the new filters, unless the period ends before it starts. */
const filtered = (change: JournalFilters) => (context: Context): StepExpectation => {
  const filters = merged(context, change);
  const kept = `the red ${text('journal:filters.periodInvalid')} stays; nothing loads`;
  return reversed(filters)
    ? { to: 'periodInvalid', see: { periodInvalid: true, filters }, screen: 'from' in change || 'to' in change ? [PERIOD_WRONG] : [...Object.keys(change).map((name) => FILTER_SCREEN[name]!), kept] }
    : {
        to: 'loading',
        see: { loading: true, filters },
        calls: [loadCall(filters)],
        screen: [...Object.keys(change).map((name) => FILTER_SCREEN[name]!), ...(reversed(context.filters) ? [`the red ${text('journal:filters.periodInvalid')} goes away`] : []), RELOADS],
      };
};
/** The journal screen: a filtered page newest first, a failure with a retry, paging, the period rule, the xlsx export. */
export default defineQa({
  machine: journalMachine,
  file: 'src/machines/journal/journal.machine.ts',
  title: 'The journal',
  actors: ['loadJournal', 'loadUsers', 'exportJournal'],
  recorded: ['saveFile'],
  input: { lang: 'en' },
  namespace: 'journal',
  preconditions: {
    start: {
      route: '/journal',
      user: 'admin (the users filter lists users only for the administrator)',
      data: 'more than 40 journal entries (any 41 edits; the demo data set of `npm run demo` has them), among them the user ops renaming device 4 from Lobby to Hall',
    },
  },
  howTo: {
    [USERS]: 'wait: the administrator gets the users (GET /api/v1/users/)',
    [NO_USERS]: 'sign in as a user who is not the administrator (the users list is the administrator\'s only), or in the devtools Network tab block the request URL /api/v1/users/ before opening /journal',
    [ANSWER]: 'wait: the server answers the page',
    [OFFLINE]: 'in the devtools Network tab, choose "Offline" before the step that loads (the start, a filter, "Next page", "Refresh" or "Retry"); back to "No throttling" afterwards',
    [EXPORT]: `switch the top bar's language to ${text('layout:languages.ru')} first, so the file comes in Russian; the button then reads "Скачать в xlsx" (${DOWNLOAD} in English); switch back to ${text('layout:languages.en')} after pressing it`,
    [EXPORTED]: 'wait: the server sends the file',
    [EXPORT_FAILED]: 'in the devtools Network tab, block the request URL /api/v1/journal/xlsx/ before pressing the button (the reason after the message then reads "The server cannot be reached..." instead of the server\'s)',
  },
  offScreen: {
    // Picking what a field already reads fires no change on screen.
    [BY_USER]: (view) => ((view.filters as JournalFilters).user === 2 ? `the list ${text('journal:filters.user')} already reads ops: picking it again changes nothing` : undefined),
    [REVERSED]: (view) => {
      const filters = view.filters as JournalFilters;
      return filters.from === '2026-11-20' && filters.to === '2026-11-01' ? 'the dates already read that period: typing them again changes nothing' : undefined;
    },
    [FIXED]: (view) => ((view.filters as JournalFilters).to === '2026-11-30' ? `${text('journal:filters.to')} already reads 11/30/2026: typing it again changes nothing` : undefined),
    [NEXT]: { loading: NO_PAGER('disabled while the page loads'), failed: NO_PAGER('gone: the error shows instead of the table') },
    [EXPORT]: { loading: DISABLED_EXPORT, periodInvalid: DISABLED_EXPORT, failed: DISABLED_EXPORT, 'ready.exporting': `the button reads ${text('journal:ui.downloading')} and is disabled` },
  },
  onScreen: { saveFile: `the browser saves journal.xlsx (its headings in Russian); the button reads ${DOWNLOAD} again` },
  // The users load once, beside the journal: they can answer only while that call runs.
  when: { [USERS]: (snapshot) => snapshot.context.usersPending, [NO_USERS]: (snapshot) => snapshot.context.usersPending },
  events: {
    [USERS]: done('loadUsers', [{ id: 2, username: 'ops' }]),
    [NO_USERS]: error('loadUsers', new ApiRequestError({ status: 403, code: 'forbidden', detail: '' })),
    [ANSWER]: done('loadJournal', PAGE),
    [OFFLINE]: error('loadJournal', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [BY_USER]: { type: 'journal.filter', filters: { user: 2 } },
    [REVERSED]: { type: 'journal.filter', filters: { from: '2026-11-20', to: '2026-11-01' } },
    [FIXED]: { type: 'journal.filter', filters: { to: '2026-11-30' } },
    [CLEAR]: { type: 'journal.clear' },
    [NEXT]: { type: 'journal.page', page: 2 },
    [RELOAD]: { type: 'journal.reload' },
    [EXPORT]: { type: 'journal.export', lang: 'ru' },
    [EXPORTED]: done('exportJournal', new Blob(['xlsx'])),
    [EXPORT_FAILED]: error('exportJournal', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
  },
  initial: {
    start: {
      to: 'loading',
      see: { loading: true, users: [] },
      calls: ['loadUsers', loadCall({})],
      screen: [`the title ${text('screens:titles.journal')}, ${text('journal:intro')}, the filters ${text('journal:filters.user')}, ${text('journal:filters.entity')}, ${text('journal:filters.action')}, ${text('journal:filters.from')}, ${text('journal:filters.to')}, and the spinner ${text('common:loading')}`],
    },
  },
  expect: {
    loading: {
      [ANSWER]: (context) => ({ to: 'ready.idle', see: { loading: false, entries: [9], error: null }, screen: [ENTRIES(context.page)] }),
      [OFFLINE]: { to: 'failed', see: { loading: false, error: 'network_error' }, screen: [LOAD_FAILED] },
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})], screen: [CLEARED] },
      [USERS]: { to: 'loading', see: { users: ['ops'] }, screen: [USERS_OFFERED] },
      [NO_USERS]: { to: 'loading', see: { users: [] }, screen: [ONLY_ANY_USER] },
    },
    periodInvalid: {
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {}, periodInvalid: false }, calls: [loadCall({})], screen: [`the red ${text('journal:filters.periodInvalid')} goes away`, CLEARED] },
      [USERS]: { to: 'periodInvalid', see: { users: ['ops'] }, screen: [USERS_OFFERED] },
      [NO_USERS]: { to: 'periodInvalid', see: { users: [] }, screen: [ONLY_ANY_USER] },
    },
    ready: {
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})], screen: [CLEARED] },
      [NEXT]: (context) => ({ to: 'loading', see: { page: 2 }, calls: [loadCall(context.filters, 2)], screen: ['the page buttons are disabled while the next page loads; the table stays until it comes'] }),
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.filters, context.page)], screen: ['the page buttons are disabled while the same page loads again; the table stays until it comes'] }),
      [USERS]: { to: 'ready', see: { users: ['ops'] }, screen: [USERS_OFFERED] },
      [NO_USERS]: { to: 'ready', see: { users: [] }, screen: [ONLY_ANY_USER] },
    },
    'ready.idle': {
      [EXPORT]: (context) => ({ to: 'ready.exporting', see: { exporting: true, exportError: null }, calls: [`exportJournal: ${JSON.stringify({ ...context.filters, lang: 'ru' })}`], screen: [EXPORTING] }),
    },
    'ready.exporting': {
      [EXPORTED]: { to: 'ready.idle', see: { exporting: false }, calls: ['saveFile: {"blob":"a 4-byte file"}'] },
      [EXPORT_FAILED]: { to: 'ready.idle', see: { exporting: false, exportError: 'server_error' }, screen: [`under the title, in red: ${text('journal:ui.downloadFailed')} ${text('common:errors.server_error')}; the button reads ${DOWNLOAD} again`] },
    },
    failed: {
      [RELOAD]: (context) => ({ to: 'loading', see: { loading: true }, calls: [loadCall(context.filters, context.page)], screen: ['the red message goes away while the same page loads again'] }),
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})], screen: [CLEARED] },
      [USERS]: { to: 'failed', see: { users: ['ops'] }, screen: [USERS_OFFERED] },
      [NO_USERS]: { to: 'failed', see: { users: [] }, screen: [ONLY_ANY_USER] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    exporting: snapshot.hasTag('exporting'),
    periodInvalid: snapshot.matches('periodInvalid'),
    entries: snapshot.context.result?.results.map((entry) => entry.id) ?? null,
    error: snapshot.context.error,
    exportError: snapshot.context.exportError,
    filters: snapshot.context.filters,
    page: snapshot.context.page,
    users: snapshot.context.users.map((user) => user.username),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.filters, snapshot.context.page, snapshot.context.error, snapshot.context.exportError, snapshot.context.result !== null, snapshot.context.users.length, snapshot.context.usersPending]),
});
