import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { bestLanguage, detectLanguages, LANGUAGE_STORAGE_KEY, languageDetector, readBundle, type Language } from '../../services/translations.ts';
import { onOtherTabSetting } from './otherTabs.ts';

/*
 * Texts for what both the first page and the full app draw (the login screen, "Loading…", the error fallback, the page
 * title), without the app's translations on the first page (issue 37). Those parts call useTexts(); the full app provides
 * its useTranslation (i18n.ts) through TextsContext (App.tsx), and without it (the first page) the texts come from the small store below: the same /locales/{lng}/{ns}.json files,
 * the language detected the way the app detects it, "{{name}}" filled in. The full app's translations start with the
 * bundles the store has read (shellBundles), so the login screen does not wait for them a second time.
 */

export type TextFunction = (key: string, values?: Record<string, unknown>) => string;

export interface Texts {
  t: TextFunction;
  /** Whether every namespace asked for has arrived (with useSuspense: false; otherwise the caller suspends until then). */
  ready: boolean;
}

/** A hook with useTranslation's shape: namespaces (the first one the default) and whether to suspend until they arrive. */
export type UseTexts = (namespaces?: string | readonly string[], options?: { useSuspense?: boolean }) => Texts;

type Bundle = Record<string, unknown>;

let language: Language = bestLanguage(detectLanguages());
const bundles = new Map<string, Bundle>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function load(ns: string): Promise<void> {
  let promise = loading.get(ns);
  if (!promise) {
    const asked = language;
    promise = readBundle(asked, ns).then((bundle) => {
      if (asked !== language) return;
      bundles.set(ns, bundle);
      version += 1;
      for (const listener of listeners) listener();
    });
    loading.set(ns, promise);
  }
  return promise;
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: unknown = bundle;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Bundle)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function translate(namespaces: readonly string[], key: string, values?: Record<string, unknown>): string {
  const separator = key.indexOf(':');
  const [order, bare] = separator > 0 ? [[key.slice(0, separator)], key.slice(separator + 1)] : [namespaces, key];
  for (const ns of order) {
    const text = lookup(bundles.get(ns), bare);
    if (text !== undefined) return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
  }
  return bare;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The first page's texts (see above). */
export const useShellTexts: UseTexts = (namespaces = 'common', options = {}) => {
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  useSyncExternalStore(subscribe, () => version);
  const missing = list.filter((ns) => !bundles.has(ns));
  if (missing.length && options.useSuspense !== false) throw Promise.all(missing.map(load));
  useEffect(() => {
    for (const ns of missing) void load(ns);
  });
  return { t: (key, values) => translate(list, key, values), ready: missing.length === 0 };
};

/** What the first page has read, for the full app's translations to start with: its language and the namespaces by name. */
export function shellBundles(): { language: Language; bundles: Record<string, Bundle> } {
  return { language, bundles: Object.fromEntries(bundles) };
}

// The page says its language and keeps the choice, as the app's translations do when they start.
document.documentElement.lang = language;
languageDetector.cacheUserLanguage?.(language);

// A language picked in another tab: the first page reads its texts in it and shows them once all have arrived (the
// full app, once started, follows in i18n.ts's way and this store has no one drawing from it).
onOtherTabSetting(LANGUAGE_STORAGE_KEY, (picked) => {
  const next = bestLanguage([picked]);
  if (next === language || listeners.size === 0) return;
  const shown = [...bundles.keys()];
  language = next;
  loading.clear();
  void Promise.all(shown.map(load)).then(() => {
    if (language !== next) return;
    document.documentElement.lang = next;
    version += 1;
    for (const listener of listeners) listener();
  });
});

export const TextsContext = createContext<UseTexts>(useShellTexts);

/** Texts of the namespaces asked for, from whichever source the page provides (i18n.ts's useTranslation in the full app). */
export const useTexts: UseTexts = (namespaces, options) => useContext(TextsContext)(namespaces, options);
