import { array, number, object, string, type } from 'superstruct';
import { API_BASE, REQUEST_TIMEOUT_MS } from './config.ts';
import { ApiRequestError, api, endSessionAfterUnauthorized, parseResponse, renewAccessAfterUnauthorized } from './http.ts';
import { Page, type PageOf } from './schemas/common.ts';
import {
  DeviceNavigation,
  MAX_NAVIGATION_FILE_BYTES,
  Marker,
  NavigationObject,
  SendAnswer,
  type DeviceNavigationBody,
  type MarkerCreateBody,
  type MarkerUpdateBody,
} from './schemas/navigation.ts';
import { tokenStore } from './tokenStore.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { DeviceNavigation, Marker, NavigationObject };

export const NavigationOffice = type({
  id: number(),
  name: string(),
  company: number(),
  company_name: string(),
  objects: array(object({ id: number(), name: string() })),
});
export type NavigationOffice = { id: number; name: string; company: number; company_name: string; objects: { id: number; name: string }[] };

/** GET /navigation/offices/ (every office of a company, with its objects), at most 500. */
export async function listNavigationOffices(company?: number): Promise<NavigationOffice[]> {
  const query = { page_size: 500, ...(company ? { company } : {}) };
  return parseResponse(Page(NavigationOffice), await api('/navigation/offices/', { query })).results;
}

/** GET /navigation/objects/?office= (at most 500). */
export async function listObjects(office: number): Promise<NavigationObject[]> {
  return parseResponse(Page(NavigationObject), await api('/navigation/objects/', { query: { office, page_size: 500 } })).results;
}

/** GET /navigation/markers/?object= (all of them). */
export async function listMarkers(objectId: number): Promise<Marker[]> {
  return (parseResponse(Page(Marker), await api('/navigation/markers/', { query: { object: objectId } })) as PageOf<Marker>).results;
}

/** Fetches an authenticated image (layout, photo) as a Blob for an object URL. */
export async function getImage(link: string): Promise<Blob> {
  return api<Blob, 'blob'>(link, { responseType: 'blob' });
}

export const isLayoutTooLarge = (file: Pick<File, 'size'>) => file.size > MAX_NAVIGATION_FILE_BYTES;

export interface ObjectWrite {
  office: number;
  /** Set for a rename or a new image of an existing object. */
  id?: number;
  name?: string;
  file?: File | null;
  signal?: AbortSignal;
  onProgress?: (progress: { loaded: number; total: number }) => void;
}

function sendForm(method: string, url: string, form: FormData, request: ObjectWrite, access: string | null): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(method, `${API_BASE}${url}`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.responseType = 'json';
    if (access) xhr.setRequestHeader('Authorization', `JWT ${access}`);
    xhr.upload.onprogress = (event) => request.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : request.file?.size ?? 0 });
    const fail = (code: string, detail: string) => () => {
      request.signal?.removeEventListener('abort', abort);
      reject(new ApiRequestError({ status: 0, code, detail }));
    };
    xhr.onload = () => {
      request.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, body: xhr.response });
    };
    xhr.onerror = fail('network_error', 'The connection was lost during the upload.');
    xhr.ontimeout = fail('timeout', 'The upload timed out.');
    xhr.onabort = fail('aborted', 'The upload was cancelled.');
    if (request.signal?.aborted) return xhr.abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}

function failureOf(outcome: { status: number; body: unknown }): ApiRequestError {
  const body = outcome.body as { code?: unknown; detail?: unknown; fields?: unknown } | null;
  if (body && typeof body.code === 'string') {
    return new ApiRequestError({ status: outcome.status, code: body.code, detail: String(body.detail ?? ''), fields: (body.fields as Record<string, string>) ?? undefined });
  }
  return new ApiRequestError({ status: outcome.status, code: outcome.status === 413 ? 'file_too_large' : `http_${outcome.status}`, detail: '' });
}

/**
 * Creates an object (multipart office, name, layout) or renames it / gives it a new image, over XMLHttpRequest for the
 * upload progress. A layout over 25 MB is refused here, before anything is sent. Refusals (400, 409, 413) resolve
 * `{ ok: false }`; other failures reject.
 */
export async function writeObject(request: ObjectWrite): Promise<WriteOutcome<NavigationObject>> {
  if (request.file && isLayoutTooLarge(request.file)) return { ok: false, code: 'file_too_large', fields: { layout: 'too_large' } };
  if (request.id && !request.file) {
    return writeOutcome(api(`/navigation/objects/${request.id}`, { method: 'PUT', body: { name: request.name } }).then((body) => parseResponse(NavigationObject, body)));
  }
  const form = new FormData();
  if (!request.id) form.append('office', String(request.office));
  if (request.name !== undefined) form.append('name', request.name);
  if (request.file) form.append('layout', request.file, request.file.name);
  const [method, url] = request.id ? ['PUT', `/navigation/objects/${request.id}`] : ['POST', '/navigation/objects/create/'];
  const access = tokenStore.getAccess();
  let outcome = await sendForm(method, url, form, request, access);
  if (outcome.status === 401) {
    const renewed = await renewAccessAfterUnauthorized(access);
    if (renewed) outcome = await sendForm(method, url, form, request, renewed);
    if (outcome.status === 401) await endSessionAfterUnauthorized();
  }
  if (outcome.status === 200 || outcome.status === 201) return { ok: true, value: parseResponse(NavigationObject, outcome.body) };
  const failure = failureOf(outcome);
  if ([400, 409, 413].includes(outcome.status)) return { ok: false, code: failure.code, fields: failure.fields ?? {} };
  throw failure;
}

export async function deleteObject(id: number): Promise<void> {
  await api(`/navigation/objects/${id}`, { method: 'DELETE' });
}

export async function createMarker(body: MarkerCreateBody): Promise<Marker> {
  return parseResponse(Marker, await api('/navigation/markers/create/', { method: 'POST', body }));
}

export async function updateMarker(id: number, body: MarkerUpdateBody): Promise<Marker> {
  return parseResponse(Marker, await api(`/navigation/markers/${id}`, { method: 'PUT', body }));
}

export async function uploadMarkerPhoto(id: number, photo: Blob & { name?: string }): Promise<Marker> {
  const form = new FormData();
  form.append('photo', photo, photo.name ?? 'photo');
  return parseResponse(Marker, await api(`/navigation/markers/${id}`, { method: 'PUT', body: form }));
}

export async function deleteMarker(id: number): Promise<void> {
  await api(`/navigation/markers/${id}`, { method: 'DELETE' });
}

export async function getDeviceNavigation(deviceId: number): Promise<DeviceNavigation> {
  return parseResponse(DeviceNavigation, await api(`/navigation/devices/${deviceId}/`));
}

export async function saveDeviceNavigation(deviceId: number, body: DeviceNavigationBody): Promise<DeviceNavigation> {
  return parseResponse(DeviceNavigation, await api(`/navigation/devices/${deviceId}/`, { method: 'PUT', body }));
}

export async function sendDeviceNavigation(deviceId: number): Promise<{ device: number; sent_version: number }> {
  return parseResponse(SendAnswer, await api(`/navigation/devices/${deviceId}/send/`, { method: 'POST' }));
}
