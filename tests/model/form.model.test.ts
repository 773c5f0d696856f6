// Model-based paths over the shared form shape (createFormMachine): every shortest path to every abstract state
// and every transition, executed on a real actor whose save the path settles.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createFormMachine, type FormEvent } from '../../src/machines/form/form.machine.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { edgePaths, transitionsTaken } from './edgePaths.ts';
import { controlledActors, describePath } from './executePath.ts';

type Fields = { name: string };
const validate = (fields: Fields): Record<string, string> => (fields.name.trim() ? {} : { name: 'required' });
const formMachine = createFormMachine<Fields, { id: number; name: string }>({ id: 'testForm', validate, save: async () => ({ ok: true, value: { id: 1, name: '' } }) });
type FormSnapshot = SnapshotFrom<typeof formMachine>;

const events = [
  { type: 'form.change', field: 'name', value: 'Morning' },
  { type: 'form.change', field: 'name', value: ' ' },
  { type: 'form.save' },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.save', output: { ok: true, value: { id: 1, name: 'Morning' } } },
  { type: 'xstate.done.actor.save', output: { ok: false, code: 'validation_error', fields: { name: 'too_long' } } },
  { type: 'xstate.done.actor.save', output: { ok: false, code: 'position_locked', fields: {} } },
  { type: 'xstate.error.actor.save', error: new ApiRequestError({ status: 0, code: 'network_error', detail: '' }) },
] as unknown as FormEvent<Fields>[];

function serializeState(snapshot: FormSnapshot): string {
  const { fields, fieldErrors, error } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, fields, fieldErrors, error });
}

function invariant(snapshot: FormSnapshot) {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
  if (snapshot.matches('failed')) expect(snapshot.context.error).not.toBeNull();
  if (snapshot.matches('saving')) expect(validate(snapshot.context.fields)).toEqual({});
  // What the user typed is never lost by a refusal or a failure.
  expect(typeof snapshot.context.fields.name).toBe('string');
}

async function execute(path: { steps: { event: FormEvent<Fields>; state: unknown }[] }) {
  const controlled = controlledActors(['save'] as const);
  const calls: string[] = [];
  const machine = formMachine.provide({
    actors: controlled.actors,
    actions: { saved: (_, params) => void calls.push(`saved:${params.value.name}`), closed: () => void calls.push('closed') },
  });
  const actor = createActor(machine, { input: { id: null, fields: { name: '' } } }).start();
  invariant(actor.getSnapshot());
  for (const step of path.steps.slice(1)) {
    if (!controlled.settle(step.event as never)) actor.send(step.event);
    const expected = serializeState(step.state as FormSnapshot);
    const reached = await waitFor(actor, (s) => serializeState(s) === expected, { timeout: 2000 }).catch(() => actor.getSnapshot());
    expect(serializeState(reached), `after ${step.event.type}`).toBe(expected);
    invariant(reached);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return { final, calls, inputs: controlled.inputs };
}

describe('form machine model', () => {
  const options = { events, input: { id: null, fields: { name: '' } }, serializeState: (s: unknown) => serializeState(s as FormSnapshot) } as never;
  const shortest = getShortestPaths(formMachine, options);
  const paths = edgePaths(formMachine, shortest, events);

  it('reaches every state and takes every transition', () => {
    const values = new Set(shortest.map((p) => JSON.stringify(p.state.value)));
    expect([...values].sort()).toEqual(['"closed"', '"editing"', '"failed"', '"saved"', '"saving"']);
    const taken = transitionsTaken(paths as never);
    for (const edge of [
      '"editing" form.change',
      '"editing" form.save',
      '"editing" form.cancel',
      '"saving" xstate.done.actor.save',
      '"saving" xstate.error.actor.save',
      '"failed" form.change',
      '"failed" form.save',
      '"failed" form.cancel',
    ]) {
      expect(taken, edge).toContain(edge);
    }
  });

  describe('shortest paths', () => {
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      const { final, calls, inputs } = await execute(path as never);
      if (final.matches('saved')) expect(calls).toEqual(['saved:Morning']);
      if (final.matches('closed')) expect(calls).toEqual(['closed']);
      for (const [, input] of inputs) expect(input).toEqual({ id: null, fields: { name: 'Morning' } });
      if (final.matches('failed') && final.context.error === 'validation_error') expect(final.context.fieldErrors).toEqual({ name: 'too_long' });
    });
  });
});
