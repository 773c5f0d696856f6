import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchBackend, detectLanguages, languageDetector, LANGUAGE_STORAGE_KEY } from './translations.ts';

const read = (backend: ReturnType<typeof createFetchBackend>, lng: string, ns: string) =>
  new Promise<[unknown, unknown]>((resolve) => backend.read(lng, ns, (error, data) => resolve([error, data])));

describe('fetch backend', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ hello: 'Привет' }), { status: 200 }));
    const backend = createFetchBackend(fetchImpl as typeof fetch);
    backend.init!({} as never, { loadPath: '/locales/{{lng}}/{{ns}}.json' }, {} as never);
    expect(await read(backend, 'ru', 'login')).toEqual([null, { hello: 'Привет' }]);
    expect(fetchImpl).toHaveBeenCalledWith('/locales/ru/login.json', { headers: { accept: 'application/json' } });
  });

  it('asks i18next to retry on network failures and 5xx, not on 404', async () => {
    const failing = createFetchBackend((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    const [networkError, networkRetry] = await read(failing, 'en', 'common');
    expect([typeof networkError, networkRetry]).toEqual(['string', true]);
    const unavailable = createFetchBackend((async () => new Response('', { status: 503 })) as typeof fetch);
    expect((await read(unavailable, 'en', 'common'))[1]).toBe(true);
    const missing = createFetchBackend((async () => new Response('', { status: 404 })) as typeof fetch);
    expect((await read(missing, 'en', 'nope'))[1]).toBe(false);
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
