import fs from 'node:fs';
import path from 'node:path';

/*
 * Where the test time goes (npm run test:profile, tests/profile.ts): the helpers time their expensive steps with timed(),
 * and when VITRINE_TEST_PROFILE names a directory each step is appended there as one JSON line
 * {project, file, phase, ms}. Without it timed() only runs the step.
 */

export type Phase =
  /** making the migrated PGlite dump or PostgreSQL template (once per run) */
  | 'template'
  /** a test database: a PGlite loaded from the dump, or a PostgreSQL clone, plus the bootstrap */
  | 'database'
  /** building the app and listening */
  | 'server'
  /** launching or connecting to Chromium */
  | 'browser'
  /** closing servers, browsers and databases */
  | 'teardown'
  /** a page waiting for an address, a response, a selector or an event */
  | 'wait'
  /** CPU time (user + system) of the worker process while the file was imported and ran (tests/helpers/cpuSetup.ts) */
  | 'cpu';

const directory = process.env.VITRINE_TEST_PROFILE;

interface WorkerState {
  filepath?: string;
  current?: { file?: { filepath?: string } };
  config?: { name?: string };
}

/** The project and test file running in this worker (absent outside vitest). */
function currentFile(): { project: string; file: string } {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  const file = state?.current?.file?.filepath ?? state?.filepath;
  return { project: state?.config?.name ?? '', file: file ? path.relative(process.cwd(), file) : `(${path.basename(process.argv[1] ?? 'node')})` };
}

export function record(phase: Phase, ms: number): void {
  if (!directory) return;
  fs.appendFileSync(path.join(directory, `${process.pid}.jsonl`), `${JSON.stringify({ ...currentFile(), phase, ms: Math.round(ms) })}\n`);
}

/** Runs fn and records how long it took under `phase`. */
export async function timed<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
  if (!directory) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    record(phase, performance.now() - started);
  }
}
