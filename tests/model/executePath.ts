import { expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** The part of a snapshot a path's target is compared on: the same as xstate/graph's default serialization. */
export function stateOf(snapshot: Snapshot<unknown>): { value: unknown; context: unknown } {
  const { value, context } = snapshot as unknown as { value: unknown; context: unknown };
  return { value, context };
}

/**
 * Promise actors the test settles: each invocation of `id` waits until a path step `xstate.done.actor.<id>`
 * (resolve with its output) or `xstate.error.actor.<id>` (reject with its error) is executed.
 */
export function controlledActors<const Ids extends readonly string[]>(ids: Ids) {
  const pending = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
  const inputs: Array<[string, unknown]> = [];
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise<any, any>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            inputs.push([id, input]);
            pending.set(id, { resolve, reject });
          }),
      ),
    ]),
  ) as Record<Ids[number], AnyActorLogic>;

  function settle(event: EventObject & { output?: unknown; error?: unknown }): boolean {
    const done = event.type.startsWith(DONE);
    if (!done && !event.type.startsWith(ERROR)) return false;
    const id = event.type.slice(done ? DONE.length : ERROR.length);
    const call = pending.get(id);
    if (!call) throw new Error(`The path settles ${id}, which is not running`);
    pending.delete(id);
    if (done) call.resolve(event.output);
    else call.reject(event.error);
    return true;
  }

  return { actors, settle, inputs };
}

/**
 * Runs a generated path on a real actor: sends its user events, settles its actor outcomes, waits for each
 * step's state, checks `invariant` after every step and asserts the path's target state is reached.
 */
export async function executePath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  machine: AnyStateMachine,
  path: StatePath<TSnapshot, TEvent>,
  settle: (event: TEvent) => boolean,
  invariant: (snapshot: TSnapshot) => void = () => {},
): Promise<void> {
  const actor = createActor(machine).start();
  const [initial, ...steps] = path.steps;
  expect(stateOf(actor.getSnapshot())).toEqual(stateOf(initial!.state));
  invariant(actor.getSnapshot() as unknown as TSnapshot);
  for (const step of steps) {
    if (!settle(step.event)) actor.send(step.event);
    const expected = JSON.stringify(stateOf(step.state));
    const reached = await waitFor(actor, (snapshot) => JSON.stringify(stateOf(snapshot)) === expected, { timeout: 2000 }).catch(
      () => actor.getSnapshot(),
    );
    expect(stateOf(reached), `after ${step.event.type}`).toEqual(stateOf(step.state));
    invariant(reached as unknown as TSnapshot);
  }
  expect(stateOf(actor.getSnapshot())).toEqual(stateOf(path.state));
  actor.stop();
}

/** A readable name for a path: its events after the initial one. */
export function describePath(path: StatePath<Snapshot<unknown>, EventObject>): string {
  const events = path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return events.length ? events.join(' → ') : '(initial)';
}
