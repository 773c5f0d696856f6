import { deviceTagsImportMachine } from '../../../src/machines/devices/deviceTagsImport.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

const FILE = new Blob(['a spreadsheet']);
/** The file's rows 2 and 3 (row 1 is its header): SN-1 lobby, SN-9 hall. */
const SHEET = { rows: [{ sn: 'SN-1', tags: ['lobby'] }, { sn: 'SN-9', tags: ['hall'] }], lines: [2, 3] };
const HUGE = { rows: Array.from({ length: 10_001 }, (_, i) => ({ sn: `SN-${i}`, tags: [] })), lines: Array.from({ length: 10_001 }, (_, i) => i + 2) };
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const OPEN = `press ${text('devices:tagsImport.open')}`;
const CHOOSE = 'choose the file tags.xlsx';
const READ = 'the file reads as two rows: SN-1 lobby (row 2), SN-9 hall (row 3)';
const EMPTY = 'the file has no row with a serial number';
const HUGE_FILE = 'the file has 10,001 rows';
const UNREADABLE = 'the file is not a spreadsheet';
const IMPORTED = 'the server sets the tags of SN-1; SN-9 names no device';
const REFUSED = "the server refuses: SN-9's row has more than 20 tags";
const SEND_FAILS = 'sending fails (network down)';
const CLOSE = `press ${text('devices:bulk.close')}`;

/** Issue 41: the tags import of /devices, a spreadsheet of serials and tags, with each row it could not use said in words. */
export default defineQa({
  machine: deviceTagsImportMachine,
  file: 'src/machines/devices/deviceTagsImport.machine.ts',
  title: 'The tags import of the device list',
  namespace: 'devices',
  preconditions: { start: { route: '/devices', user: DEVICES_EDITOR, data: 'a device SN-1; no device SN-9; a file tags.xlsx with the header row "Serial number | Tags", then SN-1 | lobby and SN-9 | hall' } },
  howTo: {
    [EMPTY]: 'choose a spreadsheet with only its header row',
    [HUGE_FILE]: 'choose a spreadsheet of 10,001 serials',
    [UNREADABLE]: 'choose a text file renamed tags.xlsx',
    [REFUSED]: 'put 21 tags, separated by commas, in the Tags cell of SN-9 (and create SN-9 first)',
    [SEND_FAILS]: offlineBefore('choosing the file'),
    [READ]: 'the browser reads the file at once',
    [IMPORTED]: 'the server answers at once',
  },
  offScreen: {
    [CHOOSE]: { reading: 'the file field is disabled while a file is read', sending: 'the file field is disabled while a file is sent' },
    [CLOSE]: { reading: `${text('devices:bulk.close')} is disabled while a file is read`, sending: `${text('devices:bulk.close')} is disabled while a file is sent` },
  },
  actors: ['readSheet', 'sendTags'],
  recorded: ['imported'],
  events: {
    [OPEN]: { type: 'tagsImport.open' },
    [CHOOSE]: { type: 'tagsImport.file', file: FILE },
    [READ]: done('readSheet', SHEET),
    [EMPTY]: done('readSheet', { rows: [], lines: [] }),
    [HUGE_FILE]: done('readSheet', HUGE),
    [UNREADABLE]: error('readSheet', new Error('not a zip file')),
    [IMPORTED]: done('sendTags', { ok: true, value: { updated: 1, unmatched: [1] } }),
    [REFUSED]: done('sendTags', { ok: false, code: 'too_many_tags', fields: { 'rows.1.tags': 'too_many_tags' } }),
    [SEND_FAILS]: error('sendTags', offline),
    [CLOSE]: { type: 'tagsImport.close' },
  },
  initial: { start: { to: 'idle', see: { dialog: false } } },
  expect: withScreen({
    idle: {
      [OPEN]: { to: 'choosing', see: { dialog: true, problems: [], error: null } },
    },
    choosing: {
      [CHOOSE]: { to: 'reading', see: { busy: true, problems: [], error: null }, calls: ['readSheet: {"file":"a 13-byte file"}'] },
      [CLOSE]: { to: 'idle', see: { dialog: false } },
    },
    reading: {
      // Every row is sent as read, in one request (the server checks them all before writing any).
      [READ]: { to: 'sending', see: { busy: true }, calls: [`sendTags: ${JSON.stringify({ rows: SHEET.rows })}`] },
      [EMPTY]: { to: 'choosing', see: { busy: false, error: 'empty_file' } },
      [HUGE_FILE]: { to: 'choosing', see: { busy: false, error: 'too_many_rows' } },
      [UNREADABLE]: { to: 'choosing', see: { busy: false, error: 'unreadable' } },
    },
    sending: {
      // The answer's unmatched index 1 is the file's row 3.
      [IMPORTED]: { to: 'done', see: { busy: false, updated: 1, problems: [{ line: 3, sn: 'SN-9', reason: 'unknown_serial' }], error: null }, calls: ['imported'] },
      [REFUSED]: { to: 'choosing', see: { busy: false, problems: [{ line: 3, sn: 'SN-9', reason: 'too_many_tags' }], error: null } },
      [SEND_FAILS]: { to: 'choosing', see: { busy: false, error: 'network_error', problems: [] } },
    },
    done: {
      [CLOSE]: { to: 'idle', see: { dialog: false } },
      [CHOOSE]: { to: 'reading', see: { busy: true, problems: [], updated: 0 }, calls: ['readSheet: {"file":"a 13-byte file"}'] },
    },
  }, {
    idle: { [OPEN]: [`the dialog ${text('devices:tagsImport.title')} with ${text('devices:tagsImport.format')} and the field ${text('devices:tagsImport.file')}`] },
    choosing: { [CHOOSE]: [text('devices:tagsImport.working')], [CLOSE]: ['the dialog closes'] },
    reading: {
      [READ]: [text('devices:tagsImport.working')],
      [EMPTY]: [text('devices:tagsImport.errors.empty_file')],
      [HUGE_FILE]: [text('devices:tagsImport.errors.too_many_rows')],
      [UNREADABLE]: [text('devices:tagsImport.errors.unreadable')],
    },
    sending: {
      [IMPORTED]: [text('devices:tagsImport.updated', { count: 1, formatted: '1' }), text('devices:tagsImport.row', { line: '3', sn: 'SN-9', reason: text('devices:tagsImport.reasons.unknown_serial') })],
      [REFUSED]: [text('devices:tagsImport.refusedTitle'), text('devices:tagsImport.row', { line: '3', sn: 'SN-9', reason: text('devices:tagsImport.reasons.too_many_tags') })],
      [SEND_FAILS]: [text('devices:tagsImport.errors.network_error')],
    },
    done: { [CLOSE]: ['the dialog closes; the list shows the new tags'], [CHOOSE]: [text('devices:tagsImport.working')] },
  }),
  view: (snapshot) => ({
    dialog: snapshot.hasTag('dialog'),
    busy: snapshot.hasTag('busy'),
    updated: snapshot.context.updated,
    problems: snapshot.context.problems,
    error: snapshot.context.error,
  }),
});
