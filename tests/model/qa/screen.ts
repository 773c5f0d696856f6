// The user's words of the QA pages: texts from locales/en (so a changed text changes the page and the gate sees
// it), toasts from the recorded `notify` calls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const bundles = new Map<string, Record<string, unknown>>();

function bundle(namespace: string): Record<string, unknown> | null {
  if (!bundles.has(namespace)) {
    try {
      bundles.set(namespace, JSON.parse(readFileSync(join(ROOT, 'locales/en', `${namespace}.json`), 'utf8')) as Record<string, unknown>);
    } catch {
      return null;
    }
  }
  return bundles.get(namespace)!;
}

function lookup(namespace: string, key: string): string | null {
  const at = (path: string) => {
    let value: unknown = bundle(namespace);
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return typeof value === 'string' ? value : null;
  };
  // Plurals: the "other" form reads best in a sentence.
  return at(key) ?? at(`${key}_other`);
}

/** The English text of a key ('ns:a.b', or 'a.b' looked up in `namespace` then common), null when there is none. */
export function englishText(key: string, namespace = 'common', values: Record<string, unknown> = {}): string | null {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [namespace, key];
  const found = lookup(ns, path) ?? (key.includes(':') ? null : lookup('common', path));
  if (found === null) return null;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A text of locales/en in quotes, for a catalogue's `screen` lines: `text('devices:card.title')`; throws on a missing key. */
export function text(key: string, values: Record<string, unknown> = {}): string {
  const found = englishText(key, 'common', values);
  if (found === null) throw new Error(`locales/en has no text ${key}`);
  return `"${found}"`;
}

const INTENTS: Record<string, string> = { success: 'a success toast', error: 'an error toast', info: 'a toast', warning: 'a warning toast' };

/** A recorded `notify` call in the user's words ('an error toast "Error, try again"'), null for any other call. */
export function toastInWords(call: string, namespace?: string): string | null {
  const match = /^notify: (.*)$/.exec(call);
  if (!match) return null;
  let key: string | undefined;
  let intent: string | undefined;
  let values: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(match[1]!) as Record<string, unknown>;
    if (typeof parsed === 'string') key = parsed;
    else {
      key = (parsed.message ?? parsed.key ?? parsed.text) as string | undefined;
      intent = parsed.intent as string | undefined;
      values = (parsed.values ?? parsed.options ?? {}) as Record<string, unknown>;
    }
  } catch {
    key = match[1]!.split(' ').pop();
    intent = /\b(success|error|info|warning)\b/.exec(match[1]!)?.[1];
  }
  if (!key) return null;
  const found = englishText(key, namespace, values);
  const shown = found === null ? `with the message ${key}` : `"${found}"`;
  return `${intent ? INTENTS[intent] ?? 'a toast' : 'a toast'} ${shown}`;
}
