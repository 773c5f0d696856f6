import type { EventObject } from 'xstate';
import type { QaCatalogue, StepExpectation } from './catalogue.ts';
import { allItems, coverPaths, type QaPath } from './graph.ts';
import { inWords, runPath, type ObservedStep } from './run.ts';
import { toastInWords } from './screen.ts';

/** A path's short, distinct name: its number, its start and its steps. */
export function pathTitle(path: QaPath, index: number): string {
  const steps = path.steps.length ? path.steps.join(' → ') : '(the start only)';
  return `path ${index + 1} from ${path.start}: ${steps}`;
}

/** What an event carries, in words. */
export function eventInWords(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `\`${done[1]}\` answers ${shortWords(payload.output)}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (failed) return `\`${failed[1]}\` fails with ${shortWords(payload.error)}`;
  const delayed = /^xstate\.after\.([^.]+)\.(.+)$/.exec(type);
  if (delayed) return `the ${delayed[1]} delay of ${delayed[2]} runs out`;
  // A callback (the client a call hands over) is no part of what a tester reads.
  const fields = Object.entries(payload).filter(([, value]) => typeof value !== 'function');
  return fields.length ? `\`${type}\` with ${fields.map(([name, value]) => `${name} ${shortWords(value)}`).join(', ')}` : `\`${type}\``;
}

/** A value in words for a page: inWords with long strings (tokens, data URLs) cut short. */
function shortWords(value: unknown): string {
  return shortText(inWords(value));
}

/** Long quoted strings of a text (tokens, data URLs) cut short. */
function shortText(text: string): string {
  return text.replace(/"((?:[^"\\]|\\.){32})(?:[^"\\]|\\.){16,}"/g, '"$1…"');
}

/** The machine's side of a step: state, tags, calls, checked values and what else changed in the view. */
function outcome(expectations: StepExpectation[], seen: ObservedStep, previous: ObservedStep | null): string {
  const parts: string[] = [];
  const targets = expectations.map((expectation) => expectation.to).filter((to): to is string => !!to);
  const unique = [...new Set(targets.length ? targets : seen.leaves.filter(Boolean))];
  parts.push(`state **${unique.length ? unique.join(' + ') : '(the only state)'}**`);
  if (seen.tags.length) parts.push(`tags ${seen.tags.join(', ')}`);
  const calls = expectations.flatMap((expectation) => expectation.calls ?? []);
  if (calls.length) parts.push(`calls ${calls.map((call) => `\`${shortText(call)}\``).join(', ')}`);
  const checked = expectations.reduce<Record<string, unknown>>((all, expectation) => ({ ...all, ...expectation.see }), {});
  // The start shows everything; later steps what they check and what else changed on screen.
  const shown = [
    ...Object.entries(checked).map(([name, value]) => `${name} ${shortWords(value)} (checked)`),
    ...Object.entries(seen.view)
      .filter(([name, value]) => !(name in checked) && (!previous || inWords(previous.view[name]) !== inWords(value)))
      .map(([name, value]) => `${name} ${shortWords(value)}`),
  ];
  if (shown.length) parts.push(`shows ${shown.join('; ')}`);
  return parts.join('; ');
}

/** What the screen shows after a step, in the user's words: the catalogue's `screen` lines, toasts, navigation. */
function screenWords(qa: QaCatalogue, expectations: StepExpectation[]): string[] {
  const lines = expectations.flatMap((expectation) => expectation.screen ?? []);
  for (const call of expectations.flatMap((expectation) => expectation.calls ?? [])) {
    const toast = toastInWords(call, qa.namespace);
    const name = call.split(':')[0]!;
    if (toast) lines.push(toast);
    else if (qa.onScreen?.[name]) lines.push(qa.onScreen[name]!);
  }
  return [...new Set(lines)];
}

function isUserSample(event: EventObject): boolean {
  return !event.type.startsWith('xstate.');
}

/** Whether a step changed nothing a person or the model could see: same states, same view, no calls. */
function changedNothing(expectations: StepExpectation[], seen: ObservedStep, previous: ObservedStep): boolean {
  return (
    inWords(seen.leaves) === inWords(previous.leaves) &&
    inWords(seen.view) === inWords(previous.view) &&
    !expectations.some((expectation) => expectation.calls?.length || expectation.screen?.length)
  );
}

/**
 * The path a page shows: the generated one with the catalogue's refused samples of each state it reaches sent right
 * after it gets there (once per page: `shown` remembers the state and sample pairs already on it). A refused sample
 * changes nothing, so the rest of the path stays what it was.
 */
export function withRefused(qa: QaCatalogue, path: QaPath, reached: string[][], shown: Set<string>): QaPath {
  if (!qa.refused) return path;
  const steps: string[] = [];
  const insert = (leaves: string[]) => {
    for (const [state, samples] of Object.entries(qa.refused!)) {
      if (!leaves.some((leaf) => leaf === state || leaf.startsWith(`${state}.`))) continue;
      for (const sample of samples) {
        if (shown.has(`${state}|${sample}`)) continue;
        shown.add(`${state}|${sample}`);
        steps.push(sample);
      }
    }
  };
  insert(reached[0] ?? []);
  path.steps.forEach((sample, index) => {
    steps.push(sample);
    insert(reached[index + 1] ?? []);
  });
  return { start: path.start, steps };
}

/** Why the screen cannot produce a sample in these states (or with this view), or undefined when it can. */
function offScreenReason(qa: QaCatalogue, sample: string, leaves: string[], view: Record<string, unknown>): string | undefined {
  const entry = qa.offScreen?.[sample];
  if (entry === undefined || typeof entry === 'string') return entry;
  if (typeof entry === 'function') return entry(view);
  for (const leaf of leaves) {
    const parts = leaf ? leaf.split('.') : [];
    for (let length = parts.length; length >= 0; length--) {
      const reason = entry[parts.slice(0, length).join('.')];
      if (reason !== undefined) return reason;
    }
  }
  return undefined;
}

/** What a tester prepares before a path, from the catalogue's preconditions of its start. */
function preconditionsInWords(qa: QaCatalogue, start: string): string | null {
  const before = qa.preconditions?.[start];
  if (!before) return null;
  return `Before you start: sign in as ${before.user}, open \`${before.route}\`${before.data ? `; prepare ${before.data}` : ''}.`;
}

/**
 * One path as numbered steps a QA engineer can follow by hand (Markdown): replayed on a real actor, each step
 * says what to do (and how to cause a server's answer), what the screen shows in the user's words, and in
 * italics what the model checks (state, calls, values).
 */
/** A step that checks spec requirements: the path (from 1), the step (from 1; 1 is the start) and the sample. */
export interface RequirementCheck {
  req: string;
  path: number;
  step: number;
  sample: string;
}

function reqsOf(expectations: StepExpectation[]): string[] {
  return [...new Set(expectations.flatMap((expectation) => expectation.req ?? []))];
}

/** Whether the catalogue writes an expectation for the sample in one of the active leaves (or their ancestors). */
function expected(qa: QaCatalogue, leaves: string[], sample: string): boolean {
  return leaves.some((leaf) => {
    const parts = leaf ? leaf.split('.') : [];
    for (let length = parts.length; length >= 0; length--) if (qa.expect[parts.slice(0, length).join('.')]?.[sample] !== undefined) return true;
    return false;
  });
}

export async function pathInWords(
  qa: QaCatalogue,
  path: QaPath,
  index: number,
  shown: Set<string> = new Set(),
): Promise<{ text: string; problems: string[]; checks: RequirementCheck[]; unfollowable: string[] }> {
  const plain = await runPath(qa, path);
  const full = withRefused(qa, path, plain.observed.map((step) => step.leaves), shown);
  const run = full === path ? plain : await runPath(qa, full);
  const lines = [`### Path ${index + 1}`, ''];
  const before = preconditionsInWords(qa, full.start);
  if (before) lines.push(before, '');
  const first = run.observed[0]!;
  const startScreen = screenWords(qa, first.expected);
  const checks: RequirementCheck[] = [];
  const unfollowable: string[] = [];
  // A step checks the ids of its expectations, and the catalogue's ids of its sample where the catalogue expects
  // something of that sample in the state it is sent in (a start: the ids of the start).
  const checking = (expectations: StepExpectation[], step: number, sample: string, leaves: string[] | null) => {
    const bySample = qa.req?.[sample] && (leaves === null || expected(qa, leaves, sample)) ? qa.req[sample]! : [];
    const reqs = [...new Set([...reqsOf(expectations), ...bySample])];
    reqs.forEach((req) => checks.push({ req, path: index + 1, step, sample }));
    return reqs.length ? ` Checks ${reqs.join(', ')}.` : '';
  };
  lines.push(
    `1. Start: ${full.start}.${startScreen.length ? ` The screen shows ${startScreen.join('; ')}.` : ''}${checking(first.expected, 1, full.start, null)} _Model: ${outcome(first.expected, first, null)}._`,
  );
  full.steps.forEach((sample, step) => {
    const event = qa.events[sample]!;
    const seen = run.observed[step + 1];
    const previous = run.observed[step]!;
    const how = qa.howTo?.[sample];
    const offScreen = offScreenReason(qa, sample, previous.leaves, previous.view);
    const did = `${offScreen ? `(Not possible on screen: ${offScreen}.) ` : ''}${sample}${how ? ` (how: ${how})` : ''}`;
    if (!seen) {
      lines.push(`${step + 2}. ${did}. (Not reached: the replay stopped.)`);
      return;
    }
    const model = `_Model: ${eventInWords(event)}; ${outcome(seen.expected, seen, previous)}._`;
    const screen = screenWords(qa, seen.expected);
    const result =
      isUserSample(event) && changedNothing(seen.expected, seen, previous)
        ? 'Nothing happens: the screen stays as it was.'
        : screen.length
          ? `The screen shows ${screen.join('; ')}.`
          : '';
    // A tester can follow a step that says what the screen shows or why the screen cannot do it; a failure must say how to cause it.
    if (!offScreen && isUserSample(event) && !result) unfollowable.push(`path ${index + 1} step ${step + 2}: "${sample}" says nothing the screen shows (add \`screen\` to its expectation or an \`offScreen\` reason)`);
    if (!offScreen && /^xstate\.error\.actor\./.test(event.type) && !how) unfollowable.push(`path ${index + 1} step ${step + 2}: "${sample}" says not how to cause it (add \`howTo\` or an \`offScreen\` reason)`);
    lines.push(`${step + 2}. ${did}.${result ? ` ${result}` : ''}${checking(seen.expected, step + 2, sample, previous.leaves)} ${model}`);
  });
  if (run.problems.length) lines.push('', `**The machine does not do this today:** ${run.problems.join('; ')}`);
  return { text: lines.join('\n'), problems: run.problems, checks, unfollowable };
}

/** The whole readable document of a machine's paths, and the problems its replay met. */
export async function pathsDocument(
  name: string,
  qa: QaCatalogue,
  paths: QaPath[],
  coverage: string,
): Promise<{ document: string; problems: string[]; checks: RequirementCheck[]; unfollowable: string[] }> {
  const described: string[] = [];
  const unfollowable: string[] = [];
  const problems: string[] = [];
  const checks: RequirementCheck[] = [];
  const shown = new Set<string>();
  for (const [index, path] of paths.entries()) {
    const page = await pathInWords(qa, path, index, shown);
    described.push(page.text, '');
    problems.push(...page.problems.map((problem) => `path ${index + 1}: ${problem}`));
    checks.push(...page.checks);
    unfollowable.push(...page.unfollowable);
  }
  for (const start of Object.keys(qa.starts ?? { start: null })) {
    if (!qa.preconditions?.[start]) unfollowable.push(`start "${start}" has no preconditions (route, user, data)`);
  }
  const document = [
    `# ${name}: QA paths`,
    '',
    `${qa.title}. Machine: \`${qa.file}\`. Generated by \`npm run qa:paths -- ${name} --markdown\` from the machine and its`,
    `catalogue; every path is replayed by \`tests/model/paths.test.ts\`. ${coverage}`,
    '',
    'Each step says what to do and what the screen shows; the part in italics is what the model of the screen checks',
    '(its state, the calls it makes, the values it shows).',
    '',
    ...described,
  ].join('\n');
  return { document, problems, checks, unfollowable };
}

/** "The paths take 9 of 9 transitions and enter 5 of 5 states." for a catalogue's paths. */
export function coverageLine(items: string[], covered: Set<string>, unreachable: Record<string, string> = {}): string {
  const count = (prefix: string) => {
    const all = items.filter((item) => item.startsWith(prefix) && !(item.slice(2) in unreachable));
    return `${all.filter((item) => covered.has(item)).length} of ${all.length}`;
  };
  return `The paths take ${count('t:')} transitions and enter ${count('s:')} states.`;
}

export interface MachinePage {
  paths: QaPath[];
  document: string;
  problems: string[];
  checks: RequirementCheck[];
  /** What keeps a tester from following the page: starts without preconditions, user steps without screen words, failures without a way to cause them. */
  unfollowable: string[];
}

const pages = new Map<QaCatalogue, Promise<MachinePage>>();

/** The page `npm run qa:paths -- <name> --markdown` writes to docs/qa/<name>.md (made once per catalogue and process). */
export function machinePage(name: string, qa: QaCatalogue): Promise<MachinePage> {
  if (!pages.has(qa)) {
    pages.set(
      qa,
      (async () => {
        const { paths, covered } = coverPaths(qa);
        return { paths, ...(await pathsDocument(name, qa, paths, coverageLine(allItems(qa.machine), covered, qa.unreachable))) };
      })(),
    );
  }
  return pages.get(qa)!;
}
