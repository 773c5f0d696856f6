import { createActor, fromPromise, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { Expectations, QaCatalogue, StepExpectation, TimerOperation } from './catalogue.ts';
import { activeLeaves, activeStates, pairItems, transitionsOf, type QaPath } from './graph.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** A value in words: JSON without functions or actor references, errors by their code or message. */
export function inWords(value: unknown): string {
  if (value === undefined) return 'nothing';
  return JSON.stringify(value, (_key, item) => {
    if (typeof item === 'function') return undefined;
    // Actor references (a parent handed to a child) serialize to their toJSON marker: not part of a call's words.
    if (item && typeof item === 'object' && (typeof (item as { send?: unknown }).send === 'function' || 'xstate$$type' in item)) return undefined;
    if (item instanceof Error) return (item as Error & { code?: string }).code ?? item.message;
    if (typeof Blob !== 'undefined' && item instanceof Blob) return `a ${item.size}-byte file`;
    return item;
  });
}

/** The expectations `expectationsFor` made up for a sample the catalogue lists for none of the active states. */
const nothing = new WeakSet<StepExpectation>();

/** Whether an expectation is the made-up "nothing happens" of a sample no active state lists. */
export function isNothing(expectation: StepExpectation): boolean {
  return nothing.has(expectation);
}

/**
 * The expectations of one step from the active states before it: per active leaf, the entry of the leaf or
 * its nearest ancestor that names the sample; a leaf no entry speaks for must stay where it is.
 */
export function expectationsFor(qa: QaCatalogue, before: AnyMachineSnapshot, sample: string): StepExpectation[] {
  const found: StepExpectation[] = [];
  for (const leaf of activeLeaves(before)) {
    const parts = leaf ? leaf.split('.') : [];
    let entry: Expectations[string][string] | undefined;
    for (let length = parts.length; length >= 0 && entry === undefined; length--) {
      const state = parts.slice(0, length).join('.');
      entry = qa.expect[state]?.[sample];
    }
    if (entry === undefined) {
      // Nothing listed: the step must leave this state as it is (and when no active state lists it, make no call).
      const unchanged = { to: leaf };
      nothing.add(unchanged);
      found.push(unchanged);
      continue;
    }
    const resolved = typeof entry === 'function' ? entry(before.context) : entry;
    found.push(typeof resolved === 'string' ? { to: resolved } : resolved);
  }
  return found;
}

function toValue(path: string): unknown {
  const parts = path.split('.');
  return parts.reduceRight<unknown>((inner, part) => (inner === undefined ? part : { [part]: inner }), undefined);
}

function sameValue(a: unknown, b: unknown): boolean {
  return inWords(a) === inWords(b);
}

/** Problems of one step's outcome against its expectations (empty when it is right). */
export function judge(
  qa: QaCatalogue,
  expectations: StepExpectation[],
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot,
  calls: string[] | null,
  timerOps: { key: string; op: 'set' | 'cancel' }[] = [],
): string[] {
  const problems: string[] = [];
  // The watched delays (debounces, throttles): what the step did to each one's timer is what its expectation says.
  for (const [key, delay] of Object.entries(qa.delays ?? {})) {
    if (!delay.watch) continue;
    const ops = timerOps.filter((op) => op.key === key);
    const set = ops.some((op) => op.op === 'set');
    const cancelled = ops.some((op) => op.op === 'cancel');
    const did: TimerOperation = set && cancelled ? 'restart' : set ? 'start' : cancelled ? 'cancel' : 'none';
    const wanted = expectations.map((expectation) => expectation.timers?.[key]).find((op) => op !== undefined) ?? 'none';
    if (did !== wanted) problems.push(`expected the ${key} ${delay.watch} timer to ${wanted === 'none' ? 'stay as it was' : wanted}, it did ${did === 'none' ? 'nothing' : did}`);
  }
  const view = qa.view?.(after as never) ?? {};
  for (const expectation of expectations) {
    if (expectation.to !== undefined && expectation.to !== '' && !after.matches(toValue(expectation.to) as never)) {
      problems.push(`expected ${expectation.to}, reached ${inWords(after.value)}`);
    }
    for (const [name, value] of Object.entries(expectation.see ?? {})) {
      if (!sameValue(view[name], value)) problems.push(`expected ${name} ${inWords(value)}, saw ${inWords(view[name])}`);
    }
  }
  // A step no entry speaks for changes nothing on screen either, and makes no call.
  if (expectations.length && expectations.every((expectation) => nothing.has(expectation))) {
    if (calls?.length) problems.push(`expected nothing to happen, but it made calls ${inWords(calls)}`);
    const shown = qa.view?.(before as never) ?? {};
    for (const [name, value] of Object.entries(view)) {
      if (!sameValue(shown[name], value)) problems.push(`expected nothing to change, but ${name} went from ${inWords(shown[name])} to ${inWords(value)}`);
    }
  }
  // Every step's calls are checked, exactly, in any order: the union of what each region's expectation lists (an
  // expectation that lists none expects none). A call the catalogue does not list fails the step.
  if (calls && !(expectations.length && expectations.every((expectation) => nothing.has(expectation)))) {
    const wanted = expectations.flatMap((expectation) => expectation.calls ?? []).sort();
    if (!sameValue([...calls].sort(), wanted)) problems.push(`expected calls ${inWords(wanted)}, made ${inWords(calls)}`);
  }
  if (qa.invariant) {
    try {
      qa.invariant(after as never);
    } catch (failure) {
      problems.push(`invariant: ${(failure as Error).message.split('\n')[0]}`);
    }
  }
  return problems;
}

/** The machine's own actions (not an XState built-in such as assign or raise), by name. */
export function ownActions(machine: AnyStateMachine): [string, unknown][] {
  const actions = (machine.implementations as { actions?: Record<string, unknown> }).actions ?? {};
  return Object.entries(actions).filter(([, action]) => {
    const type = (action as { type?: unknown } | undefined)?.type;
    return typeof action === 'function' && !(typeof type === 'string' && type.startsWith('xstate.'));
  });
}

/** The source an invoke id runs (the invoke id when no state invokes it under that id). */
function sourceOf(machine: AnyStateMachine, id: string): string {
  const visit = (node: AnyStateMachine['root']): string | undefined => {
    for (const invoke of node.invoke ?? []) if (invoke.id === id && typeof invoke.src === 'string') return invoke.src;
    for (const child of Object.values(node.states)) {
      const found = visit(child as AnyStateMachine['root']);
      if (found) return found;
    }
    return undefined;
  };
  return visit(machine.root) ?? id;
}

/**
 * The catalogue's key of a delayed event (`xstate.after.<delay>.<state id>`): the delay's name, or for an inline
 * number `<state id>#<n>`, n counting that state's delays from 1.
 */
export function delayKeyOf(machine: AnyStateMachine, eventType: string): string {
  const rest = eventType.slice(AFTER.length);
  const cut = rest.indexOf('.');
  const name = rest.slice(0, cut);
  const stateId = rest.slice(cut + 1);
  if (!/^\d+$/.test(name)) return name;
  let node: AnyStateMachine['root'] | undefined;
  try {
    node = machine.getStateNodeById(stateId) as AnyStateMachine['root'];
  } catch {
    return `${stateId}#?`;
  }
  const delays = [...new Set((node.after ?? []).map((transition) => transition.eventType))];
  return `${stateId}#${delays.indexOf(eventType) + 1}`;
}

/** Every delay key a machine's config uses (what its catalogue must give an expected duration). */
export function delayKeysOf(machine: AnyStateMachine): string[] {
  const keys = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const transition of node.after ?? []) keys.add(delayKeyOf(machine, transition.eventType));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return [...keys].sort();
}

/** A timer the actor set: its delayed event, the time it asked for, whether it still waits. */
interface Timer {
  fn: () => void;
  ms: number;
  event: string | null;
}

/** A clock whose timers fire only when a path says so; each timer knows the delayed event it was set for. */
function manualClock() {
  let next = 1;
  const timers = new Map<number, Timer>();
  const clock = {
    /** The delayed event being scheduled right now (set around the scheduler's call to setTimeout). */
    scheduling: null as string | null,
    /** Called for every timer set, with its delayed event and duration. */
    onSet: (_timer: Timer) => {},
    setTimeout: (fn: () => void, ms: number) => {
      const timer = { fn, ms, event: clock.scheduling };
      timers.set(next, timer);
      clock.onSet(timer);
      return next++;
    },
    /** Called for every waiting timer cleared (not one that ran out). */
    onClear: (_timer: Timer) => {},
    clearTimeout: (id: number) => {
      const timer = timers.get(id);
      if (!timer) return;
      timers.delete(id);
      clock.onClear(timer);
    },
    /** Fires the waiting timer of a delayed event; false when none waits. */
    fire(event: string): boolean {
      for (const [id, timer] of timers) {
        if (timer.event !== event) continue;
        timers.delete(id);
        timer.fn();
        return true;
      }
      return false;
    },
    waiting: () => [...timers.values()],
  };
  return clock;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What a real actor showed after the start (index 0) and after each step. */
export interface ObservedStep {
  /** What the catalogue expected of the step. */
  expected: StepExpectation[];
  leaves: string[];
  tags: string[];
  view: Record<string, unknown>;
}

export interface PathRun {
  problems: string[];
  /** Transition ids the real actor took. */
  taken: Set<string>;
  /** States the real actor entered (a transient one counts when its eventless transition is taken). */
  entered: Set<string>;
  /** State-by-event pairs the replay sent and judged (`p:<leaf> <- <sample>`). */
  pairs: Set<string>;
  /** Samples the replay sent. */
  sent: Set<string>;
  /** Per delay key, how many timers the actor set for it and how many of them the path let run out. */
  timers: Map<string, { set: number; fired: number }>;
  observed: ObservedStep[];
}

/**
 * Replays a path on a real actor of the machine: user events are sent, invoked actors are settled by the
 * path's done/error samples, delayed transitions fire on the path's `after` samples. Every step is judged
 * against the catalogue's expectations, never against the machine's own idea of where it should be.
 */
export async function runPath(qa: QaCatalogue, path: QaPath, machine: AnyStateMachine = qa.machine): Promise<PathRun> {
  const problems: string[] = [];
  const observed: ObservedStep[] = [];
  const entered = new Set<string>();
  const pairs = new Set<string>();
  const sent = new Set<string>();
  const observe = (snapshot: AnyMachineSnapshot, expected: StepExpectation[]) => {
    activeStates(snapshot).forEach((state) => entered.add(state));
    observed.push({ expected, leaves: activeLeaves(snapshot), tags: [...snapshot.tags].sort(), view: { ...(qa.view?.(snapshot as never) ?? {}) } });
  };
  const taken = new Set<string>();
  const describe = qa.describeCall ?? ((name: string, argument: unknown) => (argument === undefined ? name : `${name}: ${inWords(argument)}`));
  let calls: string[] = [];
  const pending = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
  // Fakes are provided by source; each invocation settles under its invoke id (the child actor's id).
  const sources = new Set((qa.actors ?? []).map((id) => sourceOf(machine, id)));
  const actors = Object.fromEntries(
    [...sources].map((source) => [
      source,
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            calls.push(describe(self.id, input));
            pending.set(self.id, { resolve, reject });
          }),
      ),
    ]),
  ) as Record<string, AnyActorLogic>;
  // Recorded actions are stubbed; every other action of the machine's own (not an assign, raise or other XState
  // built-in) still runs but is a call too, so a step that stores tokens or reloads a list must say so.
  const recorded = new Set(qa.recorded ?? []);
  const actions = Object.fromEntries([
    ...ownActions(machine)
      .filter(([name]) => !recorded.has(name))
      .map(([name, implementation]) => [
        name,
        (args: unknown, params: unknown) => {
          calls.push(describe(name, params));
          return (implementation as (args: unknown, params: unknown) => unknown)(args, params);
        },
      ]),
    ...[...recorded].map((name) => [name, (_: unknown, params: unknown) => void calls.push(describe(name, params))]),
  ]);
  const clock = manualClock();
  const timers = new Map<string, { set: number; fired: number }>();
  let stepName = 'start';
  let timerOps: { key: string; op: 'set' | 'cancel' }[] = [];
  clock.onClear = (timer) => {
    if (timer.event?.startsWith(AFTER)) timerOps.push({ key: delayKeyOf(machine, timer.event), op: 'cancel' });
  };
  clock.onSet = (timer) => {
    if (!timer.event?.startsWith(AFTER)) return;
    const key = delayKeyOf(machine, timer.event);
    timerOps.push({ key, op: 'set' });
    const count = timers.get(key) ?? { set: 0, fired: 0 };
    count.set++;
    timers.set(key, count);
    const expected = qa.delays?.[key];
    if (!expected) problems.push(`${stepName}: the actor set a ${timer.ms} ms timer for the delay ${key}, which the catalogue gives no expected duration`);
    else if (expected.ms !== timer.ms) problems.push(`${stepName}: the actor set the ${key} timer for ${timer.ms} ms; expected ${expected.ms} ms (${expected.from})`);
  };
  const input = (qa.starts ?? { start: () => {} })[path.start]?.() ?? qa.input;
  const provided = machine.provide({ actors, actions } as never);
  // Transitions are known by the provided machine's own definitions (provide() builds new state nodes).
  const infos = transitionsOf(provided);
  const actor = createActor(provided, {
    input: input as never,
    clock,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const definition of (event as unknown as { _transitions: never[] })._transitions ?? []) {
        const info = infos.get(definition);
        if (info) taken.add(info.id);
        if (info && info.source !== '(root)') entered.add(info.source);
      }
    },
  });
  // The scheduler sets each delayed event's timer through the clock: tell the clock which event it is for.
  const scheduler = actor.system.scheduler as { schedule: (...args: [unknown, unknown, EventObject, ...unknown[]]) => void };
  const schedule = scheduler.schedule;
  scheduler.schedule = (...args) => {
    clock.scheduling = args[2].type;
    try {
      schedule(...args);
    } finally {
      clock.scheduling = null;
    }
  };
  // A machine that throws (an action reading what its event does not carry, an actor's failure nothing handles) fails the step.
  actor.subscribe({ error: (failure) => void problems.push(`${stepName}: the machine failed: ${failure instanceof Error ? ((failure as Error & { code?: string }).code ?? failure.message) : inWords(failure)}`) });
  actor.start();
  await flush();
  const initial = qa.initial?.[path.start];
  let before = actor.getSnapshot() as AnyMachineSnapshot;
  observe(before, initial === undefined ? [] : [typeof initial === 'string' ? { to: initial } : initial]);
  // The start is a step too: its calls (a first load) are what `initial` lists, none when it lists none.
  const expectation = initial === undefined ? {} : typeof initial === 'string' ? { to: initial } : initial;
  problems.push(...judge(qa, [expectation], before, before, calls, timerOps).map((problem) => `start (${path.start}): ${problem}`));
  for (const [index, sample] of path.steps.entries()) {
    const event = qa.events[sample] as EventObject & { output?: unknown; error?: unknown };
    calls = [];
    timerOps = [];
    stepName = `step ${index + 1} (${sample})`;
    let expectations: StepExpectation[];
    try {
      expectations = expectationsFor(qa, before, sample);
    } catch (failure) {
      // A catalogue's rule that cannot read the situation (a machine gone where the spec never goes) fails the step.
      problems.push(`${stepName} in ${activeLeaves(before).join(' + ') || '(root)'}: the catalogue has no expectation for this situation (${(failure as Error).message})`);
      break;
    }
    if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
      const id = event.type.slice(event.type.startsWith(DONE) ? DONE.length : ERROR.length);
      const call = pending.get(id);
      if (!call) {
        problems.push(`step ${index + 1} (${sample}): ${id} is not running`);
        break;
      }
      pending.delete(id);
      if (event.type.startsWith(DONE)) call.resolve(event.output);
      else call.reject(event.error);
    } else if (event.type.startsWith(AFTER)) {
      if (!clock.fire(event.type)) {
        problems.push(`step ${index + 1} (${sample}): no timer is waiting for ${event.type}`);
        break;
      }
      timers.get(delayKeyOf(machine, event.type))!.fired++;
    } else {
      actor.send(event);
    }
    await flush();
    const reached = actor.getSnapshot() as AnyMachineSnapshot;
    observe(reached, expectations);
    const where = activeLeaves(before).join(' + ') || '(root)';
    pairItems(before, sample).forEach((pair) => pairs.add(pair));
    sent.add(sample);
    problems.push(...judge(qa, expectations, before, reached, calls, timerOps).map((problem) => `step ${index + 1} (${sample}) in ${where}: ${problem}`));
    before = reached;
  }
  actor.stop();
  return { problems, taken, observed, timers, entered, pairs, sent };
}
