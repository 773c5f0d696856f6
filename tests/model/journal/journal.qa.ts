import { journalMachine } from '../../../src/machines/journal/journal.machine.ts';
import type { JournalFilters } from '../../../src/services/journal.service.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const PAGE = {
  count: 1,
  count_exact: true,
  next: null,
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

type Context = { filters: JournalFilters; page: number };
const merged = (context: Context, change: JournalFilters): JournalFilters =>
  Object.fromEntries(Object.entries({ ...context.filters, ...change }).filter(([, value]) => value !== undefined && value !== '')) as JournalFilters;
const loadCall = (filters: JournalFilters, page = 1) => `loadJournal: ${JSON.stringify({ ...filters, page, page_size: 20 })}`;
const reversed = (filters: JournalFilters) => Boolean(filters.from && filters.to && filters.from > filters.to);
/** A filter change loads page 1 with the new filters, unless the period ends before it starts. */
const filtered = (change: JournalFilters) => (context: Context) => {
  const filters = merged(context, change);
  return reversed(filters) ? { to: 'periodInvalid', see: { periodInvalid: true, filters } } : { to: 'loading', see: { loading: true, filters }, calls: [loadCall(filters)] };
};

/** The journal screen: a filtered page newest first, a failure with a retry, paging, the period rule, the xlsx export. */
export default defineQa({
  machine: journalMachine,
  file: 'src/machines/journal/journal.machine.ts',
  title: 'The journal',
  actors: ['loadJournal', 'loadUsers', 'exportJournal'],
  recorded: ['saveFile'],
  input: { lang: 'en' },
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
  initial: { start: { to: 'loading', see: { loading: true, users: [] }, calls: ['loadUsers', loadCall({})] } },
  expect: {
    loading: {
      [ANSWER]: { to: 'ready.idle', see: { loading: false, entries: [9], error: null } },
      [OFFLINE]: { to: 'failed', see: { loading: false, error: 'network_error' } },
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})] },
      [USERS]: { to: 'loading', see: { users: ['ops'] } },
      [NO_USERS]: { to: 'loading', see: { users: [] } },
    },
    periodInvalid: {
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {}, periodInvalid: false }, calls: [loadCall({})] },
      [USERS]: { to: 'periodInvalid', see: { users: ['ops'] } },
      [NO_USERS]: { to: 'periodInvalid', see: { users: [] } },
    },
    ready: {
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})] },
      [NEXT]: (context) => ({ to: 'loading', see: { page: 2 }, calls: [loadCall(context.filters, 2)] }),
      [RELOAD]: (context) => ({ to: 'loading', calls: [loadCall(context.filters, context.page)] }),
      [USERS]: { to: 'ready', see: { users: ['ops'] } },
      [NO_USERS]: { to: 'ready', see: { users: [] } },
    },
    'ready.idle': {
      [EXPORT]: (context) => ({ to: 'ready.exporting', see: { exporting: true, exportError: null }, calls: [`exportJournal: ${JSON.stringify({ ...context.filters, lang: 'ru' })}`] }),
    },
    'ready.exporting': {
      [EXPORTED]: { to: 'ready.idle', see: { exporting: false }, calls: ['saveFile: {"blob":"a 4-byte file"}'] },
      [EXPORT_FAILED]: { to: 'ready.idle', see: { exporting: false, exportError: 'server_error' } },
    },
    failed: {
      [RELOAD]: (context) => ({ to: 'loading', see: { loading: true }, calls: [loadCall(context.filters, context.page)] }),
      [BY_USER]: filtered({ user: 2 }),
      [REVERSED]: filtered({ from: '2026-11-20', to: '2026-11-01' }),
      [FIXED]: filtered({ to: '2026-11-30' }),
      [CLEAR]: { to: 'loading', see: { filters: {} }, calls: [loadCall({})] },
      [USERS]: { to: 'failed', see: { users: ['ops'] } },
      [NO_USERS]: { to: 'failed', see: { users: [] } },
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
