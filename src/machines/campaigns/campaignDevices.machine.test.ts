import { describe, expect, it } from 'vitest';
import { pendingSet, rebaseMoves, type DeviceRow } from './campaignDevices.machine.ts';

const row = (id: number): DeviceRow => ({ id, sn: `SN-${id}`, mac: null, name: `Screen ${id}`, office_name: null, status: 'online' });

describe('rebaseMoves', () => {
  it('keeps the moves that still change the saved set read again, and drops those another operator already made', () => {
    // Here: 3 added, 4 added, 1 taken out, 2 taken out. Elsewhere meanwhile: 3 added, 2 taken out, 5 added.
    const rebased = rebaseMoves([1, 3, 5], { 3: row(3), 4: row(4) }, { 1: row(1), 2: row(2) });
    expect(rebased).toEqual({ added: { 4: row(4) }, removed: { 1: row(1) } });
    // A save then keeps the other operator's 5 and 3 and applies this page's own moves on top.
    expect(pendingSet({ saved: [1, 3, 5], ...rebased }).sort()).toEqual([3, 4, 5]);
  });
});
