import { beforeEach, describe, expect, it, vi } from 'vitest';

// The remember-me choice lives for the page's lifetime, so every test loads a fresh module.
async function freshStore() {
  vi.resetModules();
  return (await import('./tokenStore.ts')).tokenStore;
}

const pair = { access: 'A1', refresh: 'R1' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('tokenStore tokens', () => {
  it('remembers by default: tokens go to localStorage under access and refresh', async () => {
    const store = await freshStore();
    store.setTokens(pair);
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual(['A1', 'R1']);
    expect([sessionStorage.getItem('access'), sessionStorage.getItem('refresh')]).toEqual([null, null]);
    expect([store.getAccess(), store.getRefresh(), store.isRemembered()]).toEqual(['A1', 'R1', true]);
  });

  it('forgets: remember=false keeps tokens in sessionStorage only, and later pairs follow that choice', async () => {
    const store = await freshStore();
    store.setTokens(pair);
    store.setTokens({ access: 'A2', refresh: 'R2' }, false);
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual([null, null]);
    expect([sessionStorage.getItem('access'), sessionStorage.getItem('refresh')]).toEqual(['A2', 'R2']);
    store.setTokens({ access: 'A3', refresh: 'R3' });
    expect([sessionStorage.getItem('access'), localStorage.getItem('access')]).toEqual(['A3', null]);
    expect([store.getAccess(), store.getRefresh(), store.isRemembered()]).toEqual(['A3', 'R3', false]);
  });

  it('after a reload keeps "forget" for tokens found only in sessionStorage', async () => {
    sessionStorage.setItem('access', 'A1');
    sessionStorage.setItem('refresh', 'R1');
    const store = await freshStore();
    store.setTokens({ access: 'A2', refresh: 'R2' });
    expect([sessionStorage.getItem('access'), localStorage.getItem('access')]).toEqual(['A2', null]);
  });

  it('removeAccess drops only the access token; clearTokens drops both everywhere', async () => {
    const store = await freshStore();
    store.setTokens(pair);
    sessionStorage.setItem('access', 'stale');
    store.removeAccess();
    expect([store.getAccess(), store.getRefresh()]).toEqual([null, 'R1']);
    sessionStorage.setItem('refresh', 'stale');
    store.clearTokens();
    expect([store.getAccess(), store.getRefresh()]).toEqual([null, null]);
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });
});

describe('tokenStore run name and last visited page', () => {
  it('keeps the run name under run in localStorage', async () => {
    const store = await freshStore();
    expect(store.getRunName()).toBeNull();
    store.setRunName('admin');
    expect([localStorage.getItem('run'), store.getRunName()]).toEqual(['admin', 'admin']);
    store.clearRunName();
    expect(store.getRunName()).toBeNull();
  });

  it('keeps the last visited page under rlpv, defaulting to /devices', async () => {
    const store = await freshStore();
    expect(store.getLastVisited()).toBe('/devices');
    store.setLastVisited('/playlists');
    expect([localStorage.getItem('rlpv'), store.getLastVisited()]).toEqual(['/playlists', '/playlists']);
  });
});
