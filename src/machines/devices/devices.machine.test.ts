import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Device, DeviceFilters, DeviceListPage } from '../../services/devices.service.ts';
import { fakeDevice } from './devices.fixtures.ts';
import { adjustStatistics, AUTO_REFRESH_MS, devicesMachine, SEARCH_DEBOUNCE_MS, type DeviceListInput } from './devices.machine.ts';
import { selectListStatus, selectStatistics } from './devices.selectors.ts';

const pageOf = (devices: Device[], count = devices.length): DeviceListPage => ({ count, count_exact: true, next: null, previous: null, results: devices });

function start(load: (input: DeviceListInput) => Promise<DeviceListPage>, statistics = { active: 5, deactive: 2 }) {
  const loads: DeviceListInput[] = [];
  const saved: Blob[] = [];
  const actor = createActor(
    devicesMachine.provide({
      actors: {
        loadDevices: fromPromise(({ input }) => {
          loads.push(input);
          return load(input);
        }),
        loadStatistics: fromPromise(() => Promise.resolve(statistics)),
        exportXlsx: fromPromise(async ({ input }) => {
          input.parent.send({ type: 'export.progress', loaded: 500, total: 1000 });
          return new Blob(['xlsx']);
        }),
      },
      actions: { saveExport: (_, { blob }) => void saved.push(blob) },
    }),
    { input: {} },
  ).start();
  return { actor, loads, saved };
}

describe('adjustStatistics (spec section 4)', () => {
  it('adding raises active; activating moves one from deactive to active; deactivating the reverse', () => {
    expect(adjustStatistics({ active: 3, deactive: 1 }, 'added')).toEqual({ active: 4, deactive: 1 });
    expect(adjustStatistics({ active: 3, deactive: 1 }, 'activated')).toEqual({ active: 4, deactive: 0 });
    expect(adjustStatistics({ active: 3, deactive: 1 }, 'deactivated')).toEqual({ active: 2, deactive: 2 });
  });
});

describe('devicesMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads (initial -> loading -> complete) and reloads as updating', async () => {
    const { actor } = start(async () => pageOf([fakeDevice(1)]));
    expect(selectListStatus(actor.getSnapshot())).toBe('initial');
    actor.send({ type: 'devices.load' });
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectListStatus(actor.getSnapshot())).toBe('complete');
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 5, deactive: 2 });
    actor.send({ type: 'devices.refresh' });
    expect(selectListStatus(actor.getSnapshot())).toBe('updating');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectListStatus(actor.getSnapshot())).toBe('complete');
  });

  it('debounces typing: one load with the last text, 300 ms after the last key', async () => {
    const { actor, loads } = start(async () => pageOf([]));
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    for (const text of ['l', 'lo', 'lob', 'lobby']) {
      actor.send({ type: 'devices.search', text });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(loads).toHaveLength(1);
    expect(actor.getSnapshot().context.searchText).toBe('lobby');
    await vi.advanceTimersByTimeAsync(60);
    expect(loads.map((l) => l.filters.search)).toEqual([undefined, 'lobby']);
    actor.send({ type: 'devices.search', text: ' lobby ' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
    expect(loads).toHaveLength(2);
  });

  it('a filter goes back to page 1 and reloads with the filters', async () => {
    const { actor, loads } = start(async (input) => pageOf([fakeDevice(input.page)], 100));
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'devices.page', page: 3 });
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'devices.filter', filters: { status: 'online', company: 2 } });
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'devices.filter', filters: { company: undefined } });
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toEqual<DeviceListInput[]>([
      { filters: {}, page: 1 },
      { filters: {}, page: 3 },
      { filters: { status: 'online', company: 2 }, page: 1 },
      { filters: { status: 'online', company: undefined } as DeviceFilters, page: 1 },
    ]);
  });

  it('steps back a page when the current one became empty', async () => {
    const { actor, loads } = start(async (input) => (input.page === 2 ? pageOf([], 20) : pageOf([fakeDevice(1)], 20)));
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'devices.page', page: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(loads.map((l) => l.page)).toEqual([1, 2, 1]);
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('adjusts the statistics locally on add, activation and deactivation, and reloads them after a removal', async () => {
    const { actor } = start(async () => pageOf([fakeDevice(1)]));
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'devices.added', device: fakeDevice(2) });
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 6, deactive: 2 });
    actor.send({ type: 'devices.activationChanged', device: fakeDevice(1, { is_active: false, status: 'disabled' }) });
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 5, deactive: 3 });
    expect(actor.getSnapshot().context.data?.results[0]?.status).toBe('disabled');
    actor.send({ type: 'devices.activationChanged', device: fakeDevice(1) });
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 6, deactive: 2 });
    actor.send({ type: 'devices.removed', id: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 5, deactive: 2 });
  });

  it('asks for the statistics again when a device changes while they load: the answer in flight would undo the change', async () => {
    let server = { active: 5, deactive: 2 };
    const answers: Array<() => void> = [];
    const actor = createActor(
      devicesMachine.provide({
        actors: {
          loadDevices: fromPromise(async () => pageOf([fakeDevice(1)])),
          // Each load reads the server's numbers when asked and answers when the test lets it.
          loadStatistics: fromPromise(() => {
            const asked = { ...server };
            return new Promise((resolve) => answers.push(() => resolve(asked)));
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'devices.load' });
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 5, deactive: 2 });
    actor.send({ type: 'devices.refresh' });
    expect(answers).toHaveLength(1);
    server = { active: 4, deactive: 3 };
    actor.send({ type: 'devices.activationChanged', device: fakeDevice(1, { is_active: false, status: 'disabled' }) });
    expect(answers).toHaveLength(2);
    answers.forEach((answer) => answer());
    await vi.advanceTimersByTimeAsync(1);
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 4, deactive: 3 });
    server = { active: 5, deactive: 3 };
    actor.send({ type: 'devices.refresh' });
    actor.send({ type: 'devices.added', device: fakeDevice(2) });
    expect(answers).toHaveLength(4);
    answers.slice(2).forEach((answer) => answer());
    await vi.advanceTimersByTimeAsync(1);
    expect(selectStatistics(actor.getSnapshot())).toEqual({ active: 5, deactive: 3 });
  });

  it('reloads a loaded page by itself every 30 s', async () => {
    const { actor, loads } = start(async () => pageOf([]));
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS - 10);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(loads).toHaveLength(2);
    expect(selectListStatus(actor.getSnapshot())).toBe('complete');
  });

  it('records a failed load as error with its code, and loads again from there', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw Object.assign(new Error('down'), {});
      return pageOf([]);
    });
    actor.send({ type: 'devices.load' });
    await vi.advanceTimersByTimeAsync(1);
    expect(selectListStatus(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('network_error');
    fail = false;
    actor.send({ type: 'devices.refresh' });
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectListStatus(actor.getSnapshot())).toBe('complete');
  });

  it('builds the xlsx with progress and hands the file over', async () => {
    const { actor, saved } = start(async () => pageOf([]));
    const progress: unknown[] = [];
    actor.subscribe((snapshot) => progress.push(snapshot.context.exportProgress));
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(progress).toContainEqual({ loaded: 500, total: 1000 });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(false);
    expect(saved).toHaveLength(1);
  });
});
