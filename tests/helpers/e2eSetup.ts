import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROME_ARGS, CHROME_PATH } from './browser.ts';
import globalSetup from './globalSetup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every browser test file of the run connects to (launchBrowser), launched once here. */
    chromiumEndpoint?: string;
  }
}

/**
 * Once per run of the browser tests: the migrated database (globalSetup) and one Chromium, which each file's
 * launchBrowser() connects to instead of launching its own (each file still gets its own browser contexts, closed with it).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await globalSetup(project);
  if (!fs.existsSync(CHROME_PATH)) return async () => undefined; // launchBrowser says what to do
  const server = await chromium.launchServer({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
