/*
 * The API's HTTP client (issue 37: in place of ofetch, with ufo and destr 3.5 KB brotli of every signed-in route, of
 * which the app used a few features), with ofetch's behaviour for them: the base URL joined to a path (a full URL, or
 * one already under the base, left alone); `query` added to the URL (undefined left out, null or '' as a bare key, an
 * array as repeated keys); a plain object or array `body` sent as JSON (content-type and accept application/json); the
 * answer read by `responseType` ('json' by default: the text parsed as JSON when it is JSON, else the text; 'blob',
 * 'text', or 'stream': the body's stream) or, without it, by its content type; a 4xx or 5xx answer, a failed request
 * or a time-out (`timeout` ms) rejected with a FetchError (`response`, `data`: the answer read, `cause`: what fetch
 * threw, a TimeoutError's name for the time-out), `onResponseError` told of such an answer first. `raw` answers the Response with the data read in `_data`.
 */

export type ResponseType = 'json' | 'text' | 'blob' | 'stream';
type Mapped<R extends ResponseType, T> = R extends 'blob' ? Blob : R extends 'text' ? string : R extends 'stream' ? ReadableStream<Uint8Array> : T;

export interface FetchOptions<R extends ResponseType = ResponseType> extends Omit<RequestInit, 'body'> {
  baseURL?: string;
  query?: Record<string, unknown>;
  body?: RequestInit['body'] | Record<string, any> | unknown[];
  responseType?: R;
  timeout?: number;
  /** Called with a 4xx or 5xx answer (its data read) before the call rejects. */
  onResponseError?: (context: { response: FetchResponse<any> }) => void;
}

export type FetchRequest = string;

export interface FetchResponse<T> extends Response {
  _data?: T;
}

export interface $Fetch {
  <T = any, R extends ResponseType = 'json'>(request: FetchRequest, options?: FetchOptions<R>): Promise<Mapped<R, T>>;
  raw<T = any, R extends ResponseType = 'json'>(request: FetchRequest, options?: FetchOptions<R>): Promise<FetchResponse<Mapped<R, T>>>;
  create(defaults: FetchOptions): $Fetch;
}

export class FetchError<T = any> extends Error {
  response?: FetchResponse<T>;
  data?: T;

  constructor(message: string, init: { response?: FetchResponse<T>; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'FetchError';
    this.response = init.response;
    this.data = init.response?._data;
  }
}

function withBase(request: string, base: string | undefined): string {
  if (!base || /^[a-z][a-z\d+.-]*:/i.test(request)) return request;
  const root = base.replace(/\/+$/, '');
  if (request.startsWith(root) && ['', '/', '?'].includes(request.charAt(root.length))) return request;
  return `${root}/${request.replace(/^\/+/, '')}`;
}

function queryValue(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const name = encodeURIComponent(key);
    const value = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (!value) parts.push(name);
    else if (Array.isArray(value)) parts.push(...value.map((item) => `${name}=${queryValue(item)}`));
    else parts.push(`${name}=${queryValue(value)}`);
  }
  if (!parts.length) return url;
  const [path, hash] = url.split('#') as [string, string?];
  return `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}${hash === undefined ? '' : `#${hash}`}`;
}

function isJsonBody(body: unknown): body is Record<string, any> | unknown[] {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const proto = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null || typeof (body as { toJSON?: unknown }).toJSON === 'function';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function typeOf(contentType: string): ResponseType {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!type || /^application\/(?:[\w!#$%&*.^`~-]*\+)?json$/.test(type)) return 'json';
  if (type.startsWith('text/') || type === 'image/svg+xml' || /^application\/(?:xml|xhtml\+xml)$/.test(type)) return 'text';
  return 'blob';
}

async function send<T>(request: FetchRequest, options: FetchOptions = {}): Promise<FetchResponse<T>> {
  const { baseURL, query, body, responseType, timeout, signal, headers: givenHeaders, onResponseError, ...init } = options;
  const url = withQuery(withBase(request, baseURL), query);
  const headers = new Headers(givenHeaders);
  let payload = body as BodyInit | null | undefined;
  if (isJsonBody(body)) {
    payload = JSON.stringify(body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    if (!headers.has('accept')) headers.set('accept', 'application/json');
  }
  const controller = timeout || signal ? new AbortController() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abort = () => controller?.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  if (timeout && controller) {
    timer = setTimeout(() => {
      const error = new Error('[TimeoutError]: The operation was aborted due to timeout');
      error.name = 'TimeoutError';
      controller.abort(error);
    }, timeout);
  }
  const method = (init.method ?? 'GET').toUpperCase();
  let response: FetchResponse<T>;
  try {
    response = (await fetch(url, { ...init, headers, body: payload, signal: controller?.signal ?? signal })) as FetchResponse<T>;
    if (response.body && ![101, 204, 205, 304].includes(response.status) && method !== 'HEAD') {
      const type = responseType ?? typeOf(response.headers.get('content-type') ?? '');
      response._data = (type === 'json' ? parseJson(await response.text()) : type === 'stream' ? response.body : await response[type]()) as T;
    }
  } catch (error) {
    const reason = (error as Error | undefined)?.message ?? String(error);
    throw new FetchError(`[${method}] ${JSON.stringify(url)}: <no response> ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
  if (response.status >= 400 && response.status < 600) {
    onResponseError?.({ response });
    throw new FetchError(`[${method}] ${JSON.stringify(url)}: ${response.status} ${response.statusText}`, { response });
  }
  return response;
}

/** A client with `defaults` under each call's options (headers merged). */
export function createFetch(defaults: FetchOptions = {}): $Fetch {
  const merged = (options: FetchOptions | undefined): FetchOptions => {
    const headers = new Headers(defaults.headers);
    new Headers(options?.headers).forEach((value, key) => headers.set(key, value));
    return { ...defaults, ...options, headers };
  };
  const call = (async (request: FetchRequest, options?: FetchOptions) => (await send(request, merged(options)))._data) as $Fetch;
  call.raw = ((request: FetchRequest, options?: FetchOptions) => send(request, merged(options))) as $Fetch['raw'];
  call.create = (more) => createFetch({ ...merged(more) });
  return call;
}
