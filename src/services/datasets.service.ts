import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import { Dataset, DatasetPage, type DatasetCell, type DatasetSourceFormat, type DatasetSummary } from './schemas/datasets.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Dataset, DatasetCell, DatasetSummary, DatasetSourceFormat };

export interface DatasetListParams {
  page: number;
  page_size?: number;
  search?: string;
}

/** Datasets a widget's picker lists at a time (a search narrows them on the server). */
export const DATASET_OPTIONS_PAGE = 20;

/**
 * One search of a widget's dataset picker: the first matches of GET /datasets/?search=, the chosen one first when the
 * search is empty and it is not among them. Answers the summaries too (columns, source) for what the form shows.
 */
export async function searchDatasetOptions(query: { search: string; chosen: number[] }): Promise<{ count: number; results: (DatasetSummary & { name: string })[] }> {
  const search = query.search.trim();
  const page = await listDatasets({ page: 1, page_size: DATASET_OPTIONS_PAGE, ...(search ? { search } : {}) });
  const results = [...page.results];
  const chosen = query.chosen[0];
  if (chosen !== undefined && !search && !results.some((row) => row.id === chosen)) {
    const dataset = await getDataset(chosen).catch(() => null);
    if (dataset) results.unshift({ ...dataset, rows: undefined } as DatasetSummary);
  }
  return { count: page.count, results };
}

/** GET /datasets/ (paged, newest first; search by name). */
export async function listDatasets(params: DatasetListParams): Promise<PageOf<DatasetSummary>> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  return parseResponse(DatasetPage, await api('/datasets/', { query }));
}

/** POST /datasets/create/ (multipart): a spreadsheet read on the server. Refusals resolve `{ ok: false, code, fields }`. */
export function createDatasetFromFile(name: string, file: Blob & { name?: string }): Promise<WriteOutcome<Dataset>> {
  const form = new FormData();
  if (name.trim()) form.append('name', name.trim());
  form.append('file', file, file.name ?? 'table.csv');
  return writeOutcome(api('/datasets/create/', { method: 'POST', body: form }).then((answer) => parseResponse(Dataset, answer)));
}

/** POST /datasets/create/ (JSON): a dataset the server reads from a URL now and every `refresh_minutes`. */
export function createDatasetFromUrl(body: { name: string; url: string; format: DatasetSourceFormat; refresh_minutes: number }): Promise<WriteOutcome<Dataset>> {
  return writeOutcome(api('/datasets/create/', { method: 'POST', body: { ...body, name: body.name.trim(), url: body.url.trim() } }).then((answer) => parseResponse(Dataset, answer)));
}

/** DELETE /datasets/{id}; one a layout shows is refused (`dataset_in_use`). */
export async function deleteDataset(id: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await api(`/datasets/${id}`, { method: 'DELETE' });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return { ok: false, reason: error.code };
    throw error;
  }
}

/** GET /datasets/{id}: the dataset with its rows. */
export async function getDataset(id: number): Promise<Dataset> {
  return parseResponse(Dataset, await api(`/datasets/${id}`));
}

/** PUT /datasets/{id} with the whole table (columns and rows together). Refusals resolve `{ ok: false, code, fields }`. */
export function updateDatasetTable(id: number, table: { columns: { name: string }[]; rows: DatasetCell[][] }): Promise<WriteOutcome<Dataset>> {
  return writeOutcome(api(`/datasets/${id}`, { method: 'PUT', body: table }).then((answer) => parseResponse(Dataset, answer)));
}

export type RefreshOutcome = { ok: true; dataset: Dataset } | { ok: false; code: string; dataset: Dataset | null };

/**
 * POST /datasets/{id}/refresh/: a URL dataset read now. A read that fails (400 `source_failed`) keeps the table and
 * notes the failure in `source`: the dataset is read again so the failure (since when, why) can be shown.
 */
export async function refreshDataset(id: number): Promise<RefreshOutcome> {
  try {
    return { ok: true, dataset: parseResponse(Dataset, await api(`/datasets/${id}/refresh/`, { method: 'POST' })) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return { ok: false, code: error.code, dataset: await getDataset(id).catch(() => null) };
    throw error;
  }
}
