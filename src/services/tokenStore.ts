import { DEFAULT_START_PATH } from './config.ts';

const ACCESS = 'access';
const REFRESH = 'refresh';
const RUN = 'run';
const LAST_VISITED = 'rlpv';

/** A Storage kept in memory: the store's fallback outside a browser (server-side imports, node tests). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let fallbackLocal: Storage | undefined;
let fallbackSession: Storage | undefined;

function local(): Storage {
  return globalThis.localStorage ?? (fallbackLocal ??= memoryStorage());
}

function session(): Storage {
  return globalThis.sessionStorage ?? (fallbackSession ??= memoryStorage());
}

/** Explicit remember-me choice of this page's lifetime; undefined until setTokens is called with one. */
let rememberChoice: boolean | undefined;

function remembering(): boolean {
  if (rememberChoice !== undefined) return rememberChoice;
  // A reload keeps the choice made before it: tokens found only in sessionStorage mean "don't remember".
  const inSession = session().getItem(REFRESH) !== null || session().getItem(ACCESS) !== null;
  const inLocal = local().getItem(REFRESH) !== null || local().getItem(ACCESS) !== null;
  return !(inSession && !inLocal);
}

function read(key: string): string | null {
  return session().getItem(key) ?? local().getItem(key);
}

const storedListeners = new Set<(access: string) => void>();

/**
 * The stored session: access and refresh tokens (localStorage when remembered, sessionStorage otherwise),
 * the signed-in username (`run`) and the last visited page (`rlpv`).
 */
export const tokenStore = {
  getAccess(): string | null {
    return read(ACCESS);
  },

  getRefresh(): string | null {
    return read(REFRESH);
  },

  /** Stores a token pair. `remember` defaults to the current choice (initially true). */
  setTokens(pair: { access: string; refresh: string }, remember?: boolean): void {
    if (remember !== undefined) rememberChoice = remember;
    const keep = remembering();
    const target = keep ? local() : session();
    const other = keep ? session() : local();
    other.removeItem(ACCESS);
    other.removeItem(REFRESH);
    target.setItem(ACCESS, pair.access);
    target.setItem(REFRESH, pair.refresh);
    for (const listener of storedListeners) listener(pair.access);
  },

  /**
   * Calls `listener` with the access token whenever a token pair is stored, whoever stored it (the session's
   * sign-in, the http client's 401 refresh): the session's user id follows every token. Returns the unsubscribe.
   */
  onTokensStored(listener: (access: string) => void): () => void {
    storedListeners.add(listener);
    return () => void storedListeners.delete(listener);
  },

  removeAccess(): void {
    local().removeItem(ACCESS);
    session().removeItem(ACCESS);
  },

  clearTokens(): void {
    for (const storage of [local(), session()]) {
      storage.removeItem(ACCESS);
      storage.removeItem(REFRESH);
    }
  },

  /** Whether tokens are (or will be) kept beyond the browser session. */
  isRemembered(): boolean {
    return remembering();
  },

  getRunName(): string | null {
    return local().getItem(RUN);
  },

  setRunName(name: string): void {
    local().setItem(RUN, name);
  },

  clearRunName(): void {
    local().removeItem(RUN);
  },

  getLastVisited(): string {
    return local().getItem(LAST_VISITED) || DEFAULT_START_PATH;
  },

  setLastVisited(path: string): void {
    local().setItem(LAST_VISITED, path);
  },
};

export type TokenStore = typeof tokenStore;
