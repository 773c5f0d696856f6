import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { QaCatalogue } from './catalogue.ts';

type StateNode = AnyStateMachine['root'];
type TransitionDefinition = NonNullable<StateNode['always']>[number];

/** One transition of a machine's config, as the gate and the readable paths name it. */
export interface TransitionInfo {
  /** `<source state id> <event> #<n>`: n counts the guarded alternatives of that event in that state. */
  id: string;
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
  definition: TransitionDefinition;
}

const ALWAYS = '(always)';

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'guard';
}

/** The dotted path of a state node from the root ('' for the root). */
export function pathOf(node: StateNode): string {
  return node.path.join('.');
}

function collectEdges(graph: DirectedGraphNode, into: Map<TransitionDefinition, TransitionInfo>) {
  const byEvent = new Map<string, number>();
  for (const edge of graph.edges) {
    const definition = edge.transition as TransitionDefinition;
    if (into.has(definition)) continue;
    const index = byEvent.get(definition.eventType) ?? 0;
    byEvent.set(definition.eventType, index + 1);
    into.set(definition, describeTransition(definition, definition.eventType, index));
  }
  const always = (graph.stateNode as StateNode).always ?? [];
  always.forEach((definition, index) => into.set(definition, describeTransition(definition, ALWAYS, index)));
  for (const child of graph.children) collectEdges(child, into);
}

function describeTransition(definition: TransitionDefinition, event: string, index: number): TransitionInfo {
  const source = pathOf(definition.source as StateNode) || '(root)';
  return {
    id: `${source} ${event} #${index + 1}`,
    source,
    event,
    guard: guardName(definition.guard),
    targets: (definition.target ?? []).map((target) => pathOf(target as StateNode) || '(root)'),
    definition,
  };
}

/** Every transition of the machine (from `toDirectedGraph`, plus the eventless ones it leaves out), by definition. */
export function transitionsOf(machine: AnyStateMachine): Map<TransitionDefinition, TransitionInfo> {
  const found = new Map<TransitionDefinition, TransitionInfo>();
  collectEdges(toDirectedGraph(machine), found);
  return found;
}

/** Every state of the machine as a dotted path. */
export function statesOf(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => pathOf(node as StateNode));
}

/** The dotted paths of every active state (leaves and their ancestors, not the root). */
export function activeStates(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as StateNode[]).map(pathOf).filter(Boolean);
}

/** The dotted paths of the active leaf states ('' when the machine has no states). */
export function activeLeaves(snapshot: AnyMachineSnapshot): string[] {
  const nodes = snapshot._nodes as StateNode[];
  return nodes.filter((node) => node.type === 'atomic' || node.type === 'final' || Object.keys(node.states).length === 0).map(pathOf);
}

/** Runs logic purely (no action is executed) while recording which transitions each microstep took. */
interface InertScope {
  scope: Record<string, unknown> & { self: { _snapshot?: unknown } };
  sink: TransitionDefinition[] | null;
}

const scopes = new WeakMap<AnyStateMachine, InertScope>();

function inertScope(machine: AnyStateMachine): InertScope {
  const known = scopes.get(machine);
  if (known) return known;
  // One actor per machine lends its system to every pure step; it records only while a step runs.
  const holder: InertScope = { scope: undefined as never, sink: null };
  const self = createActor(machine, {
    inspect: (event) => {
      if (holder.sink && event.type === '@xstate.microstep') {
        holder.sink.push(...((event as unknown as { _transitions: TransitionDefinition[] })._transitions ?? []));
      }
    },
  });
  holder.scope = {
    self: self as never,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  };
  scopes.set(machine, holder);
  return holder;
}

export interface PureStep {
  snapshot: AnyMachineSnapshot;
  transitions: TransitionDefinition[];
}

export function pureInitial(machine: AnyStateMachine, input: unknown): PureStep {
  const holder = inertScope(machine);
  const taken: TransitionDefinition[] = [];
  holder.sink = taken;
  try {
    const snapshot = machine.getInitialSnapshot(holder.scope as never, input) as AnyMachineSnapshot;
    return { snapshot, transitions: taken };
  } finally {
    holder.sink = null;
  }
}

export function pureStep(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): PureStep {
  const holder = inertScope(machine);
  const taken: TransitionDefinition[] = [];
  holder.sink = taken;
  holder.scope.self._snapshot = snapshot;
  try {
    const next = machine.transition(snapshot, event, holder.scope as never) as AnyMachineSnapshot;
    return { snapshot: next, transitions: taken };
  } finally {
    holder.sink = null;
  }
}

/**
 * Whether a sample event can happen in a situation at all: an invoked actor answers or fails only while it runs,
 * a delay runs out only while its state is active; a user event always can (the catalogue's `when` aside).
 */
export function canHappen(qa: QaCatalogue, snapshot: AnyMachineSnapshot, sample: string): boolean {
  const { type } = qa.events[sample]!;
  if (qa.when?.[sample] && !qa.when[sample]!(snapshot as never)) return false;
  const settled = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type);
  if (settled) return settled[1]! in snapshot.children;
  const delayed = /^xstate\.after\.[^.]+\.(.+)$/.exec(type);
  if (delayed) return (snapshot._nodes as StateNode[]).some((node) => node.id === delayed[1]);
  return true;
}

/** The state-by-event items of sending `sample` in a situation: one per active leaf (`p:<leaf> <- <sample>`). */
export function pairItems(snapshot: AnyMachineSnapshot, sample: string): string[] {
  return activeLeaves(snapshot).map((leaf) => `p:${leaf || '(root)'} <- ${sample}`);
}

/** How many distinct expected outcomes of one state-by-event pair the paths take (the rest: walks, mutations). */
const OUTCOMES = 2;

/**
 * The outcome items of sending `sample` in a situation: per active leaf, the calls and watched timers the catalogue
 * expects there (`o:<leaf> <- <sample> => <calls>`). A pair whose expected calls depend on the situation (page 2 asked
 * after page 1, a save with an office chosen) is taken once per distinct outcome, so each one is checked.
 */
export function outcomeItems(qa: QaCatalogue, snapshot: AnyMachineSnapshot, sample: string): string[] {
  const leaves = activeLeaves(snapshot);
  return leaves.flatMap((leaf) => {
    const parts = leaf ? leaf.split('.') : [];
    let entry: unknown;
    for (let length = parts.length; length >= 0 && entry === undefined; length--) entry = qa.expect[parts.slice(0, length).join('.')]?.[sample];
    if (typeof entry !== 'function') return [];
    let resolved: unknown;
    try {
      resolved = entry(snapshot.context);
    } catch {
      return [];
    }
    if (!resolved || typeof resolved !== 'object') return [];
    const { calls, timers } = resolved as { calls?: string[]; timers?: unknown };
    if (!calls?.length && !timers) return [];
    return [`o:${leaf || '(root)'} <- ${sample} => ${JSON.stringify([[...(calls ?? [])].sort(), timers ?? null])}`];
  });
}

/** A generated path: a start and the named sample events, in order. */
export interface QaPath {
  start: string;
  steps: string[];
}

interface Edge {
  sample: string;
  to: number;
  covers: string[];
}

interface Node {
  key: string;
  snapshot: AnyMachineSnapshot;
  edges: Edge[];
}

function defaultKey(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/**
 * The transition-cover paths of a catalogue: explores the machine breadth-first from each start with the
 * sample events, then greedily chains the nearest step that takes a transition (or enters a state) no path
 * took yet, starting a new path from the nearest start when a path grows past `maxPathLength`.
 */
export function coverPaths(
  qa: QaCatalogue,
  options: { pairs?: boolean } = {},
): { paths: QaPath[]; covered: Set<string>; reachable: Set<string> } {
  // With pairs (the default), every sample that can happen is also sent in every reachable situation where it
  // changes nothing, so each state-by-event pair is checked, "nothing happens" included.
  const pairs = options.pairs ?? true;
  const { machine } = qa;
  const infos = transitionsOf(machine);
  const itemOf = (definition: TransitionDefinition) => `t:${infos.get(definition)?.id ?? 'unknown'}`;
  const key = (qa.key as ((snapshot: AnyMachineSnapshot) => string) | undefined) ?? defaultKey;
  const depth = qa.depth ?? 8;
  const maxLength = qa.maxPathLength ?? 14;
  const starts = qa.starts ?? { start: () => {} };
  const nodes: Node[] = [];
  const index = new Map<string, number>();
  const roots: Array<{ start: string; node: number; covers: string[] }> = [];
  const samples = Object.entries(qa.events);
  // Per state-by-event pair, the first OUTCOMES distinct expected outcomes found (nearest first) are items to take.
  const outcomesOf = new Map<string, Set<string>>();
  const outcomes = (snapshot: AnyMachineSnapshot, sample: string) =>
    outcomeItems(qa, snapshot, sample).filter((item) => {
      const pair = item.slice(0, item.indexOf(' => '));
      const known = outcomesOf.get(pair) ?? new Set<string>();
      outcomesOf.set(pair, known);
      if (known.has(item)) return true;
      if (known.size >= OUTCOMES) return false;
      known.add(item);
      return true;
    });

  const itemsOf = (step: PureStep) => [
    ...step.transitions.filter((definition) => infos.has(definition)).map(itemOf),
    // A transient state (left at once by an eventless transition) counts as entered when its transition is taken.
    ...step.transitions.filter((definition) => infos.has(definition) && infos.get(definition)!.source !== '(root)').map((definition) => `s:${infos.get(definition)!.source}`),
    ...activeStates(step.snapshot).map((state) => `s:${state}`),
  ];

  for (const [start, prepare] of Object.entries(starts)) {
    const initial = pureInitial(machine, prepare() ?? qa.input);
    const add = (snapshot: AnyMachineSnapshot) => {
      const k = `${start}|${key(snapshot)}`;
      const known = index.get(k);
      if (known !== undefined) return { id: known, fresh: false };
      nodes.push({ key: k, snapshot, edges: [] });
      index.set(k, nodes.length - 1);
      return { id: nodes.length - 1, fresh: true };
    };
    const root = add(initial.snapshot).id;
    roots.push({ start, node: root, covers: [...itemsOf(initial), `start:${start}`] });
    let frontier = [root];
    for (let level = 0; level < depth && frontier.length; level++) {
      const next: number[] = [];
      for (const id of frontier) {
        const node = nodes[id]!;
        if (node.snapshot.status !== 'active') continue;
        for (const [sample, event] of samples) {
          if (!canHappen(qa, node.snapshot, sample)) continue;
          const step = pureStep(machine, node.snapshot, event);
          const moves = step.transitions.some((definition) => infos.has(definition));
          if (!moves && !pairs) continue;
          const target = moves ? add(step.snapshot) : { id, fresh: false };
          const covers = [...itemsOf(step), `e:${sample}`, ...(pairs ? [...pairItems(node.snapshot, sample), ...outcomes(node.snapshot, sample)] : [])];
          node.edges.push({ sample, to: target.id, covers });
          if (target.fresh) next.push(target.id);
        }
      }
      frontier = next;
    }
  }

  // Outcome items (`o:`) only steer the paths: the coverage counts states, transitions, pairs and timers.
  const reachable = new Set<string>();
  for (const root of roots) root.covers.forEach((item) => item.startsWith('o:') || reachable.add(item));
  for (const node of nodes) for (const edge of node.edges) edge.covers.forEach((item) => item.startsWith('o:') || reachable.add(item));
  const covered = new Set<string>();
  const paths: QaPath[] = [];

  /** Nearest edge (by steps) from `from` that covers something new: the route to it and its end. */
  const nearest = (from: number): { route: Edge[]; end: number } | null => {
    const seen = new Map<number, Edge[]>([[from, []]]);
    let frontier = [from];
    while (frontier.length) {
      const next: number[] = [];
      for (const id of frontier) {
        const route = seen.get(id)!;
        for (const edge of nodes[id]!.edges) {
          if (edge.covers.some((item) => !covered.has(item))) return { route: [...route, edge], end: edge.to };
          if (!seen.has(edge.to)) {
            seen.set(edge.to, [...route, edge]);
            next.push(edge.to);
          }
        }
      }
      frontier = next;
    }
    return null;
  };

  for (;;) {
    // Start from the root with the nearest new item; a root covering something new counts as a path of its own.
    let best: { root: (typeof roots)[number]; found: { route: Edge[]; end: number } | null } | null = null;
    for (const root of roots) {
      const fresh = root.covers.some((item) => !covered.has(item));
      const found = nearest(root.node);
      if (!fresh && !found) continue;
      if (!best || (fresh && !best.root.covers.some((item) => !covered.has(item))) || (found && best.found && found.route.length < best.found.route.length)) {
        best = { root, found };
      }
    }
    if (!best) break;
    const path: QaPath = { start: best.root.start, steps: [] };
    best.root.covers.forEach((item) => covered.add(item));
    let found = best.found;
    // Steps that change nothing (a state-by-event pair) do not count toward the path's length.
    let at = best.root.node;
    let moves = 0;
    const movesOf = (route: Edge[], from: number) => route.reduce((count, edge, i) => count + (edge.to === (i ? route[i - 1]!.to : from) ? 0 : 1), 0);
    while (found && (path.steps.length === 0 || moves + movesOf(found.route, at) <= maxLength)) {
      moves += movesOf(found.route, at);
      for (const edge of found.route) {
        path.steps.push(edge.sample);
        edge.covers.forEach((item) => covered.add(item));
      }
      at = found.end;
      found = nearest(found.end);
    }
    paths.push(path);
  }
  return { paths, covered, reachable };
}

/** Coverage items (`t:<transition id>`, `s:<state>`) of a machine's whole config (state-by-event pairs: `reachable`). */
export function allItems(machine: AnyStateMachine): string[] {
  return [...[...transitionsOf(machine).values()].map((info) => `t:${info.id}`), ...statesOf(machine).map((state) => `s:${state}`)];
}
