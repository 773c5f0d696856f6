// Seeded random walks: from a start, each step sends a sample of the catalogue chosen at random among those that
// can happen in the situation (an actor's answer only while it runs, a delay only while its state is active, a
// `when` only where it holds), then the walk is replayed on a real actor and judged like a path. A failing walk is
// shrunk to the shortest failing prefix, then steps are left out one at a time while it still fails.
// `npm run qa:walk -- <machine> --seed N --steps K`; walk.test.ts runs a fixed set of seeds per machine.
import type { AnyMachineSnapshot } from 'xstate';
import type { QaCatalogue } from './catalogue.ts';
import { canHappen, pureInitial, pureStep, type QaPath } from './graph.ts';
import { runPath } from './run.ts';

/** A small seeded generator (mulberry32): the same seed gives the same walk. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function startsOf(qa: QaCatalogue): string[] {
  return Object.keys(qa.starts ?? { start: () => {} });
}

function initialOf(qa: QaCatalogue, start: string): AnyMachineSnapshot {
  const prepare = (qa.starts ?? { start: () => {} })[start]!;
  return pureInitial(qa.machine, prepare() ?? qa.input).snapshot;
}

/** A walk of at most `steps` samples from a start the seed picks (shorter when the machine stops or nothing can happen). */
export function walkPath(qa: QaCatalogue, seed: number, steps: number): QaPath {
  const random = seeded(seed);
  const starts = startsOf(qa);
  const start = starts[Math.floor(random() * starts.length)]!;
  const path: QaPath = { start, steps: [] };
  let snapshot = initialOf(qa, start);
  const samples = Object.keys(qa.events);
  const spent = new Set<string>();
  for (let step = 0; step < steps && snapshot.status === 'active'; step++) {
    const possible = samples.filter((sample) => canHappen(qa, snapshot, sample) && !spent.has(sample));
    if (!possible.length) break;
    const sample = possible[Math.floor(random() * possible.length)]!;
    path.steps.push(sample);
    snapshot = advance(qa, snapshot, sample, spent);
  }
  return path;
}

/**
 * One pure step. A delay's timer runs out once per entry of its state: a delay that ran out and changed nothing (its
 * guard false) cannot run out again until a step takes a transition (which may enter its state anew).
 */
function advance(qa: QaCatalogue, snapshot: AnyMachineSnapshot, sample: string, spent: Set<string>): AnyMachineSnapshot {
  const step = pureStep(qa.machine, snapshot, qa.events[sample]!);
  if (step.transitions.length) spent.clear();
  else if (qa.events[sample]!.type.startsWith('xstate.after.')) spent.add(sample);
  return step.snapshot;
}

/** Whether every step of a path can happen where it is sent (a shrunk walk must stay one a user could do). */
export function possible(qa: QaCatalogue, path: QaPath): boolean {
  let snapshot = initialOf(qa, path.start);
  const spent = new Set<string>();
  for (const sample of path.steps) {
    if (snapshot.status !== 'active' || !canHappen(qa, snapshot, sample) || spent.has(sample)) return false;
    snapshot = advance(qa, snapshot, sample, spent);
  }
  return true;
}

export interface WalkResult {
  seed: number;
  path: QaPath;
  problems: string[];
  /** When the walk fails: the shortest failing walk found and its problems. */
  shrunk?: { path: QaPath; problems: string[] };
}

function firstFailingStep(problems: string[]): number | null {
  const steps = problems.map((problem) => /^step (\d+) /.exec(problem)?.[1]).filter(Boolean).map(Number);
  return steps.length ? Math.min(...steps) : null;
}

/** Walks, replays and judges; a failure is shrunk. */
export async function checkWalk(qa: QaCatalogue, seed: number, steps: number): Promise<WalkResult> {
  const path = walkPath(qa, seed, steps);
  const { problems } = await runPath(qa, path);
  if (!problems.length) return { seed, path, problems };
  // The shortest failing prefix: up to the first step judged wrong (the start's problems fail with no step at all).
  const first = firstFailingStep(problems);
  let best: QaPath = { start: path.start, steps: path.steps.slice(0, first ?? 0) };
  let bestProblems = (await runPath(qa, best)).problems;
  if (!bestProblems.length) {
    best = path;
    bestProblems = problems;
  }
  // Then leave steps out, one at a time, while the walk stays possible and still fails.
  for (let index = best.steps.length - 1; index >= 0; index--) {
    const candidate = { start: best.start, steps: best.steps.filter((_, at) => at !== index) };
    if (!possible(qa, candidate)) continue;
    const run = await runPath(qa, candidate);
    if (run.problems.length) {
      best = candidate;
      bestProblems = run.problems;
    }
  }
  return { seed, path, problems, shrunk: { path: best, problems: bestProblems } };
}

/** A walk's outcome in words (what `npm run qa:walk` prints and what walk.test.ts fails with). */
export function walkInWords(name: string, result: WalkResult): string {
  const steps = (path: QaPath) => [`from ${path.start}:`, ...path.steps.map((sample, index) => `  ${index + 1}. ${sample}`)].join('\n');
  if (!result.shrunk) return `${name} --seed ${result.seed}: ${result.path.steps.length} steps, every expectation holds`;
  return [
    `${name} --seed ${result.seed}: the walk fails (${result.path.steps.length} steps)`,
    `shortest failing walk (${result.shrunk.path.steps.length} steps) ${steps(result.shrunk.path)}`,
    ...result.shrunk.problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}
