import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { fetchStatusMachine, type FetchEvent } from '../../src/machines/fetchStatus.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from '../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { controlledActors, describePath, executePath } from './executePath.ts';

type FetchSnapshot = SnapshotFrom<typeof fetchStatusMachine>;

const events = [
  { type: 'fetch.load' },
  { type: 'fetch.load', params: { page: 2 } },
  { type: 'xstate.done.actor.load', output: ['row'] },
  { type: 'xstate.error.actor.load', error: new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' }) },
  { type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') },
] as unknown as FetchEvent[];

function machineWithFakes() {
  const controlled = controlledActors(['load'] as const);
  return { machine: fetchStatusMachine.provide({ actors: controlled.actors }), settle: controlled.settle };
}

/** Spec section 4: loading and updating are the loading tag; complete has data and no error; error has a code. */
function fetchInvariant(snapshot: FetchSnapshot) {
  const status = selectFetchStatus(snapshot);
  expect(selectIsLoading(snapshot)).toBe(status === 'loading' || status === 'updating');
  if (status === 'complete') expect([selectData(snapshot), selectError(snapshot)]).toEqual([['row'], null]);
  if (status === 'updating') expect(selectData(snapshot)).toEqual(['row']);
  if (status === 'error') expect(['forbidden', 'network_error']).toContain(selectError(snapshot));
  if (status === 'initial') expect([selectData(snapshot), selectError(snapshot)]).toEqual([null, null]);
}

const { machine } = machineWithFakes();
const shortest = getShortestPaths(machine, { events });
// Simple paths multiply with every context variant: explore them with one load and one failure kind.
const simple = getSimplePaths(machine, { events: [events[0]!, events[2]!, events[3]!] });

describe('fetch status model', () => {
  it('reaches all five statuses', () => {
    expect(new Set(shortest.map((path) => path.state.value))).toEqual(new Set(['initial', 'loading', 'updating', 'complete', 'error']));
  });

  describe('shortest paths', () => {
    it.each(shortest.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const { machine: fresh, settle } = machineWithFakes();
      await executePath(fresh, path, settle, fetchInvariant);
    });
  });

  describe('simple paths', () => {
    it.each(simple.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const { machine: fresh, settle } = machineWithFakes();
      await executePath(fresh, path, settle, fetchInvariant);
    });
  });
});
