import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../services/http.ts';
import { createFetchStatusMachine, fetchStatusMachine } from './fetchStatus.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from './fetchStatus.selectors.ts';

/** A load whose every call the test settles by hand. */
function controlledLoad() {
  const calls: Array<{ params: unknown; resolve: (data: unknown) => void; reject: (error: unknown) => void }> = [];
  const load = fromPromise<unknown, { params: unknown }>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ params: input.params, resolve, reject })),
  );
  return { calls, machine: fetchStatusMachine.provide({ actors: { load } }) };
}

describe('fetchStatusMachine', () => {
  it('goes initial -> loading -> complete -> updating -> complete', async () => {
    const { calls, machine } = controlledLoad();
    const actor = createActor(machine).start();
    const statuses = [selectFetchStatus(actor.getSnapshot())];
    actor.send({ type: 'fetch.load', params: { page: 1 } });
    statuses.push(selectFetchStatus(actor.getSnapshot()));
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    calls[0]!.resolve(['a']);
    await waitFor(actor, (s) => s.matches('complete'));
    statuses.push(selectFetchStatus(actor.getSnapshot()));
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'fetch.load', params: { page: 2 } });
    statuses.push(selectFetchStatus(actor.getSnapshot()));
    expect([selectIsLoading(actor.getSnapshot()), selectData(actor.getSnapshot())]).toEqual([true, ['a']]);
    calls[1]!.resolve(['b']);
    await waitFor(actor, (s) => s.matches('complete'));
    statuses.push(selectFetchStatus(actor.getSnapshot()));
    expect(statuses).toEqual(['initial', 'loading', 'complete', 'updating', 'complete']);
    expect(calls.map((call) => call.params)).toEqual([{ page: 1 }, { page: 2 }]);
    expect([selectData(actor.getSnapshot()), selectError(actor.getSnapshot())]).toEqual([['b'], null]);
  });

  it('goes to error with the ApiRequestError code, and error -> loading on a new load', async () => {
    const { calls, machine } = controlledLoad();
    const actor = createActor(machine).start();
    actor.send({ type: 'fetch.load' });
    calls[0]!.reject(new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' }));
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectError(actor.getSnapshot())).toBe('forbidden');
    actor.send({ type: 'fetch.load' });
    expect(selectFetchStatus(actor.getSnapshot())).toBe('loading');
    calls[1]!.resolve(42);
    await waitFor(actor, (s) => s.matches('complete'));
    expect([selectData(actor.getSnapshot()), selectError(actor.getSnapshot())]).toEqual([42, null]);
  });

  it('reports anything but an ApiRequestError as network_error, also from updating', async () => {
    const { calls, machine } = controlledLoad();
    const actor = createActor(machine).start();
    actor.send({ type: 'fetch.load' });
    calls[0]!.resolve('first');
    await waitFor(actor, (s) => s.matches('complete'));
    actor.send({ type: 'fetch.load' });
    calls[1]!.reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.matches('error'));
    expect([selectError(actor.getSnapshot()), selectData(actor.getSnapshot())]).toEqual(['network_error', 'first']);
  });

  it('keeps the params when a reload gives none, and restarts a running load with new params', async () => {
    const { calls, machine } = controlledLoad();
    const actor = createActor(machine).start();
    actor.send({ type: 'fetch.load', params: 'a' });
    actor.send({ type: 'fetch.load', params: 'b' });
    calls[0]!.resolve('stale');
    calls[1]!.resolve('fresh');
    await waitFor(actor, (s) => s.matches('complete'));
    expect(selectData(actor.getSnapshot())).toBe('fresh');
    actor.send({ type: 'fetch.load' });
    expect(calls.map((call) => call.params)).toEqual(['a', 'b', 'b']);
  });

  it('has typed variants with initial params', async () => {
    const machine = createFetchStatusMachine<string[], { page: number }>({ page: 3 }).provide({
      actors: { load: fromPromise(async ({ input }) => [`page ${input.params.page}`]) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'fetch.load' });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(selectData(actor.getSnapshot())).toEqual(['page 3']);
  });

  it('fails the load when no actor was provided', async () => {
    const actor = createActor(fetchStatusMachine).start();
    actor.send({ type: 'fetch.load' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectError(actor.getSnapshot())).toBe('network_error');
  });
});
