import { array, define, enums, integer, min, number, object, string, type Infer } from 'superstruct';
import { api, parseResponse } from './http.ts';
import { createXlsxRowCounter } from './xlsxRowCounter.ts';
import { Id, isRealDate } from './schemas/common.ts';
import {
  COMPARE_KINDS,
  ENTITY_SEARCH_LIMIT,
  EntitySearchAnswer,
  MAX_ENTITY_SEARCH_LENGTH,
  LiveAnswer,
  MAX_COMPARE_ENTITIES,
  MAX_PERIOD_HOURS,
  MIN_PERIOD_HOURS,
  StatisticsAnswer as StatisticsAnswerSchema,
  type CompareKind,
  type UnloadGranularity,
} from './schemas/statistics.ts';

export { COMPARE_KINDS, MAX_COMPARE_ENTITIES, MAX_PERIOD_HOURS, MIN_PERIOD_HOURS, UNLOAD_GRANULARITIES, entityKey } from './schemas/statistics.ts';
export type { CompareKind, EntitySearchAnswer, LiveAnswer, UnloadGranularity } from './schemas/statistics.ts';

/** The period the Charts tab starts with: one day. */
export const DEFAULT_PERIOD_HOURS = 24;

export interface HourRow {
  hour: string;
  plays: number;
  seconds: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Up to 744 hours per series (10 series in a compare): a written-out loop instead of superstruct's per-row `object()`,
 * which costs tens of milliseconds at that size for the same check.
 */
const HourRows = define<HourRow[]>('HourRows', (value) => {
  if (!Array.isArray(value)) return 'expected an array of hours';
  for (let index = 0; index < value.length; index += 1) {
    const row = value[index] as Partial<HourRow> | null;
    if (!row || typeof row !== 'object' || typeof row.hour !== 'string' || !isCount(row.plays) || typeof row.seconds !== 'number') {
      return `hours[${index}] is not {hour, plays, seconds}`;
    }
  }
  return true;
});

/** GET /statistics/ as the SPA checks it: the server's schema with the fast hour rows. */
export const StatisticsAnswer = object({ ...StatisticsAnswerSchema.schema, hours: HourRows });
export type StatisticsAnswer = Infer<typeof StatisticsAnswer>;

const Totals = object({ plays: min(integer(), 0), seconds: number() });
const Series = object({ entity: string(), kind: enums(COMPARE_KINDS), id: Id, name: string(), total: Totals, hours: HourRows });

/** GET /statistics/compare/ as the SPA checks it: the server's schema with the fast hour rows. */
export const CompareAnswer = object({ date: string(), period: integer(), time_zone: string(), series: array(Series) });
export type CompareAnswer = Infer<typeof CompareAnswer>;
export type CompareSeries = CompareAnswer['series'][number];

/** What the Charts tab asks for: a campaign, the first day (YYYY-MM-DD) and the period in hours (1 to 744). */
export interface StatisticsParams {
  campaign: number;
  date: string;
  period: number;
}

/** Why a set of parameters cannot be asked for, per field (`required`, `out_of_range`); empty when it can. */
export function statisticsProblems(params: { campaign?: number | null; date?: string | null; period?: number | null }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!params.campaign) problems.campaign = 'required';
  // A day the calendar has, as the server checks it (Date.parse alone takes 2026-02-30 as 2 March).
  if (!params.date || !isRealDate(params.date)) problems.date = 'required';
  const period = params.period;
  if (typeof period !== 'number' || !Number.isInteger(period) || period < MIN_PERIOD_HOURS || period > MAX_PERIOD_HOURS) problems.period = 'out_of_range';
  return problems;
}

/** GET /statistics/?campaign=&date=&period=: plays per hour (every hour of the period), per device and per media. */
export async function getStatistics(params: StatisticsParams): Promise<StatisticsAnswer> {
  return parseResponse(StatisticsAnswer, await api('/statistics/', { query: { campaign: params.campaign, date: params.date, period: params.period } }));
}

/** One entity of a comparison. */
export interface CompareEntity {
  kind: CompareKind;
  id: number;
}

export interface CompareParams {
  /** 1 to 10 entities, shown in this order. */
  entities: CompareEntity[];
  date: string;
  period: number;
}

/** GET /statistics/compare/?entities=campaign:1,device:7&date=&period=: one hourly series per entity, in the order given. */
export async function getCompare(params: CompareParams): Promise<CompareAnswer> {
  const entities = params.entities.map((entity) => `${entity.kind}:${entity.id}`).join(',');
  return parseResponse(CompareAnswer, await api('/statistics/compare/', { query: { entities, date: params.date, period: params.period } }));
}

/**
 * GET /statistics/entities/?kind=&search=&limit=: the first campaigns, devices or media of the caller's companies whose
 * text holds `search` (the statistics pickers; needs statistics view only, not the campaigns, devices or media areas).
 */
export async function searchEntities(params: { kind: CompareKind; search: string; limit?: number }): Promise<EntitySearchAnswer> {
  const search = params.search.trim().slice(0, MAX_ENTITY_SEARCH_LENGTH);
  return parseResponse(
    EntitySearchAnswer,
    await api('/statistics/entities/', { query: { kind: params.kind, limit: params.limit ?? ENTITY_SEARCH_LIMIT, ...(search ? { search } : {}) } }),
  );
}

/** GET /statistics/live/: plays of the last 15 minutes across the caller's scope (polled; see docs/api.md). */
export async function getLive(): Promise<LiveAnswer> {
  return parseResponse(LiveAnswer, await api('/statistics/live/', { cache: 'no-store' }));
}

export interface UnloadParams {
  granularity: UnloadGranularity;
  /** First day, YYYY-MM-DD (statistics time zone). */
  from: string;
  /** Last day, included. */
  to: string;
  campaign?: number;
  device?: number;
  media?: number;
  /** Language of the headers. */
  lang: 'en' | 'ru';
}

export interface UnloadProgress {
  /** Bytes received so far. */
  loaded: number;
  /** Data rows received so far, counted in the arriving file (after the last byte: the file's rows); absent when not counted. */
  rows?: number;
}

/** The query string of an unload (absent filters left out). */
export function unloadQuery(params: UnloadParams): Record<string, string | number> {
  const query: Record<string, string | number> = { granularity: params.granularity, from: params.from, to: params.to, lang: params.lang };
  if (params.campaign) query.campaign = params.campaign;
  if (params.device) query.device = params.device;
  if (params.media) query.media = params.media;
  return query;
}

/** The file name the server gives an unload. */
export const unloadFileName = (params: Pick<UnloadParams, 'granularity' | 'from' | 'to'>) => `statistics-${params.granularity}-${params.from}-${params.to}.xlsx`;

/**
 * GET /statistics/unloads/: the xlsx of every raw play or hourly row of the days, streamed. The server writes it while
 * sending, so there is no length or row count up front: `onProgress` follows the bytes received and the rows counted in
 * them as they arrive (xlsxRowCounter: the sheets inflated in the browser), the last call the file's exact rows.
 */
export async function downloadUnload(params: UnloadParams, onProgress?: (progress: UnloadProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const response = await api.raw<ReadableStream<Uint8Array>, 'stream'>('/statistics/unloads/', { query: unloadQuery(params), responseType: 'stream', signal });
  const type = response.headers.get('content-type') ?? XLSX_TYPE;
  const body = response._data;
  if (!body) return new Blob([], { type });
  const chunks: Uint8Array[] = [];
  const counter = createXlsxRowCounter();
  const rowsOf = (rows: number | null) => (rows === null ? {} : { rows });
  let loaded = 0;
  onProgress?.({ loaded });
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    counter.push(value);
    onProgress?.({ loaded, ...rowsOf(counter.rows) });
  }
  onProgress?.({ loaded, ...rowsOf(await counter.finish()) });
  return new Blob(chunks as BlobPart[], { type });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Compare entities as the list shows and stores them: `campaign:1`. Null for a malformed one. */
export function parseEntityKey(key: string): CompareEntity | null {
  const match = /^(campaign|device|media):(\d{1,10})$/.exec(key);
  if (!match) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= 2147483647 ? { kind: match[1] as CompareKind, id } : null;
}
