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

describe('defect 6: any GET of / serves the app', () => {
  it('answers the shell whatever the client accepts (curl, a load balancer, a browser)', async () => {
    const clients: Record<string, string>[] = [
      { 'accept-encoding': 'identity' },
      { accept: '*/*', 'accept-encoding': 'identity' },
      { accept: 'application/json', 'accept-encoding': 'gzip, br' },
      { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    ];
    for (const headers of clients) {
      const response = await fetch(`${server.origin}/`, { headers });
      expect([headers, response.status, response.headers.get('content-type')]).toEqual([headers, 200, expect.stringMatching(/^text\/html/)]);
      expect(await response.text()).toMatch(/<div id="?root"?>/);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });
});
