// The coverage gate: every machine exported under src/machines has a QA catalogue (whose paths must take every
// transition and enter every state: paths.test.ts checks that while it replays them), its diagram in
// docs/machines is the one its config draws today, its page in docs/qa is the one `npm run qa:paths` writes
// today, and every link of docs/machines/README.md leads to a file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramDocument } from './qa/diagram.ts';
import { FOLLOWABLE } from './qa/followable.ts';
import { catalogueFileFor, findCatalogues, findMachines, ROOT } from './qa/registry.ts';
import { requirementReport } from './qa/requirements.ts';
import { machinePage } from './qa/words.ts';

function readOrMissing(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '(missing)';
  }
}

const machines = await findMachines();
const catalogues = await findCatalogues();

describe.each(machines.map((found) => [found.name, found] as const))('%s', (name, found) => {
  const catalogue = catalogues.find((candidate) => candidate.qa.machine === found.machine);

  it('has a QA catalogue', () => {
    expect(
      catalogue ? null : `${found.exportName} (${found.file}) has no QA catalogue: add ${catalogueFileFor(found)} with \`export default defineQa({ machine: ${found.exportName}, ... })\` (sample events, expectations; see tests/model/README.md)`,
    ).toBeNull();
  });

  it(`docs/machines/${name}.md is up to date (npm run qa:diagrams)`, () => {
    expect(readOrMissing(join(ROOT, 'docs/machines', `${name}.md`))).toBe(diagramDocument(name, found.file, found.machine));
  });

  it(`docs/qa/${name}.md is up to date (npm run qa:paths -- ${name} --markdown)`, async () => {
    expect(catalogue, `${name} has no catalogue, so no docs/qa page`).toBeDefined();
    const { document, problems } = await machinePage(name, catalogue!.qa);
    // The page's own steps (the paths with their "nothing happens" steps) hold on the machine.
    expect(problems).toEqual([]);
    expect(readOrMissing(join(ROOT, 'docs/qa', `${name}.md`))).toBe(document);
    // A page replays every path: the largest take seconds on a loaded machine (5 s timed out under load).
  }, 60_000);

  if (FOLLOWABLE.includes(name)) {
    it(`docs/qa/${name}.md is a page a tester can follow (preconditions, screen words, how to cause failures)`, async () => {
      const { unfollowable } = await machinePage(name, catalogue!.qa);
      expect(unfollowable).toEqual([]);
    }, 60_000);
  }
});

it('every machine of tests/model/qa/followable.ts exists', () => {
  expect(FOLLOWABLE.filter((name) => !machines.some((found) => found.name === name))).toEqual([]);
});

// Every machine's page is one a tester can follow (issue 28): a new machine joins followable.ts with its page to standard.
it('every machine is in tests/model/qa/followable.ts', () => {
  expect(machines.map((found) => found.name).filter((name) => !FOLLOWABLE.includes(name))).toEqual([]);
});

it('every link of docs/machines/README.md leads to a file (npm run qa:diagrams, npm run qa:paths -- --markdown)', () => {
  const index = join(ROOT, 'docs/machines/README.md');
  const links = [...readFileSync(index, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((link) => !/^[a-z]+:/.test(link));
  expect(links.length).toBeGreaterThan(machines.length);
  expect(links.filter((link) => !existsSync(join(dirname(index), link)))).toEqual([]);
});

it('every catalogue belongs to a machine of src/machines', () => {
  const orphans = catalogues.filter((catalogue) => !machines.some((found) => found.machine === catalogue.qa.machine));
  expect(orphans.map((catalogue) => catalogue.file)).toEqual([]);
});

it('every spec requirement is checked by a path or names its test outside the machines, and docs/qa/REQUIREMENTS.md is up to date (npm run qa:requirements -- --markdown)', async () => {
  const report = await requirementReport(machines, catalogues);
  expect(report.unchecked, 'no path checks these requirements: tag the steps that check them with req ids (tests/model/requirements.ts)').toEqual([]);
  expect(report.unknown, 'catalogues name ids that are not requirements').toEqual([]);
  expect(report.missingTests, 'requirements checked outside the machines name a test file that does not exist').toEqual([]);
  expect(readOrMissing(join(ROOT, 'docs/qa/REQUIREMENTS.md'))).toBe(report.document);
  // Replays every page when run alone (the pages' tests above make them once per process otherwise).
}, 120_000);
