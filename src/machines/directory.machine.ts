import { assign, fromPromise, setup } from 'xstate';
import { StructError, create } from 'superstruct';
import { errorCodeOf } from './fetchStatus.machine.ts';
import {
  createDirectoryQuery,
  listDirectoryQueries,
  updateDirectoryQuery,
  type DirectoryWriteResult,
} from '../services/directory.service.ts';
import { DirectoryQueryCreateBody, type DirectoryQuery } from '../services/schemas/directory.ts';
import type { PageOf } from '../services/schemas/common.ts';

export interface DirectoryFields {
  name: string;
  value: string;
  type: DirectoryQuery['type'];
  device: DirectoryQuery['device'];
  screen: DirectoryQuery['screen'];
}

export interface DirectoryForm {
  /** The query being edited; null when adding one. */
  id: number | null;
  fields: DirectoryFields;
}

export interface DirectoryContext {
  queries: DirectoryQuery[];
  count: number;
  page: number;
  loadError: string | null;
  form: DirectoryForm | null;
  /** Field -> error code ('required', 'invalid_format', 'taken', ...). */
  fieldErrors: Record<string, string>;
  /** Error code of the last failed save or switch. */
  error: string | null;
  /** The query being switched on or off. */
  togglingId: number | null;
}

export type DirectoryEvent =
  | { type: 'directory.load'; page?: number }
  | { type: 'directory.add' }
  | { type: 'directory.edit'; id: number }
  | { type: 'directory.change'; field: keyof DirectoryFields; value: string }
  | { type: 'directory.save' }
  | { type: 'directory.cancel' }
  | { type: 'directory.toggle'; id: number };

export const EMPTY_FIELDS: DirectoryFields = { name: '', value: '', type: 'video', device: 'tvpi', screen: 'horizontal' };

/** Client-side check with the shared schema: the same refinement the server applies to `value`. */
export function directoryFieldErrors(fields: DirectoryFields): Record<string, string> {
  try {
    create(fields, DirectoryQueryCreateBody);
    return {};
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const errors: Record<string, string> = {};
    for (const failure of error.failures()) {
      const field = String(failure.path[0]);
      errors[field] = field === 'value' ? 'invalid_format' : failure.type === 'requiredString' ? 'required' : 'invalid';
    }
    return errors;
  }
}

interface SaveInput {
  form: DirectoryForm;
}

/**
 * The Directory of encoding presets (administrator only): the table, add and edit with the value format
 * checked before sending, activate and deactivate. Views provide `notify` (i18n key of the directory namespace).
 */
export const directoryMachine = setup({
  types: {
    context: {} as DirectoryContext,
    events: {} as DirectoryEvent,
  },
  actors: {
    loadQueries: fromPromise<PageOf<DirectoryQuery>, { page: number }>(({ input }) => listDirectoryQueries({ page: input.page })),
    saveQuery: fromPromise<DirectoryWriteResult, SaveInput>(({ input }) => {
      const body = { ...input.form.fields, name: input.form.fields.name.trim(), value: input.form.fields.value.trim() };
      return input.form.id === null ? createDirectoryQuery(body) : updateDirectoryQuery(input.form.id, body);
    }),
    toggleQuery: fromPromise<DirectoryWriteResult, { id: number; active: boolean }>(({ input }) =>
      updateDirectoryQuery(input.id, { active: input.active }),
    ),
  },
  guards: {
    valid: ({ context }) => !!context.form && Object.keys(directoryFieldErrors(context.form.fields)).length === 0,
    written: (_, params: { result: DirectoryWriteResult }) => params.result.ok,
    isAdding: ({ context }) => context.form?.id === null,
  },
  actions: {
    setPage: assign(({ context }, params: { page: number | undefined }) => ({ page: params.page ?? context.page })),
    setQueries: assign((_, params: { page: PageOf<DirectoryQuery> }) => ({ queries: params.page.results, count: params.page.count, loadError: null })),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCodeOf(params.error) })),
    openCreate: assign({ form: { id: null, fields: EMPTY_FIELDS }, fieldErrors: {}, error: null }),
    openEdit: assign(({ context }, params: { id: number }) => {
      const query = context.queries.find((q) => q.id === params.id);
      if (!query) return {};
      const { name, value, type, device, screen } = query;
      return { form: { id: query.id, fields: { name, value, type, device, screen } }, fieldErrors: {}, error: null };
    }),
    change: assign(({ context }, params: { field: keyof DirectoryFields; value: string }) => {
      if (!context.form) return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[params.field];
      return { form: { ...context.form, fields: { ...context.form.fields, [params.field]: params.value } }, fieldErrors, error: null };
    }),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: context.form ? directoryFieldErrors(context.form.fields) : {} })),
    closeForm: assign({ form: null, fieldErrors: {}, error: null }),
    putQuery: assign(({ context }, params: { result: DirectoryWriteResult }) => {
      if (!params.result.ok) return {};
      const saved = params.result.query;
      const exists = context.queries.some((q) => q.id === saved.id);
      return {
        queries: exists ? context.queries.map((q) => (q.id === saved.id ? saved : q)) : [...context.queries, saved],
        count: exists ? context.count : context.count + 1,
      };
    }),
    setRefusal: assign((_, params: { result: DirectoryWriteResult }) =>
      params.result.ok ? {} : { fieldErrors: params.result.fields, error: params.result.reason },
    ),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setToggling: assign((_, params: { id: number | null }) => ({ togglingId: params.id })),
    notify: (_, _params: { message: string; intent: 'success' | 'error' }) => {},
  },
}).createMachine({
  id: 'directory',
  context: {
    queries: [],
    count: 0,
    page: 1,
    loadError: null,
    form: null,
    fieldErrors: {},
    error: null,
    togglingId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQueries',
        src: 'loadQueries',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'ready', actions: { type: 'setQueries', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'directory.load': { target: 'loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'directory.load': { target: '#directory.loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } },
            'directory.add': { target: 'editing', actions: 'openCreate' },
            'directory.edit': { target: 'editing', actions: { type: 'openEdit', params: ({ event }) => ({ id: event.id }) } },
            'directory.toggle': { target: 'toggling', actions: { type: 'setToggling', params: ({ event }) => ({ id: event.id }) } },
          },
        },
        editing: {
          on: {
            'directory.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'directory.save': [{ guard: 'valid', target: 'saving' }, { actions: 'showFieldErrors' }],
            'directory.cancel': { target: 'idle', actions: 'closeForm' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveQuery',
            src: 'saveQuery',
            input: ({ context }) => ({ form: context.form! }),
            onDone: [
              {
                guard: { type: 'written', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: [
                  { type: 'putQuery', params: ({ event }) => ({ result: event.output }) },
                  { type: 'notify', params: ({ context }) => ({ message: context.form?.id === null ? 'messages.addSuccess' : 'messages.editSuccess', intent: 'success' as const }) },
                  'closeForm',
                ],
              },
              { target: 'editing', actions: { type: 'setRefusal', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: {
              target: 'editing',
              actions: [
                { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: ({ context }) => ({ message: context.form?.id === null ? 'messages.addError' : 'messages.editError', intent: 'error' as const }) },
              ],
            },
          },
        },
        toggling: {
          tags: ['busy'],
          invoke: {
            id: 'toggleQuery',
            src: 'toggleQuery',
            input: ({ context }) => ({ id: context.togglingId!, active: !context.queries.find((q) => q.id === context.togglingId)?.active }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'putQuery', params: ({ event }) => ({ result: event.output }) }, { type: 'setToggling', params: { id: null } }],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'setToggling', params: { id: null } },
                { type: 'notify', params: { message: 'messages.editError', intent: 'error' } },
              ],
            },
          },
        },
      },
    },
  },
});
