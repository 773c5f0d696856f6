import { array } from 'superstruct';
import { API_BASE, DEFAULT_PAGE_SIZE, REQUEST_TIMEOUT_MS } from './config.ts';
import { ApiRequestError, api, endSessionAfterUnauthorized, parseResponse, renewAccessAfterUnauthorized } from './http.ts';
import { userIdOf } from './jwt.ts';
import type { PageOf } from './schemas/common.ts';
import {
  MAX_MEDIA_FILE_BYTES,
  MediaFile,
  MediaFilePage,
  MediaUsage,
  type MediaFileInfo,
  type MediaOrdering,
  type MediaStatus,
  type MediaUpdateBody,
} from './schemas/media.ts';
import { tokenStore } from './tokenStore.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { MediaFile, MediaFileInfo, MediaUsage };

export interface MediaListParams {
  page: number;
  page_size?: number;
  search?: string;
  status?: MediaStatus;
  ordering?: MediaOrdering;
}

/** GET /media/files/ (paged, searchable). */
export async function listMedia(params: MediaListParams): Promise<PageOf<MediaFile>> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.status) query.status = params.status;
  if (params.ordering) query.ordering = params.ordering;
  return parseResponse(MediaFilePage, await api('/media/files/', { query }));
}

/** GET /media/files/{id}. */
export async function getMedia(id: number): Promise<MediaFile> {
  return parseResponse(MediaFile, await api(`/media/files/${id}`));
}

/** GET media/file/{id}/details/: where the file is used. */
export async function getMediaUsage(id: number): Promise<MediaUsage> {
  return parseResponse(MediaUsage, await api(`/media/file/${id}/details/`));
}

/** PUT /media/files/{id}. Refusals (400, 409) resolve `{ ok: false, code, fields }`; other failures reject. */
export function updateMedia(id: number, patch: MediaUpdateBody): Promise<WriteOutcome<MediaFile>> {
  return writeOutcome(api(`/media/files/${id}`, { method: 'PUT', body: patch }).then((body) => parseResponse(MediaFile, body)));
}

export type DeleteMediaResult = { ok: true } | { ok: false; reason: 'media_in_use' };

/** DELETE /media/files/{id}. A file still in use resolves `{ ok: false, reason: 'media_in_use' }`. */
export async function deleteMedia(id: number): Promise<DeleteMediaResult> {
  try {
    await api(`/media/files/${id}`, { method: 'DELETE' });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'media_in_use') return { ok: false, reason: 'media_in_use' };
    throw error;
  }
}

/** POST /media/files/{id}/retry/: processes the failed parts again. */
export async function retryMedia(id: number): Promise<MediaFile> {
  return parseResponse(MediaFile, await api(`/media/files/${id}/retry/`, { method: 'POST' }));
}

/** The preview image (the JWT header is needed, so an <img> cannot load the link itself). */
export async function getMediaPreview(id: number): Promise<Blob> {
  return api<Blob, 'blob'>(`/media/files/${id}/preview`, { responseType: 'blob' });
}

/** Files the browser refuses before sending: larger than the spec's 250 MB. */
export function isTooLarge(file: { size: number }): boolean {
  return file.size > MAX_MEDIA_FILE_BYTES;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  file: File;
  info: MediaFileInfo;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

interface XhrOutcome {
  status: number;
  body: unknown;
}

/** One spec-shaped multipart request: user, src_file[0] and a one-element file_info. */
function uploadForm(file: File, info: MediaFileInfo): FormData {
  const form = new FormData();
  form.append('user', String(userIdOf(tokenStore.getAccess()) ?? 1));
  form.append('src_file[0]', file, file.name);
  form.append('file_info', JSON.stringify([info]));
  return form;
}

function send(request: UploadRequest, access: string | null): Promise<XhrOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', `${API_BASE}/media/files/create/`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.responseType = 'json';
    if (access) xhr.setRequestHeader('Authorization', `JWT ${access}`);
    xhr.upload.onprogress = (event) => request.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : request.file.size });
    xhr.onload = () => {
      request.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, body: xhr.response });
    };
    const fail = (code: string, detail: string) => () => {
      request.signal?.removeEventListener('abort', abort);
      reject(new ApiRequestError({ status: 0, code, detail }));
    };
    xhr.onerror = fail('network_error', 'The connection was lost during the upload.');
    xhr.ontimeout = fail('timeout', 'The upload timed out.');
    xhr.onabort = fail('aborted', 'The upload was cancelled.');
    if (request.signal?.aborted) return xhr.abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(uploadForm(request.file, request.info));
  });
}

function failure(outcome: XhrOutcome): ApiRequestError {
  const body = outcome.body as { code?: unknown; detail?: unknown; fields?: unknown } | null;
  if (body && typeof body.code === 'string') {
    return new ApiRequestError({
      status: outcome.status,
      code: body.code,
      detail: typeof body.detail === 'string' ? body.detail : '',
      fields: (body.fields as Record<string, string> | undefined) ?? undefined,
    });
  }
  return new ApiRequestError({ status: outcome.status, code: outcome.status === 413 ? 'file_too_large' : `http_${outcome.status}`, detail: '' });
}

/**
 * POST /media/files/create/ for one file, over XMLHttpRequest for upload progress. Carries the JWT header,
 * renews the session once on 401, and rejects with an ApiRequestError (`file_too_large`, `invalid_content_format`,
 * `network_error`, `aborted`, ...). Files over 250 MB are refused here, before anything is sent.
 */
export async function uploadMediaFile(request: UploadRequest): Promise<MediaFile> {
  if (isTooLarge(request.file)) {
    throw new ApiRequestError({ status: 0, code: 'file_too_large', detail: `A media file may be at most ${MAX_MEDIA_FILE_BYTES} bytes.` });
  }
  const access = tokenStore.getAccess();
  let outcome = await send(request, access);
  if (outcome.status === 401) {
    // The same section-8 procedure as every api call: one shared refresh, one retry, logout on a second 401.
    const renewed = await renewAccessAfterUnauthorized(access);
    if (!renewed) throw failure(outcome);
    outcome = await send(request, renewed);
    if (outcome.status === 401) await endSessionAfterUnauthorized();
  }
  if (outcome.status !== 201) throw failure(outcome);
  const [media] = parseResponse(array(MediaFile), outcome.body);
  if (!media) throw new ApiRequestError({ status: 0, code: 'invalid_response', detail: 'The upload answered no file.' });
  return media;
}
