import { array, enums, integer, max, min, object, size, string, type Infer } from 'superstruct';
import { api, parseResponse } from './http.ts';
import { CompareAnswer, COMPARE_KINDS, MAX_COMPARE_ENTITIES, entityKey, type UnloadGranularity } from './schemas/statistics.ts';
import { memoryStorage } from './tokenStore.ts';

export type { CompareAnswer };

/** One entry of the compare list as it is kept between visits: what it is and the name it had when added. */
export const CompareEntity = object({
  kind: enums(COMPARE_KINDS),
  id: min(max(integer(), 2147483647), 1),
  name: size(string(), 0, 300),
});
export type CompareEntity = Infer<typeof CompareEntity>;

const STORED_LIST = array(CompareEntity);
/** Where the compare list lives between visits and reloads (this browser, every tab). */
export const COMPARE_LIST_KEY = 'statistics.compare';

let fallback: Storage | undefined;
const storage = (): Storage => globalThis.localStorage ?? (fallback ??= memoryStorage());

/**
 * The compare list kept in localStorage, checked on the way back in: anything that is not a list of
 * `{kind, id, name}` (edited by hand, written by an older version) is dropped whole, repeats are kept once and at
 * most MAX_COMPARE_ENTITIES survive, so the list the screen starts from always obeys the list's rules.
 */
export function readCompareList(): CompareEntity[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage().getItem(COMPARE_LIST_KEY) ?? '[]');
  } catch {
    return [];
  }
  const [failure, list] = STORED_LIST.validate(parsed);
  if (failure || !list) return [];
  const seen = new Set<string>();
  return list.filter((entity) => {
    const key = entityKey(entity.kind, entity.id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_COMPARE_ENTITIES);
}

/** Keeps the compare list for the next visit (an empty list removes the key). */
export function writeCompareList(list: CompareEntity[]): void {
  try {
    if (list.length === 0) storage().removeItem(COMPARE_LIST_KEY);
    else storage().setItem(COMPARE_LIST_KEY, JSON.stringify(list.map(({ kind, id, name }) => ({ kind, id, name }))));
  } catch {
    // A full or refused storage only loses the list at the next reload; the screen goes on with it.
  }
}

export interface CompareParams {
  entities: string[];
  date: string;
  period: number;
}

/** GET /statistics/compare/?entities=&date=&period=: each entity's plays per hour, in the order given. */
export async function fetchCompare(params: CompareParams): Promise<CompareAnswer> {
  const query = { entities: params.entities.join(','), date: params.date, period: params.period };
  return parseResponse(CompareAnswer, await api('/statistics/compare/', { query }));
}

export interface UnloadParams {
  granularity: UnloadGranularity;
  from: string;
  to: string;
  campaign?: number;
  device?: number;
  media?: number;
  lang: 'en' | 'ru';
}

export interface UnloadProgress {
  /** Bytes of the file received so far. */
  loaded: number;
  /** Rows in the file when the server says so (an `X-Row-Count` header), else null. */
  rows: number | null;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /statistics/unloads/: the xlsx of every play (or hourly row) of the period, read chunk by chunk from the
 * response's stream so that `onProgress` follows the bytes as they arrive (the server writes the file while sending
 * it, so there is no Content-Length to compare with). `signal` cancels it; a caller's signal also lifts the request
 * timeout, which a long file would otherwise hit.
 */
export async function downloadUnload(params: UnloadParams, onProgress: (progress: UnloadProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const query: Record<string, string | number> = { granularity: params.granularity, from: params.from, to: params.to, lang: params.lang };
  for (const key of ['campaign', 'device', 'media'] as const) if (params[key] !== undefined) query[key] = params[key]!;
  const response = await api.raw<ReadableStream<Uint8Array>, 'stream'>('/statistics/unloads/', { query, responseType: 'stream', signal: signal ?? new AbortController().signal });
  const counted = Number(response.headers.get('x-row-count'));
  const rows = response.headers.has('x-row-count') && Number.isInteger(counted) && counted >= 0 ? counted : null;
  const type = response.headers.get('content-type') ?? XLSX_TYPE;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, rows });
  const body = response._data;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, rows });
    }
  }
  return new Blob(chunks as BlobPart[], { type });
}
