import type { AnyStateMachine } from 'xstate';
import type { FormContext, FormFields } from '../../../src/machines/form/form.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type QaCatalogue } from '../qa/catalogue.ts';

/** One field change of a form, in words: `{ words: 'type the name "Intro"', field: 'name', value: 'Intro' }`. */
export interface FieldSample {
  words: string;
  field: string;
  value: unknown;
}

export interface FormQa {
  machine: AnyStateMachine;
  file: string;
  title: string;
  /** The form's input: the record edited (its id, null when adding) and its fields as they open. */
  input: { id: number | null; fields: FormFields };
  /** A change that leaves the form sendable, and one the client-side rules refuse. */
  valid: FieldSample;
  invalid: FieldSample & { errors: Record<string, string> };
  /** Written from the spec, not from the machine: may these fields be sent? */
  sendable: (fields: FormFields) => boolean;
  /** The field errors the rules give fields that may not be sent (default: `invalid.errors`), from the spec. */
  errors?: (fields: FormFields) => Record<string, string>;
  /** What the server answers an accepted save with. */
  saved: unknown;
  /** A refusal of the server: its code and field errors. */
  refusal: { words: string; code: string; fields: Record<string, string> };
  /** For the pages (see QaCatalogue): spec requirement ids by sample, preconditions, how to cause a sample, toast namespace. */
  req?: QaCatalogue['req'];
  preconditions?: QaCatalogue['preconditions'];
  howTo?: QaCatalogue['howTo'];
  namespace?: string;
}

/**
 * The catalogue of a form made with `createFormMachine` (STYLE.md "Forms": editing -> saving -> saved | failed,
 * closed on cancel): the samples and expectations are the same for every form, only its fields and rules differ.
 */
export function defineFormQa(form: FormQa): QaCatalogue {
  const SAVE = 'press "Save"';
  const CANCEL = 'press "Cancel"';
  const SAVED = 'the server saves it';
  const OFFLINE = 'the network is down during the save';
  type Context = FormContext<FormFields>;
  const typed = (sample: FieldSample) => (context: Context) => ({ to: 'editing', see: { fields: { ...context.fields, [sample.field]: sample.value } } });
  const save = (context: Context) =>
    form.sendable(context.fields)
      ? { to: 'saving', see: { busy: true }, calls: [`save: ${JSON.stringify({ id: context.id, fields: context.fields })}`] }
      : { to: 'editing', see: { fieldErrors: form.errors?.(context.fields) ?? form.invalid.errors }, calls: [] };
  return defineQa({
    machine: form.machine,
    file: form.file,
    title: form.title,
    ...(form.req ? { req: form.req } : {}),
    ...(form.preconditions ? { preconditions: form.preconditions } : {}),
    ...(form.howTo ? { howTo: form.howTo } : {}),
    ...(form.namespace ? { namespace: form.namespace } : {}),
    actors: ['save'],
    recorded: ['saved', 'closed'],
    input: form.input,
    events: {
      [form.valid.words]: { type: 'form.change', field: form.valid.field, value: form.valid.value },
      [form.invalid.words]: { type: 'form.change', field: form.invalid.field, value: form.invalid.value },
      [SAVE]: { type: 'form.save' },
      [CANCEL]: { type: 'form.cancel' },
      [SAVED]: done('save', { ok: true, value: form.saved }),
      [form.refusal.words]: done('save', { ok: false, code: form.refusal.code, fields: form.refusal.fields }),
      [OFFLINE]: error('save', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    },
    initial: { start: { to: 'editing', see: { fields: form.input.fields, fieldErrors: {}, busy: false } } },
    expect: {
      editing: {
        [form.valid.words]: typed(form.valid),
        [form.invalid.words]: typed(form.invalid),
        [SAVE]: save,
        [CANCEL]: { to: 'closed', calls: ['closed'] },
      },
      saving: {
        [SAVED]: { to: 'saved', calls: [`saved: ${JSON.stringify({ value: form.saved })}`] },
        // A refusal keeps what was typed and shows the server's reasons on the fields.
        [form.refusal.words]: (context: Context) => ({ to: 'failed', see: { fields: context.fields, fieldErrors: form.refusal.fields, error: form.refusal.code } }),
        [OFFLINE]: (context: Context) => ({ to: 'failed', see: { fields: context.fields, error: 'network_error' } }),
      },
      failed: {
        [form.valid.words]: typed(form.valid),
        [form.invalid.words]: typed(form.invalid),
        [SAVE]: save,
        [CANCEL]: { to: 'closed', calls: ['closed'] },
      },
    },
    unreachable: {
      'failed form.save #2':
        'failed is entered only from saving, which needs sendable fields, and any change leaves failed for editing: ' +
        'a save from failed always has sendable fields (unless the rules read more than the fields)',
    },
    view: (snapshot) => ({
      busy: snapshot.hasTag('busy'),
      fields: snapshot.context.fields,
      fieldErrors: snapshot.context.fieldErrors,
      error: snapshot.context.error,
    }),
  });
}
