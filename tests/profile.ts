/*
 * npm run test:profile [-- --no-build] [-- VITEST ARGS]: where the test time goes.
 * Runs the test command (tests/run.ts: typecheck and build, unless --no-build, and both lines of vitest runs, narrowed
 * by the arguments) with VITRINE_TEST_PROFILE set, then prints the 25 slowest test files, the 25 using the most CPU, and the time spent making
 * database templates, starting databases and servers, launching browsers, waiting in pages and tearing down
 * (tests/helpers/profile.ts records them; the phases' wall times are printed by the test command itself).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const vitestArgs = args.filter((arg) => arg !== '--no-build');
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-profile-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const began = performance.now();
const tested = spawnSync('npx', ['tsx', path.join(import.meta.dirname, 'run.ts'), ...vitestArgs], {
  stdio: 'inherit',
  env: { ...process.env, VITRINE_TEST_PROFILE: directory, ...(build ? {} : { VITRINE_TEST_NO_BUILD: '1' }) },
});
const phases: [string, number][] = [['the test command (wall)', performance.now() - began]];

interface FileTimes {
  project: string;
  file: string;
  tests: number;
  state: string;
  prepareMs: number;
  importMs: number;
  testsMs: number;
}
interface Step {
  project: string;
  file: string;
  phase: string;
  ms: number;
}
const files: FileTimes[] = fs
  .readdirSync(directory)
  .filter((name) => /^files-\d+\.json$/.test(name))
  .flatMap((name) => JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) as FileTimes[]);
const steps: Step[] = fs
  .readdirSync(directory)
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) => fs.readFileSync(path.join(directory, name), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Step));
fs.rmSync(directory, { recursive: true, force: true });

const key = (project: string, file: string) => `${project} ${file}`;
const stepsByFile = new Map<string, Map<string, number>>();
const totals = new Map<string, number>();
for (const step of steps) {
  const perFile = stepsByFile.get(key(step.project, step.file)) ?? new Map<string, number>();
  perFile.set(step.phase, (perFile.get(step.phase) ?? 0) + step.ms);
  stepsByFile.set(key(step.project, step.file), perFile);
  totals.set(step.phase, (totals.get(step.phase) ?? 0) + step.ms);
}
const wall = (file: FileTimes) => file.prepareMs + file.importMs + file.testsMs;
const sorted = [...files].sort((a, b) => wall(b) - wall(a));

console.log(`\nThe 25 slowest test files of ${files.length} (wall = worker setup + import + tests and hooks):`);
for (const file of sorted.slice(0, 25)) {
  const parts = [`setup ${seconds(file.prepareMs)}`, `import ${seconds(file.importMs)}`];
  for (const [phase, ms] of stepsByFile.get(key(file.project, file.file)) ?? []) parts.push(`${phase} ${seconds(ms)}`);
  console.log(`${seconds(wall(file)).padStart(8)}  ${file.project.padEnd(12)} ${file.file} (${file.tests} tests${file.state === 'failed' ? ', FAILED' : ''}; ${parts.join(', ')})`);
}

// Wall times stretch with the machine's load; CPU seconds compare across runs (tests/helpers/cpuSetup.ts).
const cpuOf = (file: FileTimes) => stepsByFile.get(key(file.project, file.file))?.get('cpu') ?? 0;
const byCpu = files.filter((file) => cpuOf(file) > 0).sort((a, b) => cpuOf(b) - cpuOf(a));
if (byCpu.length > 0) {
  console.log(`\nThe 25 test files using the most CPU (the worker's user + system time; a browser file's Chromium not counted):`);
  for (const file of byCpu.slice(0, 25)) console.log(`${seconds(cpuOf(file)).padStart(8)}  ${file.project.padEnd(12)} ${file.file} (wall ${seconds(wall(file))})`);
}

const sum = (pick: (file: FileTimes) => number) => files.reduce((total, file) => total + pick(file), 0);
console.log('\nEach project (its files one after another; a line of work runs its projects in its worker):');
for (const project of [...new Set(files.map((file) => file.project))].sort()) {
  const own = files.filter((file) => file.project === project);
  const cpu = own.reduce((total, file) => total + (stepsByFile.get(key(file.project, file.file))?.get('cpu') ?? 0), 0);
  console.log(`  ${project.padEnd(16)} ${String(own.length).padStart(4)} files ${seconds(own.reduce((total, file) => total + wall(file), 0)).padStart(9)}, CPU ${seconds(cpu).padStart(8)}`);
}
console.log('\nWhere the time went (summed over files; files run side by side, so sums exceed the wall time):');
for (const [name, ms] of phases) console.log(`  ${name.padEnd(44)} ${seconds(ms)}`);
const describe: Record<string, string> = {
  template: 'making the migrated database dump/template',
  database: 'starting test databases (load/clone, admin)',
  server: 'starting test servers (build app, listen)',
  browser: 'launching Chromium',
  wait: 'pages waiting (address, response, selector)',
  teardown: 'closing servers, databases and browsers',
  cpu: 'CPU of the test workers (user + system; not Chromium)',
};
console.log(`  ${'worker setup of the files'.padEnd(44)} ${seconds(sum((file) => file.prepareMs))}`);
console.log(`  ${'importing the test files'.padEnd(44)} ${seconds(sum((file) => file.importMs))}`);
console.log(`  ${'tests and hooks'.padEnd(44)} ${seconds(sum((file) => file.testsMs))}`);
for (const phase of Object.keys(describe)) {
  const count = steps.filter((step) => step.phase === phase).length;
  console.log(`    ${`${describe[phase]} (${count}x)`.padEnd(42)} ${seconds(totals.get(phase) ?? 0)}`);
}
process.exit(tested.status ?? 1);
