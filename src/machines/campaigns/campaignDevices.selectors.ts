import type { SideQuery } from '../../services/campaigns/campaigns.service.ts';
import type { ImportResult } from '../../services/campaigns/spreadsheet.ts';
import type { CampaignSide } from '../../services/schemas/campaigns.ts';
import type { CampaignDevicesContext, CampaignDevicesSnapshot, DeviceRow } from './campaignDevices.machine.ts';

/** Whether a device moved on this page would show under a side's search and status filter (as the server filters). */
export function matchesQuery(device: DeviceRow, query: SideQuery): boolean {
  if (query.status && device.status !== query.status) return false;
  const term = query.search?.trim().toLowerCase();
  if (!term) return true;
  return [device.sn, device.mac ?? '', device.name].some((field) => field.toLowerCase().includes(term));
}

/**
 * The rows a side shows: devices moved onto it that match its filter (on the first page, newest move first, at most a
 * page of them: an import of 10,000 devices shows 50 and counts the rest), then its page from the server less the
 * devices moved off it.
 */
export function sideRows(context: CampaignDevicesContext, side: CampaignSide): DeviceRow[] {
  const { query, page } = context[side];
  const movedIn = side === 'participating' ? context.added : context.removed;
  const movedOut = side === 'participating' ? context.removed : context.added;
  const incoming = query.page === 1 ? Object.values(movedIn).filter((device) => matchesQuery(device, query)).reverse().slice(0, query.page_size) : [];
  return [...incoming, ...(page?.results ?? []).filter((device) => !(device.id in movedOut))];
}

/** How many devices a side holds under its filter, counting the moves not saved yet. */
export function sideCount(context: CampaignDevicesContext, side: CampaignSide): number {
  const { query, page } = context[side];
  const movedIn = side === 'participating' ? context.added : context.removed;
  const movedOut = side === 'participating' ? context.removed : context.added;
  const count = (moved: Record<number, DeviceRow>) => Object.values(moved).filter((device) => matchesQuery(device, query)).length;
  return Math.max(0, (page?.count ?? 0) + count(movedIn) - count(movedOut));
}

export const selectSide = (side: CampaignSide) => (snapshot: CampaignDevicesSnapshot) => snapshot.context[side];
export const selectSideStatus = (side: CampaignSide) => (snapshot: CampaignDevicesSnapshot) =>
  snapshot.matches({ [side]: 'failed' }) ? 'failed' : snapshot.matches({ [side]: 'loading' }) ? 'loading' : 'ready';
export const selectPendingCount = (snapshot: CampaignDevicesSnapshot) => Object.keys(snapshot.context.added).length + Object.keys(snapshot.context.removed).length;
export const selectDirty = (snapshot: CampaignDevicesSnapshot) => snapshot.hasTag('dirty');
export const selectBusy = (snapshot: CampaignDevicesSnapshot) => snapshot.hasTag('busy');
export const selectImporting = (snapshot: CampaignDevicesSnapshot) => snapshot.matches({ changes: 'importing' });
export const selectSaving = (snapshot: CampaignDevicesSnapshot) => snapshot.matches({ changes: 'saving' });
export const selectMultiplying = (snapshot: CampaignDevicesSnapshot) => snapshot.matches({ changes: 'multiplying' });

/** The import's summary line: a translation key and its count. */
export function importSummary(result: ImportResult): { key: string; count?: number } {
  if (result.devices.length === 0) return { key: 'campaigns:import.noMatch' };
  if (result.notInvolved.length > 0) return { key: 'campaigns:import.notInvolved', count: result.notInvolved.length };
  return { key: 'campaigns:import.allInvolved' };
}

/** Ids from `anchor` to `target` in list order (a shift-click range), both included. */
export function rangeOf(ids: number[], anchor: number | null, target: number): number[] {
  const to = ids.indexOf(target);
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  if (to < 0) return [];
  if (from < 0) return [target];
  return ids.slice(Math.min(from, to), Math.max(from, to) + 1);
}
