import { afterAll } from 'vitest';
import { record } from './profile.ts';

/*
 * npm run test:profile: the CPU time of each test file, the worker's user + system time from before the file's import to
 * its last hook (vitest runs its setup files again before each test file, and every project runs one file at a time per
 * worker, so the worker's time is the file's: importing it, its tests, and its servers and PGlite databases, which run in
 * the worker; not Chromium's, a process of its own). Set up only when profiling (vitest.config.ts): wall times on a
 * shared or loaded machine say little, CPU seconds compare across runs.
 */
const started = process.cpuUsage();
afterAll(() => {
  const used = process.cpuUsage(started);
  record('cpu', (used.user + used.system) / 1000);
});
