// Every machine's transition-cover paths, replayed on a real actor and judged against the machine's
// catalogue (tests/model/**/<machine>.qa.ts), not against the machine itself; and the coverage gate, judged from
// what the replayed actors did: they enter every state, take every transition, send every sample in every
// reachable state where it can happen (state-by-event pairs, "nothing happens" included) and set and run out every
// timer, but for what the catalogue lists as unreachable, with the reason; docs/qa/COVERAGE.md is what
// `npm run qa:coverage` writes today. (gate.test.ts makes sure every machine of src/machines has a catalogue and
// up-to-date pages.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageDocument, coverageOf, uncovered, type MachineCoverage } from './qa/coverage.ts';
import { allItems, coverPaths, transitionsOf } from './qa/graph.ts';
import { findCatalogues, ROOT } from './qa/registry.ts';
import { delayKeysOf, runPath, type PathRun } from './qa/run.ts';
import { pathTitle } from './qa/words.ts';

const catalogues = await findCatalogues();
const coverages = new Map<string, MachineCoverage>();

describe.each(catalogues.map((found) => [found.name, found] as const))('%s', (name, { qa, file }) => {
  const { paths, covered, reachable } = coverPaths(qa);
  const runs: PathRun[] = [];

  it('generated paths take every transition and enter every state', () => {
    const unreachable = qa.unreachable ?? {};
    const known = new Set([...transitionsOf(qa.machine).values()].map((info) => info.id));
    expect(Object.keys(unreachable).filter((id) => !known.has(id) && !id.includes(' <- ') && !id.startsWith('sample ')), 'listed as unreachable but not a transition').toEqual([]);
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
    runs.push(run);
    expect(run.problems).toEqual([]);
  });

  it('the replayed actors covered everything (states, transitions, state-by-event pairs, timers, samples)', () => {
    expect(runs.length, 'every path replayed').toBe(paths.length);
    const coverage = coverageOf(name, qa, paths, reachable, runs);
    coverages.set(name, coverage);
    expect(uncovered(coverage), `${name}: what the replay missed; add samples to ${file} or list them in unreachable with the reason`).toEqual([]);
  });
});

it('docs/qa/COVERAGE.md is up to date (npm run qa:coverage)', () => {
  expect(coverages.size, 'every machine replayed').toBe(catalogues.length);
  const document = coverageDocument([...coverages.values()].sort((a, b) => a.name.localeCompare(b.name)));
  let written = '(missing)';
  try {
    written = readFileSync(join(ROOT, 'docs/qa/COVERAGE.md'), 'utf8');
  } catch {
    // stays '(missing)'
  }
  expect(written).toBe(document);
});
