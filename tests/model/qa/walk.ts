// Seeded random walks: from a start, each step sends a sample of the catalogue chosen at random among those that
// can happen in the situation (an actor's answer only while it runs, a delay only while its state is active, a
// `when` only where it holds), then the walk is replayed on a real actor and judged like a path. A failing walk is
// shrunk to the shortest failing prefix, then steps are left out one at a time while it still fails.
// `npm run qa:walk -- <machine> --seed N --steps K`; walk.test.ts runs a fixed set of seeds per machine.
import type { AnyMachineSnapshot } from 'xstate';
import type { QaCatalogue } from './catalogue.ts';
import { canHappen, coverPaths, pairItems, pureInitial, pureStep, type QaPath } from './graph.ts';
import { isNothing, runPath, type PathRun } from './run.ts';

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

/** How often a guided walk picks among the samples whose state-by-event pair it has not taken yet (else any). */
const GUIDED = 0.75;

/**
 * A walk of at most `steps` samples from a start the seed picks (shorter when the machine stops or nothing can happen).
 * Coverage-guided: three times in four it picks among the samples whose state-by-event pair the walk has not taken yet
 * (the walk depends on its seed and length alone, so `--seed N --steps K` replays it).
 */
export function walkPath(qa: QaCatalogue, seed: number, steps: number): QaPath {
  const random = seeded(seed);
  const starts = startsOf(qa);
  const start = starts[Math.floor(random() * starts.length)]!;
  const path: QaPath = { start, steps: [] };
  let snapshot = initialOf(qa, start);
  const samples = Object.keys(qa.events);
  const spent = new Set<string>();
  const taken = new Set<string>();
  for (let step = 0; step < steps && snapshot.status === 'active'; step++) {
    const possible = samples.filter((sample) => canHappen(qa, snapshot, sample) && !spent.has(sample));
    if (!possible.length) break;
    const fresh = possible.filter((sample) => pairItems(snapshot, sample).some((pair) => !taken.has(pair)));
    const pool = fresh.length && random() < GUIDED ? fresh : possible;
    const sample = pool[Math.floor(random() * pool.length)]!;
    pairItems(snapshot, sample).forEach((pair) => taken.add(pair));
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

/** What a budgeted run of walks may spend, and when it stops early. */
export interface WalkBudget {
  /** Samples sent in all, over every walk. */
  steps: number;
  /** Wall-clock seconds in all (a walk under way finishes). */
  seconds: number;
  /** The length of each walk (default 60). */
  length?: number;
  /** The first seed (default 1); each next walk takes the next seed. */
  from?: number;
  /**
   * Stop once every reachable state-by-event pair was taken and every requirement the catalogue names was checked by
   * a walk (default true; the reachable pairs come from the paths' exploration, which costs a moment per machine).
   */
  stopWhenCovered?: boolean;
}

export interface BudgetResult {
  walks: number;
  steps: number;
  seconds: number;
  /** Why the run ended: `failure`, `covered` or `budget`. */
  stopped: 'failure' | 'covered' | 'budget';
  /** The first failing walk (its seed replays it: `npm run qa:walk -- <machine> --seed N --steps K`). */
  failure?: WalkResult;
  /** State-by-event pairs taken, of those reachable (null when not counted). */
  pairs: { taken: number; reachable: number | null };
  /** Requirement ids the catalogue names that a walk checked, of all it names. */
  requirements: { checked: number; named: number; missing: string[] };
}

/** The requirement ids a replayed walk checked: an expectation's own, or the sample's where the catalogue expects something. */
function requirementsOf(qa: QaCatalogue, path: QaPath, run: PathRun): Set<string> {
  const found = new Set<string>();
  run.observed.slice(1).forEach((step, index) => {
    for (const expectation of step.expected) expectation.req?.forEach((id) => found.add(id));
    if (step.expected.some((expectation) => !isNothing(expectation))) qa.req?.[path.steps[index]!]?.forEach((id) => found.add(id));
  });
  (qa.req?.[path.start] ?? []).forEach((id) => found.add(id));
  return found;
}

/** Every requirement id a catalogue names (by sample, start or expectation). */
export function namedRequirements(qa: QaCatalogue): Set<string> {
  const named = new Set<string>(Object.values(qa.req ?? {}).flat());
  for (const byState of Object.values(qa.expect)) {
    for (const entry of Object.values(byState)) if (entry && typeof entry === 'object') entry.req?.forEach((id) => named.add(id));
  }
  return named;
}

/**
 * Walks seed after seed until the budget is spent, a walk fails (shrunk, its seed printed) or, with stopWhenCovered,
 * every reachable state-by-event pair and every named requirement has been taken by some walk.
 */
export async function walkWithin(qa: QaCatalogue, budget: WalkBudget): Promise<BudgetResult> {
  const length = budget.length ?? 60;
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  const stopWhenCovered = budget.stopWhenCovered ?? true;
  const reachable = stopWhenCovered ? new Set([...coverPaths(qa).reachable].filter((item) => item.startsWith('p:') && !(item.slice(2) in (qa.unreachable ?? {})))) : null;
  const named = namedRequirements(qa);
  const pairs = new Set<string>();
  const checked = new Set<string>();
  let walks = 0;
  let steps = 0;
  const result = (stopped: BudgetResult['stopped'], failure?: WalkResult): BudgetResult => ({
    walks,
    steps,
    seconds: Math.round(elapsed() * 100) / 100,
    stopped,
    ...(failure ? { failure } : {}),
    pairs: { taken: reachable ? [...reachable].filter((pair) => pairs.has(pair)).length : pairs.size, reachable: reachable?.size ?? null },
    requirements: { checked: [...named].filter((id) => checked.has(id)).length, named: named.size, missing: [...named].filter((id) => !checked.has(id)).sort() },
  });
  for (let seed = budget.from ?? 1; steps < budget.steps && elapsed() < budget.seconds; seed++) {
    const path = walkPath(qa, seed, Math.min(length, budget.steps - steps));
    const run = await runPath(qa, path);
    walks++;
    steps += path.steps.length;
    if (run.problems.length) return result('failure', await checkWalk(qa, seed, path.steps.length));
    run.pairs.forEach((pair) => pairs.add(pair));
    requirementsOf(qa, path, run).forEach((id) => checked.add(id));
    if (reachable && [...reachable].every((pair) => pairs.has(pair)) && [...named].every((id) => checked.has(id))) return result('covered');
    if (!path.steps.length) break;
  }
  return result('budget');
}

/** A budgeted run in words (what `npm run qa:walk -- --budget ...` prints). */
export function budgetInWords(name: string, result: BudgetResult): string {
  const head = `${name}: ${result.walks} walks, ${result.steps} steps, ${result.seconds} s; pairs ${result.pairs.taken}${result.pairs.reachable === null ? '' : ` of ${result.pairs.reachable}`}; requirements ${result.requirements.checked} of ${result.requirements.named}; stopped: ${result.stopped}`;
  return result.failure ? `${head}\n${walkInWords(name, result.failure)}` : head;
}
