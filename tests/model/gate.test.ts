// The coverage gate: every machine exported under src/machines has a QA catalogue (whose paths must take every
// transition and enter every state: paths.test.ts checks that while it replays them), and its diagram in
// docs/machines is the one its config draws today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramDocument } from './qa/diagram.ts';
import { catalogueFileFor, findCatalogues, findMachines, ROOT } from './qa/registry.ts';

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
    const file = join(ROOT, 'docs/machines', `${name}.md`);
    let written = '';
    try {
      written = readFileSync(file, 'utf8');
    } catch {
      written = '(missing)';
    }
    expect(written).toBe(diagramDocument(name, found.file, found.machine));
  });
});

it('every catalogue belongs to a machine of src/machines', () => {
  const orphans = catalogues.filter((catalogue) => !machines.some((found) => found.machine === catalogue.qa.machine));
  expect(orphans.map((catalogue) => catalogue.file)).toEqual([]);
});
