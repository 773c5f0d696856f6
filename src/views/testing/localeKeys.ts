import fs from 'node:fs';
import path from 'node:path';

/** The repository's locales folder (test support, never bundled). */
export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A namespace's strings by dotted key. */
export function localeBundle(language: string, namespace: string): Record<string, unknown> {
  const flatten = (value: unknown, prefix = ''): Record<string, unknown> =>
    typeof value !== 'object' || value === null
      ? { [prefix]: value }
      : Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')));
}

/**
 * The keys of a bundle with i18next plural forms folded into their base key (`page_one`, `page_few` -> `page`):
 * English has two forms and Russian four (one, few, many, other), so the two languages compare equal on these.
 */
export function baseKeys(bundle: Record<string, unknown>): string[] {
  return [...new Set(Object.keys(bundle).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

/** Every namespace file of a language. */
export function namespaces(language = 'en'): string[] {
  return fs
    .readdirSync(path.join(LOCALES_DIR, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}
