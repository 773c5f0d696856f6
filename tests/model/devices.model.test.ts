// Model-based paths over the devices list machine (xstate/graph): every shortest path to every abstract state
// (region states x filters x page x search text) is executed on a real actor whose loads the path settles.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { devicesMachine, type DeviceListInput, type DevicesEvent } from '../../src/machines/devices/devices.machine.ts';
import { fakeDevice } from '../../src/machines/devices/devices.fixtures.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { controlledActors, describePath } from './executePath.ts';

type DevicesSnapshot = SnapshotFrom<typeof devicesMachine>;

/** The debounce timer's event: sent by the path instead of waiting 300 ms. */
const DEBOUNCE_FIRES = 'xstate.after.searchDebounce.devices.search.debouncing';
const PAGE = { count: 41, next: '/api/v1/tvpi/devices/?page=2&page_size=20', previous: null, results: [fakeDevice(1), fakeDevice(2, { position: 'vertical' })] };

const events = [
  { type: 'devices.load' },
  { type: 'devices.refresh' },
  { type: 'devices.search', text: 'lobby' },
  { type: DEBOUNCE_FIRES },
  { type: 'devices.filter', filters: { status: 'online' } },
  { type: 'devices.page', page: 2 },
  { type: 'xstate.done.actor.loadDevices', output: PAGE },
  { type: 'xstate.error.actor.loadDevices', error: new ApiRequestError({ status: 500, code: 'server_error', detail: '' }) },
  { type: 'xstate.done.actor.loadStatistics', output: { active: 39, deactive: 2 } },
  { type: 'xstate.error.actor.loadStatistics', error: new ApiRequestError({ status: 0, code: 'network_error', detail: '' }) },
] as unknown as DevicesEvent[];

const sortedKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));

/** The abstract state the traversal distinguishes: loaded data and statistics numbers are left out. */
function serializeState(snapshot: DevicesSnapshot): string {
  const { filters, page, searchText } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, filters: sortedKeys(filters as Record<string, unknown>), page, searchText });
}

function machineWithFakes() {
  const controlled = controlledActors(['loadDevices', 'loadStatistics', 'exportXlsx'] as const);
  return { machine: devicesMachine.provide({ actors: controlled.actors }), ...controlled };
}

/** What holds in every state, whatever the route into it. */
function invariant(snapshot: DevicesSnapshot, loadInputs: DeviceListInput[]) {
  const list = (snapshot.value as { list: string }).list;
  expect(snapshot.hasTag('loading')).toBe(list === 'loading' || list === 'updating');
  if (list === 'complete') expect([snapshot.context.data !== null, snapshot.context.error]).toEqual([true, null]);
  if (list === 'error') expect(snapshot.context.error).not.toBeNull();
  // updating is a reload: the previous page stays on screen meanwhile.
  if (list === 'updating') expect(snapshot.context.data).not.toBeNull();
  // A running load always asks for the filters and page on screen.
  if (list === 'loading' || list === 'updating') expect(loadInputs.at(-1)).toEqual({ filters: snapshot.context.filters, page: snapshot.context.page });
  // Once typing has rested, the list is filtered by exactly what the search box holds.
  if ((snapshot.value as { search: string }).search === 'idle') expect(snapshot.context.filters.search).toBe(snapshot.context.searchText.trim() || undefined);
  expect(snapshot.context.page).toBeGreaterThanOrEqual(1);
}

describe('devices list model', () => {
  const { machine } = machineWithFakes();
  const paths = getShortestPaths(machine, { events, input: {}, serializeState: (snapshot: unknown) => serializeState(snapshot as DevicesSnapshot) } as never);

  it('reaches every fetch status of the list and every statistics state', () => {
    const lists = new Set(paths.map((path) => (path.state.value as { list: string }).list));
    const statistics = new Set(paths.map((path) => (path.state.value as { statistics: string }).statistics));
    expect([...lists].sort()).toEqual(['complete', 'error', 'initial', 'loading', 'updating']);
    expect([...statistics].sort()).toEqual(['failed', 'idle', 'loading', 'ready']);
    expect(paths.length).toBeGreaterThan(50);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { machine: fresh, settle, inputs } = machineWithFakes();
    const loadInputs = () => inputs.filter(([id]) => id === 'loadDevices').map(([, input]) => input as DeviceListInput);
    const actor = createActor(fresh, { input: {} }).start();
    invariant(actor.getSnapshot(), loadInputs());
    for (const step of path.steps.slice(1)) {
      if (!settle(step.event as never)) actor.send(step.event);
      // The traversal merges states by their abstract key, so the real actor is compared on that key.
      const expected = serializeState(step.state as DevicesSnapshot);
      const reached = await waitFor(actor, (snapshot) => serializeState(snapshot) === expected, { timeout: 2000 }).catch(() => actor.getSnapshot());
      expect(serializeState(reached), `after ${step.event.type}`).toBe(expected);
      invariant(reached, loadInputs());
    }
    actor.stop();
  });
});
