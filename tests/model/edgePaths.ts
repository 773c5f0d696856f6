import { getNextSnapshot, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';

/**
 * Shortest paths reach every state but not every transition. This extends each shortest path by every event its
 * end state accepts (`snapshot.can`), so the set holds every (state, event) transition the event catalogue can take.
 */
export function edgePaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  machine: AnyStateMachine,
  shortest: StatePath<TSnapshot, TEvent>[],
  events: TEvent[],
): StatePath<TSnapshot, TEvent>[] {
  const extended: StatePath<TSnapshot, TEvent>[] = [];
  for (const path of shortest) {
    const end = path.state as unknown as { can(event: EventObject): boolean; status: string };
    if (end.status !== 'active') continue;
    for (const event of events) {
      if (!end.can(event)) continue;
      const next = getNextSnapshot(machine, path.state as never, event) as unknown as TSnapshot;
      extended.push({ state: next, steps: [...path.steps, { event, state: next }], weight: path.steps.length + 1 } as StatePath<TSnapshot, TEvent>);
    }
  }
  return extended;
}

/** `"<state value> <event type>"` for every step of the paths: the transitions they take. */
export function transitionsTaken(paths: StatePath<Snapshot<unknown>, EventObject>[]): Set<string> {
  return new Set(
    paths.flatMap((path) =>
      path.steps.slice(1).map((step, i) => `${JSON.stringify((path.steps[i]!.state as unknown as { value: unknown }).value)} ${step.event.type}`),
    ),
  );
}
