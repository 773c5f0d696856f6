import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

/** Field name -> error code (`required`, `too_long`, `invalid`, or a code the server sent). */
export type FieldErrors = Record<string, string>;

export type FormFields = Record<string, unknown>;

export interface FormContext<F extends FormFields> {
  /** The record being edited; null when adding one. */
  id: number | null;
  fields: F;
  fieldErrors: FieldErrors;
  /** Code of the last refusal or failure (`validation_error`, `network_error`, a domain code ...). */
  error: string | null;
}

export type FormEvent<F extends FormFields = FormFields> =
  | { type: 'form.change'; field: keyof F & string; value: F[keyof F] }
  | { type: 'form.save' }
  | { type: 'form.cancel' };

export interface FormInput<F extends FormFields> {
  id?: number | null;
  fields: F;
}

export interface FormDefinition<F extends FormFields, T> {
  /** Machine id, e.g. `playlistForm`. */
  id: string;
  /** Client-side check before sending (the shared schema's rules): field -> code; `{}` when the fields may be sent. */
  validate: (fields: F) => FieldErrors;
  /** The write; refusals resolve `{ ok: false, code, fields }` (see `writeOutcome`), real failures reject. */
  save: (input: { id: number | null; fields: F }) => Promise<WriteOutcome<T>>;
  /**
   * The error a change of `field` answers, when the error sits under another name (an event's playlist and media
   * share one error, `media`); by default the field's own.
   */
  errorFieldsOf?: (field: keyof F & string) => string[];
}

/**
 * The one form shape (STYLE.md "Forms"): editing -> saving -> saved | failed, and closed on cancel.
 * A refusal maps the server's field errors onto the fields and keeps what the user typed; any change
 * from `failed` goes back to editing. Views provide `saved` (with the server's answer) and `closed`.
 *
 * ```ts
 * export const playlistFormMachine = createFormMachine({ id: 'playlistForm', validate: playlistFieldErrors, save: savePlaylist });
 * const form = useFormActor(playlistFormMachine, { input: { id, fields }, onSaved, onClose });
 * ```
 */
export function createFormMachine<F extends FormFields, T>(definition: FormDefinition<F, T>) {
  return setup({
    types: {
      context: {} as FormContext<F>,
      events: {} as FormEvent<F>,
      input: {} as FormInput<F>,
    },
    actors: {
      save: fromPromise<WriteOutcome<T>, { id: number | null; fields: F }>(({ input }) => definition.save(input)),
    },
    guards: {
      valid: ({ context }) => Object.keys(definition.validate(context.fields)).length === 0,
      accepted: (_, params: { outcome: WriteOutcome<T> }) => params.outcome.ok,
    },
    actions: {
      change: assign(({ context }, params: { field: string; value: unknown }) => {
        const fieldErrors = { ...context.fieldErrors };
        for (const name of definition.errorFieldsOf?.(params.field as keyof F & string) ?? [params.field]) delete fieldErrors[name];
        return { fields: { ...context.fields, [params.field]: params.value }, fieldErrors, error: null };
      }),
      showFieldErrors: assign(({ context }) => ({ fieldErrors: definition.validate(context.fields), error: null })),
      setRefusal: assign((_, params: { outcome: WriteOutcome<T> }) =>
        params.outcome.ok ? {} : { fieldErrors: params.outcome.fields, error: params.outcome.code },
      ),
      setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
      /** Provided by the view: the server's answer (close the form, refresh, toast). */
      saved: (_, _params: { value: T }) => {},
      /** Provided by the view: the form was cancelled. */
      closed: () => {},
    },
  }).createMachine({
    id: definition.id,
    context: ({ input }) => ({ id: input.id ?? null, fields: input.fields, fieldErrors: {}, error: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
          'form.save': [{ guard: 'valid', target: 'saving' }, { actions: 'showFieldErrors' }],
          'form.cancel': 'closed',
        },
      },
      saving: {
        tags: ['busy'],
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ id: context.id, fields: context.fields }),
          onDone: [
            {
              guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
              target: 'saved',
              actions: { type: 'saved', params: ({ event }) => ({ value: (event.output as Extract<WriteOutcome<T>, { ok: true }>).value }) },
            },
            { target: 'failed', actions: { type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) } },
          ],
          onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      failed: {
        on: {
          'form.change': { target: 'editing', actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
          'form.save': [{ guard: 'valid', target: 'saving' }, { target: 'editing', actions: 'showFieldErrors' }],
          'form.cancel': 'closed',
        },
      },
      saved: { type: 'final' },
      closed: { type: 'final', entry: 'closed' },
    },
  });
}

export type FormMachine<F extends FormFields, T> = ReturnType<typeof createFormMachine<F, T>>;
export type FormActor<F extends FormFields = FormFields, T = unknown> = ActorRefFrom<FormMachine<F, T>>;

/** Field errors from a superstruct failure list: `requiredString` and missing values are `required`, size is `too_long`. */
export function fieldErrorsFromFailures(failures: { path: unknown[]; type: string; refinement?: string; value: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const failure of failures) {
    const field = String(failure.path[0] ?? 'body');
    errors[field] ??=
      failure.type === 'requiredString' || failure.value === undefined ? 'required' : failure.refinement === 'size' ? 'too_long' : 'invalid';
  }
  return errors;
}
