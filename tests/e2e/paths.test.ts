// The generated transition-cover paths of the session, upload, config editor and directory machines, played
// through the real UI in Chromium against the real server: each user sample is a user action, each state the
// machine settles in is waited for on screen (tests/e2e/paths/*.adapter.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/services/tokenStore.ts';
import { pathTitle } from '../model/qa/words.ts';
import { startE2E, type E2E } from '../helpers/browser.ts';
import { signIn } from '../helpers/server.ts';
import { directoryAdapter } from './paths/directory.adapter.ts';
import { devicesConfigEditorAdapter } from './paths/devicesConfigEditor.adapter.ts';
import { sessionAdapter } from './paths/session.adapter.ts';
import { uploadAdapter } from './paths/upload.adapter.ts';
import { browserPaths, installNetwork, replay, type Adapter } from './paths/replay.ts';

// The catalogues prepare stored sessions as a browser keeps them (the generator runs here, in Node).
globalThis.localStorage ??= memoryStorage();
globalThis.sessionStorage ??= memoryStorage();

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const adapters: Array<[string, Adapter]> = [
  ['directory', directoryAdapter],
  ['devicesConfigEditor', devicesConfigEditorAdapter],
  ['session', sessionAdapter],
  ['upload', uploadAdapter],
];
let paths = 0;

describe.each(adapters)('%s in the browser', (name, adapter) => {
  it('maps every sample of its catalogue', () => {
    const mapped = new Set([...Object.keys(adapter.act), ...Object.keys(adapter.arrange ?? {}), ...Object.keys(adapter.unsupported ?? {})]);
    const userSamples = Object.entries(adapter.qa.events).filter(([, event]) => !event.type.startsWith('xstate.')).map(([sample]) => sample);
    expect(userSamples.filter((sample) => !mapped.has(sample)), `samples of ${name} without a user action`).toEqual([]);
    expect([...mapped].filter((sample) => !(sample in adapter.qa.events)), `adapter keys of ${name} not in its catalogue`).toEqual([]);
  });

  it.each(browserPaths(adapter).paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_title, path) => {
    const admin = await signIn(e2e.server);
    const { context, page, problems } = await e2e.newPage();
    page.setDefaultTimeout(10_000);
    await installNetwork(page);
    // Signed in as the administrator, the way the token store keeps a remembered session.
    if (adapter.signedIn !== false) await context.addInitScript(([access, refresh]) => {
      if (!localStorage.getItem('access') && !sessionStorage.getItem('qa-signed-in')) {
        localStorage.setItem('access', access!);
        localStorage.setItem('refresh', refresh!);
        sessionStorage.setItem('qa-signed-in', '1');
      }
    }, [admin.access, admin.refresh]);
    paths += 1;
    await replay(adapter, path, { e2e, context, page, admin, unique: `${process.pid}-${paths}`, data: {} });
    expect(problems.filter((problem) => !/40[39]|Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual([]);
    await context.close();
  });
});
