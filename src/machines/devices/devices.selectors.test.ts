import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { fakeDevice } from './devices.fixtures.ts';
import { devicesMachine } from './devices.machine.ts';
import { groupByPosition, scheduledEventCount, selectExportPercent, selectIsFiltered, selectPageInfo } from './devices.selectors.ts';

const snapshotWith = (context: object, tags: string[] = []) => {
  const base = createActor(devicesMachine, { input: {} }).getSnapshot();
  return { ...base, context: { ...base.context, ...context }, hasTag: (tag: string) => tags.includes(tag) } as typeof base;
};

describe('devices selectors', () => {
  it('groups a page by position in the order horizontal, vertical, unknown, leaving empty groups out', () => {
    const devices = [
      fakeDevice(1, { position: 'unknown' }),
      fakeDevice(2, { position: 'horizontal' }),
      fakeDevice(3, { position: 'unknown' }),
      fakeDevice(4, { position: 'horizontal' }),
    ];
    expect(groupByPosition(devices).map((group) => [group.position, group.devices.map((d) => d.id)])).toEqual([
      ['horizontal', [2, 4]],
      ['unknown', [1, 3]],
    ]);
    expect(groupByPosition([])).toEqual([]);
  });

  it('computes the page count from the total', () => {
    expect(selectPageInfo(snapshotWith({ page: 3, data: { count: 41, count_exact: true, next: null, previous: null, results: [] } }), 20)).toEqual({ page: 3, pageCount: 3, count: 41, exact: true });
    expect(selectPageInfo(snapshotWith({ page: 1, data: null }), 20)).toEqual({ page: 1, pageCount: 1, count: 0, exact: true });
    // The server stopped counting 1,000 past page 2's start: "Page 2 of 51+, 1020+ devices".
    expect(selectPageInfo(snapshotWith({ page: 2, data: { count: 1020, count_exact: false, next: '/api/v1/tvpi/devices/?page=3', previous: null, results: [] } }), 20)).toEqual({
      page: 2,
      pageCount: 51,
      count: 1020,
      exact: false,
    });
  });

  it('gives the export progress in percent only while exporting', () => {
    expect(selectExportPercent(snapshotWith({ exportProgress: { loaded: 250, total: 1000 } }, ['exporting']))).toBe(25);
    expect(selectExportPercent(snapshotWith({ exportProgress: { loaded: 0, total: 0 } }, ['exporting']))).toBe(0);
    expect(selectExportPercent(snapshotWith({ exportProgress: null }))).toBeNull();
  });

  it('tells whether any filter narrows the list', () => {
    expect(selectIsFiltered(snapshotWith({ filters: {} }))).toBe(false);
    expect(selectIsFiltered(snapshotWith({ filters: { status: undefined, company: undefined } }))).toBe(false);
    expect(selectIsFiltered(snapshotWith({ filters: { search: 'lobby' } }))).toBe(true);
  });

  it('counts the events of a schedule once each, and an emergency override as none (issue 35)', () => {
    expect(scheduledEventCount([{ event: 4 }, { event: 4 }, { event: 9 }, { event: 12, override: 12 }])).toBe(2);
    expect(scheduledEventCount([{ event: 12, override: 12 }])).toBe(0);
  });
});
