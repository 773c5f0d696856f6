import { describe, expect, it } from 'vitest';
import type { CampaignDevicesContext, DeviceRow } from './campaignDevices.machine.ts';
import { applyMoves, pendingSet } from './campaignDevices.machine.ts';
import { importSummary, matchesQuery, rangeOf, sideCount, sideRows } from './campaignDevices.selectors.ts';

const device = (id: number, name: string, status = 'online'): DeviceRow => ({ id, sn: `SN-${id}`, mac: null, name, office_name: null, status });
const page = (results: DeviceRow[], count = results.length) => ({ count, next: null, previous: null, results });
const context = (patch: Partial<CampaignDevicesContext> = {}): CampaignDevicesContext => ({
  campaignId: 1,
  saved: [1, 2],
  added: {},
  removed: {},
  participating: { query: { page: 1, page_size: 50 }, page: page([device(1, 'Lobby'), device(2, 'Hall', 'offline')]), error: null },
  available: { query: { page: 1, page_size: 50 }, page: page([device(3, 'Window'), device(4, 'Door')], 10), error: null },
  importResult: null,
  importError: null,
  multiplyResult: null,
  multiplyError: null,
  saveError: null,
  ...patch,
});

describe('pending moves', () => {
  it('adds, removes, and cancels a move with its move back; the saved set follows', () => {
    const start = context();
    const moved = { ...start, ...applyMoves(start, [device(3, 'Window'), device(1, 'Lobby')], 'participating') };
    expect(Object.keys(moved.added)).toEqual(['3']);
    const out = { ...moved, ...applyMoves(moved, [device(1, 'Lobby')], 'available') };
    expect(Object.keys(out.removed)).toEqual(['1']);
    expect(pendingSet(out)).toEqual([2, 3]);
    const back = { ...out, ...applyMoves(out, [device(3, 'Window'), device(1, 'Lobby')], 'available') };
    expect(back.added).toEqual({});
    expect(pendingSet({ ...back, ...applyMoves(back, [device(1, 'Lobby')], 'participating') })).toEqual([1, 2]);
  });
});

describe('side rows and counts', () => {
  it('show moved devices on their new side (first page, matching the filter) and hide them on the old one', () => {
    const moved = context({ added: { 3: device(3, 'Window') }, removed: { 1: device(1, 'Lobby') } });
    expect(sideRows(moved, 'participating').map((d) => d.name)).toEqual(['Window', 'Hall']);
    expect(sideRows(moved, 'available').map((d) => d.name)).toEqual(['Lobby', 'Door']);
    expect(sideCount(moved, 'participating')).toBe(2);
    expect(sideCount(moved, 'available')).toBe(10);
    const offline = context({ added: { 3: device(3, 'Window') }, participating: { ...context().participating, query: { page: 1, page_size: 50, status: 'offline' } } });
    expect(sideRows(offline, 'participating').map((d) => d.name)).toEqual(['Lobby', 'Hall']);
    const second = context({ added: { 3: device(3, 'Window') }, participating: { ...context().participating, query: { page: 2, page_size: 50 } } });
    expect(sideRows(second, 'participating').map((d) => d.name)).toEqual(['Lobby', 'Hall']);
  });

  it('match the search on serial number, MAC and name, case-insensitively', () => {
    expect(matchesQuery({ ...device(5, 'Front Desk'), mac: 'AA:BB' }, { page: 1, page_size: 50, search: 'aa:b' })).toBe(true);
    expect(matchesQuery(device(5, 'Front Desk'), { page: 1, page_size: 50, search: 'front' })).toBe(true);
    expect(matchesQuery(device(5, 'Front Desk'), { page: 1, page_size: 50, search: 'back' })).toBe(false);
  });
});

describe('import summary', () => {
  const row = { row: 2, value: 'X', reason: 'unknown' as const };
  it('says the spec\'s message for no match, some rows left out, and all involved', () => {
    expect(importSummary({ devices: [], fileDevices: 1, notInvolved: [row] })).toEqual({ key: 'campaigns:import.noMatch' });
    expect(importSummary({ devices: [{ ...device(1, 'a'), position: 'unknown' }], fileDevices: 3, notInvolved: [row, row] })).toEqual({ key: 'campaigns:import.notInvolved', count: 2 });
    expect(importSummary({ devices: [{ ...device(1, 'a'), position: 'unknown' }], fileDevices: 1, notInvolved: [] })).toEqual({ key: 'campaigns:import.allInvolved' });
  });
});

describe('shift-range', () => {
  it('selects from the anchor to the target in list order, either way', () => {
    expect(rangeOf([5, 6, 7, 8], 6, 8)).toEqual([6, 7, 8]);
    expect(rangeOf([5, 6, 7, 8], 8, 5)).toEqual([5, 6, 7, 8]);
    expect(rangeOf([5, 6, 7, 8], null, 7)).toEqual([7]);
    expect(rangeOf([5, 6], 5, 9)).toEqual([]);
  });
});
