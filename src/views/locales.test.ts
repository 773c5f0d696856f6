import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseKeys } from './testing/localeKeys.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../locales');
const NAMESPACES = ['common', 'layout', 'login', 'screens'];

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const bundle = (lng: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')));

describe.each(NAMESPACES)('the %s namespace', (ns) => {
  it('has the same keys in English and Russian, none empty', () => {
    const en = bundle('en', ns);
    const ru = bundle('ru', ns);
    expect(baseKeys(ru)).toEqual(baseKeys(en));
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ru)]) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });
});

describe('spec strings', () => {
  it('are present verbatim in English', () => {
    const english = NAMESPACES.flatMap((ns) => Object.values(bundle('en', ns)));
    for (const text of [
      'Successfully login',
      'Error, try again',
      'Sign out',
      'unknown name',
      'Eng',
      'Рус',
      'Loading chunk failed',
      'Oops. Something went wrong. Try to reload page',
      'Are you sure you want to delete? The delete operation cannot be undone!',
      'Remember me',
      'Sign in',
      'Login',
    ]) {
      expect(english, text).toContain(text);
    }
  });
});
