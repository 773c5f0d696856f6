import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createFetchBackend, languageDetector } from './services/translations.ts';

export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Namespaces every screen may need before its own; screens load theirs with `useTranslation('<ns>')`. */
export const SHARED_NAMESPACES = ['common'];

/** The language i18next settled on, reduced to one of ours ('en-US' -> 'en'). */
export function currentLanguage(lng: string | undefined = i18n.resolvedLanguage ?? i18n.language): Language {
  const short = (lng ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(short) ? (short as Language) : FALLBACK_LANGUAGE;
}

/**
 * Starts i18next: bundles come over HTTP from /locales/{lng}/{ns}.json (the server serves the repo's locales
 * folder there), one namespace per screen, loaded on first use.
 */
export function initI18n() {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = currentLanguage(lng);
  });
  return i18n
    .use(createFetchBackend())
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      // The spec says "Translation debug output is on"; it is, in development builds only, so that
      // production consoles stay quiet (Parcel inlines NODE_ENV at build time).
      debug: process.env.NODE_ENV !== 'production',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: SHARED_NAMESPACES,
      defaultNS: 'common',
      // Bundle loading (i18next's BackendConnector): at most 10 parallel reads, 5 retries, 350 ms first
      // retry delay, doubled on every further attempt.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export default i18n;
