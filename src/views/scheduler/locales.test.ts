import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}
const bundle = (lng: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')));

describe.each(['scheduler', 'timeline'])('the %s namespace', (ns) => {
  const en = bundle('en', ns);
  const ru = bundle('ru', ns);

  it('has the same keys in English and Russian (plural forms aside), none empty', () => {
    expect([...new Set(Object.keys(ru).map(base))].sort()).toEqual([...new Set(Object.keys(en).map(base))].sort());
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ru)]) expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
  });

  it('gives every plural its English one/other and Russian one/few/many/other forms', () => {
    for (const key of new Set(Object.keys(en).filter((k) => PLURAL.test(k)).map(base))) {
      for (const form of ['one', 'other']) expect(en, `${key}_${form}`).toHaveProperty([`${key}_${form}`]);
      for (const form of ['one', 'few', 'many', 'other']) expect(ru, `${key}_${form}`).toHaveProperty([`${key}_${form}`]);
    }
  });
});

describe('the scheduler messages of section 8', () => {
  it('are there verbatim in English', () => {
    const english = Object.values(bundle('en', 'scheduler'));
    for (const text of [
      'You must select media or playlist',
      'You must select event title',
      'Device selection is required',
      'Error while creating/editing event',
      'Uncommited playlists found!',
      'Error while loading playlist schedule data',
      'Successfully removed',
      'Error while removing',
    ]) {
      expect(english, text).toContain(text);
    }
  });
});
