import { createContext, createElement, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { UseTexts } from './views/common/texts.ts';
import { bestLanguage, detectLanguages, FALLBACK_LANGUAGE, languageDetector, readBundle, SUPPORTED_LANGUAGES, type Language } from './services/translations.ts';

export { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language };

/*
 * The app's translations (issue 37: in place of i18next and react-i18next, 16 KB brotli of every signed-in route, of
 * which the app used a few features): one namespace per screen read from /locales/{lng}/{ns}.json on first use
 * (services/translations.ts: 5 retries from 350 ms, doubling; a 4xx is final), with English under the chosen language
 * for a key it lacks; keys "ns:a.b" or "a.b" in the namespaces asked for, first namespace first (in each, the language,
 * then English); plurals by Intl.PluralRules ("key_one", "key_few", "key_many", "key_other"; "key_zero" for 0 when a
 * bundle has it), "{{name}}" and "{{name, number}}" (Intl.NumberFormat in the language shown) filled in, a value left
 * out filled with nothing; `defaultValue` where no bundle has the key, else the key. The same behaviour as i18next's
 * with the options the app gave it (fallbackLng 'en', load 'languageOnly', escapeValue false, useSuspense true).
 */

type Bundle = Record<string, unknown>;

export type TOptions = Record<string, unknown> & { count?: number; context?: string; defaultValue?: string };
/** A key's text in a language and namespaces (bound by useTranslation or getFixedT). */
export type TFunction = (key: string, options?: TOptions) => string;

export interface I18nOptions {
  /** The language to start in; otherwise detected (query, cookie, storage, the browser's languages) and kept. */
  lng?: string;
  /** Namespaces read at once; the first is the default (`t` without a namespace). */
  ns?: readonly string[];
  /** Bundles already at hand, by language and namespace: not read again. */
  resources?: Partial<Record<string, Record<string, Bundle>>>;
  /** Reads a namespace; none: what `resources` lacks stays missing (tests). */
  load?: ((language: Language, ns: string) => Promise<Bundle>) | null;
  /** Whether useTranslation suspends until its namespaces are there (default true). */
  useSuspense?: boolean;
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: unknown = bundle;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Bundle)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function interpolate(text: string, values: TOptions | undefined, language: string): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (_, inner: string) => {
    const [name, format] = inner.split(',').map((part) => part.trim());
    const value = values?.[name!];
    if (value === undefined || value === null) return '';
    if (format === 'number' && typeof value === 'number') return new Intl.NumberFormat(language).format(value);
    return String(value);
  });
}

export class I18n {
  language: Language = FALLBACK_LANGUAGE;
  defaultNS = 'common';
  useSuspense = true;
  private load: ((language: Language, ns: string) => Promise<Bundle>) | null = null;
  private readonly bundles = new Map<string, Bundle>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Namespaces asked for so far: a new language reads them before it shows. */
  private readonly used = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly languageListeners = new Set<(language: Language) => void>();
  private version = 0;

  constructor(options?: I18nOptions) {
    if (options) void this.init(options);
  }

  /** As i18next's: the language shown (always one of ours). */
  get resolvedLanguage(): Language {
    return this.language;
  }

  /** Sets the instance up; the promise settles when its first namespaces are there. */
  init({ lng, ns = ['common'], resources = {}, load = (language, name) => readBundle(language, name), useSuspense = true }: I18nOptions): Promise<void> {
    this.load = load;
    this.useSuspense = useSuspense;
    this.defaultNS = ns[0] ?? 'common';
    for (const [language, namespaces] of Object.entries(resources)) for (const [name, bundle] of Object.entries(namespaces ?? {})) this.addResourceBundle(language, name, bundle);
    const detected = lng === undefined;
    this.language = bestLanguage(detected ? detectLanguages() : [lng]);
    if (detected) languageDetector.cacheUserLanguage?.(this.language);
    this.emitLanguage();
    return this.loadNamespaces(ns);
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getVersion = () => this.version;

  private changed() {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }

  on(event: 'languageChanged', listener: (language: Language) => void): void {
    if (event === 'languageChanged') this.languageListeners.add(listener);
  }

  off(event: 'languageChanged', listener: (language: Language) => void): void {
    if (event === 'languageChanged') this.languageListeners.delete(listener);
  }

  private emitLanguage() {
    for (const listener of [...this.languageListeners]) listener(this.language);
  }

  addResourceBundle(language: string, ns: string, bundle: Bundle): void {
    this.bundles.set(`${language}/${ns}`, { ...this.bundles.get(`${language}/${ns}`), ...bundle });
    this.changed();
  }

  /** The languages a key is looked up in: the one asked for, then English. */
  private codes(language: Language): Language[] {
    return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  }

  private loadOne(language: Language, ns: string): Promise<void> {
    const id = `${language}/${ns}`;
    let promise = this.loading.get(id);
    if (!promise) {
      const load = this.load;
      promise =
        this.bundles.has(id) || !load
          ? Promise.resolve()
          : load(language, ns)
              .catch((): Bundle => ({}))
              .then((bundle) => {
                this.bundles.set(id, { ...bundle, ...this.bundles.get(id) });
                this.changed();
              });
      this.loading.set(id, promise);
    }
    return promise;
  }

  private loaded(language: Language, ns: string): boolean {
    const id = `${language}/${ns}`;
    return this.bundles.has(id) || !this.load;
  }

  /** Notes namespaces in use (useTranslation), which a new language reads before it shows. */
  use(namespaces: readonly string[]): void {
    for (const ns of namespaces) this.used.add(ns);
  }

  /** Whether every namespace is there in the language shown (and in English under it). */
  hasLoadedNamespaces(namespaces: readonly string[], language: Language = this.language): boolean {
    return namespaces.every((ns) => this.codes(language).every((code) => this.loaded(code, ns)));
  }

  /** Reads `namespaces` in the language shown (and English) unless they are there; settles when they are (or failed). */
  loadNamespaces(namespaces: string | readonly string[], language: Language = this.language): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    this.use(list);
    return Promise.all(list.flatMap((ns) => this.codes(language).map((code) => this.loadOne(code, ns)))).then(() => undefined);
  }

  /** Shows `lng` (the closest of ours) once the namespaces in use are there in it; keeps the choice as the detector does. */
  async changeLanguage(lng: string): Promise<TFunction> {
    const language = bestLanguage([lng]);
    await this.loadNamespaces([...this.used], language);
    languageDetector.cacheUserLanguage?.(language);
    if (language !== this.language) {
      this.language = language;
      this.changed();
      this.emitLanguage();
    }
    return this.getFixedT(language);
  }

  /** The text of `key` (see above); `language` undefined: the language shown when called. */
  translate(language: Language | undefined, namespaces: readonly string[], key: string, options?: TOptions): string {
    const lng = language ?? this.language;
    const separator = key.indexOf(':');
    const [order, bare] = separator > 0 ? [[key.slice(0, separator)], key.slice(separator + 1)] : [namespaces, key];
    const count = options?.count;
    const context = typeof options?.context === 'string' || typeof options?.context === 'number' ? String(options.context) : '';
    for (const ns of order) {
      for (const code of this.codes(lng)) {
        const bundle = this.bundles.get(`${code}/${ns}`);
        if (!bundle) continue;
        let text: string | undefined;
        // i18next's order: key_context_plural, key_context, key_plural, key (with _zero before a plural for 0).
        for (const base of context ? [`${bare}_${context}`, bare] : [bare]) {
          if (text === undefined && typeof count === 'number') {
            if (count === 0) text = lookup(bundle, `${base}_zero`);
            text ??= lookup(bundle, `${base}_${pluralForm(code, count)}`);
          }
          text ??= lookup(bundle, base);
        }
        if (text !== undefined) return interpolate(text, options, lng);
      }
    }
    return typeof options?.defaultValue === 'string' ? interpolate(options.defaultValue, options, lng) : bare;
  }

  /** `t` in the default namespace and the language shown. */
  readonly t: TFunction = (key, options) => this.translate(undefined, [this.defaultNS], key, options);

  /** `t` bound to a language (null: the one shown when called) and namespaces (the first one the default). */
  getFixedT(lng?: string | null, ns?: string | readonly string[]): TFunction {
    const language = lng ? bestLanguage([lng]) : undefined;
    const namespaces = ns === undefined ? [this.defaultNS] : typeof ns === 'string' ? [ns] : ns;
    return (key, options) => this.translate(language, namespaces, key, options);
  }
}

/** The app's instance; initI18n starts it. */
const i18n = new I18n();

/** Namespaces every screen may need before its own; screens load theirs with `useTranslation('<ns>')`. */
export const SHARED_NAMESPACES = ['common'];

/** The language shown, reduced to one of ours ('en-US' -> 'en'). */
export function currentLanguage(lng: string | undefined = i18n.language): Language {
  const short = (lng ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(short) ? (short as Language) : FALLBACK_LANGUAGE;
}

/**
 * Starts the app's translations. `seed` holds the namespaces the first page has already read (views/common/texts.ts)
 * in the language it detected: the app starts with them and does not read them again.
 */
export function initI18n(seed?: { language: Language; bundles: Record<string, Bundle> }): Promise<void> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = currentLanguage(lng);
  });
  return i18n.init({ ns: SHARED_NAMESPACES, ...(seed && Object.keys(seed.bundles).length ? { resources: { [seed.language]: seed.bundles } } : {}) });
}

const I18nContext = createContext<I18n>(i18n);

/** Another instance for what it wraps (tests). */
export function I18nProvider({ i18n: instance, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: instance }, children);
}

export interface Translation {
  t: TFunction;
  i18n: I18n;
  ready: boolean;
}

/**
 * The texts of `ns` (the first one the default; 'common' when none) in the language shown, as react-i18next's hook:
 * suspends until they are there (unless `useSuspense: false`, then `ready` says it), draws again when they arrive or the
 * language changes; `t` changes only with the language.
 */
export function useTranslation(ns?: string | readonly string[], options?: { useSuspense?: boolean }): Translation {
  const instance = useContext(I18nContext);
  const namespaces = ns === undefined ? [instance.defaultNS] : typeof ns === 'string' ? [ns] : ns;
  const key = namespaces.join();
  useSyncExternalStore(instance.subscribe, instance.getVersion);
  instance.use(namespaces);
  const language = instance.language;
  const ready = instance.hasLoadedNamespaces(namespaces);
  if (!ready && (options?.useSuspense ?? instance.useSuspense)) throw instance.loadNamespaces(namespaces);
  useEffect(() => {
    if (!ready) void instance.loadNamespaces(key.split(','));
  }, [instance, ready, key]);
  const t = useMemo(() => instance.getFixedT(language, key.split(',')), [instance, language, key]);
  return { t, i18n: instance, ready };
}

/** useTranslation as the texts hook of the parts the first page shares with the app (views/common/texts.ts). */
export const useI18nTexts: UseTexts = useTranslation;

export default i18n;
