import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { loadCampaignSide } from '../../services/campaigns/campaignDevices.service.ts';
import {
  matchCampaignDevices,
  multiplyCampaign,
  saveCampaignDevices,
  type CampaignDevices,
  type MultiplyResult,
  type SideQuery,
} from '../../services/campaigns/campaigns.service.ts';
import { candidateColumns, matchColumns, readSpreadsheet, type ImportResult } from '../../services/campaigns/spreadsheet.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import type { CampaignSide } from '../../services/schemas/campaigns.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

/** What a list row needs of a device (a full device answer or a spreadsheet match). */
export interface DeviceRow {
  id: number;
  sn: string;
  mac: string | null;
  name: string;
  office_name: string | null;
  status: string;
}

export interface SideState {
  query: SideQuery;
  page: PageOf<DeviceRow> | null;
  /** Error code of the last failed load, null otherwise. */
  error: string | null;
}

export interface CampaignDevicesContext {
  campaignId: number;
  /** Every participating device id as saved, from the participating side's last load (null until it first loads). */
  saved: number[] | null;
  /** Moves not saved yet: devices added to the campaign, and devices taken out of it. */
  added: Record<number, DeviceRow>;
  removed: Record<number, DeviceRow>;
  participating: SideState;
  available: SideState;
  importResult: ImportResult | null;
  /** i18n key of the last import failure. */
  importError: string | null;
  multiplyResult: MultiplyResult | null;
  multiplyError: string | null;
  /** Code of the last refused or failed save. */
  saveError: string | null;
}

export type CampaignDevicesEvent =
  | { type: 'participating.query'; query: Partial<SideQuery> }
  | { type: 'available.query'; query: Partial<SideQuery> }
  | { type: 'participating.retry' }
  | { type: 'available.retry' }
  | { type: 'sides.reload' }
  | { type: 'devices.move'; devices: DeviceRow[]; to: CampaignSide }
  | { type: 'changes.discard' }
  | { type: 'changes.save' }
  | { type: 'import.start'; file: Blob }
  | { type: 'multiply.start'; campaigns: number[] }
  | { type: 'result.dismiss' };

export type NotifyParams = { intent: 'success' | 'error' | 'warning'; message: string };

export const SIDE_PAGE_SIZE = 50;
/** A shown side loads its page again this often, so device statuses stay current (like /devices; issue 26.16). */
export const STATUS_REFRESH_MS = 30_000;
const firstQuery = (): SideQuery => ({ page: 1, page_size: SIDE_PAGE_SIZE });

/** The participating set a save sends: saved, less what was taken out, plus what was added. */
export function pendingSet(context: Pick<CampaignDevicesContext, 'saved' | 'added' | 'removed'>): number[] {
  const ids = new Set(context.saved ?? []);
  for (const id of Object.keys(context.removed)) ids.delete(Number(id));
  for (const id of Object.keys(context.added)) ids.add(Number(id));
  return [...ids];
}

/** Adds moves to the pending changes: a move back cancels the earlier one. */
export function applyMoves(context: Pick<CampaignDevicesContext, 'saved' | 'added' | 'removed'>, devices: DeviceRow[], to: CampaignSide) {
  const added = { ...context.added };
  const removed = { ...context.removed };
  const saved = new Set(context.saved ?? []);
  for (const device of devices) {
    if (to === 'participating') {
      delete removed[device.id];
      if (!saved.has(device.id)) added[device.id] = device;
    } else {
      delete added[device.id];
      if (saved.has(device.id)) removed[device.id] = device;
    }
  }
  return { added, removed };
}

/**
 * The pending moves on top of a saved set read again (another operator, or this page's own save, changed it): a device
 * added here that is saved now, or taken out here that is no longer saved, is no change any more.
 */
export function rebaseMoves(saved: number[], added: Record<number, DeviceRow>, removed: Record<number, DeviceRow>) {
  const ids = new Set(saved);
  return {
    added: Object.fromEntries(Object.entries(added).filter(([id]) => !ids.has(Number(id)))) as Record<number, DeviceRow>,
    removed: Object.fromEntries(Object.entries(removed).filter(([id]) => ids.has(Number(id)))) as Record<number, DeviceRow>,
  };
}

/** A side's region: loading its page, showing it, or its failure with a retry. Both sides share the shape. */
function sideRegion(side: CampaignSide) {
  const load = side === 'participating' ? ('loadParticipating' as const) : ('loadAvailable' as const);
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: load,
          src: load,
          // Every load of the participating side brings every participating id too: the saved set is read again each
          // time, so a change made elsewhere (another operator, another tab) is what a save here builds on.
          input: ({ context }: { context: CampaignDevicesContext }) => ({ campaignId: context.campaignId, query: context[side].query }),
          onDone: { target: 'ready' as const, actions: { type: 'setPage' as const, params: ({ event }: { event: { output: CampaignDevices } }) => ({ side, output: event.output }) } },
          onError: { target: 'failed' as const, actions: { type: 'setLoadError' as const, params: ({ event }: { event: { error: unknown } }) => ({ side, error: event.error }) } },
        },
        on: {
          [`${side}.query`]: { target: 'loading' as const, reenter: true, actions: { type: 'setQuery' as const, params: ({ event }: { event: { query: Partial<SideQuery> } }) => ({ side, query: event.query }) } },
          // A save while a load runs (a 30 s refresh): that load may have read the set before the save; ask again.
          'sides.reload': { target: 'loading' as const, reenter: true },
        },
      },
      ready: {
        // The rows stay on screen while the page loads again (the view keeps the page and marks the list busy).
        after: { statusRefresh: 'loading' as const },
        on: {
          [`${side}.query`]: { target: 'loading' as const, actions: { type: 'setQuery' as const, params: ({ event }: { event: { query: Partial<SideQuery> } }) => ({ side, query: event.query }) } },
          'sides.reload': 'loading' as const,
        },
      },
      failed: {
        on: {
          [`${side}.retry`]: 'loading' as const,
          [`${side}.query`]: { target: 'loading' as const, actions: { type: 'setQuery' as const, params: ({ event }: { event: { query: Partial<SideQuery> } }) => ({ side, query: event.query }) } },
          'sides.reload': 'loading' as const,
        },
      },
    },
  };
}

/**
 * The campaign-devices editor: two sides loaded page by page with their own search and status filter, moves kept as
 * pending changes (dirty until saved or discarded), a spreadsheet import as an invoked actor, the save of the whole
 * participating set, and multiply. Views provide `notify`.
 */
export const campaignDevicesMachine = setup({
  types: {
    context: {} as CampaignDevicesContext,
    events: {} as CampaignDevicesEvent,
    input: {} as { campaignId: number },
  },
  actors: {
    loadParticipating: fromPromise<CampaignDevices, { campaignId: number; query: SideQuery }>(({ input }) => loadCampaignSide(input.campaignId, 'participating', input.query, true)),
    loadAvailable: fromPromise<CampaignDevices, { campaignId: number; query: SideQuery }>(({ input }) => loadCampaignSide(input.campaignId, 'available', input.query)),
    importFile: fromPromise<ImportResult, { campaignId: number; file: Blob }>(async ({ input }) => {
      const rows = await readSpreadsheet(input.file);
      return matchColumns(candidateColumns(rows), (values) => matchCampaignDevices(input.campaignId, values));
    }),
    save: fromPromise<WriteOutcome<unknown>, { campaignId: number; devices: number[] }>(({ input }) => saveCampaignDevices(input.campaignId, input.devices)),
    multiply: fromPromise<MultiplyResult, { campaignId: number; campaigns: number[] }>(({ input }) => multiplyCampaign(input.campaignId, input.campaigns)),
  },
  delays: { statusRefresh: STATUS_REFRESH_MS },
  guards: {
    nothingPending: ({ context }) => Object.keys(context.added).length === 0 && Object.keys(context.removed).length === 0,
    savedKnown: ({ context }) => context.saved !== null,
    accepted: (_, params: { outcome: WriteOutcome<unknown> }) => params.outcome.ok,
    hasTargets: (_, params: { campaigns: number[] }) => params.campaigns.length > 0,
  },
  actions: {
    setQuery: assign(({ context }, params: { side: CampaignSide; query: Partial<SideQuery> }) => ({
      [params.side]: { ...context[params.side], query: { ...context[params.side].query, page: 1, ...params.query } },
    })),
    setPage: assign(({ context }, params: { side: CampaignSide; output: CampaignDevices }) => ({
      [params.side]: { ...context[params.side], page: params.output[params.side] ?? null, error: null },
      ...(params.output.participating_ids
        ? { saved: params.output.participating_ids, ...rebaseMoves(params.output.participating_ids, context.added, context.removed) }
        : {}),
    })),
    setLoadError: assign(({ context }, params: { side: CampaignSide; error: unknown }) => ({
      [params.side]: { ...context[params.side], error: errorCodeOf(params.error) },
    })),
    move: assign(({ context }, params: { devices: DeviceRow[]; to: CampaignSide }) => applyMoves(context, params.devices, params.to)),
    discard: assign({ added: {}, removed: {}, saveError: null }),
    clearResults: assign({ importResult: null, importError: null, multiplyResult: null, multiplyError: null }),
    applyImport: assign(({ context }, params: { result: ImportResult }) => ({
      ...applyMoves(context, params.result.devices, 'participating'),
      importResult: params.result,
      importError: null,
    })),
    setImportError: assign({ importError: 'campaigns:import.readError', importResult: null }),
    setSaved: assign(({ context }) => ({ saved: pendingSet(context).sort((a, b) => a - b), added: {}, removed: {}, saveError: null })),
    setSaveRefusal: assign((_, params: { outcome: WriteOutcome<unknown> }) => ({ saveError: params.outcome.ok ? null : params.outcome.code })),
    setSaveError: assign((_, params: { error: unknown }) => ({ saveError: errorCodeOf(params.error) })),
    setMultiplyResult: assign((_, params: { result: MultiplyResult }) => ({ multiplyResult: params.result, multiplyError: null })),
    setMultiplyError: assign((_, params: { error: unknown }) => ({ multiplyResult: null, multiplyError: errorCodeOf(params.error) })),
    reloadSides: raise({ type: 'sides.reload' }),
    /** Provided by the view: a toast with a translated message key. */
    notify: (_, _params: NotifyParams) => {},
  },
}).createMachine({
  id: 'campaignDevices',
  type: 'parallel',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    saved: null,
    added: {},
    removed: {},
    participating: { query: firstQuery(), page: null, error: null },
    available: { query: firstQuery(), page: null, error: null },
    importResult: null,
    importError: null,
    multiplyResult: null,
    multiplyError: null,
    saveError: null,
  }),
  states: {
    participating: sideRegion('participating'),
    available: sideRegion('available'),
    changes: {
      initial: 'clean',
      states: {
        clean: {
          on: {
            'devices.move': { target: 'dirty', actions: { type: 'move', params: ({ event }) => ({ devices: event.devices, to: event.to }) } },
            'import.start': { target: 'importing', actions: 'clearResults' },
            'multiply.start': { guard: { type: 'hasTargets', params: ({ event }) => ({ campaigns: event.campaigns }) }, target: 'multiplying', actions: 'clearResults' },
            'result.dismiss': { actions: 'clearResults' },
          },
        },
        dirty: {
          tags: ['dirty'],
          always: { guard: 'nothingPending', target: 'clean' },
          on: {
            'devices.move': { target: 'dirty', reenter: true, actions: { type: 'move', params: ({ event }) => ({ devices: event.devices, to: event.to }) } },
            'import.start': { target: 'importing', actions: 'clearResults' },
            'changes.discard': { target: 'clean', actions: 'discard' },
            'changes.save': { guard: 'savedKnown', target: 'saving' },
            'result.dismiss': { actions: 'clearResults' },
          },
        },
        importing: {
          tags: ['busy'],
          invoke: {
            id: 'importFile',
            src: 'importFile',
            input: ({ context, event }) => ({ campaignId: context.campaignId, file: (event as Extract<CampaignDevicesEvent, { type: 'import.start' }>).file }),
            onDone: { target: 'dirty', actions: { type: 'applyImport', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'dirty', actions: 'setImportError' },
          },
        },
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ campaignId: context.campaignId, devices: pendingSet(context) }),
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
                target: 'clean',
                actions: ['setSaved', { type: 'notify', params: { intent: 'success', message: 'campaigns:devices.saved' } }, 'reloadSides'],
              },
              {
                target: 'dirty',
                actions: [
                  { type: 'setSaveRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      intent: 'error',
                      message: !event.output.ok && event.output.code === 'position_mismatch' ? 'campaigns:devices.positionMismatch' : 'campaigns:devices.saveError',
                    }),
                  },
                ],
              },
            ],
            onError: {
              target: 'dirty',
              actions: [{ type: 'setSaveError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { intent: 'error', message: 'campaigns:devices.saveError' } }],
            },
          },
        },
        multiplying: {
          tags: ['busy'],
          invoke: {
            id: 'multiply',
            src: 'multiply',
            input: ({ context, event }) => ({ campaignId: context.campaignId, campaigns: (event as Extract<CampaignDevicesEvent, { type: 'multiply.start' }>).campaigns }),
            onDone: { target: 'clean', actions: { type: 'setMultiplyResult', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'clean', actions: { type: 'setMultiplyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type CampaignDevicesActor = ActorRefFrom<typeof campaignDevicesMachine>;
export type CampaignDevicesSnapshot = SnapshotFrom<typeof campaignDevicesMachine>;
