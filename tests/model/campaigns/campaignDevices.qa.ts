import { campaignDevicesMachine, type CampaignDevicesContext, type DeviceRow } from '../../../src/machines/campaigns/campaignDevices.machine.ts';
import { importSummary, selectPendingCount, selectSideStatus, sideRows } from '../../../src/machines/campaigns/campaignDevices.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';

const device = (id: number, name: string): DeviceRow => ({ id, sn: `SN-${id}`, mac: null, name, office_name: 'Central', status: 'online' });
const LOBBY = device(1, 'Lobby');
const WINDOW = device(2, 'Window');
const HALL = device(3, 'Hall');
const page = (results: DeviceRow[]) => ({ count: results.length, next: null, previous: null, results });
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const P_LOADED = 'the campaign\'s devices load (Lobby)';
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

const MULTIPLY_RESULT = { results: [{ campaign: 5, name: 'Spring', added: 1, devices: 1 }, { campaign: 6, name: 'Summer', added: 0, devices: 1 }] };
const IMPORT_RESULT = { devices: [HALL], fileDevices: 2, notInvolved: [{ row: 3, value: 'NOPE', reason: 'unknown' }] };

type Context = CampaignDevicesContext;
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
  const { pending } = movesAfter(context, devices, to);
  return pending ? { to: 'changes.dirty', see: { pending, dirty: true } } : { to: 'changes.clean', see: { pending: 0, dirty: false } };
};
const savedSet = (context: Context) => [...(context.saved ?? []).filter((id) => !(id in context.removed)), ...Object.keys(context.added).map(Number)];
/** The campaign's own side asks for every participating id while the saved set is not known yet. */
const loadCall = (side: 'participating' | 'available', query: Record<string, unknown>, savedKnown = false) =>
  side === 'participating'
    ? `loadParticipating: ${JSON.stringify({ campaignId: 9, query, withIds: !savedKnown })}`
    : `loadAvailable: ${JSON.stringify({ campaignId: 9, query })}`;
const queried = (side: 'participating' | 'available', change: Record<string, unknown>) => (context: Context) => ({
  to: `${side}.loading`,
  calls: [loadCall(side, { ...context[side].query, page: 1, ...change }, context.saved !== null)],
});
const reloads = (side: 'participating' | 'available') => (context: Context) => ({ to: `${side}.loading`, calls: [loadCall(side, { ...context[side].query }, context.saved !== null)] });
const sideExpectations = (side: 'participating' | 'available', loaded: string, fails: string, search: string, change: Record<string, unknown>, retry: string, refresh: string) => ({
  [`${side}.loading`]: {
    [loaded]: { to: `${side}.ready` },
    [fails]: { to: `${side}.failed`, see: { [side]: 'failed' } },
    [search]: queried(side, change),
  },
  [`${side}.ready`]: {
    [search]: queried(side, change),
    [RELOAD]: reloads(side),
    // Device statuses stay current: a shown side loads its page again every 30 s (a newly paired player turns Online).
    [refresh]: reloads(side),
    [SAVED]: { to: `${side}.loading` },
  },
  [`${side}.failed`]: {
    [retry]: reloads(side),
    [search]: queried(side, change),
    [RELOAD]: reloads(side),
    [SAVED]: { to: `${side}.loading` },
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
  actors: ['loadParticipating', 'loadAvailable', 'importFile', 'save', 'multiply'],
  recorded: ['notify'],
  input: { campaignId: 9 },
  events: {
    [P_LOADED]: done('loadParticipating', { participating: page([LOBBY]), participating_ids: [1] }),
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
    ...sideExpectations('available', A_LOADED, A_FAILS, A_ONLINE, { status: 'online' }, A_RETRY, A_REFRESH),
    'changes.clean': {
      [ADD_WINDOW]: moved([WINDOW], 'participating'),
      [REMOVE_LOBBY]: moved([LOBBY], 'available'),
      [WINDOW_BACK]: moved([WINDOW], 'available'),
      [IMPORT]: { to: 'changes.importing', see: { busy: true, imported: null }, calls: ['importFile: {"campaignId":9,"file":"a 4-byte file"}'] },
      [MULTIPLY]: { to: 'changes.multiplying', see: { busy: true }, calls: ['multiply: {"campaignId":9,"campaigns":[5,6]}'] },
      [MULTIPLY_NONE]: 'changes.clean',
      [DISMISS]: { to: 'changes.clean', see: { imported: null, multiplied: null } },
    },
    'changes.dirty': {
      [ADD_WINDOW]: moved([WINDOW], 'participating'),
      [REMOVE_LOBBY]: moved([LOBBY], 'available'),
      [WINDOW_BACK]: moved([WINDOW], 'available'),
      [IMPORT]: { to: 'changes.importing', see: { busy: true } },
      [DISCARD]: { to: 'changes.clean', see: { pending: 0, dirty: false } },
      // Saving needs the saved set: the campaign's own side must have loaded once.
      [SAVE]: (context: Context) =>
        context.saved === null ? 'changes.dirty' : { to: 'changes.saving', see: { busy: true, dirty: true }, calls: [`save: ${JSON.stringify({ campaignId: 9, devices: savedSet(context) })}`] },
      [DISMISS]: { to: 'changes.dirty', see: { imported: null } },
    },
    'changes.importing': {
      [IMPORTED]: (context: Context) => {
        const { pending } = movesAfter(context, [HALL], 'participating');
        return { to: pending ? 'changes.dirty' : 'changes.clean', see: { imported: 'campaigns:import.notInvolved', pending } };
      },
      [IMPORTED_NOTHING]: (context: Context) => {
        const { pending } = movesAfter(context, [], 'participating');
        return { to: pending ? 'changes.dirty' : 'changes.clean', see: { imported: 'campaigns:import.noMatch', pending } };
      },
      [IMPORT_FAILS]: (context: Context) => ({ to: movesAfter(context, [], 'participating').pending ? 'changes.dirty' : 'changes.clean', see: { importError: 'campaigns:import.readError' } }),
    },
    'changes.saving': {
      // The saved set becomes what was sent.
    [SAVED]: (context: Context) => ({ to: 'changes.clean', see: { pending: 0, dirty: false, saveError: null, saved: savedSet(context).sort((a, b) => a - b) } }),
      [MISMATCH]: {
        to: 'changes.dirty',
        see: { saveError: 'position_mismatch', dirty: true },
        calls: ['notify: {"intent":"error","message":"campaigns:devices.positionMismatch"}'],
      },
      [SAVE_FAILS]: { to: 'changes.dirty', see: { saveError: 'network_error' }, calls: ['notify: {"intent":"error","message":"campaigns:devices.saveError"}'] },
    },
    'changes.multiplying': {
      [MULTIPLIED]: { to: 'changes.clean', see: { multiplied: [1, 0], busy: false } },
      [MULTIPLY_FAILS]: { to: 'changes.clean', see: { multiplied: null, multiplyError: 'network_error' } },
    },
  },
  view: (snapshot) => ({
    participating: selectSideStatus('participating')(snapshot),
    available: selectSideStatus('available')(snapshot),
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
