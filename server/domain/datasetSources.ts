import http from 'node:http';
import https from 'node:https';
import { MAX_DATASET_FILE_BYTES, type DatasetSourceFormat } from '../../src/services/schemas/datasets.ts';
import { checkWebhookUrl, RefusedAddress, safeLookup } from '../webhooks/addresses.ts';
import { ApiError } from '../errors.ts';
import { readCsv, tableOf, type Table } from './datasets.ts';

/*
 * Datasets read from a URL (issue 38): a CSV file, a JSON array, or an RSS/Atom feed, fetched by the server (never the
 * panel, never the screens) with the webhooks' address rules: http(s) only, no loopback, link-local or private address
 * unless WEBHOOK_ALLOW_PRIVATE=1, checked again at every redirect and at connection time; a deadline on the whole
 * fetch; at most MAX_DATASET_FILE_BYTES. A fetch that fails leaves the last good copy in place.
 */

/** Why a fetch gave no table (what `source.error` says). */
export type SourceFailure =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'private_address'
  | 'unresolvable_host'
  | 'connection_refused'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | `http_${number}`
  | 'unreadable'
  | 'empty'
  | 'network_error';

export type Fetched = { ok: true; bytes: Uint8Array; contentType: string; headers: http.IncomingHttpHeaders } | { ok: false; reason: SourceFailure };

const MAX_REDIRECTS = 3;

/** One GET of `raw`, following at most three redirects, each target checked as the first. Never throws. */
export async function fetchSource(raw: string, options: { allowPrivate: boolean; timeoutMs: number; maxBytes?: number; headersOnly?: boolean }): Promise<Fetched> {
  const maxBytes = options.maxBytes ?? MAX_DATASET_FILE_BYTES;
  const deadline = Date.now() + options.timeoutMs;
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let url: URL;
    try {
      url = await checkWebhookUrl(target, options.allowPrivate);
    } catch (error) {
      return { ok: false, reason: error instanceof RefusedAddress ? error.reason : 'invalid_url' };
    }
    const answer = await getOnce(url, options.allowPrivate, deadline - Date.now(), maxBytes, options.headersOnly ?? false);
    if (answer.ok || !('location' in answer)) return answer;
    target = new URL(answer.location, url).toString();
  }
  return { ok: false, reason: 'too_many_redirects' };
}

function getOnce(url: URL, allowPrivate: boolean, timeoutMs: number, maxBytes: number, headersOnly: boolean): Promise<Fetched | { ok: false; location: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Fetched | { ok: false; location: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), Math.max(0, timeoutMs));
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.get(url, { lookup: safeLookup(allowPrivate) as never, headers: { 'user-agent': 'Vitrine-Datasets/1', accept: 'text/csv, application/json, application/rss+xml, application/atom+xml, application/xml, text/xml, */*' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return finish({ ok: false, location: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return finish({ ok: false, reason: `http_${status}` });
      }
      if (headersOnly) return finish({ ok: true, bytes: new Uint8Array(0), contentType: String(response.headers['content-type'] ?? ''), headers: response.headers });
      const declared = Number(response.headers['content-length']);
      if (declared > maxBytes) return finish({ ok: false, reason: 'too_large' });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return finish({ ok: false, reason: 'too_large' });
        chunks.push(chunk);
      });
      response.on('end', () => finish({ ok: true, bytes: new Uint8Array(Buffer.concat(chunks)), contentType: String(response.headers['content-type'] ?? ''), headers: response.headers }));
      response.on('error', () => finish({ ok: false, reason: 'network_error' }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({ ok: false, reason: error.code === 'EPRIVATEADDRESS' ? 'private_address' : error.code === 'ECONNREFUSED' ? 'connection_refused' : error.code === 'ENOTFOUND' ? 'unresolvable_host' : 'network_error' });
    });
  });
}

/** The table in a fetched body of `format`, or the failure that says why there is none. */
export function tableFromSource(format: DatasetSourceFormat, bytes: Uint8Array): Table | SourceFailure {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    if (format !== 'csv') return 'unreadable';
    text = new TextDecoder('windows-1251').decode(bytes);
  }
  try {
    if (format === 'csv') return tableOf(readCsv(text));
    if (format === 'json') return tableFromJson(text);
    return tableFromFeed(text);
  } catch (error) {
    if (error instanceof ApiError) return error.code === 'empty_file' ? 'empty' : 'unreadable';
    return 'unreadable';
  }
}

const cellOf = (value: unknown): string | number | null =>
  value === null || value === undefined || value === '' ? null : typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/**
 * JSON: an array of objects (or an object whose first array-valued field is one, e.g. `{"items": [...]}`); the
 * columns are the objects' keys in order of first appearance, a nested value is its JSON text. An array of arrays
 * reads as CSV rows would (the first one the header).
 */
function tableFromJson(text: string): Table {
  let data: unknown = JSON.parse(text);
  if (data && typeof data === 'object' && !Array.isArray(data)) data = Object.values(data).find(Array.isArray);
  if (!Array.isArray(data)) throw new Error('not a table');
  if (data.every(Array.isArray)) return tableOf((data as unknown[][]).map((row) => row.map((cell) => { const value = cellOf(cell); return value === null ? null : String(value); })));
  const keys: string[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new Error('not a table');
    for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  }
  const grid = [keys, ...data.map((item: Record<string, unknown>) => keys.map((key) => { const value = cellOf(item[key]); return value === null ? null : String(value); }))];
  return tableOf(grid);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An element's text: CDATA kept as is, entities decoded, inner tags (HTML in a title) dropped, spaces collapsed. */
function textOf(inner: string): string {
  const parts = inner.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  const text = parts
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : part.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })))
    .join('');
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

function element(block: string, name: string): string | null {
  const match = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}\\s*>)`, 'i').exec(block);
  return match ? (match[1] ?? '') : null;
}

/** An instant as ISO text (RSS's RFC 822 dates and Atom's RFC 3339 both), or the text as given when it is no date. */
function instantOf(text: string | null): string | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/**
 * RSS 2.0 (`<item>`) or Atom (`<entry>`): one row per item, `title`, `link`, `published`, newest first (items without
 * a date keep the feed's order after the dated ones).
 */
function tableFromFeed(text: string): Table {
  if (!/<(rss|feed|rdf:RDF)[\s>]/i.test(text)) throw new Error('not a feed');
  const blocks = [...text.matchAll(/<(item|entry)(?:\s[^>]*)?>([\s\S]*?)<\/\1\s*>/gi)].map((match) => match[2]!);
  const rows = blocks.map((block, index) => {
    const title = textOf(element(block, 'title') ?? '');
    const atomLink = /<link\b[^>]*?href="([^"]*)"[^>]*>/i.exec(block)?.[1];
    const link = atomLink !== undefined ? textOf(atomLink) : textOf(element(block, 'link') ?? '');
    const published = instantOf(textOf(element(block, 'pubDate') ?? element(block, 'published') ?? element(block, 'updated') ?? element(block, 'date') ?? '') || null);
    return { index, cells: [title || null, link || null, published] as (string | null)[], time: published ? Date.parse(published) : Number.NaN };
  });
  rows.sort((a, b) => (Number.isNaN(a.time) ? 1 : 0) - (Number.isNaN(b.time) ? 1 : 0) || (Number.isNaN(a.time) ? a.index - b.index : b.time - a.time || a.index - b.index));
  return tableOf([['title', 'link', 'published'], ...rows.map((row) => row.cells)]);
}

/** Why a page will not show in a screen's frame, or null when it may: its X-Frame-Options or CSP frame-ancestors. */
export function framingRefusal(headers: http.IncomingHttpHeaders): 'x_frame_options' | 'frame_ancestors' | null {
  const policy = [headers['content-security-policy']].flat().filter(Boolean).join(';');
  const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/i.exec(policy)?.[1]?.trim().toLowerCase();
  // Only a wildcard lets any page (the player's) frame it; 'none', 'self' or a list of hosts keeps the player out.
  if (ancestors !== undefined && !ancestors.split(/\s+/).some((source) => source === '*' || source === 'https:' || source === 'http:')) return 'frame_ancestors';
  const options = [headers['x-frame-options']].flat().filter(Boolean).join(',').toLowerCase();
  if (ancestors === undefined && /deny|sameorigin/.test(options)) return 'x_frame_options';
  return null;
}
