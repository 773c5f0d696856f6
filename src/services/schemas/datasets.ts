import { array, define, enums, integer, max, min, nullable, number, object, optional, size, string, type, union, type Infer } from 'superstruct';
import { Id, Page } from './common.ts';

/*
 * Datasets (issue 38): tables of rows that a layout's data table widget shows (a menu, a timetable, prices). A dataset
 * is uploaded from a spreadsheet (.xlsx or .csv, read on the server) or edited row by row; every change of its content
 * moves its `version` and `checksum`, which screens follow. Request bodies are strict `object`s; answers are `type`s.
 */

/** A dataset's name: required, at most this many characters. */
export const DATASET_NAME_MAX = 60;
/** A column's name (a header cell): at most this many characters; an empty header is named "Column N". */
export const DATASET_COLUMN_NAME_MAX = 100;
export const MAX_DATASET_COLUMNS = 50;
export const MAX_DATASET_ROWS = 5000;
/** A cell's text: at most this many characters (a longer cell is refused, never cut). */
export const MAX_DATASET_CELL = 1000;
/** An uploaded spreadsheet: at most this many bytes, checked while it streams. */
export const MAX_DATASET_FILE_BYTES = 5 * 1024 * 1024;

/** Field error code of a dataset name, or null when it may be saved. */
export function datasetNameError(name: unknown): 'required' | 'too_long' | 'invalid' | null {
  if (typeof name !== 'string') return name === undefined ? 'required' : 'invalid';
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return [...trimmed].length > DATASET_NAME_MAX ? 'too_long' : null;
}
export const DatasetName = define<string>('DatasetName', (value) => datasetNameError(value) === null);

/** A cell: text, a number, or empty. Dates from a spreadsheet arrive as ISO text (`2026-11-29` or `2026-11-29T08:30`). */
export const DatasetCell = nullable(union([string(), number()]));
export type DatasetCell = Infer<typeof DatasetCell>;

export const DatasetColumn = object({ name: string() });

/** What a dataset read from a URL is: a CSV file, a JSON array of objects, or an RSS/Atom feed (title, link, published). */
export const DATASET_SOURCE_FORMATS = ['csv', 'json', 'feed'] as const;
export const DatasetSourceFormat = enums(DATASET_SOURCE_FORMATS);
export type DatasetSourceFormat = Infer<typeof DatasetSourceFormat>;
/** How often a URL is read again: at least this many minutes (and at most a day). */
export const MIN_REFRESH_MINUTES = 5;
export const MAX_REFRESH_MINUTES = 1440;
export const DEFAULT_REFRESH_MINUTES = 15;
/** A source URL: at most this many characters. */
export const MAX_SOURCE_URL = 2000;
export const RefreshMinutes = max(min(integer(), MIN_REFRESH_MINUTES), MAX_REFRESH_MINUTES);

/** POST /datasets/create/ as JSON: a dataset read from a URL (a spreadsheet upload is multipart). */
export const DatasetFromUrlBody = object({
  name: DatasetName,
  url: size(string(), 1, MAX_SOURCE_URL),
  format: DatasetSourceFormat,
  refresh_minutes: optional(RefreshMinutes),
  company: optional(nullable(Id)),
});
export type DatasetFromUrlBody = Infer<typeof DatasetFromUrlBody>;

/** Where a URL dataset stands: its address, how often it is read, the last good read, and since when reads fail. */
export const DatasetSource = type({
  url: string(),
  format: DatasetSourceFormat,
  refresh_minutes: number(),
  fetched_at: nullable(string()),
  failed_since: nullable(string()),
  /** Why the last read failed (timeout, http_404, private_address, unreadable, ...), or null. */
  error: nullable(string()),
});
export type DatasetSource = Infer<typeof DatasetSource>;
export type DatasetColumn = Infer<typeof DatasetColumn>;

/** PUT /datasets/{id}: a new name, and/or the whole table (columns and rows together). */
export const DatasetUpdateBody = object({
  name: optional(DatasetName),
  /** A URL dataset's address, format and refresh (each read again at once). */
  url: optional(size(string(), 1, MAX_SOURCE_URL)),
  format: optional(DatasetSourceFormat),
  refresh_minutes: optional(RefreshMinutes),
  columns: optional(size(array(DatasetColumn), 0, 1000)),
  rows: optional(size(array(array(DatasetCell)), 0, 100_000)),
});
export type DatasetUpdateBody = Infer<typeof DatasetUpdateBody>;

/** A dataset as lists answer it (no rows). */
export const DatasetSummary = type({
  id: Id,
  name: string(),
  company: nullable(Id),
  columns: array(type({ name: string() })),
  row_count: number(),
  version: number(),
  checksum: string(),
  /** Where its rows came from: the uploaded file's name, or null after an edit by rows or for a URL dataset. */
  file_name: nullable(string()),
  /** A dataset read from a URL: where it stands; null for an uploaded or edited one. */
  source: nullable(DatasetSource),
  created_at: string(),
  updated_at: string(),
});
export type DatasetSummary = Infer<typeof DatasetSummary>;

/** GET /datasets/{id}: the summary and its rows. */
export const Dataset = type({
  id: Id,
  name: string(),
  company: nullable(Id),
  columns: array(type({ name: string() })),
  rows: array(array(DatasetCell)),
  row_count: number(),
  version: number(),
  checksum: string(),
  file_name: nullable(string()),
  source: nullable(DatasetSource),
  created_at: string(),
  updated_at: string(),
});
export type Dataset = Infer<typeof Dataset>;

export const DatasetPage = Page(DatasetSummary);
export const DatasetListQuery = object({ search: optional(size(string(), 0, 200)) });

/**
 * The table's own problems, as `{field: code}` (empty when it may be stored): the limits above, every row as long as
 * the columns, column names unique. Run by the server on every write, and by the panel before it saves.
 */
export function datasetTableProblems(columns: readonly DatasetColumn[], rows: readonly (readonly DatasetCell[])[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (columns.length === 0) problems.columns = 'required';
  if (columns.length > MAX_DATASET_COLUMNS) problems.columns = 'too_many_columns';
  if (rows.length > MAX_DATASET_ROWS) problems.rows = 'too_many_rows';
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    const name = column.name.trim();
    if (!name) problems[`columns.${index}.name`] = 'required';
    else if ([...name].length > DATASET_COLUMN_NAME_MAX) problems[`columns.${index}.name`] = 'too_long';
    else if (seen.has(name.toLowerCase())) problems[`columns.${index}.name`] = 'duplicate';
    seen.add(name.toLowerCase());
  });
  if (problems.rows || problems.columns) return problems;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.length !== columns.length) {
      problems[`rows.${index}`] = 'wrong_length';
      break;
    }
    const long = row.findIndex((cell) => typeof cell === 'string' && [...cell].length > MAX_DATASET_CELL);
    if (long >= 0) {
      problems[`rows.${index}.${long}`] = 'too_long';
      break;
    }
    const bad = row.findIndex((cell) => typeof cell === 'number' && !Number.isFinite(cell));
    if (bad >= 0) {
      problems[`rows.${index}.${bad}`] = 'invalid';
      break;
    }
  }
  return problems;
}
