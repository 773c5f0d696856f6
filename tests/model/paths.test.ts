// Every machine's transition-cover paths, replayed on a real actor and judged against the machine's
// catalogue (tests/model/**/<machine>.qa.ts), not against the machine itself.
import { describe, expect, it } from 'vitest';
import { coverPaths } from './qa/graph.ts';
import { findCatalogues } from './qa/registry.ts';
import { runPath } from './qa/run.ts';
import { pathTitle } from './qa/words.ts';

const catalogues = await findCatalogues();

describe.each(catalogues.map((found) => [found.name, found] as const))('%s', (_name, { qa }) => {
  const { paths } = coverPaths(qa);
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_title, path) => {
    const run = await runPath(qa, path);
    expect(run.problems).toEqual([]);
  });
});
