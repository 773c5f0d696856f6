import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Override, OverrideTargetKind } from '../../services/schemas/overrides.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { overrideBody, overrideFieldProblem } from './deviceOverrides.selectors.ts';

/** Who an override is started for, and how many screens that is (the confirmation says it). */
export interface OverrideDraft {
  targets: { kind: OverrideTargetKind; ids: number[] };
  screens: number;
}

/**
 * The start form: a media file, a playlist or a layout (issue 36; each picked by a server-side search, with its name
 * for the confirmation), and an optional end (local wall time `YYYY-MM-DDTHH:MM`, '' for none).
 */
export interface OverrideFields {
  content: 'media' | 'playlist' | 'layout';
  media: number | null;
  mediaName: string | null;
  playlist: number | null;
  playlistName: string | null;
  layout: number | null;
  layoutName: string | null;
  until: string;
}

export const EMPTY_OVERRIDE_FIELDS: OverrideFields = {
  content: 'media',
  media: null,
  mediaName: null,
  playlist: null,
  playlistName: null,
  layout: null,
  layoutName: null,
  until: '',
};

export interface DeviceOverridesContext {
  /** The device whose overrides are listed (the device card); null: every running override of the caller (/devices). */
  device: number | null;
  overrides: Override[];
  /** Code of the last failed load. */
  error: string | null;
  draft: OverrideDraft | null;
  fields: OverrideFields;
  /** Why the start form cannot go on: a local rule or the server's refusal code. */
  problem: string | null;
  /** The override the operator asked to clear (the confirmation names it), until cleared or cancelled. */
  clearing: number | null;
}

export type DeviceOverridesEvent =
  | { type: 'overrides.reload' }
  | { type: 'override.compose'; draft: OverrideDraft }
  | { type: 'override.change'; fields: Partial<OverrideFields> }
  | { type: 'override.review' }
  | { type: 'override.back' }
  | { type: 'override.confirm' }
  | { type: 'override.cancel' }
  | { type: 'override.clear'; id: number }
  | { type: 'override.clearConfirm' };

type Notice = { intent: 'success' | 'error' | 'info'; message: string };

/**
 * Emergency overrides of one device (its card) or of the caller's fleet (/devices): the running ones are listed;
 * starting one is a form (media, playlist or layout, optional end) and a confirmation that names how many screens it takes
 * over, then the start; clearing asks for a confirmation too (one mis-click would take an evacuation message off the
 * screens). The form's pickers search the server themselves (optionSearchMachine,
 * in the view): a company's thousands of files are found by name, and the pick arrives here with its name. Provide the actors and `notify` (an i18n key) and `changed` (an override
 * started or cleared: the list of devices may reload).
 */
export const deviceOverridesMachine = setup({
  types: {
    context: {} as DeviceOverridesContext,
    events: {} as DeviceOverridesEvent,
    input: {} as { device?: number | null },
  },
  actors: {
    loadOverrides: fromPromise<Override[], { device: number | null }>(() => Promise.reject(new Error('loadOverrides not provided'))),
    startOverride: fromPromise<WriteOutcome<Override>, { body: ReturnType<typeof overrideBody> }>(() => Promise.reject(new Error('startOverride not provided'))),
    clearOverride: fromPromise<WriteOutcome<Override>, { id: number }>(() => Promise.reject(new Error('clearOverride not provided'))),
  },
  guards: {
    fieldsReady: ({ context }) => overrideFieldProblem(context.fields, Date.now()) === null,
    accepted: (_, params: { outcome: WriteOutcome<Override> }) => params.outcome.ok,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    changed: () => {},
    setOverrides: assign((_, params: { overrides: Override[] }) => ({ overrides: params.overrides, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    startDraft: assign((_, params: { draft: OverrideDraft }) => ({ draft: params.draft, fields: EMPTY_OVERRIDE_FIELDS, problem: null })),
    change: assign(({ context }, params: { fields: Partial<OverrideFields> }) => ({ fields: { ...context.fields, ...params.fields }, problem: null })),
    showProblem: assign(({ context }) => ({ problem: overrideFieldProblem(context.fields, Date.now()) })),
    setProblem: assign((_, params: { problem: string }) => ({ problem: params.problem })),
    dropDraft: assign({ draft: null, problem: null }),
    askClear: assign((_, params: { id: number }) => ({ clearing: params.id })),
    dropClear: assign({ clearing: null }),
  },
}).createMachine({
  id: 'deviceOverrides',
  context: ({ input }) => ({ device: input.device ?? null, overrides: [], error: null, draft: null, fields: EMPTY_OVERRIDE_FIELDS, problem: null, clearing: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOverrides',
        src: 'loadOverrides',
        input: ({ context }) => ({ device: context.device }),
        onDone: { target: 'ready', actions: { type: 'setOverrides', params: ({ event }) => ({ overrides: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'overrides.reload': 'loading' },
    },
    ready: {
      on: {
        'overrides.reload': 'loading',
        'override.compose': { target: 'composing', actions: { type: 'startDraft', params: ({ event }) => ({ draft: event.draft }) } },
        'override.clear': { target: 'confirmingClear', actions: { type: 'askClear', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    confirmingClear: {
      on: {
        'override.clearConfirm': 'clearing',
        'override.cancel': { target: 'ready', actions: 'dropClear' },
      },
    },
    composing: {
      on: {
        'override.cancel': { target: 'ready', actions: 'dropDraft' },
        'override.change': { actions: { type: 'change', params: ({ event }) => ({ fields: event.fields }) } },
        'override.review': [{ guard: 'fieldsReady', target: 'confirming' }, { actions: 'showProblem' }],
      },
    },
    confirming: {
      on: {
        'override.confirm': 'starting',
        'override.back': 'composing',
        'override.cancel': { target: 'ready', actions: 'dropDraft' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startOverride',
        src: 'startOverride',
        input: ({ context }) => ({ body: overrideBody(context.draft!, context.fields) }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            actions: ['dropDraft', 'changed', { type: 'notify', params: { intent: 'success', message: 'devices:override.started' } }],
          },
          {
            target: 'composing',
            actions: { type: 'setProblem', params: ({ event }) => ({ problem: (event.output as Extract<WriteOutcome<Override>, { ok: false }>).code }) },
          },
        ],
        onError: { target: 'composing', actions: { type: 'setProblem', params: ({ event }) => ({ problem: errorCodeOf(event.error) }) } },
      },
    },
    clearing: {
      tags: ['busy'],
      invoke: {
        id: 'clearOverride',
        src: 'clearOverride',
        input: ({ context }) => ({ id: context.clearing! }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            actions: ['dropClear', 'changed', { type: 'notify', params: { intent: 'success', message: 'devices:override.cleared' } }],
          },
          { target: 'loading', actions: ['dropClear', 'changed', { type: 'notify', params: { intent: 'info', message: 'devices:override.alreadyOver' } }] },
        ],
        onError: { target: 'ready', actions: ['dropClear', { type: 'notify', params: { intent: 'error', message: 'devices:override.clearFailed' } }] },
      },
    },
  },
});

export type DeviceOverridesActor = ActorRefFrom<typeof deviceOverridesMachine>;
