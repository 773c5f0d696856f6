// Every machine's transition-cover paths, replayed on a real actor and judged against the machine's
// catalogue (tests/model/**/<machine>.qa.ts), not against the machine itself; and the coverage gate: the paths
// take every transition and enter every state but the ones the catalogue lists as unreachable, with the reason.
// (gate.test.ts makes sure every machine of src/machines has a catalogue and an up-to-date diagram.)
import { describe, expect, it } from 'vitest';
import { allItems, coverPaths, transitionsOf } from './qa/graph.ts';
import { findCatalogues } from './qa/registry.ts';
import { delayKeysOf, runPath } from './qa/run.ts';
import { pathTitle } from './qa/words.ts';

const catalogues = await findCatalogues();

describe.each(catalogues.map((found) => [found.name, found] as const))('%s', (name, { qa, file }) => {
  const { paths, covered } = coverPaths(qa);

  it('generated paths take every transition and enter every state', () => {
    const unreachable = qa.unreachable ?? {};
    const known = new Set([...transitionsOf(qa.machine).values()].map((info) => info.id));
    expect(Object.keys(unreachable).filter((id) => !known.has(id)), 'listed as unreachable but not a transition').toEqual([]);
    const missed = allItems(qa.machine)
      .filter((item) => !covered.has(item) && !(item.slice(2) in unreachable))
      .map((item) => `${name}: ${item.startsWith('t:') ? 'transition' : 'state'} ${item.slice(2)}`);
    expect(missed, `no generated path of ${name} takes these; add sample events to ${file}`).toEqual([]);
    expect(Object.keys(unreachable).filter((id) => covered.has(`t:${id}`)), 'listed as unreachable but taken').toEqual([]);
  });

  it('states the expected duration of every delay (from the spec or the product rules)', () => {
    const missing = delayKeysOf(qa.machine).filter((key) => !qa.delays?.[key]);
    expect(missing, `${name}: add delays: { <key>: { ms, from } } to ${file}`).toEqual([]);
  });

  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_title, path) => {
    const run = await runPath(qa, path);
    expect(run.problems).toEqual([]);
  });
});
