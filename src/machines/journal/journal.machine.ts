import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { downloadJournal, listJournal, type JournalFilters, type JournalListParams, type JournalPage } from '../../services/journal.service.ts';
import { listUsers } from '../../services/users.service.ts';

export const JOURNAL_PAGE_SIZE = 20;

export interface JournalUser {
  id: number;
  username: string;
}

export interface JournalContext {
  filters: JournalFilters;
  page: number;
  result: JournalPage | null;
  /** Code of the last failed load, or null. */
  error: string | null;
  /** Code of the last failed export, or null. */
  exportError: string | null;
  /** The users the user filter offers (empty until they load, or when they cannot). */
  users: JournalUser[];
  /** Whether the users' one load is still under way (it runs beside the journal's, outside its states). */
  usersPending: boolean;
  lang: string;
}

export type JournalEvent =
  | { type: 'journal.filter'; filters: Partial<JournalFilters> }
  | { type: 'journal.clear' }
  | { type: 'journal.page'; page: number }
  | { type: 'journal.reload' }
  | { type: 'journal.export'; lang: string };

/** A period whose last day comes before its first cannot be asked for. */
export function periodInvalid(filters: JournalFilters): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

/**
 * The journal screen: loading a filtered page (the filters and page live here), its failure with a retry, the xlsx of
 * the filtered entries, and the users the filter offers. Views provide `saveFile`.
 */
export const journalMachine = setup({
  types: { context: {} as JournalContext, events: {} as JournalEvent, input: {} as { lang: string } },
  actors: {
    loadJournal: fromPromise<JournalPage, JournalListParams>(({ input }) => listJournal(input)),
    loadUsers: fromPromise<JournalUser[], void>(async () => (await listUsers({ page: 1, page_size: 500 })).results.map(({ id, username }) => ({ id, username }))),
    exportJournal: fromPromise<Blob, JournalFilters & { lang: string }>(({ input }) => downloadJournal(input)),
  },
  guards: {
    validPeriod: ({ context }) => !periodInvalid(context.filters),
  },
  actions: {
    setFilters: assign(({ context }, params: { filters: Partial<JournalFilters> }) => ({ filters: dropEmpty({ ...context.filters, ...params.filters }), page: 1 })),
    clearFilters: assign({ filters: {}, page: 1 }),
    setPage: assign((_, params: { page: number }) => ({ page: Math.max(1, params.page) })),
    setResult: assign((_, params: { result: JournalPage }) => ({ result: params.result, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setUsers: assign((_, params: { users: JournalUser[] }) => ({ users: params.users, usersPending: false })),
    setLang: assign((_, params: { lang: string }) => ({ lang: params.lang })),
    setExportError: assign((_, params: { error: unknown }) => ({ exportError: errorCodeOf(params.error) })),
    clearExportError: assign({ exportError: null }),
    /** Provided by the view: hand the file to the browser. */
    saveFile: (_, _params: { blob: Blob }) => {},
  },
}).createMachine({
  id: 'journal',
  context: ({ input }) => ({ filters: {}, page: 1, result: null, error: null, exportError: null, users: [], usersPending: true, lang: input.lang }),
  invoke: {
    id: 'loadUsers',
    src: 'loadUsers',
    onDone: { actions: { type: 'setUsers', params: ({ event }) => ({ users: event.output }) } },
    // Without the list, the user filter offers only "Any user"; the journal itself still loads.
    onError: { actions: { type: 'setUsers', params: { users: [] } } },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadJournal',
        src: 'loadJournal',
        input: ({ context }) => ({ ...context.filters, page: context.page, page_size: JOURNAL_PAGE_SIZE }),
        onDone: { target: 'ready', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'journal.filter': { target: 'checking', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
        'journal.clear': { target: 'loading', reenter: true, actions: 'clearFilters' },
      },
    },
    /** A changed filter: loads unless the period is upside down, which waits for a fix. */
    checking: {
      always: [{ guard: 'validPeriod', target: 'loading' }, { target: 'periodInvalid' }],
    },
    periodInvalid: {
      on: {
        'journal.filter': { target: 'checking', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
        'journal.clear': { target: 'loading', actions: 'clearFilters' },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'journal.filter': { target: 'checking', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
        'journal.clear': { target: 'loading', actions: 'clearFilters' },
        'journal.page': { target: 'loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } },
        'journal.reload': 'loading',
      },
      states: {
        idle: {
          on: { 'journal.export': { target: 'exporting', actions: { type: 'setLang', params: ({ event }) => ({ lang: event.lang }) } } },
        },
        exporting: {
          tags: ['exporting'],
          entry: 'clearExportError',
          invoke: {
            id: 'exportJournal',
            src: 'exportJournal',
            input: ({ context }) => ({ ...context.filters, lang: context.lang }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ blob: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setExportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    failed: {
      on: {
        'journal.filter': { target: 'checking', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
        'journal.clear': { target: 'loading', actions: 'clearFilters' },
        'journal.reload': 'loading',
      },
    },
  },
});

function dropEmpty(filters: JournalFilters): JournalFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as JournalFilters;
}

export type JournalActor = ActorRefFrom<typeof journalMachine>;
