import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/index.html'))) throw new Error('run `npm run build` first');
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const mainScript = () => {
  const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/index.html'), 'utf8');
  // Parcel names the entry bundle after the checkout's folder, so match any hashed module script.
  return /<script type="?module"? src="?\/?([\w-]+\.[0-9a-f]+\.js)/.exec(html)![1]!;
};

describe('serving the SPA', () => {
  it('answers client-side routes with the SPA shell (history fallback), never cached', async () => {
    for (const route of ['/', '/devices', '/campaigns/12/scheduler', '/navigation/3']) {
      const response = await fetch(`${server.origin}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toMatch(/<div id="?root"?>/);
    }
    // Health probes and link checkers send no Accept: text/html (curl sends */*) and still get the page.
    for (const accept of ['*/*', 'application/json', '']) {
      const response = await fetch(`${server.origin}/login`, { headers: { accept } });
      expect([accept, response.status, response.headers.get('content-type')?.split(';')[0]]).toEqual([accept, 200, 'text/html']);
    }
    const head = await fetch(`${server.origin}/devices/7?tab=config`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(head.status).toBe(200);
  });

  it('serves hashed assets brotli- or gzip-compressed with a year-long immutable cache', async () => {
    const url = `${server.origin}/${mainScript()}`;
    const brotli = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect((await gzip.text()).length).toBeGreaterThan(1000);
  });

  it('serves translations from /locales and answers unknown API paths and files with 404, not the shell', async () => {
    const ru = await fetch(`${server.origin}/locales/ru/common.json`);
    expect(ru.status).toBe(200);
    expect(typeof (await ru.json())).toBe('object');
    const missingAsset = await fetch(`${server.origin}/missing.0123456789abcdef.js`);
    expect(missingAsset.status).toBe(404);
    // A missing file (a path ending in an extension) stays a 404 even for a browser, so a stale bundle fails loudly.
    const missingFile = await fetch(`${server.origin}/media/logo.png`, { headers: { accept: 'text/html' } });
    expect(missingFile.status).toBe(404);
    const api = await fetch(`${server.api}/nope/`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('not_found');
    const traversal = await fetch(`${server.origin}/locales/..%2f..%2fpackage.json`);
    expect(await traversal.text()).not.toContain('"dependencies"');
  });
});
