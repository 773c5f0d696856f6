import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';

/*
 * A small i18next backend and language detector, in place of i18next-http-backend and
 * i18next-browser-languagedetector: the same behaviour the spec asks for at a fraction of the
 * JavaScript the /login page has to load.
 */

export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** The first of `codes` whose language is one of ours ('ru-RU' -> 'ru'), as i18next picks it; English otherwise. */
export function bestLanguage(codes: readonly string[]): Language {
  for (const code of codes) {
    const short = code.slice(0, 2).toLowerCase();
    if ((SUPPORTED_LANGUAGES as readonly string[]).includes(short)) return short as Language;
  }
  return FALLBACK_LANGUAGE;
}

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_QUERY_PARAM = 'lng';

export interface BackendOptions {
  loadPath: string;
}

/**
 * Loads `loadPath` with `{{lng}}` and `{{ns}}` filled in. Network failures and 5xx answers are reported
 * as retriable (i18next's BackendConnector then retries up to maxRetries times, doubling retryTimeout);
 * 4xx answers are final.
 */
export function createFetchBackend(fetchImpl: typeof fetch = (...args) => fetch(...args)): BackendModule<BackendOptions> {
  let options: BackendOptions = { loadPath: '/locales/{{lng}}/{{ns}}.json' };
  return {
    type: 'backend',
    init(_services, backendOptions) {
      options = { ...options, ...backendOptions };
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = options.loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
      fetchImpl(url, { headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) {
            const retry = response.status >= 500 || response.status === 408 || response.status === 429;
            callback(`failed loading ${url}: ${response.status}`, retry as never);
            return;
          }
          callback(null, await response.json());
        })
        .catch((error: unknown) => callback(`failed loading ${url}: ${(error as Error).message}`, true as never));
    },
  };
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/**
 * The spec's detection order: query string `lng`, cookie, local storage, session storage, the browser's
 * languages, the html lang attribute. The chosen language is cached in local storage.
 */
export function detectLanguages(): string[] {
  const found: (string | null | undefined)[] = [
    new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM),
    readCookie(LANGUAGE_COOKIE),
    safeStorage('localStorage')?.getItem(LANGUAGE_STORAGE_KEY),
    safeStorage('sessionStorage')?.getItem(LANGUAGE_STORAGE_KEY),
    ...(navigator.languages ?? [navigator.language]),
    document.documentElement.lang,
  ];
  return found.filter((value): value is string => typeof value === 'string' && value.length > 0);
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage(language: string) {
    safeStorage('localStorage')?.setItem(LANGUAGE_STORAGE_KEY, language);
  },
};
