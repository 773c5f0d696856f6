// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi, type FakeHandler } from './fakeApiServer.ts';
import { memoryStorage } from './tokenStore.ts';

let fake: FakeApi;
let handler: FakeHandler = () => ({ status: 200, body: {} });
let service: typeof import('./devices.service.ts');

beforeAll(async () => {
  fake = await startFakeApi((request) => handler(request));
  vi.stubEnv('API_URL', fake.base);
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.resetModules();
  service = await import('./devices.service.ts');
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('devices service', () => {
  it('sends the filters as the query string, leaving "all" out', async () => {
    handler = () => ({ status: 200, body: { count: 1020, count_exact: false, next: null, previous: null, results: [] } });
    expect(await service.listDevices({ page: 2, search: '  lobby ', status: 'online', company: 3, office: undefined })).toMatchObject({ count: 1020, count_exact: false });
    expect(fake.requests[0]!.path).toBe('/tvpi/devices/?search=lobby&status=online&company=3&page=2&page_size=20');
  });

  it('resolves a duplicate as device_exists ("Device already exist") and sends user: 1', async () => {
    handler = () => ({ status: 409, body: { detail: 'dup', code: 'device_exists', fields: { sn: 'taken' } } });
    expect(await service.createDevice({ sn: 'SN-1' })).toEqual({ ok: false, reason: 'device_exists', fields: { sn: 'taken' } });
    expect(fake.requests[0]!.body).toEqual({ sn: 'SN-1', user: 1 });
  });

  it('refuses a photo over 5 MB or not an image before sending it', async () => {
    expect(await service.uploadPhoto(1, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }))).toEqual({ ok: false, reason: 'too_large' });
    expect(await service.uploadPhoto(1, new Blob(['text'], { type: 'text/plain' }))).toEqual({ ok: false, reason: 'not_an_image' });
    expect(fake.requests).toEqual([]);
  });

  it('downloads the xlsx from GET /tvpi/devices-xslx/ with the filters, language and time zone, following the bytes', async () => {
    const file = 'x'.repeat(100_000);
    handler = () => ({ status: 200, body: file });
    const progress: { loaded: number; total: number }[] = [];
    const blob = await service.downloadDevicesXlsx({ status: 'offline', search: 'lobby' }, 'ru', (p) => progress.push(p));
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(fake.requests.map((r) => r.path)).toEqual([`/tvpi/devices-xslx/?search=lobby&status=offline&lang=ru&tz=${zone}`]);
    const size = JSON.stringify(file).length;
    expect(blob.size).toBe(size);
    expect(progress.at(0)).toEqual({ loaded: 0, total: size });
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
  });

  it('rejects when the server cannot build the file (the page says "Error generating the file, try again")', async () => {
    handler = () => ({ status: 500, body: { detail: 'boom', code: 'internal' } });
    await expect(service.downloadDevicesXlsx({}, 'en', () => undefined)).rejects.toThrow();
  });
});
