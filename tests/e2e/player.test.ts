import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/browser.ts';

let e2e: E2E;
beforeAll(async () => {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/player/index.html'))) throw new Error('run `npm run build` first');
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('serving the web player', () => {
  it('answers /player/ (and pages below it) with the player, never the panel, and the panel stays the panel', async () => {
    for (const route of ['/player/', '/player', '/player/anything?x=1']) {
      const response = await fetch(`${e2e.server.origin}${route}`, { headers: { accept: 'text/html' } });
      expect([route, response.status, response.headers.get('cache-control')]).toEqual([route, 200, 'no-cache']);
      const html = await response.text();
      expect(html).toMatch(/<main id="?player"?/);
      expect(html).not.toMatch(/<div id="?root"?>/);
    }
    const panel = await fetch(`${e2e.server.origin}/devices`, { headers: { accept: 'text/html' } });
    expect(await panel.text()).toMatch(/<div id="?root"?>/);
    const script = /src="?(\/player\/[\w.-]+\.js)/.exec(fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/player/index.html'), 'utf8'))![1]!;
    const asset = await fetch(`${e2e.server.origin}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  });
});
