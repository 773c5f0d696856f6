import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { downloadUnload, type UnloadParams } from '../../services/statistics.ts';
import { MAX_UNLOAD_DAYS, type CompareKind, type UnloadGranularity } from '../../services/schemas/statistics.ts';
import { periodDays } from '../../services/schemas/campaigns.ts';

/** What the unload covers: every play of the caller's scope, or one campaign, device or media. */
export type UnloadScope = { kind: 'all' } | { kind: CompareKind; id: number | null; name: string };

export interface UnloadForm {
  from: string;
  to: string;
  granularity: UnloadGranularity;
  scope: UnloadScope;
}

export interface UnloadContext extends UnloadForm {
  lang: 'en' | 'ru';
  /** Bytes of the file received so far. */
  loaded: number;
  /** Rows in the file when the server said so, else null. */
  rows: number | null;
  /** i18n key of what the form lacks, shown after a refused start, or null. */
  formError: string | null;
  /** Code of the last failed download, or null. */
  error: string | null;
}

export type UnloadEvent =
  | { type: 'unload.change'; form: Partial<UnloadForm> }
  | { type: 'unload.start'; lang: 'en' | 'ru' }
  | { type: 'unload.progress'; loaded: number; rows: number | null }
  | { type: 'unload.cancel' };

export type UnloadProgressEvent = Extract<UnloadEvent, { type: 'unload.progress' }>;

export interface UnloadDownloadInput {
  params: UnloadParams;
  /** Receives `unload.progress` while the file arrives. */
  parent: { send(event: UnloadProgressEvent): void };
}

/** The i18n key of what keeps the form from being sent, or null when the server can take it. */
export function formError(form: UnloadForm): string | null {
  if (!form.from || !form.to) return 'statistics:unloads.periodRequired';
  const days = periodDays(form.from, form.to);
  if (Number.isNaN(days)) return 'statistics:unloads.periodRequired';
  if (days < 1) return 'statistics:unloads.periodOrder';
  if (days > MAX_UNLOAD_DAYS) return 'statistics:unloads.periodTooLong';
  if (form.scope.kind !== 'all' && form.scope.id === null) return `statistics:unloads.scopeRequired.${form.scope.kind}`;
  return null;
}

/** The request of a valid form. */
export function unloadParams(form: UnloadForm, lang: 'en' | 'ru'): UnloadParams {
  const params: UnloadParams = { granularity: form.granularity, from: form.from, to: form.to, lang };
  if (form.scope.kind !== 'all' && form.scope.id !== null) params[form.scope.kind] = form.scope.id;
  return params;
}

/** `statistics-raw-2026-11-01-2026-11-30.xlsx`, with `-device-7` when the unload covers one device. */
export function unloadFileName(form: UnloadForm): string {
  const scope = form.scope.kind !== 'all' && form.scope.id !== null ? `-${form.scope.kind}-${form.scope.id}` : '';
  return `statistics-${form.granularity}-${form.from}-${form.to}${scope}.xlsx`;
}

/**
 * The Unloads tab: the form (period, raw plays or hourly roll-up, scope), the download with the bytes (and rows, when
 * the server counts them) as they arrive, cancel, and "Error generating the file, try again" with a retry. The form
 * keeps what the user chose through every state. The view provides `saveFile` (the browser's download).
 */
export const unloadMachine = setup({
  types: {
    context: {} as UnloadContext,
    events: {} as UnloadEvent,
    input: {} as UnloadForm & { lang: 'en' | 'ru' },
  },
  actors: {
    downloadUnload: fromPromise<Blob, UnloadDownloadInput>(({ input, signal }) =>
      downloadUnload(input.params, ({ loaded, rows }) => input.parent.send({ type: 'unload.progress', loaded, rows: rows ?? null }), signal),
    ),
  },
  guards: {
    formValid: ({ context }) => formError(context) === null,
  },
  actions: {
    setForm: assign(({ context }, params: { form: Partial<UnloadForm> }) => ({ ...context, ...params.form, formError: null })),
    setLang: assign((_, params: { lang: 'en' | 'ru' }) => ({ lang: params.lang })),
    showFormError: assign(({ context }) => ({ formError: formError(context) })),
    resetProgress: assign({ loaded: 0, rows: null, error: null }),
    setProgress: assign((_, params: { loaded: number; rows: number | null }) => ({ loaded: params.loaded, rows: params.rows })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    /** Provided by the view: hand the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'unload',
  context: ({ input }) => ({ ...input, loaded: 0, rows: null, formError: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'unload.change': { actions: { type: 'setForm', params: ({ event }) => ({ form: event.form }) } },
        'unload.start': [
          { guard: 'formValid', target: 'downloading', actions: { type: 'setLang', params: ({ event }) => ({ lang: event.lang }) } },
          { actions: 'showFormError' },
        ],
      },
    },
    downloading: {
      tags: ['busy'],
      entry: 'resetProgress',
      invoke: {
        id: 'downloadUnload',
        src: 'downloadUnload',
        input: ({ context, self }) => ({ params: unloadParams(context, context.lang), parent: self }),
        onDone: { target: 'done', actions: { type: 'saveFile', params: ({ context, event }) => ({ blob: event.output, fileName: unloadFileName(context) }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'unload.progress': { actions: { type: 'setProgress', params: ({ event }) => ({ loaded: event.loaded, rows: event.rows }) } },
        // Leaving the state stops the download (its signal aborts the request); the form stays as it was.
        'unload.cancel': 'idle',
      },
    },
    /** The file was saved; the form can be changed or sent again. */
    done: {
      on: {
        'unload.change': { target: 'idle', actions: { type: 'setForm', params: ({ event }) => ({ form: event.form }) } },
        // The form was valid when it was sent and has not changed since.
        'unload.start': { target: 'downloading', actions: { type: 'setLang', params: ({ event }) => ({ lang: event.lang }) } },
      },
    },
    /** "Error generating the file, try again": the form as the user left it, and a retry. */
    failed: {
      on: {
        'unload.change': { target: 'idle', actions: { type: 'setForm', params: ({ event }) => ({ form: event.form }) } },
        'unload.start': { target: 'downloading', actions: { type: 'setLang', params: ({ event }) => ({ lang: event.lang }) } },
      },
    },
  },
});

export type UnloadActor = ActorRefFrom<typeof unloadMachine>;
