import { createFetch, FetchError, type $Fetch, type FetchOptions, type FetchRequest } from './fetchClient.ts';
import { StructError, create, type Struct } from 'superstruct';
import { createActor, waitFor } from 'xstate';
import { authRenewalMachine, type AuthClient } from '../machines/authRenewal.machine.ts';
import { API_BASE, REQUEST_TIMEOUT_MS } from './config.ts';
import { tokenStore } from './tokenStore.ts';

const AUTH_ENDPOINT = /\/auth\/(?:token-obtain(?:\/second-factor)?|token\/token-refresh|logout|oidc\/exchange)\/?$/;

/** Every failure of an API call as callers see it: the server's `{detail, code, fields}` plus the HTTP status. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fields?: Record<string, string>;

  constructor(init: { status: number; code: string; detail: string; fields?: Record<string, string> }) {
    super(init.detail || init.code);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    if (init.fields) this.fields = init.fields;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, code] of Object.entries(value)) if (typeof code === 'string') fields[key] = code;
  return fields;
}

/** Turns a client failure (fetchClient.ts) into an ApiRequestError; anything else (a bug) passes through untouched. */
export function toApiRequestError(error: unknown): unknown {
  if (error instanceof ApiRequestError || !(error instanceof FetchError)) return error;
  const status = error.response?.status;
  if (status === undefined) {
    const cause = error.cause as { name?: string; message?: string } | undefined;
    if (cause?.name === 'TimeoutError') return new ApiRequestError({ status: 0, code: 'timeout', detail: 'The request timed out.' });
    if (cause?.name === 'AbortError') return new ApiRequestError({ status: 0, code: 'aborted', detail: 'The request was aborted.' });
    return new ApiRequestError({ status: 0, code: 'network_error', detail: cause?.message ?? error.message });
  }
  const body: unknown = error.data;
  if (isRecord(body) && typeof body.code === 'string') {
    return new ApiRequestError({
      status,
      code: body.code,
      detail: typeof body.detail === 'string' ? body.detail : '',
      fields: fieldsOf(body.fields),
    });
  }
  return new ApiRequestError({ status, code: `http_${status}`, detail: error.response?.statusText ?? '' });
}

/** Validates (and coerces) a response with its schema; a mismatch is an ApiRequestError 'invalid_response'. */
export function parseResponse<T, S>(struct: Struct<T, S>, data: unknown): T {
  try {
    return create(data, struct);
  } catch (error) {
    if (error instanceof StructError) {
      throw new ApiRequestError({ status: 0, code: 'invalid_response', detail: error.message });
    }
    throw error;
  }
}

type AuthFailureHandler = () => void;
const authFailureHandlers = new Set<AuthFailureHandler>();

/** Registers what happens when the session is lost (go to login). Returns the unsubscribe. */
export function onAuthFailure(handler: AuthFailureHandler): () => void {
  authFailureHandlers.add(handler);
  return () => void authFailureHandlers.delete(handler);
}

function authFailed(): void {
  for (const handler of [...authFailureHandlers]) handler();
}

/**
 * Section 8, steps 1-5 as a machine (src/machines/authRenewal.machine.ts): one refresh at a time for every call
 * that fails together, one logout when a retry is refused too; `sessionLost` tells the session (go to login).
 */
const renewal = createActor(authRenewalMachine.provide({ actions: { sessionLost: () => authFailed() } })).start();

/** Resolves once no refresh or logout runs (at once when none does). */
function renewalSettled(): Promise<unknown> {
  return waitFor(renewal, (snapshot) => !snapshot.hasTag('busy'));
}

function pathOf(request: FetchRequest): string {
  return request.split(/[?#]/)[0]!;
}

function withAccess<O extends FetchOptions>(options: O | undefined, access: string | null): O {
  const headers = new Headers(options?.headers as HeadersInit | undefined);
  if (access) headers.set('Authorization', `JWT ${access}`);
  else headers.delete('Authorization');
  return { ...options, headers } as O;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof FetchError && error.response?.status === 401;
}

function clientOf(base: $Fetch): AuthClient {
  return (path, init) => base(path, init);
}

/**
 * Section 8, steps 1-4: the machine drops the refused access token and gets a fresh one through a single refresh
 * shared by every concurrent failure. Resolves the access token to retry with, or null when the session is lost.
 */
async function renewAccess(base: $Fetch, refusedAccess: string | null): Promise<string | null> {
  renewal.send({
    type: 'auth.unauthorized',
    refusedAccess,
    currentAccess: tokenStore.getAccess(),
    refresh: tokenStore.getRefresh(),
    client: clientOf(base),
  });
  await renewalSettled();
  return tokenStore.getAccess();
}

/** Section 8, step 5: the refreshed token was refused too; log out (best effort) and go to login. */
async function endSession(base: $Fetch): Promise<void> {
  renewal.send({ type: 'auth.retryRefused', refresh: tokenStore.getRefresh(), client: clientOf(base) });
  await renewalSettled();
}

type Send<T> = (request: FetchRequest, options: FetchOptions) => Promise<T>;

type ForbiddenHandler = (refused: { method: string; code: string }) => void;
const forbiddenHandlers = new Set<ForbiddenHandler>();

/**
 * Registers what happens when the server refuses a call with 403 `forbidden` (the caller's rights do not allow it:
 * the rules may have changed since the profile was read) or 403 `two_factor_required` (their company now requires
 * two-factor codes: the profile says so once read again). Returns the unsubscribe.
 */
export function onForbidden(handler: ForbiddenHandler): () => void {
  forbiddenHandlers.add(handler);
  return () => void forbiddenHandlers.delete(handler);
}

async function sendWithSession<T>(base: $Fetch, send: Send<T>, request: FetchRequest, options: FetchOptions | undefined): Promise<T> {
  try {
    return await sendWithRenewal(base, send, request, options);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403 && (error.code === 'forbidden' || error.code === 'two_factor_required')) {
      const method = (options?.method ?? 'GET').toUpperCase();
      for (const handler of [...forbiddenHandlers]) handler({ method, code: error.code });
    }
    throw error;
  }
}

async function sendWithRenewal<T>(base: $Fetch, send: Send<T>, request: FetchRequest, options: FetchOptions | undefined): Promise<T> {
  if (AUTH_ENDPOINT.test(pathOf(request))) {
    try {
      return await send(request, withAccess(options, null));
    } catch (error) {
      throw toApiRequestError(error);
    }
  }
  const access = tokenStore.getAccess();
  try {
    return await send(request, withAccess(options, access));
  } catch (error) {
    if (!isUnauthorized(error)) throw toApiRequestError(error);
    const renewed = await renewAccess(base, access);
    if (!renewed) throw toApiRequestError(error);
    try {
      return await send(request, withAccess(options, renewed));
    } catch (retryError) {
      if (isUnauthorized(retryError)) await endSession(base);
      throw toApiRequestError(retryError);
    }
  }
}

/** Wraps a client (fetchClient.ts) with the JWT header, the 401 procedure and ApiRequestError failures. */
export function withSession(base: $Fetch): $Fetch {
  const call = ((request: FetchRequest, options?: FetchOptions) => sendWithSession(base, (r, o) => base(r, o), request, options)) as $Fetch;
  call.raw = ((request: FetchRequest, options?: FetchOptions) => sendWithSession(base, (r, o) => base.raw(r, o), request, options)) as $Fetch['raw'];
  call.create = (defaults) => withSession(base.create(defaults));
  return call;
}

const baseFetch = createFetch({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });

/** The client every SPA call goes through: `api<T>(path, { method, body, query })`. */
export const api: $Fetch = withSession(baseFetch);

/**
 * For transports other than fetch (the XMLHttpRequest upload): section 8 steps 1-4 after a 401 answered to a
 * request sent with `refusedAccess`. Resolves the access token to retry with, or null when the session is lost.
 */
export function renewAccessAfterUnauthorized(refusedAccess: string | null): Promise<string | null> {
  return renewAccess(baseFetch, refusedAccess);
}

/** For transports other than fetch: section 8 step 5, the retried request was refused too. */
export function endSessionAfterUnauthorized(): Promise<void> {
  return endSession(baseFetch);
}
