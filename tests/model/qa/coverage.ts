// Coverage judged from what the replayed actors did (not from the generator's exploration): states entered,
// transitions taken, state-by-event pairs sent and judged, timers set (and checked against the catalogue) and run
// out, samples never sent, and each item the catalogue declares unreachable with its reason.
// `npm run qa:coverage` prints it and writes docs/qa/COVERAGE.md; paths.test.ts fails when that file is stale or
// when anything is uncovered and not declared unreachable.
import type { QaCatalogue } from './catalogue.ts';
import { coverPaths, statesOf, transitionsOf, type QaPath } from './graph.ts';
import { delayKeysOf, runPath, type PathRun } from './run.ts';

/** One kind of coverage item of a machine: how many there are, which the replay covered, which it missed. */
export interface CoverageCount {
  total: number;
  covered: number;
  /** Items the replay missed and the catalogue does not declare unreachable. */
  missed: string[];
}

export interface MachineCoverage {
  name: string;
  paths: number;
  steps: number;
  states: CoverageCount;
  transitions: CoverageCount;
  pairs: CoverageCount;
  timers: CoverageCount;
  /** Per delay key: timers the actor set (each checked against the catalogue) and timers the paths let run out. */
  timerCounts: Record<string, { set: number; fired: number }>;
  /** Samples of the catalogue no replayed step sent. */
  unusedSamples: string[];
  /** The catalogue's declared-unreachable items and their reasons. */
  unreachable: Record<string, string>;
}

function count(all: string[], covered: (item: string) => boolean, unreachable: Record<string, string>): CoverageCount {
  const counted = all.filter((item) => !(item in unreachable));
  const hit = counted.filter(covered);
  return { total: counted.length, covered: hit.length, missed: counted.filter((item) => !covered(item)) };
}

/**
 * The coverage of a machine from its replayed paths. Pairs are the state-by-event pairs the exploration finds
 * reachable (`<leaf> <- <sample>`, a sample counted only where it can happen and its `when` holds).
 */
export function coverageOf(name: string, qa: QaCatalogue, paths: QaPath[], reachable: Set<string>, runs: PathRun[]): MachineCoverage {
  const unreachable = qa.unreachable ?? {};
  const union = (pick: (run: PathRun) => Iterable<string>) => new Set(runs.flatMap((run) => [...pick(run)]));
  const entered = union((run) => run.entered);
  const taken = union((run) => run.taken);
  const pairs = union((run) => [...run.pairs].map((pair) => pair.slice(2)));
  const sent = union((run) => run.sent);
  const timerCounts: Record<string, { set: number; fired: number }> = {};
  for (const key of delayKeysOf(qa.machine)) timerCounts[key] = { set: 0, fired: 0 };
  for (const run of runs) {
    for (const [key, timer] of run.timers) {
      const known = (timerCounts[key] ??= { set: 0, fired: 0 });
      known.set += timer.set;
      known.fired += timer.fired;
    }
  }
  const reachablePairs = [...reachable].filter((item) => item.startsWith('p:')).map((item) => item.slice(2));
  return {
    name,
    paths: paths.length,
    steps: paths.reduce((total, path) => total + path.steps.length, 0),
    states: count(statesOf(qa.machine).filter(Boolean), (state) => entered.has(state), unreachable),
    transitions: count([...transitionsOf(qa.machine).values()].map((info) => info.id), (id) => taken.has(id), unreachable),
    pairs: count(reachablePairs.sort(), (pair) => pairs.has(pair), unreachable),
    timers: count(Object.keys(timerCounts).sort(), (key) => timerCounts[key]!.set > 0 && timerCounts[key]!.fired > 0, unreachable),
    timerCounts,
    unusedSamples: Object.keys(qa.events).filter((sample) => !sent.has(sample)),
    unreachable,
  };
}

/** Replays every generated path of a catalogue and counts what the actors did. */
export async function replayCoverage(name: string, qa: QaCatalogue): Promise<MachineCoverage> {
  const { paths, reachable } = coverPaths(qa);
  const runs: PathRun[] = [];
  for (const path of paths) runs.push(await runPath(qa, path));
  return coverageOf(name, qa, paths, reachable, runs);
}

/** What a machine's coverage misses (empty when everything is covered or declared unreachable). */
export function uncovered(coverage: MachineCoverage): string[] {
  return [
    ...coverage.states.missed.map((item) => `state ${item}`),
    ...coverage.transitions.missed.map((item) => `transition ${item}`),
    ...coverage.pairs.missed.map((item) => `state-by-event pair ${item}`),
    ...coverage.timers.missed.map((item) => `timer ${item} (set and run out)`),
    ...coverage.unusedSamples.filter((sample) => !(`sample ${sample}` in coverage.unreachable)).map((sample) => `sample "${sample}" (never sent)`),
  ];
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const ratio = (counted: CoverageCount) => `${counted.covered}/${counted.total}`;

/** docs/qa/COVERAGE.md: one row per machine, then what is declared unreachable and why. */
export function coverageDocument(coverages: MachineCoverage[]): string {
  const sum = (pick: (coverage: MachineCoverage) => CoverageCount) =>
    ratio(coverages.reduce((all, coverage) => ({ total: all.total + pick(coverage).total, covered: all.covered + pick(coverage).covered, missed: [] }), { total: 0, covered: 0, missed: [] as string[] }));
  const timers = (coverage: MachineCoverage) =>
    Object.entries(coverage.timerCounts)
      .map(([key, timer]) => `${key} ${timer.set} set, ${timer.fired} run out`)
      .join('; ') || '-';
  const lines = [
    '# QA coverage from the replay',
    '',
    'Written by `npm run qa:coverage` from what the replayed actors did on the generated paths (`tests/model/paths.test.ts`',
    'fails when this file is stale or when anything is uncovered and not declared unreachable). States: entered;',
    'transitions: taken; pairs: state-by-event pairs (every sample that can happen, in every reachable state, its',
    '`when` holding) sent and judged, "nothing happens" included; timers: each delay set (its duration checked against',
    'the catalogue) and run out.',
    '',
    `All machines: ${sum((c) => c.states)} states, ${sum((c) => c.transitions)} transitions, ${sum((c) => c.pairs)} state-by-event pairs, ${sum((c) => c.timers)} timers.`,
    '',
    '| machine | paths | steps | states | transitions | pairs | timers (set, run out) | unused samples |',
    '|---|---|---|---|---|---|---|---|',
    ...coverages.map(
      (coverage) =>
        `| ${coverage.name} | ${coverage.paths} | ${coverage.steps} | ${ratio(coverage.states)} | ${ratio(coverage.transitions)} | ${ratio(coverage.pairs)} | ${timers(coverage)} | ${coverage.unusedSamples.length ? cell(coverage.unusedSamples.map((sample) => `"${sample}"`).join(', ')) : '-'} |`,
    ),
    '',
    '## Declared unreachable',
    '',
  ];
  const declared = coverages.flatMap((coverage) => Object.entries(coverage.unreachable).map(([item, reason]) => `- ${coverage.name}: \`${item}\`: ${reason}`));
  lines.push(...(declared.length ? declared : ['(none)']), '');
  const missing = coverages.flatMap((coverage) => uncovered(coverage).map((item) => `- ${coverage.name}: ${item}`));
  if (missing.length) lines.push('## Uncovered', '', ...missing, '');
  return lines.join('\n');
}
