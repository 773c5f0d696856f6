import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { getDataset, refreshDataset, updateDatasetTable, type Dataset, type DatasetCell, type RefreshOutcome } from '../../services/datasets.service.ts';
import { datasetTableProblems } from '../../services/schemas/datasets.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

/** Rows shown at a time in the editor. */
export const ROWS_PAGE = 20;

export interface DatasetRowsContext {
  datasetId: number;
  /** The dataset as the server has it (null until loaded). */
  dataset: Dataset | null;
  /** The draft: column names and rows as edited (a cell typed empty is null). */
  columns: string[];
  rows: DatasetCell[][];
  /** Page of the rows shown, from 1. */
  page: number;
  /** The row whose delete waits for the confirmation. */
  deleting: number | null;
  /** The last failed load, save or refresh (an API code); the save's refused fields (`rows.3.1`, `columns.0.name`). */
  error: string | null;
  fields: Record<string, string>;
}

export type DatasetRowsEvent =
  | { type: 'cell.set'; row: number; column: number; value: string }
  | { type: 'column.rename'; column: number; name: string }
  | { type: 'row.add' }
  /** The delete button of a row: asks first. */
  | { type: 'row.delete'; row: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'rows.page'; page: number }
  | { type: 'rows.save' }
  | { type: 'rows.discard' }
  /** "Refresh now" of a URL dataset. */
  | { type: 'rows.refresh' }
  | { type: 'rows.retry' };

type RowsNotice = 'rows.saved' | 'rows.saveError' | 'rows.saveRefused' | 'rows.refreshed' | 'rows.refreshFailed' | 'rows.refreshError';

const draftOf = (dataset: Dataset) => ({ columns: dataset.columns.map((column) => column.name), rows: dataset.rows.map((row) => [...row]) });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Whether the draft differs from the server's table. */
export const rowsDirty = (context: Pick<DatasetRowsContext, 'dataset' | 'columns' | 'rows'>) =>
  !!context.dataset && (!same(context.columns, context.dataset.columns.map((column) => column.name)) || !same(context.rows, context.dataset.rows));
const lastPage = (rows: number) => Math.max(1, Math.ceil(rows / ROWS_PAGE));

/**
 * A dataset's rows (issue 38, the /datasets screen): loaded, then edited as a draft (cells, column names, rows added,
 * rows deleted after a confirmation), paged by 20; saving sends the whole table (PUT /datasets/{id}, checked first
 * with the shared table rules), which moves the version; a refusal keeps the draft with its fields. A URL dataset's rows
 * are the server's copy: not edited, read again by "Refresh now" (POST /datasets/{id}/refresh/), whose failure is shown
 * with since when reads fail. The view provides `notify` (a datasets-namespace key) and `saved` (the list reloads).
 */
export const datasetRowsMachine = setup({
  types: {
    context: {} as DatasetRowsContext,
    events: {} as DatasetRowsEvent,
    input: {} as { datasetId: number },
  },
  actors: {
    loadDataset: fromPromise<Dataset, { datasetId: number }>(({ input }) => getDataset(input.datasetId)),
    // The server's table rules first (datasetTableProblems): a table they refuse is refused here, with the same codes, unsent.
    saveRows: fromPromise<WriteOutcome<Dataset>, { datasetId: number; columns: string[]; rows: DatasetCell[][] }>(async ({ input }) => {
      const columns = input.columns.map((name) => ({ name: name.trim() }));
      const problems = datasetTableProblems(columns, input.rows);
      const first = Object.values(problems)[0];
      return first ? { ok: false, code: 'invalid_table', fields: problems } : updateDatasetTable(input.datasetId, { columns, rows: input.rows });
    }),
    refreshRows: fromPromise<RefreshOutcome, { datasetId: number }>(({ input }) => refreshDataset(input.datasetId)),
  },
  guards: {
    draftDirty: ({ context }) => rowsDirty(context),
    fromUrl: ({ context }) => context.dataset?.source != null,
    editable: ({ context }) => context.dataset?.source == null,
    knownRow: ({ context }, params: { row: number }) => context.dataset?.source == null && params.row >= 0 && params.row < context.rows.length,
    saved: (_, params: { outcome: WriteOutcome<Dataset> }) => params.outcome.ok,
    refreshed: (_, params: { outcome: RefreshOutcome }) => params.outcome.ok,
  },
  actions: {
    setLoaded: assign((_, params: { dataset: Dataset }) => ({ dataset: params.dataset, ...draftOf(params.dataset), error: null, fields: {}, deleting: null })),
    /** A refresh that failed: the server's copy as it stands (its source says since when), the draft untouched. */
    setServerCopy: assign(({ context }, params: { outcome: RefreshOutcome }) => ({ dataset: params.outcome.dataset ?? context.dataset, error: params.outcome.ok ? null : params.outcome.code })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setRefusal: assign((_, params: { outcome: WriteOutcome<Dataset> }) => (params.outcome.ok ? {} : { error: params.outcome.code, fields: params.outcome.fields })),
    setCell: assign(({ context }, params: { row: number; column: number; value: string }) => ({
      rows: context.rows.map((row, index) => (index === params.row ? row.map((cell, column) => (column === params.column ? (params.value === '' ? null : params.value) : cell)) : row)),
    })),
    renameColumn: assign(({ context }, params: { column: number; name: string }) => ({ columns: context.columns.map((name, index) => (index === params.column ? params.name : name)) })),
    addRow: assign(({ context }) => ({ rows: [...context.rows, context.columns.map(() => null)], page: lastPage(context.rows.length + 1) })),
    askDelete: assign((_, params: { row: number }) => ({ deleting: params.row })),
    deleteRow: assign(({ context }) => {
      const rows = context.rows.filter((_, index) => index !== context.deleting);
      return { rows, deleting: null, page: Math.min(context.page, lastPage(rows.length)) };
    }),
    cancelDelete: assign({ deleting: null }),
    setPage: assign(({ context }, params: { page: number }) => ({ page: Math.min(Math.max(1, Math.trunc(params.page)), lastPage(context.rows.length)) })),
    discard: assign(({ context }) => (context.dataset ? { ...draftOf(context.dataset), error: null, fields: {}, page: Math.min(context.page, lastPage(context.dataset.rows.length)) } : {})),
    notify: (_, _params: { key: RowsNotice; intent: 'success' | 'error' }) => {},
    saved: (_, _params: { dataset: Dataset }) => {},
  },
}).createMachine({
  id: 'datasetRows',
  context: ({ input }) => ({ datasetId: input.datasetId, dataset: null, columns: [], rows: [], page: 1, deleting: null, error: null, fields: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDataset',
        src: 'loadDataset',
        input: ({ context }) => ({ datasetId: context.datasetId }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => ({ dataset: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'rows.retry': 'loading' } },
    ready: {
      initial: 'editing',
      on: {
        'rows.page': { actions: { type: 'setPage', params: ({ event }) => event } },
      },
      states: {
        editing: {
          initial: 'clean',
          on: {
            'cell.set': { guard: 'editable', target: '.check', actions: { type: 'setCell', params: ({ event }) => event } },
            'column.rename': { guard: 'editable', target: '.check', actions: { type: 'renameColumn', params: ({ event }) => event } },
            'row.add': { guard: 'editable', target: '.check', actions: 'addRow' },
            'row.delete': { guard: { type: 'knownRow', params: ({ event }) => event }, target: 'confirmingDelete', actions: { type: 'askDelete', params: ({ event }) => event } },
          },
          states: {
            /** After every change: clean or dirty, from the draft against the server's table. */
            check: { always: [{ guard: 'draftDirty', target: 'dirty' }, { target: 'clean' }] },
            clean: {
              on: { 'rows.refresh': { guard: 'fromUrl', target: '#datasetRows.ready.refreshing' } },
            },
            dirty: {
              tags: ['dirty'],
              on: {
                'rows.save': '#datasetRows.ready.saving',
                'rows.discard': { target: 'clean', actions: 'discard' },
              },
            },
          },
        },
        confirmingDelete: {
          tags: ['confirming'],
          on: {
            'delete.confirm': { target: 'editing.check', actions: 'deleteRow' },
            'delete.cancel': { target: 'editing.check', actions: 'cancelDelete' },
          },
        },
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'saveRows',
            src: 'saveRows',
            input: ({ context }) => ({ datasetId: context.datasetId, columns: context.columns, rows: context.rows }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing.clean',
                actions: [
                  { type: 'setLoaded', params: ({ event }) => ({ dataset: (event.output as { value: Dataset }).value }) },
                  { type: 'saved', params: ({ event }) => ({ dataset: (event.output as { value: Dataset }).value }) },
                  { type: 'notify', params: { key: 'rows.saved', intent: 'success' } },
                ],
              },
              { target: 'editing.dirty', actions: [{ type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) }, { type: 'notify', params: { key: 'rows.saveRefused', intent: 'error' } }] },
            ],
            onError: { target: 'editing.dirty', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'rows.saveError', intent: 'error' } }] },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refreshRows',
            src: 'refreshRows',
            input: ({ context }) => ({ datasetId: context.datasetId }),
            onDone: [
              {
                guard: { type: 'refreshed', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing.clean',
                actions: [
                  { type: 'setLoaded', params: ({ event }) => ({ dataset: (event.output as { dataset: Dataset }).dataset }) },
                  { type: 'saved', params: ({ event }) => ({ dataset: (event.output as { dataset: Dataset }).dataset }) },
                  { type: 'notify', params: { key: 'rows.refreshed', intent: 'success' } },
                ],
              },
              { target: 'editing.clean', actions: [{ type: 'setServerCopy', params: ({ event }) => ({ outcome: event.output }) }, { type: 'notify', params: { key: 'rows.refreshFailed', intent: 'error' } }] },
            ],
            onError: { target: 'editing.clean', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'rows.refreshError', intent: 'error' } }] },
          },
        },
      },
    },
  },
});

export type DatasetRowsMachine = typeof datasetRowsMachine;
