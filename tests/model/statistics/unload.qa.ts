import { unloadMachine, type UnloadContext, type UnloadForm } from '../../../src/machines/statistics/unload.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';

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
  if (refused) return { to: 'idle', see: { formError: refused, busy: false }, calls: [] };
  return { to: 'downloading', see: { busy: true, loaded: 0, error: null, formError: null }, calls: [request(context)] };
}

const fileName = (context: UnloadContext) =>
  `statistics-${context.granularity}-${context.from}-${context.to}${context.scope.kind === 'device' && context.scope.id !== null ? `-device-${context.scope.id}` : ''}.xlsx`;

/** A change of the form: kept as chosen (also after a download or a failure, which it leaves for the form). */
const changes = (to: string) => ({
  [LONG]: { to, see: { from: '2025-01-01', formError: null } },
  [REVERSED]: { to, see: { from: '2026-12-31', formError: null } },
  [GOOD]: { to, see: { from: '2026-11-15', formError: null } },
  [HOURLY]: { to, see: { granularity: 'hourly' } },
  [DEVICE_SCOPE]: { to, see: { scope: 'device:none' } },
  [LOBBY]: { to, see: { scope: 'device:7' } },
  [ALL]: { to, see: { scope: 'all' } },
});

/** Section 2, Unloads: period, granularity and scope; download with progress and cancel; "Error generating the file, try again". */
export default defineQa({
  machine: unloadMachine,
  file: 'src/machines/statistics/unload.machine.ts',
  title: 'A statistics unload download',
  req: { [FAILED]: ['S8.2-22'] },
  actors: ['downloadUnload'],
  recorded: ['saveFile'],
  input: INPUT,
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
    idle: { ...changes('idle'), [START]: start },
    downloading: {
      [PROGRESS]: { to: 'downloading', see: { loaded: 65536, busy: true } },
      [SAVED]: (context: UnloadContext) => ({ to: 'done', see: { busy: false }, calls: [`saveFile: ${inWords({ blob: new Blob(['xlsx']), fileName: fileName(context) })}`] }),
      [FAILED]: { to: 'failed', see: { busy: false, error: 'server_error' } },
      [CANCEL]: (context: UnloadContext) => ({ to: 'idle', see: { busy: false, from: context.from, granularity: context.granularity } }),
    },
    done: { ...changes('idle'), [START]: (context: UnloadContext) => ({ to: 'downloading', see: { busy: true, loaded: 0 }, calls: [request(context)] }) },
    failed: { ...changes('idle'), [START]: (context: UnloadContext) => ({ to: 'downloading', see: { busy: true, error: null }, calls: [request(context)] }) },
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
