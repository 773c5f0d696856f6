import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import { Dataset, DatasetPage, type DatasetSourceFormat, type DatasetSummary } from './schemas/datasets.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Dataset, DatasetSummary, DatasetSourceFormat };

export interface DatasetListParams {
  page: number;
  page_size?: number;
  search?: string;
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
