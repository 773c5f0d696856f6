/*
 * The languages, the locale files' reading and the language detection the first page (views/common/texts.ts) and the
 * app (i18n.ts) share: the behaviour the spec asks for (i18next-http-backend's and i18next-browser-languagedetector's)
 * at a fraction of the JavaScript.
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

type Bundle = Record<string, unknown>;

/** One read of /locales/{lng}/{ns}.json: the bundle, or whether to try again (network failures, 5xx, 408, 429; a 4xx is final). */
export async function readBundleOnce(language: string, ns: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<{ bundle?: Bundle; retry: boolean }> {
  try {
    const response = await fetchImpl(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(ns)}.json`, { headers: { accept: 'application/json' } });
    if (response.ok) return { bundle: (await response.json()) as Bundle, retry: false };
    return { retry: response.status >= 500 || response.status === 408 || response.status === 429 };
  } catch {
    return { retry: true };
  }
}

const RETRIES = 5;
const FIRST_RETRY_MS = 350;

/** A namespace's bundle, read with 5 retries from 350 ms, doubling (as i18next's loader did); {} when it does not come. */
export async function readBundle(language: string, ns: string, fetchImpl?: typeof fetch): Promise<Bundle> {
  for (let attempt = 0; ; attempt += 1) {
    const { bundle, retry } = await readBundleOnce(language, ns, fetchImpl);
    if (bundle) return bundle;
    if (!retry || attempt >= RETRIES) return {};
    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** attempt));
  }
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

export const languageDetector: { detect: () => string[]; cacheUserLanguage?: (language: string) => void } = {
  detect: detectLanguages,
  cacheUserLanguage(language: string) {
    safeStorage('localStorage')?.setItem(LANGUAGE_STORAGE_KEY, language);
  },
};
