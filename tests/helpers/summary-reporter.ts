import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the wall time of each project (first file queued to last file done: projects run side by side, so they
 * overlap) and the plain closing line CI reads: "Tests: N passed, N failed, N skipped".
 * With VITRINE_TEST_PROFILE set (npm run test:profile) it also writes each file's times there as files-PID.json.
 */
export default class SummaryReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleQueued(module: TestModule) {
    const project = module.project.name;
    if (!this.started.has(project)) this.started.set(project, performance.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.project.name, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const walls = [...this.started].map(([project, start]) => `${project} ${(((this.ended.get(project) ?? start) - start) / 1000).toFixed(0)} s`);
    if (walls.length) console.log(`\nWall time per project (they overlap): ${walls.join(', ')}`);
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    const profile = process.env.VITRINE_TEST_PROFILE;
    if (profile) {
      const files = modules.map((module) => {
        const diagnostic = module.diagnostic();
        return {
          project: module.project.name,
          file: path.relative(process.cwd(), module.moduleId),
          tests: [...module.children.allTests()].length,
          state: module.state(),
          // Setting up the worker's environment and harness, importing the file, and its tests and hooks.
          prepareMs: diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration,
          importMs: diagnostic.collectDuration,
          testsMs: diagnostic.duration,
        };
      });
      fs.writeFileSync(path.join(profile, `files-${process.pid}.json`), JSON.stringify(files));
    }
  }
}
