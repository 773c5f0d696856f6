import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order in which each line of `npm test` starts its files: the longest first, so that no long file starts last and
 * leaves its line's other workers idle at the end (issue 37).
 * vitest orders a project's files by their last durations (node_modules/.vite/vitest/.../results.json) and, without
 * that cache (a fresh clone, CI), by size, largest first. Size is a poor guess for some files: exported-N.test.ts are a
 * few imports (800 bytes) that play a third of the machines' paths each (76-166 s). At 2,2 in a fresh clone exported-1, -2 and -3 and screens.test.ts started last and the
 * browser line ended on them.
 * Here a file's weight is its cached duration when vitest knows it, else the seconds below (measured in a full run at
 * 2,2 from a fresh clone, under load) for the browser files whose size misleads, else its size (bytes as milliseconds,
 * four times that for a browser file). Projects keep vitest's order, one after another: a worker is reused for the next
 * file only when it is of the same project (isolate: false), so interleaving projects would start a new worker per file.
 * The node line needs no such list: the next project's files fill its workers while the last long file of a project
 * ends, and its last projects (model, unit) are short files. Started first, statistics-unloads.test.ts (CPU-bound, 155 s
 * at the end of the api project) ran beside the typecheck and the build: its 200,000-row test took 183 s of its 240 s
 * under load 12-15.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'e2e:tests/e2e/exported-1.test.ts': 80,
  'e2e:tests/e2e/exported-2.test.ts': 105,
  'e2e:tests/e2e/exported-3.test.ts': 165,
  'e2e:tests/e2e/screens.test.ts': 155,
  'e2e:tests/e2e/company.test.ts': 55,
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weight = new Map<TestSpecification, number>();
    for (const file of files) {
      const key = `${file.project.name}:${path.relative(root, file.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      const measured = MEASURED_SECONDS[key];
      weight.set(file, cached ?? (measured !== undefined ? measured * 1000 : sizeOf(file.moduleId) * (file.project.name === 'e2e' ? 4 : 1)));
    }
    const projectOrder = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return [...files].sort((a, b) => {
      const group = projectOrder(a) - projectOrder(b);
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      // vitest runs a project's isolated files first (unit-isolated is a project of its own here; kept for any other)
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      return weight.get(b)! - weight.get(a)!;
    });
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
