/*
 * npm test: the whole test command, on two cores in two lines of work that run side by side.
 *   1. Chromium first: when it is missing, a root user with apt gets it installed (said so); anyone else is told the
 *      exact command, before any other work.
 *   2. the vitest projects that need no build (unit, model, api, api-s3, and api-postgres with VITRINE_TEST_PG);
 *   3. meanwhile the build, then the browser tests (e2e) on it;
 *   4. and beside both, once the build has ended, the typecheck. It ran before the node tests, which made it part of the
 *      longer line: at 2,2 from a fresh clone the node line took 913-1021 s of which the typecheck 67-85 s, while the
 *      browser line took 844-945 s. Beside the build it slowed the build, the browser line's first step.
 *      A failed typecheck still stops the rest.
 * vitest's default on two cores is one worker, so each line ran one file at a time and the machine sat at ~102% of its 200%
 * (the files wait on timers, sockets and pages more than they compute). VITRINE_TEST_WORKERS="node,browser" sets the files
 * each line runs at once, default 2,2: at 1,1 a full run took 19 min 59 s, at 2,2 16 min 22 s. Its one failure at 2,2 was
 * no race of the tests but a deadlock of the server (a device edit against the schedule compiler's store on PostgreSQL,
 * fixed in server/db/schedules.ts). Long ago 3,2 went to load 12 and over 20 minutes, with media processing and an upload
 * path cut off by their timeouts.
 * Each line's output is prefixed with its name; the wall time of each phase is printed as it ends and again at the end,
 * followed by one closing line "Tests: N passed, N failed, N skipped" over both vitest runs.
 * Extra arguments go to both vitest runs (e.g. `npm test -- --bail 1`); `--project NAME` runs only the lines and projects named.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const vitestArgs = process.argv.slice(2);
/** npm run test:profile -- --no-build: the tests alone, on the dist/ already built. */
const skipBuild = process.env.VITRINE_TEST_NO_BUILD === '1';
/** Files run at once in each line: VITRINE_TEST_WORKERS="node,browser". */
const [nodeWorkers, browserWorkers] = (process.env.VITRINE_TEST_WORKERS ?? '2,2').split(',').map((count) => Math.max(1, Number.parseInt(count, 10) || 1));
/**
 * The typecheck is incremental: tsc keeps what it learnt of each file (and its errors) in a build-info file and checks
 * again only the files changed since and those whose view of them changed (54 s of CPU for the whole tree, 12 s with
 * nothing changed, 38 s after an edit of a helper many tests import). Kept in the temporary directory, one per checkout
 * (worktrees share node_modules, not this file).
 */
const tsBuildInfo = path.join(os.tmpdir(), `vitrine-tsc-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}.tsbuildinfo`);
const started = performance.now();
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const times: [string, number][] = [];

function say(message: string) {
  console.log(`test: ${message}`);
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Chromium present, installed here (root with apt), or a stop with the exact command. */
function ensureChromium() {
  if (fs.existsSync(chromePath)) return;
  const root = process.getuid?.() === 0;
  if (root && has('apt-get') && !process.env.CHROME_PATH) {
    say(`Chromium is missing at ${chromePath}: installing it with apt-get (apt-get update && apt-get install -y chromium fonts-dejavu-core)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && fs.existsSync(chromePath)) return say(`Chromium installed at ${chromePath}`);
    say(`installing Chromium failed (exit ${install.status}); install it by hand: apt-get install -y chromium`);
    process.exit(1);
  }
  if (process.env.CHROME_PATH) {
    say(`CHROME_PATH is ${chromePath}, which does not exist: point it at a Chromium or Chrome binary, or unset it to use /usr/bin/chromium.`);
  } else {
    const command = has('apt-get') ? `${root ? '' : 'sudo '}apt-get install -y chromium` : 'install Chromium, then: export CHROME_PATH=/path/to/chromium';
    say(`Chromium is missing at ${chromePath}; the browser tests need it. Run:\n\n    ${command}\n\nthen npm test again.`);
  }
  process.exit(1);
}

const running = new Set<ChildProcess>();
// The steps write to a pipe (their lines are prefixed here): colours only when this command writes to a terminal.
const colour = process.stdout.isTTY && !('NO_COLOR' in process.env) ? { ...process.env, FORCE_COLOR: '1' } : process.env;
let failed = false;

/** Runs a command with its output prefixed; resolves with its exit status and records its wall time as `name`. */
function step(name: string, prefix: string, command: string, args: string[], capture?: string[]): Promise<number> {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: colour });
    running.add(child);
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          capture?.push(line);
          process.stdout.write(`${prefix} ${line}\n`);
        }
      });
      stream.on('end', () => {
        if (rest) {
          capture?.push(rest);
          process.stdout.write(`${prefix} ${rest}\n`);
        }
      });
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      const ms = performance.now() - begun;
      times.push([name, ms]);
      const status = code ?? (signal ? 1 : 0);
      say(`${name} ${status === 0 ? 'done' : `FAILED (exit ${code ?? signal})`} in ${seconds(ms)}`);
      resolve(status);
    });
  });
}

/** A failed step stops the other line of work too, as `a && b && c` did. */
function stopAll() {
  failed = true;
  for (const child of running) child.kill('SIGTERM');
}

ensureChromium();

// `--project NAME` among the arguments narrows the lines to those projects (a line with none of them is left out).
const asked: string[] = [];
const otherArgs = vitestArgs.filter((arg, index) => {
  if (arg === '--project') return false;
  if (vitestArgs[index - 1] === '--project') return void asked.push(arg);
  if (arg.startsWith('--project=')) return void asked.push(arg.slice('--project='.length));
  return true;
});
const chosen = (name: string) => asked.length === 0 || asked.includes(name);
const projects = ['unit', 'unit-isolated', 'model', 'api', 'api-s3', ...(process.env.VITRINE_TEST_PG ? ['api-postgres'] : [])].filter(chosen);
const nodeOutput: string[] = [];
const browserOutput: string[] = [];

/** Settles when the browser line's build has ended (at once when there is none). */
let buildEnded: () => void = () => undefined;
const built = new Promise<void>((resolve) => {
  buildEnded = resolve;
});

// The typecheck runs beside the two lines, not before the node tests: nothing waits for it but the result (a failed
// typecheck still stops everything). It starts once the build has ended: the build is the first step of the browser
// line, and the typecheck beside it took a third of the CPU it needed (build alone 43.5 s, beside a full typecheck 66 s,
// at the same load of ~10 on this 2-core machine; the build's own CPU 17.6 s either way).
const typecheck = (async () => {
  if (skipBuild) return;
  await built;
  if (failed) return;
  if ((await step('typecheck', '[typecheck]', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', tsBuildInfo])) !== 0) stopAll();
})();

const nodeLine = (async () => {
  if (failed || projects.length === 0) return;
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  if ((await step(`vitest ${projects.join(', ')}`, `[${projects.join(',')}]`, 'npx', ['vitest', 'run', '--passWithNoTests', `--maxWorkers=${nodeWorkers}`, ...projectArgs, ...otherArgs], nodeOutput)) !== 0) failed = true;
})();

const browserLine = (async () => {
  // Narrowed to projects without the browser tests (`--project api`), the build is not needed.
  if (!chosen('e2e')) return buildEnded();
  const status = skipBuild ? 0 : await step('build', '[build]', 'npm', ['run', '--silent', 'build']);
  buildEnded();
  if (status !== 0) return stopAll();
  if (failed) return;
  if ((await step('vitest e2e', '[e2e]', 'npx', ['vitest', 'run', '--passWithNoTests', `--maxWorkers=${browserWorkers}`, '--project', 'e2e', ...otherArgs], browserOutput)) !== 0) failed = true;
})();

await Promise.all([typecheck, nodeLine, browserLine]);

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const line of [...nodeOutput, ...browserOutput]) {
  const match = /^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/.exec(line);
  if (!match) continue;
  counts.passed += Number(match[1]);
  counts.failed += Number(match[2]);
  counts.skipped += Number(match[3]);
}
console.log('\nWall time of each phase (the typecheck, the node tests, and the build then the browser tests run side by side):');
for (const [name, ms] of times) console.log(`  ${name.padEnd(44)} ${seconds(ms)}`);
console.log(`  ${'npm test'.padEnd(44)} ${seconds(performance.now() - started)}`);
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
