import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { UseTexts } from './views/common/texts.ts';
import { createFetchBackend, FALLBACK_LANGUAGE, languageDetector, SUPPORTED_LANGUAGES, type Language } from './services/translations.ts';

export { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language };

/** Namespaces every screen may need before its own; screens load theirs with `useTranslation('<ns>')`. */
export const SHARED_NAMESPACES = ['common'];

/** The language i18next settled on, reduced to one of ours ('en-US' -> 'en'). */
export function currentLanguage(lng: string | undefined = i18n.resolvedLanguage ?? i18n.language): Language {
  const short = (lng ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(short) ? (short as Language) : FALLBACK_LANGUAGE;
}

/**
 * Starts i18next: bundles come over HTTP from /locales/{lng}/{ns}.json (the server serves the repo's locales
 * folder there), one namespace per screen, loaded on first use. `seed` holds the namespaces the first page has
 * already read (views/common/texts.ts) in the language it detected: i18next starts with them and does not read them again.
 */
export function initI18n(seed?: { language: Language; bundles: Record<string, Record<string, unknown>> }) {
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
      ...(seed && Object.keys(seed.bundles).length ? { resources: { [seed.language]: seed.bundles }, partialBundledLanguages: true } : {}),
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** react-i18next's useTranslation as the texts hook of the parts the first page shares with the app (views/common/texts.ts). */
export const useI18nTexts = useTranslation as unknown as UseTexts;

export default i18n;
