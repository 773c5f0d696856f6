import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseKeys } from '../testing/localeKeys.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}

const bundle = (lng: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')));

describe.each(['media', 'directory'])('the %s namespace', (ns) => {
  it('has the same keys in English and Russian, none empty', () => {
    const en = bundle('en', ns);
    const ru = bundle('ru', ns);
    expect(baseKeys(ru)).toEqual(baseKeys(en));
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ru)]) expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
  });
});

it('holds the spec messages of media and the Directory verbatim in English', () => {
  const english = [...Object.values(bundle('en', 'media')), ...Object.values(bundle('en', 'directory'))];
  for (const text of [
    'Error while loading media files',
    'Error while editing media',
    'Invalid content format!',
    'Successfully added',
    'Error while adding',
    'Successfully removed',
    'Error while removing',
  ]) {
    expect(english, text).toContain(text);
  }
});
