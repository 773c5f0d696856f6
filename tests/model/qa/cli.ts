// npm run qa:paths [-- <machine> ...] [-- --markdown]: the transition-cover paths in words (docs/qa/<machine>.md).
// npm run qa:walk -- [<machine> ...] --budget steps=N,seconds=S [--steps K] [--seed N]: budgeted, coverage-guided walks.
// npm run qa:requirements [-- --markdown]: every spec requirement with the paths that check it (docs/qa/REQUIREMENTS.md).
// npm run qa:diagrams: a Mermaid diagram of every machine (docs/machines/<machine>.md).
// npm run qa:coverage: what the replayed paths covered (docs/qa/COVERAGE.md).
// npm run qa:walk -- <machine> [--seed N] [--steps K]: a seeded random walk, judged; a failure is shrunk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageDocument, replayCoverage, uncovered, type MachineCoverage } from './coverage.ts';
import { diagramDocument } from './diagram.ts';
import { budgetInWords, checkWalk, walkInWords, walkWithin } from './walk.ts';
import { catalogueFileFor, findCatalogues, findMachines, ROOT } from './registry.ts';
import { requirementReport } from './requirements.ts';
import { machinePage } from './words.ts';
import { memoryStorage } from '../../../src/services/tokenStore.ts';

// The catalogues prepare stored sessions and themes as a browser would keep them.
globalThis.localStorage ??= memoryStorage();
globalThis.sessionStorage ??= memoryStorage();

const [command, ...rest] = process.argv.slice(2);
const markdown = rest.includes('--markdown');
const option = (name: string, fallback: number) => {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? Number(rest[at + 1]) : fallback;
};
const wanted = rest.filter((arg, index) => !arg.startsWith('--') && !['--seed', '--steps', '--budget'].includes(rest[index - 1] ?? ''));

const machines = await findMachines();
const catalogues = await findCatalogues();

if (command === 'diagrams') {
  mkdirSync(join(ROOT, 'docs/machines'), { recursive: true });
  for (const found of machines) {
    writeFileSync(join(ROOT, 'docs/machines', `${found.name}.md`), diagramDocument(found.name, found.file, found.machine));
  }
  writeFileSync(join(ROOT, 'docs/machines/README.md'), machineIndex());
  console.log(`Wrote ${machines.length} diagrams to docs/machines/.`);
} else if (command === 'paths') {
  const unknown = wanted.filter((name) => !machines.some((found) => found.name === name));
  if (unknown.length) {
    console.error(`No machine named ${unknown.join(', ')}; known: ${machines.map((found) => found.name).join(', ')}`);
    process.exitCode = 1;
  }
  for (const found of machines.filter((candidate) => !wanted.length || wanted.includes(candidate.name))) {
    const catalogue = catalogues.find((candidate) => candidate.qa.machine === found.machine);
    if (!catalogue) {
      console.error(`${found.name}: no catalogue; add ${catalogueFileFor(found)}`);
      process.exitCode = 1;
      continue;
    }
    const { paths, document, unfollowable } = await machinePage(found.name, catalogue.qa);
    if (markdown) {
      mkdirSync(join(ROOT, 'docs/qa'), { recursive: true });
      writeFileSync(join(ROOT, 'docs/qa', `${found.name}.md`), document);
      console.log(`docs/qa/${found.name}.md: ${paths.length} paths${unfollowable.length ? `; ${unfollowable.length} things keep a tester from following it` : ''}`);
      // Named when machines are asked for by name (the gate holds the machines of tests/model/qa/followable.ts to none).
      if (wanted.length) for (const line of unfollowable) console.log(`  ${line}`);
    } else {
      console.log(document);
    }
  }
} else if (command === 'coverage') {
  const coverages: MachineCoverage[] = [];
  for (const catalogue of [...catalogues].sort((a, b) => a.name.localeCompare(b.name))) coverages.push(await replayCoverage(catalogue.name, catalogue.qa));
  const document = coverageDocument(coverages);
  mkdirSync(join(ROOT, 'docs/qa'), { recursive: true });
  writeFileSync(join(ROOT, 'docs/qa/COVERAGE.md'), document);
  console.log(document);
  if (coverages.some((coverage) => uncovered(coverage).length)) process.exitCode = 1;
} else if (command === 'requirements') {
  const report = await requirementReport(machines, catalogues);
  if (markdown) {
    mkdirSync(join(ROOT, 'docs/qa'), { recursive: true });
    writeFileSync(join(ROOT, 'docs/qa/REQUIREMENTS.md'), report.document);
    console.log('docs/qa/REQUIREMENTS.md written');
  } else {
    console.log(report.document);
  }
  for (const problem of [
    ...report.unchecked.map((item) => `no path checks ${item}`),
    ...report.unknown.map((item) => `not a requirement: ${item}`),
    ...report.missingTests.map((item) => `no such test file: ${item}`),
  ]) {
    console.error(problem);
    process.exitCode = 1;
  }
} else if (command === 'walk' && rest.includes('--budget')) {
  // npm run qa:walk -- [<machine> ...] --budget steps=N,seconds=S [--steps K (each walk's length)] [--seed N (the first)]
  const spec = Object.fromEntries((rest[rest.indexOf('--budget') + 1] ?? '').split(',').map((part) => part.split('=') as [string, string]));
  const steps = Number(spec.steps ?? 2000);
  const seconds = Number(spec.seconds ?? 30);
  const chosen = wanted.length ? catalogues.filter((catalogue) => wanted.includes(catalogue.name)) : catalogues;
  if (!Number.isFinite(steps) || !Number.isFinite(seconds) || steps < 1 || seconds <= 0 || !chosen.length) {
    console.error('Usage: npm run qa:walk -- [<machine> ...] --budget steps=N,seconds=S [--steps K] [--seed N]: walks each machine (every machine when none is named) until N steps or S seconds are spent, a walk fails, or every state-by-event pair and every requirement its catalogue names is taken');
    process.exitCode = 2;
  }
  for (const catalogue of chosen) {
    const result = await walkWithin(catalogue.qa, { steps, seconds, length: option('steps', 60), from: option('seed', 1) });
    console.log(budgetInWords(catalogue.name, result));
    if (result.failure) process.exitCode = 1;
  }
} else if (command === 'walk') {
  const seed = option('seed', 1);
  const steps = option('steps', 30);
  const chosen = catalogues.filter((catalogue) => wanted.includes(catalogue.name));
  if (!chosen.length || !Number.isInteger(seed) || !Number.isInteger(steps) || steps < 1) {
    console.error(`Usage: npm run qa:walk -- <machine> [--seed N] [--steps K]; machines: ${catalogues.map((catalogue) => catalogue.name).join(', ')}`);
    process.exitCode = 2;
  }
  for (const catalogue of chosen) {
    const result = await checkWalk(catalogue.qa, seed, steps);
    console.log(walkInWords(catalogue.name, result));
    if (!result.shrunk) console.log(result.path.steps.map((sample, index) => `  ${index + 1}. ${sample}`).join('\n'));
    if (result.shrunk) process.exitCode = 1;
  }
} else {
  console.error('Usage: tsx tests/model/qa/cli.ts paths [<machine> ...] [--markdown] | requirements [--markdown] | diagrams | coverage | walk <machine> [--seed N] [--steps K]');
  process.exitCode = 2;
}

function machineIndex(): string {
  return [
    '# Machines',
    '',
    'One Mermaid state diagram per machine of `src/machines`, written by `npm run qa:diagrams`. The QA paths of each',
    'machine (numbered steps to follow by hand) are in [docs/qa](../qa/).',
    '',
    ...machines.map((found) => `- [${found.name}](${found.name}.md) (\`${found.file}\`), paths: [docs/qa/${found.name}.md](../qa/${found.name}.md)`),
    '',
  ].join('\n');
}
