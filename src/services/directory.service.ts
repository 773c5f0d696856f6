import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import { DirectoryQuery, DirectoryQueryPage, type DirectoryQueryCreateBody, type DirectoryQueryUpdateBody } from './schemas/directory.ts';

export type { DirectoryQuery };

export type DirectoryWriteFailure = 'invalid_query_value' | 'query_name_taken' | 'validation_error';
export type DirectoryWriteResult =
  | { ok: true; query: DirectoryQuery }
  | { ok: false; reason: DirectoryWriteFailure; fields: Record<string, string> };

const WRITE_FAILURES = new Set<string>(['invalid_query_value', 'query_name_taken', 'validation_error']);

async function write(send: () => Promise<unknown>): Promise<DirectoryWriteResult> {
  try {
    return { ok: true, query: parseResponse(DirectoryQuery, await send()) };
  } catch (error) {
    if (error instanceof ApiRequestError && WRITE_FAILURES.has(error.code)) {
      return { ok: false, reason: error.code as DirectoryWriteFailure, fields: error.fields ?? {} };
    }
    throw error;
  }
}

/** GET /directory/queries/ (administrator only). */
export async function listDirectoryQueries(params: { page?: number; page_size?: number } = {}): Promise<PageOf<DirectoryQuery>> {
  const query = { page: params.page ?? 1, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  return parseResponse(DirectoryQueryPage, await api('/directory/queries/', { query }));
}

/** POST /directory/queries/create/. Field refusals resolve `{ ok: false }`. */
export function createDirectoryQuery(body: DirectoryQueryCreateBody): Promise<DirectoryWriteResult> {
  return write(() => api('/directory/queries/create/', { method: 'POST', body }));
}

/** PUT /directory/queries/{id}: any subset; `{ active }` alone activates or deactivates. */
export function updateDirectoryQuery(id: number, body: DirectoryQueryUpdateBody): Promise<DirectoryWriteResult> {
  return write(() => api(`/directory/queries/${id}`, { method: 'PUT', body }));
}

/** DELETE /directory/queries/{id}. */
export async function deleteDirectoryQuery(id: number): Promise<void> {
  await api(`/directory/queries/${id}`, { method: 'DELETE' });
}
