// Seeded random walks over every machine's samples (tests/model/qa/walk.ts), replayed on a real actor and judged by
// the catalogue like the generated paths: a fixed set of seeds per machine, cheaply. A failure names the seed and
// the shortest failing walk; `npm run qa:walk -- <machine> --seed N --steps K` replays one by hand.
import { describe, expect, it } from 'vitest';
import { findCatalogues } from './qa/registry.ts';
import { checkWalk, walkInWords } from './qa/walk.ts';

const SEEDS = [1, 2, 3];
const STEPS = 30;
const catalogues = await findCatalogues();

describe.each(catalogues.map((found) => [found.name, found] as const))('%s', (name, { qa }) => {
  it.each(SEEDS)(`walk --seed %i --steps ${STEPS}`, async (seed) => {
    const result = await checkWalk(qa, seed, STEPS);
    expect(result.problems.length ? walkInWords(name, result) : null).toBeNull();
  });
});
