// @vitest-environment node
// Node's own fetch (undici) against a real local server; happy-dom's fetch adds CORS preflights and console noise.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi, type FakeHandler } from './fakeApiServer.ts';
import { memoryStorage } from './tokenStore.ts';

// API_BASE is read when config.ts loads, so the modules are imported after the env points at the fake API.
let http: typeof import('./http.ts');
let tokenStore: typeof import('./tokenStore.ts').tokenStore;
let server: FakeApi | undefined;

const REFRESH = '/auth/token/token-refresh/';
const LOGOUT = '/auth/logout/';
const expired = { status: 401, body: { detail: 'Access token has expired.', code: 'token_expired' } } as const;

async function serve(handler: FakeHandler): Promise<FakeApi> {
  server = await startFakeApi(handler);
  return server;
}

function paths(api: FakeApi, path: string) {
  return api.requests.filter((request) => request.path === path);
}

beforeAll(async () => {
  // Every test starts its own server, so the base is set per test through api.create; this only fixes the default.
  vi.stubEnv('API_URL', 'http://127.0.0.1:9/api/v1');
  http = await import('./http.ts');
  tokenStore = (await import('./tokenStore.ts')).tokenStore;
});

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  server = undefined;
});

function client(api: FakeApi, timeout?: number) {
  return http.api.create(timeout ? { baseURL: api.base, timeout } : { baseURL: api.base });
}

describe('api defaults', () => {
  it('uses API_BASE from the build env', async () => {
    const fake = await serve(() => ({ status: 200, body: { ok: true } }));
    vi.stubEnv('API_URL', fake.base);
    vi.resetModules();
    const fresh = await import('./http.ts');
    expect(await fresh.api('/ping/')).toEqual({ ok: true });
    expect(fake.requests.map((r) => r.path)).toEqual(['/ping/']);
  });
});

describe('the client (fetchClient.ts, as ofetch did)', () => {
  it('joins the base, adds the query, sends a plain object as JSON and reads the JSON answer', async () => {
    const fake = await serve(() => ({ status: 200, body: { ok: [1, 'two'] } }));
    const api = client(fake);
    const query = { search: 'Café & co', page: 2, skip: undefined, ids: [3, 4], flag: true, bare: null, empty: '' };
    expect(await api('/devices/', { query })).toEqual({ ok: [1, 'two'] });
    expect(await api('devices/?a=1', { query: { b: 2 } })).toEqual({ ok: [1, 'two'] });
    // A full URL is left as it is.
    await api(`${fake.base}/media/7/`, { method: 'PATCH', body: { name: 'Lobby', tags: ['a'] } });
    expect(fake.requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/devices/?search=Caf%C3%A9%20%26%20co&page=2&ids=3&ids=4&flag=true&bare&empty', undefined],
      ['GET', '/devices/?a=1&b=2', undefined],
      ['PATCH', '/media/7/', { name: 'Lobby', tags: ['a'] }],
    ]);
  });

  it('answers blob and stream bodies as asked, and a 4xx with its data to onResponseError before rejecting', async () => {
    const fake = await serve((request) => (request.path === '/refused/' ? { status: 409, body: { playlists: [5] } } : { status: 200, body: { n: 1 } }));
    const api = client(fake);
    expect(await (await api<Blob, 'blob'>('/file/', { responseType: 'blob' })).text()).toBe('{"n":1}');
    const raw = await api.raw<ReadableStream<Uint8Array>, 'stream'>('/file/', { responseType: 'stream' });
    expect([raw.status, await new Response(raw._data).text()]).toEqual([200, '{"n":1}']);
    let seen: unknown = null;
    const error = await api('/refused/', { method: 'POST', body: { user: 1 }, onResponseError: ({ response }) => (seen = response._data) }).catch((e: unknown) => e);
    expect([seen, (error as { status?: number }).status]).toEqual([{ playlists: [5] }, 409]);
  });
});

describe('JWT header', () => {
  it('sends "JWT <access>" when a token is stored and nothing otherwise', async () => {
    const fake = await serve(() => ({ status: 200, body: {} }));
    const api = client(fake);
    await api('/devices/');
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    await api('/devices/');
    expect(fake.requests.map((r) => r.authorization)).toEqual([undefined, 'JWT A1']);
  });

  it('leaves the auth endpoints alone: no header and no refresh on their 401', async () => {
    const fake = await serve(() => ({ status: 401, body: { detail: 'No active account.', code: 'invalid_credentials' } }));
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    await expect(client(fake)('/auth/token-obtain/', { method: 'POST', body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    unsubscribe();
    expect(fake.requests.map((r) => [r.path, r.authorization])).toEqual([['/auth/token-obtain/', undefined]]);
    expect(onFailure).not.toHaveBeenCalled();
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['A1', 'R1']);
  });
});

describe('the 401 procedure', () => {
  it('shares ONE refresh among 50 concurrent 401s and retries all 50 with the new token', async () => {
    const total = 50;
    let refused = 0;
    let releaseRefresh!: () => void;
    const allRefused = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const fake = await serve(async (request) => {
      if (request.path === REFRESH) {
        await allRefused;
        return { status: 200, body: { access: 'A2', refresh: 'R2' } };
      }
      if (request.authorization === 'JWT A2') return { status: 200, body: { item: request.path } };
      refused += 1;
      if (refused === total) releaseRefresh();
      return expired;
    });
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    const api = client(fake);

    const results = await Promise.all(Array.from({ length: total }, (_, n) => api(`/items/${n}/`)));
    unsubscribe();

    expect(results).toEqual(Array.from({ length: total }, (_, n) => ({ item: `/items/${n}/` })));
    expect(paths(fake, REFRESH)).toEqual([{ method: 'POST', path: REFRESH, authorization: undefined, body: { refresh: 'R1' } }]);
    const items = fake.requests.filter((r) => r.path.startsWith('/items/'));
    expect(items.filter((r) => r.authorization === 'JWT A1')).toHaveLength(total);
    expect(items.filter((r) => r.authorization === 'JWT A2')).toHaveLength(total);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['A2', 'R2']);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('on a failed refresh clears both tokens and calls the auth-failure handler once', async () => {
    const fake = await serve((request) =>
      request.path === REFRESH ? { status: 401, body: { detail: 'Token is invalid or expired.', code: 'token_not_valid' } } : expired,
    );
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    const api = client(fake);

    const outcomes = await Promise.allSettled([api('/a/'), api('/b/'), api('/c/')]);
    unsubscribe();

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(http.ApiRequestError);
      expect(reason).toMatchObject({ status: 401, code: 'token_expired' });
    }
    expect(paths(fake, REFRESH)).toHaveLength(1);
    expect(paths(fake, LOGOUT)).toHaveLength(0);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('on a second 401 after the refresh logs out with the refresh token, clears tokens and calls the handler', async () => {
    const fake = await serve((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'A2', refresh: 'R2' } };
      if (request.path === LOGOUT) return { status: 200, body: {} };
      return expired;
    });
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });

    await expect(client(fake)('/devices/')).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    unsubscribe();

    expect(fake.requests.map((r) => [r.path, r.authorization, r.body])).toEqual([
      ['/devices/', 'JWT A1', undefined],
      [REFRESH, undefined, { refresh: 'R1' }],
      ['/devices/', 'JWT A2', undefined],
      [LOGOUT, undefined, { refresh: 'R2' }],
    ]);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('ends the session even when the logout call fails', async () => {
    const fake = await serve((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'A2', refresh: 'R2' } };
      if (request.path === LOGOUT) return { status: 500, body: { detail: 'boom', code: 'server_error' } };
      return expired;
    });
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    await expect(client(fake)('/devices/')).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(paths(fake, LOGOUT)).toHaveLength(1);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token removes the access token and goes to login without refreshing', async () => {
    const fake = await serve(() => expired);
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    localStorage.setItem('access', 'A1');

    await expect(client(fake)('/devices/')).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    unsubscribe();

    expect(fake.requests.map((r) => r.path)).toEqual(['/devices/']);
    expect(tokenStore.getAccess()).toBeNull();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('passes other errors to the caller without touching the session', async () => {
    const fake = await serve(() => ({ status: 403, body: { detail: 'Not allowed.', code: 'forbidden' } }));
    const onFailure = vi.fn();
    const unsubscribe = http.onAuthFailure(onFailure);
    tokenStore.setTokens({ access: 'A1', refresh: 'R1' });
    await expect(client(fake)('/users/', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    unsubscribe();
    expect(fake.requests.map((r) => r.path)).toEqual(['/users/']);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['A1', 'R1']);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('stops calling a handler once it unsubscribes', async () => {
    const fake = await serve(() => expired);
    const onFailure = vi.fn();
    http.onAuthFailure(onFailure)();
    localStorage.setItem('access', 'A1');
    await expect(client(fake)('/devices/')).rejects.toMatchObject({ status: 401 });
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('ApiRequestError', () => {
  it('carries status, code, detail and fields of the error body', async () => {
    const fake = await serve(() => ({
      status: 400,
      body: { detail: 'The request has invalid fields.', code: 'validation_error', fields: { name: 'required' } },
    }));
    const error = await client(fake)('/devices/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(http.ApiRequestError);
    expect({ ...(error as object) }).toEqual({
      name: 'ApiRequestError',
      status: 400,
      code: 'validation_error',
      detail: 'The request has invalid fields.',
      fields: { name: 'required' },
    });
  });

  it('names a body without a code after the status', async () => {
    const fake = await serve(() => ({ status: 502, body: { message: 'bad gateway' } }));
    await expect(client(fake)('/devices/')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports a refused connection as status 0 network_error', async () => {
    const fake = await serve(() => ({ status: 200, body: {} }));
    const api = client(fake);
    await fake.close();
    server = undefined;
    await expect(api('/devices/')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('reports a time-out as code timeout', async () => {
    const fake = await serve(() => 'hang');
    await expect(client(fake, 50)('/devices/')).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });
});

describe('onForbidden', () => {
  it('tells its handlers of each 403 forbidden with the method, and of no other refusal; the call still rejects', async () => {
    const fake = await serve((request) =>
      request.path === '/other/'
        ? { status: 403, body: { detail: 'Video upload is off.', code: 'video_upload_disabled' } }
        : { status: 403, body: { detail: 'You may not change devices data.', code: 'forbidden' } },
    );
    const seen: string[] = [];
    const stop = http.onForbidden(({ method }) => seen.push(method));
    const api = client(fake);
    await expect(api('/tvpi/devices/1', { method: 'put', body: {} })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(api('/tvpi/devices/1')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(api('/other/', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403, code: 'video_upload_disabled' });
    stop();
    await expect(api('/tvpi/devices/1', { method: 'DELETE' })).rejects.toMatchObject({ status: 403 });
    expect(seen).toEqual(['PUT', 'GET']);
  });

  it('tells its handlers of a 403 two_factor_required too, with its code (the session reads the profile again: issue 40)', async () => {
    const fake = await serve(() => ({ status: 403, body: { detail: 'Set up two-factor codes first.', code: 'two_factor_required' } }));
    const seen: { method: string; code: string }[] = [];
    const stop = http.onForbidden((refused) => seen.push(refused));
    await expect(client(fake)('/media/files/', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403, code: 'two_factor_required' });
    stop();
    expect(seen).toEqual([{ method: 'POST', code: 'two_factor_required' }]);
  });
});
