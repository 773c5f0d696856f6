import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_ACTIONS, JOURNAL_ENTITIES } from '../../services/schemas/journal.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value !== 'object' || value === null
    ? { [prefix]: String(value) }
    : Object.entries(value).reduce<Record<string, string>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe.each(['journal', 'profile'].filter((ns) => fs.existsSync(path.join(LOCALES, 'en', `${ns}.json`))))('the %s namespace', (ns) => {
  const bundle = (lng: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')));
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
});

it('names every entity and action the journal filters offer, in both languages', () => {
  for (const lng of ['en', 'ru']) {
    const words = flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'journal.json'), 'utf8')));
    for (const entity of JOURNAL_ENTITIES) expect(words[`entities.${entity}`], `${lng} ${entity}`).toBeTruthy();
    for (const action of JOURNAL_ACTIONS) expect(words[`actions.${action}`], `${lng} ${action}`).toBeTruthy();
  }
});
