import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value !== 'object' || value === null
    ? { [prefix]: String(value) }
    : Object.entries(value).reduce<Record<string, string>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
const bundle = (lng: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'campaigns.json'), 'utf8')));
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('the campaigns namespace', () => {
  const en = bundle('en');
  const ru = bundle('ru');
  it('has the same words in English and Russian, English plurals one/other and Russian one/few/many/other', () => {
    const stems = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();
    expect(stems(Object.keys(ru))).toEqual(stems(Object.keys(en)));
    for (const key of Object.keys(en).filter((k) => k.endsWith('_other'))) {
      const stem = key.replace(PLURAL, '');
      expect([`${stem}_one`, `${stem}_other`].every((k) => k in en), stem).toBe(true);
      expect([`${stem}_one`, `${stem}_few`, `${stem}_many`, `${stem}_other`].every((k) => k in ru), stem).toBe(true);
    }
    for (const text of [...Object.values(en), ...Object.values(ru)]) expect(text.trim().length).toBeGreaterThan(0);
  });

  it('holds the spec\'s messages verbatim in English', () => {
    const english = Object.values(en);
    for (const text of [
      'Name is required!',
      'Campaign updated!',
      'Error while updating',
      'Error while loading group devices',
      'Error while loading available devices',
      'Device and campaing screen position mismatch',
      '{{count}} file devices were not involved',
      'All file devices were involved',
      "Your XLSX file didn't match any device",
      'Error generating the file, try again',
    ]) {
      expect(english, text).toContain(text);
    }
  });
});
