import { datasetRowsMachine, type DatasetRowsContext } from '../../../src/machines/datasets/datasetRows.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { Dataset, DatasetCell } from '../../../src/services/datasets.service.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

/** 21 rows: two pages of 20 (docs: the editor pages rows by 20). */
const ROWS: DatasetCell[][] = Array.from({ length: 21 }, (_, i) => [`Dish ${i + 1}`, 5 + i]);
const DATASET: Dataset = {
  id: 4,
  name: 'Lunch menu',
  company: 1,
  columns: [{ name: 'Dish' }, { name: 'Price' }],
  rows: ROWS,
  row_count: 21,
  version: 3,
  checksum: 'a1',
  file_name: null,
  source: null,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};
const SOURCE = { url: 'https://intranet.example/menu.csv', format: 'csv' as const, refresh_minutes: 15, fetched_at: '2026-11-29T08:00:00.000Z', failed_since: null, error: null };
const FROM_URL: Dataset = { ...DATASET, source: SOURCE };

const LOADED = 'the server answers the dataset Lunch menu (uploaded, 21 rows, version 3)';
const LOADED_URL = 'the server answers the dataset Lunch menu (read from a URL, 21 rows, version 3)';
const LOAD_FAILS = 'the network is down while the rows load';
const RETRY = `press ${text('datasets:actions.retry')}`;
const TYPE_CELL = `type 9.50 in ${text('datasets:rows.cell', { row: 1, column: 'Price' })}`;
const RENAME_EMPTY = `clear ${text('datasets:rows.columnName', { number: 1 })}`;
const ADD = `press ${text('datasets:rows.addRow')}`;
const DELETE = `press ${text('datasets:rows.deleteRow', { number: 2 })}`;
const CONFIRM = 'press "Delete" in the confirmation';
const CANCEL = 'press "Cancel" in the confirmation';
const PAGE2 = 'press "Next page"';
const SAVE = `press ${text('datasets:rows.save')}`;
const DISCARD = `press ${text('datasets:rows.discard')}`;
const SAVED = 'the server saves the table as version 4';
const REFUSED = 'the server refuses: a column has no name';
const SAVE_FAILS = 'the network is down during the save';
const REFRESH = `press ${text('datasets:rows.refresh')}`;
const REFRESHED = 'the server reads the address: a new table, version 4';
const REFRESH_REFUSED = 'the server cannot read the address (HTTP 503)';
const REFRESH_FAILS = 'the network is down during the refresh';

type Context = DatasetRowsContext;
const names = (dataset: Dataset) => dataset.columns.map((column) => column.name);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isDirty = (context: Context, columns: string[], rows: DatasetCell[][]) => !same(columns, names(context.dataset!)) || !same(rows, context.dataset!.rows);
const pages = (rows: number) => Math.max(1, Math.ceil(rows / 20));
const DIRTY = text('datasets:rows.dirty');
const describeSave = (input: { datasetId: number; columns: string[]; rows: DatasetCell[][] }) =>
  `saveRows: dataset ${input.datasetId}, columns ${JSON.stringify(input.columns)}, ${input.rows.length} rows, first ${JSON.stringify(input.rows[0])}`;

/** An edit of the draft: dirty unless it equals the server's table again; a URL dataset's rows are not edited. */
const edited = (change: (context: Context) => { columns: string[]; rows: DatasetCell[][]; page?: number }, words: string) => (context: Context) => {
  if (context.dataset?.source) return { to: 'ready.editing.clean', calls: [], screen: [`the table shows the rows as text, with no fields to type in (${text('datasets:rows.urlHint')})`] };
  const next = change(context);
  const dirty = isDirty(context, next.columns, next.rows);
  return {
    to: dirty ? 'ready.editing.dirty' : 'ready.editing.clean',
    see: { columns: next.columns, rows: next.rows.length, first: next.rows[0], dirty, ...(next.page ? { page: next.page } : {}) },
    calls: [],
    screen: [words, dirty ? DIRTY : `no line ${DIRTY}`],
  };
};
const typeCell = edited((context) => ({ columns: context.columns, rows: context.rows.map((row, i) => (i === 0 ? [row[0]!, '9.50'] : row)) }), `${text('datasets:rows.cell', { row: 1, column: 'Price' })} reads 9.50`);
const renameEmpty = edited((context) => ({ columns: context.columns.map((name, i) => (i === 0 ? '' : name)), rows: context.rows }), `${text('datasets:rows.columnName', { number: 1 })} is empty`);
const addRow = edited(
  (context) => ({ columns: context.columns, rows: [...context.rows, context.columns.map(() => null)], page: pages(context.rows.length + 1) }),
  'an empty row at the end, its page shown',
);
const askDelete = (context: Context) =>
  context.dataset?.source || context.rows.length < 2
    ? { to: 'ready.editing', calls: [], screen: ['nothing happens'] }
    : { to: 'ready.confirmingDelete', see: { deleting: 1 }, calls: [], screen: [`the confirmation ${text('datasets:rows.deleteTitle', { number: 2 })}: ${text('datasets:rows.deleteText')}`] };
const page2 = (context: Context) => ({ see: { page: Math.min(2, pages(context.rows.length)) }, calls: [], screen: [`the rows ${context.rows.length > 20 ? '21 to ' + Math.min(40, context.rows.length) : '1 to ' + context.rows.length} (${text('datasets:rows.page', { page: Math.min(2, pages(context.rows.length)), pages: pages(context.rows.length), count: context.rows.length })})`] });
const editing = { [TYPE_CELL]: typeCell, [RENAME_EMPTY]: renameEmpty, [ADD]: addRow, [DELETE]: askDelete, [PAGE2]: page2 };
const USER = 'admin (or a user with media edit rights)';

/**
 * Issue 38: a dataset's rows on /datasets, viewed and edited (cells, column names, rows added, rows deleted after a
 * confirmation), saved as the whole table (PUT /datasets/4, the version moves), checked first with the shared table
 * rules; a URL dataset is read again with "Refresh now" (POST /datasets/4/refresh/), a failed read saying since when.
 */
export default defineQa({
  machine: datasetRowsMachine,
  file: 'src/machines/datasets/datasetRows.machine.ts',
  title: "A dataset's rows",
  namespace: 'datasets',
  preconditions: {
    start: { route: '/datasets', user: USER, data: `the dataset Lunch menu (columns Dish, Price; 21 rows); press ${text('datasets:actions.rowsNamed', { name: 'Lunch menu' })} on its row` },
  },
  howTo: {
    [LOADED_URL]: 'make Lunch menu a dataset read from a URL (New dataset, A URL) with 21 rows',
    [LOAD_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/datasets/4 before opening the rows',
    [REFUSED]: 'a newer server with a stricter rule: the editor refuses an empty column name itself (see the rules of docs/api.md "Datasets")',
    [SAVE_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/datasets/4 before pressing "Save rows"',
    [REFRESH_REFUSED]: 'make the address answer 503 (stop the server behind it), then press "Refresh now"',
    [REFRESH_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/datasets/4/refresh/',
  },
  offScreen: {
    [REFUSED]: 'the editor refuses an empty column name before sending: the server never sees it',
    [REFRESH]: (view) => (view.fromUrl ? undefined : 'an uploaded dataset has no "Refresh now"'),
    [TYPE_CELL]: (view) => (view.fromUrl ? 'the rows of a URL dataset are text, not fields' : undefined),
    [RENAME_EMPTY]: (view) => (view.fromUrl ? 'the rows of a URL dataset are text, not fields' : undefined),
    [ADD]: (view) => (view.fromUrl ? 'a URL dataset has no "Add row"' : undefined),
    [DELETE]: (view) => (view.fromUrl ? 'a URL dataset has no delete buttons' : undefined),
  },
  actors: ['loadDataset', 'saveRows', 'refreshRows'],
  recorded: ['notify', 'saved'],
  onScreen: { saved: 'the list behind the dialog shows the new version' },
  describeCall: (name, argument) =>
    name === 'saveRows'
      ? describeSave(argument as never)
      : name === 'saved'
        ? `saved: version ${(argument as { dataset: Dataset }).dataset.version}`
        : `${name}: ${JSON.stringify(argument)}`,
  input: { datasetId: 4 },
  events: {
    [LOADED]: done('loadDataset', DATASET),
    [LOADED_URL]: done('loadDataset', FROM_URL),
    [LOAD_FAILS]: error('loadDataset', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [RETRY]: { type: 'rows.retry' },
    [TYPE_CELL]: { type: 'cell.set', row: 0, column: 1, value: '9.50' },
    [RENAME_EMPTY]: { type: 'column.rename', column: 0, name: '' },
    [ADD]: { type: 'row.add' },
    [DELETE]: { type: 'row.delete', row: 1 },
    [CONFIRM]: { type: 'delete.confirm' },
    [CANCEL]: { type: 'delete.cancel' },
    [PAGE2]: { type: 'rows.page', page: 2 },
    [SAVE]: { type: 'rows.save' },
    [DISCARD]: { type: 'rows.discard' },
    [SAVED]: done('saveRows', { ok: true, value: { ...DATASET, rows: [['Dish 1', '9.50'], ...ROWS.slice(1)], version: 4 } }),
    [REFUSED]: done('saveRows', { ok: false, code: 'invalid_table', fields: { 'columns.0.name': 'required' } }),
    [SAVE_FAILS]: error('saveRows', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [REFRESH]: { type: 'rows.refresh' },
    [REFRESHED]: done('refreshRows', { ok: true, dataset: { ...FROM_URL, rows: ROWS.slice(0, 20), row_count: 20, version: 4 } }),
    [REFRESH_REFUSED]: done('refreshRows', { ok: false, code: 'source_failed', dataset: { ...FROM_URL, source: { ...SOURCE, failed_since: '2026-11-29T09:00:00.000Z', error: 'http_503' } } }),
    [REFRESH_FAILS]: error('refreshRows', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadDataset: {"datasetId":4}'], screen: [`the dialog ${text('datasets:rows.loading')} with a spinner`] } },
  expect: {
    loading: {
      [LOADED]: {
        to: 'ready.editing.clean',
        see: { version: 3, rows: 21, columns: ['Dish', 'Price'], fromUrl: false, page: 1 },
        screen: [`the dialog ${text('datasets:rows.title', { name: 'Lunch menu' })}: ${text('datasets:rows.version', { version: 3 })}, 21 rows; the rows 1 to 20 as fields`],
      },
      [LOADED_URL]: { to: 'ready.editing.clean', see: { version: 3, fromUrl: true }, screen: [`the button ${text('datasets:rows.refresh')}`, text('datasets:rows.urlHint')] },
      [LOAD_FAILS]: { to: 'loadFailed', see: { error: 'network_error' }, screen: [`the line ${text('common:errors.network_error')} and ${text('datasets:actions.retry')}`] },
    },
    loadFailed: { [RETRY]: { to: 'loading', calls: ['loadDataset: {"datasetId":4}'], screen: [`the spinner ${text('common:loading')}`] } },
    'ready.editing.clean': {
      ...editing,
      [REFRESH]: (context: Context) =>
        context.dataset?.source ? { to: 'ready.refreshing', see: { busy: true }, calls: ['refreshRows: {"datasetId":4}'], screen: [`the button reads ${text('datasets:rows.refreshing')}`] } : { to: 'ready.editing.clean', calls: [] },
    },
    'ready.editing.dirty': {
      ...editing,
      [SAVE]: (context: Context) => ({ to: 'ready.saving', see: { busy: true }, calls: [describeSave({ datasetId: 4, columns: context.columns, rows: context.rows })], screen: ['the buttons are disabled until the server answers'] }),
      [DISCARD]: (context: Context) => ({ to: 'ready.editing.clean', see: { dirty: false, columns: names(context.dataset!), rows: context.dataset!.rows.length, fields: {} }, calls: [], screen: ['the table as the server has it'] }),
    },
    'ready.confirmingDelete': {
      [CONFIRM]: (context: Context) => {
        const rows = context.rows.filter((_, i) => i !== 1);
        const dirty = isDirty(context, context.columns, rows);
        return { to: dirty ? 'ready.editing.dirty' : 'ready.editing.clean', see: { rows: rows.length, deleting: null }, calls: [], screen: [`row 2 is gone; ${rows.length} rows`, dirty ? DIRTY : `no line ${DIRTY}`] };
      },
      [CANCEL]: (context: Context) => ({ to: isDirty(context, context.columns, context.rows) ? 'ready.editing.dirty' : 'ready.editing.clean', see: { rows: context.rows.length, deleting: null }, calls: [], screen: ['the confirmation closes; the row stays'] }),
      [PAGE2]: page2,
    },
    'ready.saving': {
      [SAVED]: { to: 'ready.editing.clean', see: { version: 4, dirty: false }, calls: ['saved: version 4', 'notify: {"key":"rows.saved","intent":"success"}'], screen: [text('datasets:rows.version', { version: 4 })] },
      [REFUSED]: {
        to: 'ready.editing.dirty',
        see: { fields: { 'columns.0.name': 'required' }, error: 'invalid_table' },
        calls: ['notify: {"key":"rows.saveRefused","intent":"error"}'],
        screen: [`${text('datasets:rows.columnName', { number: 1 })} is marked; the line ${text('datasets:rows.problems.required')} (columns.0.name)`],
      },
      [SAVE_FAILS]: { to: 'ready.editing.dirty', see: { error: 'network_error' }, calls: ['notify: {"key":"rows.saveError","intent":"error"}'], screen: [`the line ${text('common:errors.network_error')}; what was typed stays`] },
      [PAGE2]: page2,
    },
    'ready.refreshing': {
      [REFRESHED]: { to: 'ready.editing.clean', see: { version: 4, rows: 20 }, calls: ['saved: version 4', 'notify: {"key":"rows.refreshed","intent":"success"}'], screen: [text('datasets:rows.version', { version: 4 })] },
      [REFRESH_REFUSED]: {
        to: 'ready.editing.clean',
        see: { version: 3, failing: 'http_503', error: 'source_failed' },
        calls: ['notify: {"key":"rows.refreshFailed","intent":"error"}'],
        screen: [`the line ${text('datasets:rows.failing', { since: '29 Nov 2026, 09:00', reason: text('datasets:reasons.http', { status: '503' }) })}`],
      },
      [REFRESH_FAILS]: { to: 'ready.editing.clean', see: { error: 'network_error' }, calls: ['notify: {"key":"rows.refreshError","intent":"error"}'] },
      [PAGE2]: page2,
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    dirty: snapshot.hasTag('dirty') && !snapshot.hasTag('busy'),
    version: snapshot.context.dataset?.version ?? null,
    fromUrl: !!snapshot.context.dataset?.source,
    failing: snapshot.context.dataset?.source?.failed_since ? snapshot.context.dataset.source.error : null,
    columns: snapshot.context.columns,
    rows: snapshot.context.rows.length,
    first: snapshot.context.rows[0] ?? null,
    page: snapshot.context.page,
    deleting: snapshot.context.deleting,
    error: snapshot.context.error,
    fields: snapshot.context.fields,
  }),
  key: (snapshot) =>
    JSON.stringify([snapshot.value, !!snapshot.context.dataset?.source, snapshot.context.dataset?.version, snapshot.context.rows.length, snapshot.context.columns, snapshot.context.rows[0], snapshot.context.page, snapshot.context.deleting, snapshot.context.error]),
});
