import { I18n } from '../i18n.ts';
import { describe, expect, it } from 'vitest';
import { baseKeys, localeBundle, namespaces } from './testing/localeKeys.ts';

/**
 * Words with numbers (the house standard): wherever a count meets a noun the string is a plural (i18n.ts, as i18next's), with the
 * forms each language needs: English one and other, Russian one, few, many and other (1 устройство, 2 устройства,
 * 5 устройств).
 */

const FORMS = { en: ['one', 'other'], ru: ['few', 'many', 'one', 'other'] } as const;

describe.each(namespaces())('the %s namespace', (namespace) => {
  it.each(['en', 'ru'] as const)('in %s: a {{count}} beside a word is a plural with every form of the language', (language) => {
    const bundle = localeBundle(language, namespace);
    const singular = Object.entries(bundle)
      // "Active: {{count}}" is a label and its number; anything else with a count is counted words.
      .filter(([key, text]) => typeof text === 'string' && text.includes('{{count}}') && !/:\s*\{\{count\}\}/.test(text) && !/_(one|few|many|other)$/.test(key))
      .map(([key]) => key);
    expect(singular).toEqual([]);
    for (const base of baseKeys(bundle)) {
      const forms = Object.keys(bundle)
        .filter((key) => key.startsWith(`${base}_`) && /_(zero|one|two|few|many|other)$/.test(key) && key.replace(/_(zero|one|two|few|many|other)$/, '') === base)
        .map((key) => key.slice(base.length + 1))
        .sort();
      if (forms.length > 0) expect(forms, `${namespace}:${base}`).toEqual([...FORMS[language]]);
    }
  });
});

describe('counted words read right', () => {
  it('in English and in Russian with its three forms', async () => {
    const i18n = new I18n();
    await i18n.init({
      lng: 'ru',
      ns: ['devices', 'media'],
      load: null,
      resources: {
        en: { devices: localeBundleTree('en', 'devices'), media: localeBundleTree('en', 'media') },
        ru: { devices: localeBundleTree('ru', 'devices'), media: localeBundleTree('ru', 'media') },
      },
    });
    const page = (language: string, namespace: string, count: number) => i18n.getFixedT(language, namespace)('list.page', { page: 1, pages: 1, count });
    expect([1, 2, 5, 21].map((count) => page('en', 'devices', count))).toEqual([
      'Page 1 of 1, 1 device',
      'Page 1 of 1, 2 devices',
      'Page 1 of 1, 5 devices',
      'Page 1 of 1, 21 devices',
    ]);
    expect([1, 2, 5, 21, 11].map((count) => page('ru', 'devices', count).split(', ')[1])).toEqual(['1 устройство', '2 устройства', '5 устройств', '21 устройство', '11 устройств']);
    expect([1, 3, 7].map((count) => page('ru', 'media', count).split(', ')[1])).toEqual(['1 файл', '3 файла', '7 файлов']);
    const events = (language: string, count: number) => i18n.getFixedT(language, 'devices')('card.scheduleSummary', { count, version: 4 });
    expect([events('en', 1), events('ru', 1), events('ru', 2), events('ru', 5)]).toEqual([
      '1 event, version 4',
      '1 событие, версия 4',
      '2 события, версия 4',
      '5 событий, версия 4',
    ]);
  });
});

function localeBundleTree(language: string, namespace: string): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(localeBundle(language, namespace))) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = text;
  }
  return tree;
}
