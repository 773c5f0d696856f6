import { campaignDevicesMachine, type CampaignDevicesContext, type DeviceRow } from '../../../src/machines/campaigns/campaignDevices.machine.ts';
import { importSummary, selectPendingCount, selectSideStatus, sideRows } from '../../../src/machines/campaigns/campaignDevices.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const device = (id: number, name: string): DeviceRow => ({ id, sn: `SN-${id}`, mac: null, name, office_name: 'Central', status: 'online' });
const LOBBY = device(1, 'Lobby');
const WINDOW = device(2, 'Window');
const HALL = device(3, 'Hall');
const page = (results: DeviceRow[]) => ({ count: results.length, next: null, previous: null, results });
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const P_LOADED = 'the campaign\'s devices load (Lobby)';
const P_LOADED_OTHER = 'the campaign\'s devices load: another operator added Window (Lobby, Window)';
const P_FAILS = 'loading the campaign\'s devices fails';
const A_LOADED = 'the available devices load (Window, Hall)';
const A_FAILS = 'loading the available devices fails';
const P_SEARCH = 'search the campaign\'s devices for "lob"';
const A_ONLINE = 'show only online available devices';
const P_RETRY = 'press "Retry" on the campaign\'s devices';
const A_RETRY = 'press "Retry" on the available devices';
const RELOAD = 'both sides reload';
const P_REFRESH = '30 s pass with the campaign\'s devices shown';
const A_REFRESH = '30 s pass with the available devices shown';
const ADD_WINDOW = 'move Window into the campaign';
const REMOVE_LOBBY = 'move Lobby out of the campaign';
const WINDOW_BACK = 'move Window back out';
const DISCARD = 'press "Discard changes"';
const SAVE = 'press "Save"';
const SAVED = 'the server saves the set';
const MISMATCH = 'the server refuses: screen position mismatch';
const SAVE_FAILS = 'the network is down during the save';
const IMPORT = 'import an xlsx file';
const IMPORTED = 'the file names Hall and 1 unknown serial';
const IMPORTED_NOTHING = 'the file names no device';
const IMPORT_FAILS = 'the file cannot be read';
const MULTIPLY = 'multiply into campaigns 5 and 6';
const MULTIPLY_NONE = 'multiply with no campaign chosen';
const MULTIPLIED = 'campaigns 5 and 6 gain 1 and 0 devices';
const MULTIPLY_FAILS = 'multiplying fails';
const DISMISS = 'close the result';

const IMPORTING = `the import button reads ${text('campaigns:import.importing')}`;
const MULTIPLY_RESULT = { results: [{ campaign: 5, name: 'Spring', added: 1, devices: 1 }, { campaign: 6, name: 'Summer', added: 0, devices: 1 }] };
const IMPORT_RESULT = { devices: [HALL], fileDevices: 2, notInvolved: [{ row: 3, value: 'NOPE', reason: 'unknown' }] };

type Context = CampaignDevicesContext;
type Side = 'participating' | 'available';
const label = (side: Side) => text(`campaigns:devices.${side}`);
const sideError = (side: Side) => text(side === 'participating' ? 'campaigns:devices.participatingError' : 'campaigns:devices.availableError');
const pendingLine = (pending: number) => (pending ? text(pending === 1 ? 'campaigns:devices.pending_one' : 'campaigns:devices.pending_other', { count: pending }) : 'no line of unsaved changes');
const BUSY_MOVE = 'the arrow buttons are disabled while the page is busy';
/** A device can be moved when its arrow button is on screen: listed on the side it leaves, the page not busy. */
const canMove = (name: string, from: Side) => (view: Record<string, unknown>) =>
  dialogOpen(view) ??
  (view.busy
    ? BUSY_MOVE
    : !view[`${from}Listed`]
      ? `${label(from)} shows ${view[from] === 'failed' ? 'its error' : 'a spinner until its first page loads'}, not its devices`
      : !(view[`${from}Rows`] as string[]).includes(name)
        ? `${name} is not listed under ${label(from)}, so it has no arrow button there`
        : undefined);
/** The result of an import or of a multiply is a modal dialog: nothing behind it can be pressed until it closes. */
function dialogOpen(view: Record<string, unknown>): string | undefined {
  if (view.imported || view.importError) return `the dialog ${text('campaigns:import.title')} covers the page until it is closed`;
  if (view.multiplied || view.multiplyError) return `the dialog ${text('campaigns:multiply.title')} covers the page until it is closed`;
  return undefined;
}
/** Off screen while a result dialog is open, or in the states listed (by the region "changes"). */
const offWhile = (byState: Record<string, string>, dialog: (view: Record<string, unknown>) => string | undefined = dialogOpen) => (view: Record<string, unknown>) =>
  dialog(view) ?? byState[`changes.${String(view.changes)}`];
/** Written from the spec: moves are kept until saved; a move back cancels the earlier one. */
function movesAfter(context: Context, devices: DeviceRow[], to: 'participating' | 'available') {
  const saved = new Set(context.saved ?? []);
  const added = new Set(Object.keys(context.added).map(Number));
  const removed = new Set(Object.keys(context.removed).map(Number));
  for (const moved of devices) {
    if (to === 'participating') {
      removed.delete(moved.id);
      if (!saved.has(moved.id)) added.add(moved.id);
    } else {
      added.delete(moved.id);
      if (saved.has(moved.id)) removed.add(moved.id);
    }
  }
  return { added, removed, pending: added.size + removed.size };
}
const moved = (devices: DeviceRow[], to: 'participating' | 'available') => (context: Context) => {
  const { pending, added, removed } = movesAfter(context, devices, to);
  const same = (a: Set<number>, b: object) => a.size === Object.keys(b).length && [...a].every((id) => id in b);
  // A move that changes nothing (the device is already on that side) has no button to press: the screen stays.
  const screen = same(added, context.added) && same(removed, context.removed) ? [] : [`${devices.map((device) => device.name).join(', ')} now listed under ${label(to)}`, pendingLine(pending)];
  return pending ? { to: 'changes.dirty', see: { pending, dirty: true }, screen } : { to: 'changes.clean', see: { pending: 0, dirty: false }, screen };
};
/** Moves stay pending on top of the set the server says is saved now, except those that are no change any more. */
function rebased(context: Context, ids: number[]) {
  const saved = new Set(ids);
  const added = Object.keys(context.added).map(Number).filter((id) => !saved.has(id));
  const removed = Object.keys(context.removed).map(Number).filter((id) => saved.has(id));
  return added.length + removed.length;
}
/** The participating side's answer: its rows, and the saved set read again (the pending moves laid on top of it). */
const participatingLoaded = (ids: number[], rows: string) => (context: Context) => ({
  to: 'participating.ready',
  see: { saved: ids, pending: rebased(context, ids) },
  screen: [`${label('participating')}: ${rows}, ${text(ids.length === 1 ? 'campaigns:devices.count_one' : 'campaigns:devices.count_other', { count: ids.length })}`],
});
/** The same answer as the region "changes" sees it: pending moves the saved set already holds are no change any more. */
const changesAfterLoad = (ids: number[]) => (context: Context) =>
  rebased(context, ids) ? 'changes.dirty' : { to: 'changes.clean', see: { pending: 0, dirty: false }, screen: [`the move is no change any more: ${pendingLine(0)}`] };
const savedSet = (context: Context) => [...(context.saved ?? []).filter((id) => !(id in context.removed)), ...Object.keys(context.added).map(Number)];
/** Each load of the campaign's own side also reads every participating id again (the service asks with_ids=1). */
const loadCall = (side: 'participating' | 'available', query: Record<string, unknown>) =>
  side === 'participating' ? `loadParticipating: ${JSON.stringify({ campaignId: 9, query })}` : `loadAvailable: ${JSON.stringify({ campaignId: 9, query })}`;
const queried = (side: 'participating' | 'available', change: Record<string, unknown>) => (context: Context) => ({
  to: `${side}.loading`,
  calls: [loadCall(side, { ...context[side].query, page: 1, ...change })],
  screen: [`${label(side)} loads again from page 1 with the filter`],
});
const reloads = (side: 'participating' | 'available') => (context: Context) => ({
  to: `${side}.loading`,
  calls: [loadCall(side, { ...context[side].query })],
  screen: [`${label(side)} loads again`],
});
const sideExpectations = (side: 'participating' | 'available', loaded: string, fails: string, search: string, change: Record<string, unknown>, retry: string, refresh: string) => ({
  [`${side}.loading`]: {
    [loaded]: { to: `${side}.ready`, screen: [`${label(side)}: ${side === 'participating' ? 'Lobby' : 'Window and Hall'}, ${text(side === 'participating' ? 'campaigns:devices.count_one' : 'campaigns:devices.count_other', { count: side === 'participating' ? 1 : 2 })}`] },
    [fails]: { to: `${side}.failed`, see: { [side]: 'failed' }, screen: [`under ${label(side)}: ${sideError(side)} and the button ${text('campaigns:devices.retry')}`] },
    [search]: queried(side, change),
    // A save while the side loads (a 30 s refresh): that load may have read the set before the save, so it is asked again.
    [RELOAD]: reloads(side),
    [SAVED]: (context: Context) => ({ to: `${side}.loading`, calls: [loadCall(side, { ...context[side].query })] }),
  },
  [`${side}.ready`]: {
    [search]: queried(side, change),
    [RELOAD]: reloads(side),
    // Device statuses stay current: a shown side loads its page again every 30 s (a newly paired player turns Online).
    [refresh]: reloads(side),
    [SAVED]: (context: Context) => ({ to: `${side}.loading`, calls: [loadCall(side, { ...context[side].query })] }),
  },
  [`${side}.failed`]: {
    [retry]: reloads(side),
    [search]: queried(side, change),
    [RELOAD]: reloads(side),
    [SAVED]: (context: Context) => ({ to: `${side}.loading`, calls: [loadCall(side, { ...context[side].query })] }),
  },
});

/**
 * The campaign devices page (spec section 2; section 8's messages): both sides load on their own and fail on their own
 * with a retry; moves are pending (dirty) until saved or discarded; a spreadsheet import adds what it matched; a save
 * sends the whole set ("Campaign updated!" / "Error while updating", the position mismatch message); multiply copies
 * the saved set into other campaigns and says what each gained.
 */
export default defineQa({
  machine: campaignDevicesMachine,
  file: 'src/machines/campaigns/campaignDevices.machine.ts',
  title: "The campaign devices editor",
  req: { [MISMATCH]: ['S5-9', 'S8.2-11'], [SAVED]: ['S8.2-7'], [SAVE_FAILS]: ['S8.2-7'], [A_FAILS]: ['S8.2-10'], [IMPORTED]: ['S8.2-12'], [IMPORTED_NOTHING]: ['S8.2-12'] },
  delays: { statusRefresh: { ms: 30_000, from: 'issue 26.16: statuses on the campaign devices page refresh like /devices (AUTO_REFRESH_MS, 30 s)' } },
  namespace: 'campaigns',
  preconditions: {
    start: {
      route: '/campaigns/9/devices ("Devices" of campaign 9 on /campaigns)',
      user: 'admin (or a user with campaigns edit rights)',
      data: 'a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby',
    },
  },
  howTo: {
    [P_LOADED_OTHER]: 'in another tab, add Window to this campaign and save there; then search the campaign\'s devices here (or wait 30 s)',
    [P_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/9/devices/ and reload the page',
    [A_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/9/devices/ and reload the page (both sides fail)',
    [P_SEARCH]: 'type lob in the search box of "Participating devices"',
    [A_ONLINE]: 'choose "Online" in the status list of "Available devices"',
    [P_REFRESH]: 'wait 30 s on the page',
    [A_REFRESH]: 'wait 30 s on the page',
    [ADD_WINDOW]: 'press the arrow button "Add Window to the campaign"',
    [REMOVE_LOBBY]: 'press the arrow button "Remove Lobby from the campaign"',
    [WINDOW_BACK]: 'press the arrow button "Remove Window from the campaign"',
    [MISMATCH]: 'before pressing "Save", set the screen position of Window to Vertical on its device card in another tab',
    [SAVE_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/9/devices/ before pressing "Save"',
    [IMPORT]: 'press "Import XLS(X)" and pick an xlsx file whose first column lists SN-3 and NOPE',
    [IMPORTED_NOTHING]: 'pick an xlsx file that lists only NOPE',
    [IMPORT_FAILS]: 'pick a picture renamed to list.xlsx',
    [MULTIPLY]: 'press "Multiply", tick Spring and Summer, press "Multiply" in the dialog',
    [MULTIPLY_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/9/multiply/ before pressing "Multiply" in the dialog',
    [DISMISS]: 'press "Close" on the result dialog',
  },
  offScreen: {
    [RELOAD]: 'no button reloads both sides: the page does it by itself after a save',
    [MULTIPLY_NONE]: 'the dialog keeps "Multiply" disabled until a campaign is ticked',
    // After a failed multiply its dialog stays open with the campaigns ticked: "Multiply" can be pressed again there.
    [MULTIPLY]: offWhile(
      {
        dirty: '"Multiply" is disabled while changes wait ("Save or discard your changes first")',
        importing: '"Multiply" is disabled while the file is read',
        saving: '"Multiply" is disabled while saving',
        multiplying: '"Multiply" is disabled while multiplying',
      },
      (view) => (view.multiplyError ? undefined : dialogOpen(view)),
    ),
    [SAVE]: offWhile({ clean: '"Save" is disabled without unsaved changes', importing: '"Save" is disabled while the file is read', saving: '"Save" is disabled while saving', multiplying: '"Save" is disabled while multiplying' }),
    [DISCARD]: offWhile({
      clean: '"Discard changes" is disabled without unsaved changes',
      importing: '"Discard changes" is disabled while the file is read',
      saving: '"Discard changes" is disabled while saving',
      multiplying: '"Discard changes" is disabled while multiplying',
    }),
    [IMPORT]: offWhile({ importing: '"Import XLS(X)" is disabled while a file is read', saving: '"Import XLS(X)" is disabled while saving', multiplying: '"Import XLS(X)" is disabled while multiplying' }),
    [P_SEARCH]: offWhile({ multiplying: 'the multiply dialog covers the page while it multiplies' }),
    [A_ONLINE]: offWhile({ multiplying: 'the multiply dialog covers the page while it multiplies' }),
    [P_RETRY]: offWhile({ multiplying: 'the multiply dialog covers the page while it multiplies' }),
    [A_RETRY]: offWhile({ multiplying: 'the multiply dialog covers the page while it multiplies' }),
    // The sample's page lists Lobby, saved: after a save that took Lobby out, the server lists it no more.
    [P_LOADED]: (view) => (Array.isArray(view.saved) && !view.saved.includes(LOBBY.id) ? 'after a save that took Lobby out, the campaign loads without it' : undefined),
    [P_LOADED_OTHER]: (view) => (Array.isArray(view.saved) && !view.saved.includes(LOBBY.id) ? 'after a save that took Lobby out, the campaign loads without it' : undefined),
    // Once Window is saved in the campaign (another operator added it) and not taken out here, the server lists it
    // under the campaign's devices only: no arrow adds it (the sample's available page still names it).
    [ADD_WINDOW]: (view) =>
      Array.isArray(view.saved) && view.saved.includes(WINDOW.id) && !(view.takenOut as number[]).includes(WINDOW.id)
        ? `Window is in the campaign already: it is not listed under ${label('available')}`
        : canMove('Window', 'available')(view),
    [REMOVE_LOBBY]: canMove('Lobby', 'participating'),
    [WINDOW_BACK]: canMove('Window', 'participating'),
    [DISMISS]: (view) =>
      view.changes === 'importing'
        ? 'no result dialog is open while the file is read'
        : view.changes === 'saving'
          ? 'no result dialog is open while saving'
          : view.changes === 'multiplying'
            ? 'the dialog\'s "Close" is disabled while multiplying'
            : dialogOpen(view)
              ? undefined
              : 'no result dialog is open',
  },
  actors: ['loadParticipating', 'loadAvailable', 'importFile', 'save', 'multiply'],
  recorded: ['notify'],
  input: { campaignId: 9 },
  events: {
    [P_LOADED]: done('loadParticipating', { participating: page([LOBBY]), participating_ids: [1] }),
    [P_LOADED_OTHER]: done('loadParticipating', { participating: page([LOBBY, WINDOW]), participating_ids: [1, 2] }),
    [P_FAILS]: error('loadParticipating', offline),
    [A_LOADED]: done('loadAvailable', { available: page([WINDOW, HALL]) }),
    [A_FAILS]: error('loadAvailable', offline),
    [P_SEARCH]: { type: 'participating.query', query: { search: 'lob' } },
    [A_ONLINE]: { type: 'available.query', query: { status: 'online' } },
    [P_RETRY]: { type: 'participating.retry' },
    [A_RETRY]: { type: 'available.retry' },
    [RELOAD]: { type: 'sides.reload' },
    [P_REFRESH]: after('statusRefresh', 'campaignDevices.participating.ready'),
    [A_REFRESH]: after('statusRefresh', 'campaignDevices.available.ready'),
    [ADD_WINDOW]: { type: 'devices.move', devices: [WINDOW], to: 'participating' },
    [REMOVE_LOBBY]: { type: 'devices.move', devices: [LOBBY], to: 'available' },
    [WINDOW_BACK]: { type: 'devices.move', devices: [WINDOW], to: 'available' },
    [DISCARD]: { type: 'changes.discard' },
    [SAVE]: { type: 'changes.save' },
    [SAVED]: done('save', { ok: true, value: { campaign: 9, devices: 2, added: 1, removed: 0 } }),
    [MISMATCH]: done('save', { ok: false, code: 'position_mismatch', fields: { 'devices.2': 'position_mismatch' } }),
    [SAVE_FAILS]: error('save', offline),
    [IMPORT]: { type: 'import.start', file: new Blob(['xlsx']) },
    [IMPORTED]: done('importFile', IMPORT_RESULT),
    [IMPORTED_NOTHING]: done('importFile', { devices: [], fileDevices: 1, notInvolved: [{ row: 1, value: 'NOPE', reason: 'unknown' }] }),
    [IMPORT_FAILS]: error('importFile', new Error('not an xlsx file')),
    [MULTIPLY]: { type: 'multiply.start', campaigns: [5, 6] },
    [MULTIPLY_NONE]: { type: 'multiply.start', campaigns: [] },
    [MULTIPLIED]: done('multiply', MULTIPLY_RESULT),
    [MULTIPLY_FAILS]: error('multiply', offline),
    [DISMISS]: { type: 'result.dismiss' },
  },
  initial: {
    start: {
      to: 'changes.clean',
      see: { participating: 'loading', available: 'loading', pending: 0, dirty: false },
      calls: [loadCall('participating', { page: 1, page_size: 50 }), loadCall('available', { page: 1, page_size: 50 })],
    },
  },
  expect: {
    ...sideExpectations('participating', P_LOADED, P_FAILS, P_SEARCH, { search: 'lob' }, P_RETRY, P_REFRESH),
    // Every answer of the campaign's own side reads the saved set again: what a save then sends builds on it.
    'participating.loading': {
      ...sideExpectations('participating', P_LOADED, P_FAILS, P_SEARCH, { search: 'lob' }, P_RETRY, P_REFRESH)['participating.loading'],
      [P_LOADED]: participatingLoaded([1], 'Lobby'),
      [P_LOADED_OTHER]: participatingLoaded([1, 2], 'Lobby and Window'),
    },
    ...sideExpectations('available', A_LOADED, A_FAILS, A_ONLINE, { status: 'online' }, A_RETRY, A_REFRESH),
    'changes.clean': {
      [ADD_WINDOW]: moved([WINDOW], 'participating'),
      [REMOVE_LOBBY]: moved([LOBBY], 'available'),
      [WINDOW_BACK]: moved([WINDOW], 'available'),
      [IMPORT]: { to: 'changes.importing', see: { busy: true, imported: null }, calls: ['importFile: {"campaignId":9,"file":"a 4-byte file"}'], screen: [IMPORTING] },
      [MULTIPLY]: { to: 'changes.multiplying', see: { busy: true }, calls: ['multiply: {"campaignId":9,"campaigns":[5,6]}'], screen: [`the dialog ${text('campaigns:multiply.title')} with its buttons disabled`] },
      [MULTIPLY_NONE]: 'changes.clean',
      [DISMISS]: { to: 'changes.clean', see: { imported: null, multiplied: null }, screen: ['the result dialog closes'] },
    },
    'changes.dirty': {
      [ADD_WINDOW]: moved([WINDOW], 'participating'),
      [REMOVE_LOBBY]: moved([LOBBY], 'available'),
      [WINDOW_BACK]: moved([WINDOW], 'available'),
      [IMPORT]: { to: 'changes.importing', see: { busy: true }, calls: ['importFile: {"campaignId":9,"file":"a 4-byte file"}'], screen: [IMPORTING] },
      [DISCARD]: { to: 'changes.clean', see: { pending: 0, dirty: false }, screen: ['the moved devices are back where they were saved', pendingLine(0)] },
      // Saving needs the saved set: the campaign's own side must have loaded once.
      [SAVE]: (context: Context) =>
        context.saved === null
          ? 'changes.dirty'
          : { to: 'changes.saving', see: { busy: true, dirty: true }, calls: [`save: ${JSON.stringify({ campaignId: 9, devices: savedSet(context) })}`], screen: [`${text('campaigns:devices.save')} shows a spinner`] },
      [DISMISS]: { to: 'changes.dirty', see: { imported: null }, screen: ['the result dialog closes'] },
      [P_LOADED]: changesAfterLoad([1]),
      [P_LOADED_OTHER]: changesAfterLoad([1, 2]),
    },
    'changes.importing': {
      [IMPORTED]: (context: Context) => {
        const { pending } = movesAfter(context, [HALL], 'participating');
        return {
          to: pending ? 'changes.dirty' : 'changes.clean',
          see: { imported: 'campaigns:import.notInvolved', pending },
          screen: [
            `the dialog ${text('campaigns:import.title')}: ${text('campaigns:import.notInvolved_one', { count: 1 })}`,
            `${text('campaigns:import.found_one', { count: 1 })} ${text('campaigns:import.saveHint')}`,
            `${text('campaigns:import.row', { row: 3 })}: NOPE (${text('campaigns:import.reasonUnknown')})`,
            `Hall under ${label('participating')}`,
            pendingLine(pending),
          ],
        };
      },
      [IMPORTED_NOTHING]: (context: Context) => {
        const { pending } = movesAfter(context, [], 'participating');
        return {
          to: pending ? 'changes.dirty' : 'changes.clean',
          see: { imported: 'campaigns:import.noMatch', pending },
          screen: [`the dialog ${text('campaigns:import.title')}: ${text('campaigns:import.noMatch')}`, `${text('campaigns:import.row', { row: 1 })}: NOPE (${text('campaigns:import.reasonUnknown')})`],
        };
      },
      [IMPORT_FAILS]: (context: Context) => ({
        to: movesAfter(context, [], 'participating').pending ? 'changes.dirty' : 'changes.clean',
        see: { importError: 'campaigns:import.readError' },
        screen: [`the dialog ${text('campaigns:import.title')}: ${text('campaigns:import.readError')}`],
      }),
    },
    'changes.saving': {
      // The saved set becomes what was sent.
    [SAVED]: (context: Context) => ({
        to: 'changes.clean',
        see: { pending: 0, dirty: false, saveError: null, saved: savedSet(context).sort((a, b) => a - b) },
        calls: ['notify: {"intent":"success","message":"campaigns:devices.saved"}'],
        screen: [`a success toast ${text('campaigns:devices.saved')}`, pendingLine(0), 'both sides load again'],
      }),
      // A refused or failed save keeps the moves still pending; when the set read again meanwhile already holds them
      // (another operator made the same change), nothing is left unsaved (walk --seed 5 and 101 of issue 39).
      [MISMATCH]: (context: Context) => ({
        to: movesAfter(context, [], 'participating').pending ? 'changes.dirty' : 'changes.clean',
        see: { saveError: 'position_mismatch', dirty: movesAfter(context, [], 'participating').pending > 0 },
        calls: ['notify: {"intent":"error","message":"campaigns:devices.positionMismatch"}'],
      }),
      [SAVE_FAILS]: (context: Context) => ({
        to: movesAfter(context, [], 'participating').pending ? 'changes.dirty' : 'changes.clean',
        see: { saveError: 'network_error' },
        calls: ['notify: {"intent":"error","message":"campaigns:devices.saveError"}'],
      }),
    },
    'changes.multiplying': {
      [MULTIPLIED]: {
        to: 'changes.clean',
        see: { multiplied: [1, 0], busy: false },
        screen: [`the dialog ${text('campaigns:multiply.resultTitle')}: ${text('campaigns:multiply.result_one', { name: 'Spring', count: 1 })}; ${text('campaigns:multiply.result', { name: 'Summer', count: 0 })}`],
      },
      [MULTIPLY_FAILS]: { to: 'changes.clean', see: { multiplied: null, multiplyError: 'network_error' }, screen: [`in the dialog ${text('campaigns:multiply.error')}`] },
    },
  },
  view: (snapshot) => ({
    changes: (snapshot.value as { changes: string }).changes,
    participating: selectSideStatus('participating')(snapshot),
    available: selectSideStatus('available')(snapshot),
    // What DeviceSide lists: nothing while the side failed, or loads with no page yet (a spinner).
    participatingListed: selectSideStatus('participating')(snapshot) !== 'failed' && snapshot.context.participating.page !== null,
    availableListed: selectSideStatus('available')(snapshot) !== 'failed' && snapshot.context.available.page !== null,
    participatingRows: sideRows(snapshot.context, 'participating').map((row) => row.name),
    availableRows: sideRows(snapshot.context, 'available').map((row) => row.name),
    pending: selectPendingCount(snapshot),
    dirty: snapshot.hasTag('dirty'),
    busy: snapshot.hasTag('busy'),
    imported: snapshot.context.importResult ? importSummary(snapshot.context.importResult).key : null,
    importError: snapshot.context.importError,
    multiplied: snapshot.context.multiplyResult?.results.map((result) => result.added) ?? null,
    multiplyError: snapshot.context.multiplyError,
    saveError: snapshot.context.saveError,
    saved: snapshot.context.saved,
    takenOut: Object.keys(snapshot.context.removed).map(Number),
  }),
  invariant: (snapshot) => {
    const pending = Object.keys(snapshot.context.added).length + Object.keys(snapshot.context.removed).length;
    // The leave guard reads the dirty tag: on while moves wait to be saved (and during their save).
    if (snapshot.matches({ changes: 'clean' }) && pending) throw new Error(`clean with ${pending} pending moves`);
    if (snapshot.matches({ changes: 'dirty' }) && !pending) throw new Error('dirty without pending moves');
    // A device is never both added and taken out.
    for (const id of Object.keys(snapshot.context.added)) if (id in snapshot.context.removed) throw new Error(`device ${id} added and removed`);
  },
  // The regions multiply: a shallower exploration still takes every transition (the gate says so) in a second or two.
  depth: 5,
  key: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.saved,
      Object.keys(snapshot.context.added),
      Object.keys(snapshot.context.removed),
      Object.keys(snapshot.context.participating.query).length,
      Object.keys(snapshot.context.available.query).length,
      snapshot.context.importResult !== null,
      snapshot.context.importError,
      snapshot.context.multiplyResult !== null,
      snapshot.context.multiplyError,
      snapshot.context.saveError,
    ]),
});
