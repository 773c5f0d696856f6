// The exported browser tests: for a machine with an adapter (tests/e2e/paths/<machine>.adapter.ts), the file
// `npm run qa:export -- <machine>` writes (tests/e2e/exported/<machine>.paths.ts): one test per browser path of its
// catalogue, each step spelled out (the sample's words, the user action, the outcome arranged on the network, the
// states waited for on screen). tests/e2e/exported-<n>.test.ts, written beside them, run the machines in a few test files
// (exportedGroups), the machines of one file sharing one server (see suite.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot } from 'xstate';
import { pureInitial, pureStep } from '../../model/qa/graph.ts';
import { expectationsFor } from '../../model/qa/run.ts';
import { ROOT } from '../../model/qa/registry.ts';
import type { QaCatalogue, StepExpectation } from '../../model/qa/catalogue.ts';
import { browserPaths, type Adapter } from './replay.ts';

/** Where the exported files live, relative to the repository root. */
export const EXPORTED_DIR = 'tests/e2e/exported';
/** How many test files run the exported machines: the browser line runs files side by side, and one file of every machine
 * (163 s) ran alone at the end of it, the smallest file going last. */
export const EXPORTED_GROUPS = 3;
/** The test files that run the exported machines, relative to the repository root: tests/e2e/exported-<n>.test.ts. */
export const exportedIndex = (group: number) => `tests/e2e/exported-${group}.test.ts`;
/** How to run one machine's exported paths (vitest takes a part of a file's path: every exported-<n> file). */
const RUN_ONE = 'npm run build && npx vitest run --project e2e tests/e2e/exported-';
/** The file name of a machine's exported paths in EXPORTED_DIR. */
export const exportedName = (machine: string) => `${machine}.paths.ts`;

/**
 * The machines of each test file: the machine with the most browser paths goes to the file with the fewest so far (ties
 * by name), so the files take about as long; every machine's paths share the one server of their file (suite.ts).
 */
export function exportedGroups(adapters: FoundAdapter[]): FoundAdapter[][] {
  const groups = Array.from({ length: EXPORTED_GROUPS }, () => ({ paths: 0, machines: [] as FoundAdapter[] }));
  const weighed = adapters.map((found) => ({ found, paths: browserPaths(found.adapter).paths.length }));
  weighed.sort((a, b) => b.paths - a.paths || a.found.name.localeCompare(b.found.name));
  for (const { found, paths } of weighed) {
    const lightest = groups.reduce((best, group) => (group.paths < best.paths ? group : best));
    lightest.paths += paths;
    lightest.machines.push(found);
  }
  return groups.map((group) => group.machines.sort((a, b) => a.name.localeCompare(b.name)));
}

/** The text of tests/e2e/exported-<n>.test.ts: the machines of its group, imported in name order. */
export function exportIndex(machines: FoundAdapter[]): string {
  return [
    ...comment(
      '',
      `The exported browser tests of a share of the machines with an adapter (exportedGroups: ${EXPORTED_GROUPS} files that run side by side): each machine's paths (${EXPORTED_DIR}/<machine>.paths.ts) play on this file's one real server and the shared Chromium (tests/e2e/paths/suite.ts). Written by \`npm run qa:export -- --all\`; tests/model/export.test.ts fails while it is not what the export writes.`,
    ),
    `// Run one machine: ${RUN_ONE} -t '<machine> in the browser'`,
    ...machines.map((found) => `import './exported/${exportedName(found.name)}';`),
    '',
  ].join('\n');
}

/** An adapter found in tests/e2e/paths: the machine it plays, its file and export. */
export interface FoundAdapter {
  name: string;
  file: string;
  exportName: string;
  adapter: Adapter;
}

/** Every `<machine>.adapter.ts` of tests/e2e/paths (its `<machine>Adapter` export). */
export async function findAdapters(): Promise<FoundAdapter[]> {
  const dir = 'tests/e2e/paths';
  const found: FoundAdapter[] = [];
  for (const file of readdirSync(join(ROOT, dir)).filter((entry) => entry.endsWith('.adapter.ts')).sort()) {
    const name = file.replace(/\.adapter\.ts$/, '');
    const exportName = `${name}Adapter`;
    const module = (await import(pathToFileURL(join(ROOT, dir, file)).href)) as Record<string, Adapter | undefined>;
    const adapter = module[exportName];
    if (!adapter) throw new Error(`${dir}/${file} has no export ${exportName}`);
    found.push({ name, file: `${dir}/${file}`, exportName, adapter });
  }
  return found;
}

/** The samples of an adapter's catalogue without a user action (or an arranged outcome, or a reason why not). */
export function unmappedSamples(adapter: Adapter): { unmapped: string[]; unknown: string[] } {
  const mapped = new Set([...Object.keys(adapter.act), ...Object.keys(adapter.arrange ?? {}), ...Object.keys(adapter.unsupported ?? {})]);
  const user = Object.entries(adapter.qa.events).filter(([, event]) => !event.type.startsWith('xstate.')).map(([sample]) => sample);
  return { unmapped: user.filter((sample) => !mapped.has(sample)), unknown: [...mapped].filter((sample) => !(sample in adapter.qa.events)) };
}

const quote = (text: string) => (text.includes("'") ? JSON.stringify(text) : `'${text.replace(/\\/g, '\\\\')}'`);
/** A comment line of at most ~120 characters per line, cut at spaces. */
function comment(indent: string, text: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 118) {
      lines.push(`${indent}// ${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${indent}// ${line}`);
  return lines;
}

function statesOf(expectations: StepExpectation[]): string[] {
  return [...new Set(expectations.map((expectation) => expectation.to ?? '').filter(Boolean))];
}

function screenOf(expectations: StepExpectation[]): string[] {
  return [...new Set(expectations.flatMap((expectation) => expectation.screen ?? []))];
}

/** The text of tests/e2e/exported/<name>.paths.ts for an adapter. */
export function exportFile(found: FoundAdapter, catalogueFile: string): string {
  const { adapter, name } = found;
  const qa: QaCatalogue = adapter.qa;
  const { paths } = browserPaths(adapter);
  const I = '    ';
  const out: string[] = [
    ...comment('', `${qa.title}: the QA paths of the ${name} machine in Chromium, against the real app and server.`),
    ...comment(
      '',
      `Written by \`npm run qa:export -- ${name}\` from the catalogue ${catalogueFile} (the paths, the state each step reaches) and the adapter ${found.file} (each step's user action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again: tests/model/export.test.ts fails while this file is not what the export writes.`,
    ),
    `// Run it: ${RUN_ONE} -t '${name} in the browser'`,
    "import { describe, it } from 'vitest';",
    `import { ${found.exportName} } from '../paths/${found.file.split('/').pop()!.replace(/\.ts$/, '.ts')}';`,
    "import { browserSuite } from '../paths/suite.ts';",
    '',
    `const suite = browserSuite(${found.exportName});`,
    '',
    `describe(${quote(`${name} in the browser`)}, () => {`,
  ];
  const usedStates = new Set<string>();
  paths.forEach((path, index) => {
    const body: string[] = [];
    const uses = new Set<string>(['start', 'end']);
    const starts = qa.starts ?? { start: () => {} };
    const input = starts[path.start]?.() ?? qa.input;
    let snapshot = pureInitial(qa.machine, input).snapshot as AnyMachineSnapshot;
    const waitFor = (states: string[]) => {
      for (const state of states) {
        if (adapter.shows[state]) {
          body.push(`${I}await shows(${quote(state)});`);
          uses.add('shows');
          usedStates.add(state);
        } else body.push(...comment(I, `(${state}: nothing to wait for on screen)`));
      }
    };
    // An outcome arranged on the network is set up before the last action that precedes it (the request that
    // action starts, or one made after it without a user action, is the one answered so).
    const acting = (step: number) => !!adapter.act[path.steps[step]!];
    const arrangedBefore = new Map<number, number[]>();
    path.steps.forEach((sample, step) => {
      if (!adapter.arrange?.[sample]) return;
      let before = step - 1;
      while (before >= 0 && !acting(before)) before -= 1;
      arrangedBefore.set(before, [...(arrangedBefore.get(before) ?? []), step]);
    });
    const arrangeFor = (step: number) => {
      for (const later of arrangedBefore.get(step) ?? []) {
        const sample = path.steps[later]!;
        body.push(...comment(I, `Arranged now for step ${later + 1}: ${sample}.`));
        body.push(`${I}await arrange(${quote(sample)});`);
        uses.add('arrange');
      }
    };
    const before = qa.preconditions?.[path.start];
    body.push(...comment(I, `Start${path.start === 'start' ? '' : `: ${path.start}`}.${before ? ` As ${before.user}, ${before.route}${before.data ? `; ${before.data}` : ''}.` : ''}`));
    arrangeFor(-1);
    body.push(`${I}await start(${quote(path.start)});`);
    const initial = qa.initial?.[path.start];
    if (initial !== undefined) waitFor([typeof initial === 'string' ? initial : (initial.to ?? '')].filter(Boolean));
    path.steps.forEach((sample, step) => {
      const expectations = expectationsFor(qa, snapshot, sample);
      snapshot = pureStep(qa.machine, snapshot, qa.events[sample]!).snapshot as AnyMachineSnapshot;
      const user = !qa.events[sample]!.type.startsWith('xstate.');
      body.push('');
      const how = user || adapter.act[sample] ? '' : adapter.arrange?.[sample] ? ' (as arranged)' : ' (the real server answers)';
      body.push(...comment(I, `${step + 1}. ${sample}${how}`));
      if (adapter.act[sample]) {
        arrangeFor(step);
        body.push(`${I}await act(${quote(sample)});`);
        uses.add('act');
      } else if (user) throw new Error(`${name}: "${sample}" has no user action in ${found.file}`);
      const screen = screenOf(expectations);
      if (screen.length) body.push(...comment(I, `Then the screen shows: ${screen.join('; ')}`));
      waitFor(statesOf(expectations));
    });
    body.push(`${I}await end();`);
    const names = ['start', 'act', 'arrange', 'shows', 'end'].filter((item) => uses.has(item));
    const title = `path ${index + 1} from ${path.start}: ${path.steps.length} step${path.steps.length === 1 ? '' : 's'}`;
    // The project's 120 s, or 15 s a step for a long path: the 14 steps of upload's first path (a real file through ffmpeg)
    // ran over 120 s in two full runs with both lines' files side by side, and took about 40 s alone.
    const timeout = Math.max(120, path.steps.length * 15);
    out.push(`  it(${quote(title)}, async () => {`, `${I}const { ${names.join(', ')} } = await suite.path();`, ...body, timeout > 120 ? `  }, ${timeout}_000);` : '  });', '');
  });
  if (out[out.length - 1] === '') out.pop();
  out.push('});', '');
  return out.join('\n');
}
