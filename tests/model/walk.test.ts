// Seeded, coverage-guided random walks over every machine's samples (tests/model/qa/walk.ts), replayed on a real actor
// and judged by the catalogue like the generated paths: per machine a budget of 90 steps (a walk of 60, then one of 30,
// seeds 1 and 2) and 2 seconds, cheaply. A failure names the seed and the shortest failing walk;
// `npm run qa:walk -- <machine> --seed N --steps K` replays one, `npm run qa:walk -- --budget steps=N,seconds=S` walks
// longer until every state-by-event pair and requirement is taken.
import { describe, expect, it } from 'vitest';
import { findCatalogues } from './qa/registry.ts';
import { budgetInWords, walkWithin } from './qa/walk.ts';

const BUDGET = { steps: 90, seconds: 2, length: 60, stopWhenCovered: false };
const catalogues = await findCatalogues();

describe.each(catalogues.map((found) => [found.name, found] as const))('%s', (name, { qa }) => {
  it(`walks --budget steps=${BUDGET.steps},seconds=${BUDGET.seconds} --steps ${BUDGET.length}`, async () => {
    const result = await walkWithin(qa, BUDGET);
    expect(result.failure ? budgetInWords(name, result) : null).toBeNull();
  });
});
