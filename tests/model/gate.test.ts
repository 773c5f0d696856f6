// The coverage gate: every machine exported under src/machines has a QA catalogue, its generated paths take
// every transition and enter every state (but the ones its catalogue lists as unreachable, with the reason),
// and its diagram in docs/machines is the one its config draws today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramDocument } from './qa/diagram.ts';
import { allItems, coverPaths, transitionsOf } from './qa/graph.ts';
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

  // Exploring a large machine takes seconds on a loaded machine: the gate waits for it.
  it('generated paths take every transition and enter every state', { timeout: 120_000 }, () => {
    if (!catalogue) return;
    const unreachable = catalogue.qa.unreachable ?? {};
    const known = new Set([...transitionsOf(found.machine).values()].map((info) => info.id));
    expect(Object.keys(unreachable).filter((id) => !known.has(id)), 'listed as unreachable but not a transition').toEqual([]);
    const { covered } = coverPaths(catalogue.qa);
    const missed = allItems(found.machine)
      .filter((item) => !covered.has(item) && !(item.slice(2) in unreachable))
      .map((item) => `${name}: ${item.startsWith('t:') ? 'transition' : 'state'} ${item.slice(2)}`);
    expect(missed, `no generated path of ${name} takes these; add sample events to ${catalogue.file}`).toEqual([]);
    expect(Object.keys(unreachable).filter((id) => covered.has(`t:${id}`)), 'listed as unreachable but taken').toEqual([]);
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
