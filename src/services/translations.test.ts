import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18n } from '../i18n.ts';
import { detectLanguages, languageDetector, LANGUAGE_STORAGE_KEY, readBundle, readBundleOnce } from './translations.ts';

describe('locale files', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ hello: 'Привет' }), { status: 200 }));
    expect(await readBundleOnce('ru', 'login', fetchImpl as typeof fetch)).toEqual({ bundle: { hello: 'Привет' }, retry: false });
    expect(fetchImpl).toHaveBeenCalledWith('/locales/ru/login.json', { headers: { accept: 'application/json' } });
  });

  it('retries network failures and 5xx, not a 404', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await readBundleOnce('en', 'common', failing)).toEqual({ retry: true });
    expect(await readBundleOnce('en', 'common', (async () => new Response('', { status: 503 })) as typeof fetch)).toEqual({ retry: true });
    expect(await readBundleOnce('en', 'nope', (async () => new Response('', { status: 404 })) as typeof fetch)).toEqual({ retry: false });
  });

  it('tries again after 350 ms, then 700, and gives an empty bundle on a 404', async () => {
    vi.useFakeTimers();
    try {
      const answers = [503, 503, 200];
      const fetchImpl = vi.fn(async () => (answers[0] === 200 ? new Response('{"a":"b"}') : new Response('', { status: answers.shift() })));
      const read = readBundle('en', 'common', fetchImpl as typeof fetch);
      await vi.advanceTimersByTimeAsync(349);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1 + 699);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(await read).toEqual({ a: 'b' });
      const missing = vi.fn(async () => new Response('', { status: 404 }));
      expect(await readBundle('en', 'nope', missing as typeof fetch)).toEqual({});
      expect(missing).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the app's translations (i18n.ts)", () => {
  const resources = {
    en: { common: { save: 'Save', only: 'English only', count_one: '{{count, number}} file', count_other: '{{count, number}} files' }, devices: { title: 'Devices', save: 'Keep' } },
    ru: { common: { save: 'Сохранить', count_one: '{{count, number}} файл', count_few: '{{count, number}} файла', count_many: '{{count, number}} файлов', count_other: '{{count, number}} файла' }, devices: { title: 'Устройства' } },
  };

  it('looks a key up in the namespaces asked for, each in the language and then English, as i18next did', () => {
    const i18n = new I18n({ lng: 'ru', resources, load: null });
    const t = i18n.getFixedT(null, ['devices', 'common']);
    expect(t('title')).toBe('Устройства');
    // devices has no Russian "save" but an English one: that comes before common's Russian (i18next's order).
    expect(t('save')).toBe('Keep');
    expect(t('common:save')).toBe('Сохранить');
    expect(t('common:only')).toBe('English only');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('common:missing', { defaultValue: 'Was {{what}}', what: 'here' })).toBe('Was here');
    expect(i18n.t('save')).toBe('Сохранить');
    // A context picks key_context (with its plural forms) before the key, as i18next's did.
    const contexts = new I18n({ lng: 'en', resources: { en: { common: { hint: 'Any', hint_vertical: 'Upright', files_vertical_one: 'One upright', files_vertical_other: '{{count}} upright' } } }, load: null });
    expect(['vertical', 'horizontal', undefined].map((context) => contexts.t('hint', { context }))).toEqual(['Upright', 'Any', 'Any']);
    expect([1, 2].map((count) => contexts.t('files', { context: 'vertical', count }))).toEqual(['One upright', '2 upright']);
  });

  it('picks the plural form of the language and formats {{count, number}} in it; a value left out is empty', () => {
    const i18n = new I18n({ lng: 'ru', resources, load: null });
    expect([1, 3, 5, 21, 1234].map((count) => i18n.t('count', { count }))).toEqual(['1 файл', '3 файла', '5 файлов', '21 файл', '1\u00a0234 файла']);
    expect(i18n.getFixedT('en')('count', { count: 1234 })).toBe('1,234 files');
    expect(new I18n({ lng: 'en', resources: { en: { common: { hi: 'Hi {{name}}!' } } }, load: null }).t('hi')).toBe('Hi !');
  });

  it('reads what it lacks, English too, and changes language once the namespaces in use are there', async () => {
    const reads: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const load = async (language: string, ns: string) => {
      reads.push(`${language}/${ns}`);
      if (language === 'ru') await held;
      return (resources as Record<string, Record<string, Record<string, string>>>)[language]![ns] ?? {};
    };
    const i18n = new I18n();
    await i18n.init({ lng: 'en', ns: ['common'], load });
    await i18n.loadNamespaces('devices');
    expect(reads).toEqual(['en/common', 'en/devices']);
    const changed: string[] = [];
    i18n.on('languageChanged', (language) => changed.push(language));
    const change = i18n.changeLanguage('ru-RU');
    await Promise.resolve();
    expect([i18n.language, changed]).toEqual(['en', []]);
    release();
    await change;
    expect([i18n.language, changed, reads.slice(2).sort()]).toEqual(['ru', ['ru'], ['ru/common', 'ru/devices']]);
    expect(i18n.hasLoadedNamespaces(['common', 'devices'])).toBe(true);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });
});

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/');
  });

  it('follows the spec order: query, cookie, local storage, session storage, navigator, html lang', () => {
    window.history.replaceState(null, '', '/login?lng=ru');
    document.cookie = 'i18next=en';
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    document.documentElement.lang = 'ru';
    const detected = detectLanguages();
    expect(detected.slice(0, 4)).toEqual(['ru', 'en', 'ru', 'en']);
    expect(detected.at(-1)).toBe('ru');
    expect(detected.slice(4, -1)).toEqual([...navigator.languages]);
  });

  it('caches the chosen language in local storage', () => {
    languageDetector.cacheUserLanguage!('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });
});
