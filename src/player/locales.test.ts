import en from '../../locales/en/player.json';
import ru from '../../locales/ru/player.json';
import { describe, expect, it } from 'vitest';
import { baseKeys } from '../views/testing/localeKeys.ts';
import { t } from './i18n.ts';

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}

describe('the player namespace', () => {
  it('has the same keys in English and Russian (Russian with its three plural forms), none empty', () => {
    expect(baseKeys(flatten(ru))).toEqual(baseKeys(flatten(en)));
    for (const text of [...Object.values(flatten(en)), ...Object.values(flatten(ru))]) expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    expect(Object.keys(flatten(ru)).filter((key) => key.startsWith('status.downloading'))).toEqual(['status.downloading_one', 'status.downloading_few', 'status.downloading_many', 'status.downloading_other']);
  });

  it('fills values and plurals in the browser language', () => {
    expect([t('status.downloading', { count: 1 }), t('status.downloading', { count: 3 }), t('idle.nextAt', { title: 'Sale', time: '08:00' })]).toEqual([
      'Downloading 1 file',
      'Downloading 3 files',
      'Next: Sale at 08:00',
    ]);
  });
});
