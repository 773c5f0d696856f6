import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}

const bundle = (lng: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'playlists.json'), 'utf8')));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

describe('the playlists namespace', () => {
  const en = bundle('en');
  const ru = bundle('ru');

  it('has the same keys in English and Russian (plural forms aside), none empty', () => {
    expect([...new Set(Object.keys(ru).map(base))].sort()).toEqual([...new Set(Object.keys(en).map(base))].sort());
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ru)]) expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
  });

  it('gives every English plural its one and other forms and every Russian one its one, few, many and other forms', () => {
    const plurals = [...new Set(Object.keys(en).filter((key) => PLURAL.test(key)).map(base))];
    expect(plurals.length).toBeGreaterThan(5);
    for (const key of plurals) {
      for (const form of ['one', 'other']) expect(en, `${key}_${form}`).toHaveProperty([`${key}_${form}`]);
      for (const form of ['one', 'few', 'many', 'other']) expect(ru, `${key}_${form}`).toHaveProperty([`${key}_${form}`]);
    }
  });

  it('holds the spec messages of playlists verbatim in English', () => {
    const english = Object.values(en);
    for (const text of ['Playlist updated!', 'Playlist already up to date', 'Playlist updating error', 'Name is required', 'Successfully added', 'Error while adding', 'Successfully removed', 'Error while removing', 'Error while loading playlist schedule data', 'Oops! Saving error!']) {
      expect(english, text).toContain(text);
    }
  });
});
