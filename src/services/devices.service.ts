import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import {
  CompanyPage,
  Device,
  DeviceCheck,
  DeviceConfig,
  DeviceConfigList,
  DeviceListPage,
  DeviceSchedule,
  DeviceStatistics,
  MAX_DEVICE_PHOTO_BYTES,
  OfficePage,
  PendingClientPage,
  QueuedCommand,
  type Company,
  type DeviceCommand,
  type DeviceCreateBody,
  type DevicePosition,
  type DeviceStatus,
  type DeviceType,
  type DeviceUpdateBody,
  type Office,
  type PendingClient,
  type ScheduleState,
} from './schemas/devices.ts';
import type { TagError } from './schemas/deviceTags.ts';

export type { Company, Device, DeviceCheck, DeviceConfig, DeviceListPage, DeviceSchedule, DeviceStatistics, Office, PendingClient };

/** The list filters of the devices page; an absent field means "all". */
export interface DeviceFilters {
  search?: string;
  status?: DeviceStatus;
  schedule?: ScheduleState;
  type?: DeviceType;
  company?: number;
  office?: number;
  position?: DevicePosition;
  /** Devices with any of these tags (comma-separated, case-insensitive). */
  tags?: string;
  /** Devices with all of these tags. */
  tags_all?: string;
}

export interface DeviceListParams extends DeviceFilters {
  page: number;
  page_size?: number;
}

/** The query string of the list, office devices and xlsx calls. */
export function filterQuery(filters: DeviceFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.search?.trim()) query.search = filters.search.trim();
  for (const key of ['status', 'schedule', 'type', 'company', 'office', 'position'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== null) query[key] = value;
  }
  for (const key of ['tags', 'tags_all'] as const) {
    if (filters[key]?.trim()) query[key] = filters[key].trim();
  }
  return query;
}

/** GET /tvpi/devices/ (paged, filtered). */
export async function listDevices(params: DeviceListParams): Promise<DeviceListPage> {
  const query = { ...filterQuery(params), page: params.page, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  return parseResponse(DeviceListPage, await api('/tvpi/devices/', { query }));
}

/** GET /tvpi/devices/statistics: `{active, deactive}`. */
export async function getDeviceStatistics(): Promise<DeviceStatistics> {
  return parseResponse(DeviceStatistics, await api('/tvpi/devices/statistics'));
}

/** GET /tvpi/devices/{id}. */
export async function getDevice(id: number): Promise<Device> {
  return parseResponse(Device, await api(`/tvpi/devices/${id}`));
}

/** Why a create or update was refused: a duplicate SN/MAC ("Device already exist"), bad fields, an unknown office. */
export type DeviceWriteResult =
  | { ok: true; device: Device }
  | { ok: false; reason: 'device_exists' | 'validation' | 'unknown_office'; fields: Record<string, string> };

/** The tag rules' refusals (./schemas/deviceTags.ts): field errors of the form like any validation. */
const TAG_ERRORS = new Set<string>(['too_many_tags', 'tag_too_long', 'invalid_tag'] satisfies TagError[]);

function writeRefusal(error: unknown): DeviceWriteResult {
  if (error instanceof ApiRequestError) {
    const fields = error.fields ?? {};
    if (error.code === 'device_exists') return { ok: false, reason: 'device_exists', fields };
    if (error.code === 'unknown_office') return { ok: false, reason: 'unknown_office', fields };
    if (error.code === 'validation_error' || TAG_ERRORS.has(error.code)) return { ok: false, reason: 'validation', fields };
  }
  throw error;
}

/** POST /tvpi/devices/create/ with `user: 1`. Refusals resolve `{ ok: false }`; other failures reject. */
export async function createDevice(body: DeviceCreateBody): Promise<DeviceWriteResult> {
  try {
    return { ok: true, device: parseResponse(Device, await api('/tvpi/devices/create/', { method: 'POST', body: { ...body, user: 1 } })) };
  } catch (error) {
    return writeRefusal(error);
  }
}

/** PUT /tvpi/devices/{id} with `user: 1`. */
export async function updateDevice(id: number, body: DeviceUpdateBody): Promise<DeviceWriteResult> {
  try {
    return { ok: true, device: parseResponse(Device, await api(`/tvpi/devices/${id}`, { method: 'PUT', body: { ...body, user: 1 } })) };
  } catch (error) {
    return writeRefusal(error);
  }
}

/** DELETE /tvpi/devices/{id}. */
export async function deleteDevice(id: number): Promise<void> {
  await api(`/tvpi/devices/${id}`, { method: 'DELETE' });
}

/** PUT /tvpi/devices/{id}/change-active. */
export async function changeActive(id: number, isActive: boolean): Promise<Device> {
  return parseResponse(Device, await api(`/tvpi/devices/${id}/change-active`, { method: 'PUT', body: { is_active: isActive, user: 1 } }));
}

/** POST /tvpi/devices/{id}/send-command: queued, delivered with the device's next heartbeat. */
export async function sendCommand(id: number, command: DeviceCommand): Promise<QueuedCommand> {
  return parseResponse(QueuedCommand, await api(`/tvpi/devices/${id}/send-command`, { method: 'POST', body: { command, user: 1 } }));
}

/** GET /tvpi/devices/check/{id}: `ready` is "Device is ready" / "Device is not ready". */
export async function checkDevice(id: number): Promise<DeviceCheck> {
  return parseResponse(DeviceCheck, await api(`/tvpi/devices/check/${id}`));
}

/** GET /scheduler/dev2/{id}: the device schedule. */
export async function getDeviceSchedule(id: number): Promise<DeviceSchedule> {
  return parseResponse(DeviceSchedule, await api(`/scheduler/dev2/${id}`));
}

export type PhotoResult = { ok: true; device: Device } | { ok: false; reason: 'too_large' | 'not_an_image' | 'dimensions_too_large' };

const PHOTO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** PUT tvpi/device/{id}/upload-photo (multipart `photo`). Over 5 MB or not an image is refused before sending. */
export async function uploadPhoto(id: number, photo: Blob & { name?: string }): Promise<PhotoResult> {
  if (photo.size > MAX_DEVICE_PHOTO_BYTES) return { ok: false, reason: 'too_large' };
  if (!PHOTO_TYPES.has(photo.type)) return { ok: false, reason: 'not_an_image' };
  const form = new FormData();
  form.append('photo', photo, photo.name ?? 'photo');
  try {
    return { ok: true, device: parseResponse(Device, await api(`/tvpi/device/${id}/upload-photo`, { method: 'PUT', body: form })) };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.code === 'too_large' || error.code === 'not_an_image' || error.code === 'dimensions_too_large')) return { ok: false, reason: error.code };
    throw error;
  }
}

/** PUT tvpi/device/{id}/upload-photo with `{photo: null}`: clears the photo. */
export async function clearPhoto(id: number): Promise<Device> {
  return parseResponse(Device, await api(`/tvpi/device/${id}/upload-photo`, { method: 'PUT', body: { photo: null } }));
}

/** The location photo behind a device's `photo` link (the JWT header is needed, so an <img> cannot load it). */
export async function getPhoto(link: string): Promise<Blob> {
  return api<Blob, 'blob'>(link, { responseType: 'blob' });
}

/** GET /tvpi/devices/{id}/configs/. */
export async function listConfigs(deviceId: number): Promise<DeviceConfig[]> {
  return parseResponse(DeviceConfigList, await api(`/tvpi/devices/${deviceId}/configs/`));
}

export type ConfigSaveResult = { ok: true; config: DeviceConfig } | { ok: false; reason: 'invalid_json' | 'validation' };

/** PUT /tvpi/devices/{id}/configs/{configId}: a `.json` file must stay valid JSON. */
export async function saveConfig(deviceId: number, configId: number, content: string): Promise<ConfigSaveResult> {
  try {
    const saved = await api(`/tvpi/devices/${deviceId}/configs/${configId}`, { method: 'PUT', body: { content, user: 1 } });
    return { ok: true, config: parseResponse(DeviceConfig, saved) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'invalid_json') return { ok: false, reason: 'invalid_json' };
    if (error instanceof ApiRequestError && error.code === 'validation_error') return { ok: false, reason: 'validation' };
    throw error;
  }
}

/** GET /clients/: players that said hello and wait to be adopted. */
export async function listPendingClients(page = 1): Promise<PageOf<PendingClient>> {
  return parseResponse(PendingClientPage, await api('/clients/', { query: { page, page_size: DEFAULT_PAGE_SIZE } }));
}

/** DELETE /clients/{id}. */
export async function dismissPendingClient(id: number): Promise<void> {
  await api(`/clients/${id}`, { method: 'DELETE' });
}

/** Every company (for the location filter). */
export async function listCompanies(): Promise<Company[]> {
  return parseResponse(CompanyPage, await api('/companies/', { query: { page_size: 500 } })).results;
}

/** Every branch office, or those of one company (for the location filter and the device form). */
export async function listOffices(company?: number): Promise<Office[]> {
  const query: Record<string, number> = { page_size: 500 };
  if (company) query.company = company;
  return parseResponse(OfficePage, await api('/branch-offices/', { query })).results;
}

export interface ExportProgress {
  /** Bytes of the file received so far. */
  loaded: number;
  /** The file's size in bytes; 0 while the server is still generating it (or does not say). */
  total: number;
}

/**
 * Downloads the xlsx of every device matching `filters` from the spec's call `GET /tvpi/devices-xslx/`: the server
 * builds it with values in `language` and times in the browser's time zone. `onProgress` follows the bytes received.
 */
export async function downloadDevicesXlsx(
  filters: DeviceFilters,
  language: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await api.raw<ReadableStream<Uint8Array>, 'stream'>('/tvpi/devices-xslx/', {
    query: { ...filterQuery(filters), lang: language, ...(tz ? { tz } : {}) },
    responseType: 'stream',
    signal,
  });
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? XLSX_TYPE;
  const body = response._data;
  if (!body) return new Blob([], { type });
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
