// @vitest-environment node
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDevice } from '../machines/devices/devices.fixtures.ts';
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

const FLEET = Array.from({ length: 1234 }, (_, i) => fakeDevice(i + 1));

function pagedFleet(request: { path: string }) {
  const url = new URL(request.path, 'http://x');
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('page_size'));
  const results = FLEET.slice((page - 1) * size, page * size);
  return { status: 200, body: { count: FLEET.length, next: page * size < FLEET.length ? 'more' : null, previous: null, results } };
}

describe('devices service', () => {
  it('sends the filters as the query string, leaving "all" out', async () => {
    handler = () => ({ status: 200, body: { count: 0, next: null, previous: null, results: [] } });
    await service.listDevices({ page: 2, search: '  lobby ', status: 'online', company: 3, office: undefined });
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

  it('builds the xlsx of every filtered device, 500 at a time, reporting progress', async () => {
    handler = pagedFleet;
    const progress: { loaded: number; total: number }[] = [];
    const blob = await service.buildDevicesXlsx({ status: 'offline' }, (column) => column.header, (p) => progress.push(p));
    expect(fake.requests.map((r) => r.path).sort()).toEqual(
      [1, 2, 3].map((page) => `/tvpi/devices/?status=offline&page=${page}&page_size=500`).sort(),
    );
    expect(progress.at(0)).toEqual({ loaded: 500, total: 1234 });
    expect(progress.at(-1)).toEqual({ loaded: 1234, total: 1234 });
    const rows = await readSheet(Buffer.from(await blob.arrayBuffer()));
    expect(rows).toHaveLength(1235);
    expect(rows[1]!.slice(0, 2)).toEqual([1, 'SN-1']);
    expect(rows[1234]!.slice(0, 2)).toEqual([1234, 'SN-1234']);
  });
});
