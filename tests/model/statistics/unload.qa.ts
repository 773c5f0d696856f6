import { unloadMachine, type UnloadContext, type UnloadForm } from '../../../src/machines/statistics/unload.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';
import { text } from '../qa/screen.ts';
import { formatDateText } from '../../../src/views/common/dateText.ts';

const INPUT: UnloadForm & { lang: 'en' | 'ru' } = { from: '2026-11-01', to: '2026-11-30', granularity: 'raw', scope: { kind: 'all' }, lang: 'en' };

const START = 'press "Download"';
const CANCEL = 'press "Cancel"';
const LONG = 'pick 2025-01-01 as the start (a period over 366 days)';
const REVERSED = 'pick 2026-12-31 as the start (after the end)';
const GOOD = 'pick 2026-11-15 as the start';
const HOURLY = 'choose "Hourly"';
const DEVICE_SCOPE = 'choose "One device" without picking one';
const LOBBY = 'pick the device "Lobby"';
const ALL = 'choose "All plays"';
const PROGRESS = '64 KB of the file arrive';
const SAVED = 'the server sends the whole file';
const FAILED = 'the server fails to generate it';

// What /statistics/unloads shows (src/views/statistics/UnloadsScreen.tsx), in the words of locales/en.
const DOWNLOAD = text('statistics:unloads.download');
const CANCEL_BUTTON = text('common:actions.cancel');
const day = (iso: string) => `"${formatDateText(iso, 'en')}"`;
/** Bytes as the screen writes them in English ("64 kB"). */
const size = (bytes: number) => {
  const [value, unit] = bytes >= 1048576 ? [bytes / 1048576, 'megabyte'] : bytes >= 1024 ? [bytes / 1024, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat('en', { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
};
const GENERATING = `the form is greyed out; under it a progress bar, ${text('statistics:unloads.generating')} and ${CANCEL_BUTTON}`;
const FORM_BACK = `the progress bar goes away and the form can be changed again, as it was`;

/** The spec's rules for the form, written out: a period of 1 to 366 days that does not end before it starts, and a scope named when one is chosen. */
function refusal(context: UnloadContext): string | null {
  if (context.from === '2026-12-31') return 'statistics:unloads.periodOrder';
  if (context.from === '2025-01-01') return 'statistics:unloads.periodTooLong';
  if (context.scope.kind === 'device' && context.scope.id === null) return 'statistics:unloads.scopeRequired.device';
  return null;
}

function request(context: UnloadContext): string {
  const params: Record<string, unknown> = { granularity: context.granularity, from: context.from, to: context.to, lang: 'en' };
  if (context.scope.kind === 'device' && context.scope.id !== null) params.device = context.scope.id;
  return `downloadUnload: ${inWords({ params })}`;
}

function start(context: UnloadContext): StepExpectation {
  const refused = refusal(context);
  if (refused) return { to: 'idle', see: { formError: refused, busy: false }, calls: [], screen: [`under the fields, in red: ${text(refused)}; nothing is downloaded`] };
  return { to: 'downloading', see: { busy: true, loaded: 0, error: null, formError: null }, calls: [request(context)], screen: [GENERATING] };
}

const fileName = (context: UnloadContext) =>
  `statistics-${context.granularity}-${context.from}-${context.to}${context.scope.kind === 'device' && context.scope.id !== null ? `-device-${context.scope.id}` : ''}.xlsx`;

/**
 * A change of the form: kept as chosen (also after a download or a failure, which it leaves for the form). `after`
 * says what else goes: the line of the saved file or the failure, or a refusal shown under the fields.
 */
const changes = (to: string, after?: string) => {
  const also = (line: string) => (after ? [line, after] : [line]);
  const from = (iso: string) => also(`the field ${text('statistics:unloads.from')} reads ${day(iso)}`);
  return {
    [LONG]: { to, see: { from: '2025-01-01', formError: null }, screen: from('2025-01-01') },
    [REVERSED]: { to, see: { from: '2026-12-31', formError: null }, screen: from('2026-12-31') },
    [GOOD]: { to, see: { from: '2026-11-15', formError: null }, screen: from('2026-11-15') },
    [HOURLY]: { to, see: { granularity: 'hourly' }, screen: also(`under ${text('statistics:unloads.granularity')}, ${text('statistics:unloads.granularities.hourly')} is chosen`) },
    [DEVICE_SCOPE]: {
      to,
      see: { scope: 'device:none' },
      screen: also(`${text('statistics:unloads.scope')} reads ${text('statistics:unloads.scopes.device')}; an empty field ${text('statistics:compare.pick.device')} appears beside it`),
    },
    [LOBBY]: { to, see: { scope: 'device:7' }, screen: also(`the field ${text('statistics:compare.pick.device')} reads Lobby`) },
    [ALL]: { to, see: { scope: 'all' }, screen: also(`${text('statistics:unloads.scope')} reads ${text('statistics:unloads.scopes.all')}; the device field goes away`) },
  };
};
/** In idle a change also takes away a refusal shown under the fields (the form error is cleared by any change). */
const idleChanges = () =>
  Object.fromEntries(
    Object.entries(changes('idle')).map(([sample, expectation]) => [
      sample,
      (context: UnloadContext) => ({ ...expectation, screen: context.formError ? [...expectation.screen, `the red ${text(context.formError)} goes away`] : expectation.screen }),
    ]),
  );

/** Section 2, Unloads: period, granularity and scope; download with progress and cancel; "Error generating the file, try again". */
export default defineQa({
  machine: unloadMachine,
  file: 'src/machines/statistics/unload.machine.ts',
  title: 'A statistics unload download',
  req: { [FAILED]: ['S8.2-22'] },
  actors: ['downloadUnload'],
  recorded: ['saveFile'],
  input: INPUT,
  namespace: 'statistics',
  preconditions: {
    start: {
      route: `/statistics/unloads (the sidebar's Statistics, then Unloads); type ${day('2026-11-01')} in ${text('statistics:unloads.from')} and ${day('2026-11-30')} in ${text('statistics:unloads.to')}`,
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'a device Lobby with plays in November 2026 (run a /player tab adopted as Lobby for a while, or seed plays); the model calls it device 7, the saved file names its real id',
    },
  },
  howTo: {
    [START]: `press ${DOWNLOAD} (after a failure, ${text('statistics:retry')} does the same)`,
    [CANCEL]: `press ${CANCEL_BUTTON} beside the progress bar`,
    [LONG]: `type ${day('2025-01-01')} in ${text('statistics:unloads.from')}`,
    [REVERSED]: `type ${day('2026-12-31')} in ${text('statistics:unloads.from')}`,
    [GOOD]: `type ${day('2026-11-15')} in ${text('statistics:unloads.from')}`,
    [HOURLY]: `under ${text('statistics:unloads.granularity')}, choose ${text('statistics:unloads.granularities.hourly')}`,
    [DEVICE_SCOPE]: `in ${text('statistics:unloads.scope')}, choose ${text('statistics:unloads.scopes.device')}`,
    [LOBBY]: `type Lobby in ${text('statistics:compare.pick.device')} and pick it from the list`,
    [ALL]: `in ${text('statistics:unloads.scope')}, choose ${text('statistics:unloads.scopes.all')}`,
    [PROGRESS]: 'wait: the first 64 kB of a large unload arrive (a period with many plays, "Every play")',
    [SAVED]: 'wait: the server sends the whole file',
    [FAILED]: `in the devtools Network tab, block the URL /api/v1/statistics/unloads/ before pressing ${DOWNLOAD} (a blocked request reads ${text('common:errors.network_error')} after the first sentence instead of the 500's text)`,
  },
  offScreen: {
    [START]: { downloading: `${DOWNLOAD} is disabled while the file downloads` },
    [PROGRESS]: { idle: 'no file is downloading', done: 'no file is downloading', failed: 'no file is downloading' },
    [CANCEL]: { idle: `${CANCEL_BUTTON} shows only while the file downloads`, done: `${CANCEL_BUTTON} shows only while the file downloads`, failed: `${CANCEL_BUTTON} shows only while the file downloads` },
    ...Object.fromEntries([LONG, REVERSED, GOOD, HOURLY, DEVICE_SCOPE, LOBBY, ALL].map((sample) => [sample, { downloading: 'the form is greyed out while the file downloads' }])),
  },
  events: {
    [START]: { type: 'unload.start', lang: 'en' },
    [CANCEL]: { type: 'unload.cancel' },
    [LONG]: { type: 'unload.change', form: { from: '2025-01-01' } },
    [REVERSED]: { type: 'unload.change', form: { from: '2026-12-31' } },
    [GOOD]: { type: 'unload.change', form: { from: '2026-11-15' } },
    [HOURLY]: { type: 'unload.change', form: { granularity: 'hourly' } },
    [DEVICE_SCOPE]: { type: 'unload.change', form: { scope: { kind: 'device', id: null, name: '' } } },
    [LOBBY]: { type: 'unload.change', form: { scope: { kind: 'device', id: 7, name: 'Lobby' } } },
    [ALL]: { type: 'unload.change', form: { scope: { kind: 'all' } } },
    [PROGRESS]: { type: 'unload.progress', loaded: 65536, rows: null },
    [SAVED]: done('downloadUnload', new Blob(['xlsx'])),
    [FAILED]: error('downloadUnload', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
  },
  initial: { start: { to: 'idle', see: { busy: false, formError: null, from: '2026-11-01', granularity: 'raw', scope: 'all' } } },
  expect: {
    idle: { ...idleChanges(), [START]: start },
    downloading: {
      [PROGRESS]: { to: 'downloading', see: { loaded: 65536, busy: true }, screen: [`beside the progress bar: ${text('statistics:unloads.received', { size: size(65536) })}`] },
      [SAVED]: (context: UnloadContext) => ({
        to: 'done',
        see: { busy: false },
        calls: [`saveFile: ${inWords({ blob: new Blob(['xlsx']), fileName: fileName(context) })}`],
        screen: [`the browser saves ${fileName(context)}; under the form: ${text('statistics:unloads.saved', { file: fileName(context), size: size(context.loaded) })}`],
      }),
      [FAILED]: {
        to: 'failed',
        see: { busy: false, error: 'server_error' },
        screen: [`under the form, in red: "${text('statistics:errors.fileFailed').slice(1, -1)}. ${text('common:errors.server_error').slice(1, -1)}" with ${text('statistics:retry')}; the form as it was`],
      },
      [CANCEL]: (context: UnloadContext) => ({ to: 'idle', see: { busy: false, from: context.from, granularity: context.granularity }, screen: [`${FORM_BACK}; nothing is saved`] }),
    },
    done: {
      ...changes('idle', `the line ${text('statistics:unloads.saved', { file: '…', size: '…' })} goes away`),
      [START]: (context: UnloadContext) => ({ to: 'downloading', see: { busy: true, loaded: 0 }, calls: [request(context)], screen: [GENERATING] }),
    },
    failed: {
      ...changes('idle', `the red ${text('statistics:errors.fileFailed')} goes away`),
      [START]: (context: UnloadContext) => ({ to: 'downloading', see: { busy: true, error: null }, calls: [request(context)], screen: [GENERATING] }),
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    from: snapshot.context.from,
    granularity: snapshot.context.granularity,
    scope: snapshot.context.scope.kind === 'all' ? 'all' : `${snapshot.context.scope.kind}:${snapshot.context.scope.id ?? 'none'}`,
    loaded: snapshot.context.loaded,
    formError: snapshot.context.formError,
    error: snapshot.context.error,
  }),
  key: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.from, snapshot.context.granularity, snapshot.context.scope, snapshot.context.formError, snapshot.context.error, snapshot.context.loaded]),
});
