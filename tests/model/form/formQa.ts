import type { AnyStateMachine } from 'xstate';
import type { FormContext, FormFields } from '../../../src/machines/form/form.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type QaCatalogue, type StepExpectation } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

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
  offScreen?: QaCatalogue['offScreen'];
  /** What the dialog shows, in the user's words (texts through `text('ns:key')`), for the pages a tester follows. */
  screen?: FormScreen;
}

/** What a form dialog (src/views/common/FormDialog.tsx) shows at each step, in the user's words. */
export interface FormScreen {
  /** The dialog as it opens: its title and fields with what they hold. */
  open: string[];
  /** The field after the valid and the invalid change. */
  valid: string[];
  invalid: string[];
  /** The messages the dialog shows for field errors (the rules' or the server's): under the fields, or its failure line. */
  fieldErrors: (errors: Record<string, string>) => string[];
  /** The dialog's failure line after the network failure. */
  offline: string[];
  /** What the screen shows after an accepted save (the dialog closes; a toast; the list). */
  saved: string[];
  /** The submit button's label (default "Save"). */
  submit?: string;
  /** What the form shows while it saves (default: the dialog's submit button spinning, Cancel and it disabled). */
  saving?: string[];
  /** What the screen shows after "Cancel" (default: the dialog closes, nothing saved; [] for a form without "Cancel"). */
  closed?: string[];
  /** Why Save and Cancel cannot be pressed while saving (default: the dialog's "Cancel" and submit are disabled). */
  disabledWhileSaving?: string;
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
  const words = form.screen;
  /** The expectation with what the screen shows, when the catalogue says it. */
  const shows = (expectation: StepExpectation, lines: (screen: FormScreen) => string[]): StepExpectation => (words ? { ...expectation, screen: lines(words) } : expectation);
  const submit = words?.submit ?? text('common:actions.save');
  const typed = (sample: FieldSample, lines: (screen: FormScreen) => string[]) => (context: Context) =>
    shows({ to: 'editing', see: { fields: { ...context.fields, [sample.field]: sample.value } } }, lines);
  const save = (context: Context) => {
    if (form.sendable(context.fields)) {
      return shows({ to: 'saving', see: { busy: true }, calls: [`save: ${JSON.stringify({ id: context.id, fields: context.fields })}`] }, (screen) =>
        screen.saving ?? [`${submit} shows a spinner; ${text('common:actions.cancel')} and ${submit} are disabled`],
      );
    }
    const errors = form.errors?.(context.fields) ?? form.invalid.errors;
    return shows({ to: 'editing', see: { fieldErrors: errors }, calls: [] }, (screen) => screen.fieldErrors(errors));
  };
  const closed = 'the dialog closes; nothing is saved';
  const disabled = words?.disabledWhileSaving ?? `${text('common:actions.cancel')} and ${submit} are disabled while saving`;
  const gone = 'the dialog has closed';
  return defineQa({
    machine: form.machine,
    file: form.file,
    title: form.title,
    ...(form.req ? { req: form.req } : {}),
    ...(form.preconditions ? { preconditions: form.preconditions } : {}),
    ...(form.howTo || words ? { howTo: { ...(words ? { [OFFLINE]: `in the devtools Network tab, choose "Offline" before pressing ${submit}` } : {}), ...form.howTo } } : {}),
    ...(form.namespace ? { namespace: form.namespace } : {}),
    ...(words
      ? {
          offScreen: {
            [SAVE]: { saving: disabled, saved: gone, closed: gone },
            [CANCEL]: { saving: disabled, saved: gone, closed: gone },
            [form.valid.words]: { saved: gone, closed: gone },
            [form.invalid.words]: { saved: gone, closed: gone },
            ...form.offScreen,
          },
        }
      : form.offScreen
        ? { offScreen: form.offScreen }
        : {}),
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
    initial: { start: shows({ to: 'editing', see: { fields: form.input.fields, fieldErrors: {}, busy: false } }, (screen) => screen.open) },
    expect: {
      editing: {
        [form.valid.words]: typed(form.valid, (screen) => screen.valid),
        [form.invalid.words]: typed(form.invalid, (screen) => screen.invalid),
        [SAVE]: save,
        [CANCEL]: shows({ to: 'closed', calls: ['closed'] }, (screen) => screen.closed ?? [closed]),
      },
      saving: {
        [SAVED]: shows({ to: 'saved', calls: [`saved: ${JSON.stringify({ value: form.saved })}`] }, (screen) => screen.saved),
        // A refusal keeps what was typed and shows the server's reasons on the fields.
        [form.refusal.words]: (context: Context) =>
          shows({ to: 'failed', see: { fields: context.fields, fieldErrors: form.refusal.fields, error: form.refusal.code } }, (screen) => [
            ...screen.fieldErrors(form.refusal.fields),
            'what was typed stays in the fields',
          ]),
        [OFFLINE]: (context: Context) =>
          shows({ to: 'failed', see: { fields: context.fields, error: 'network_error' } }, (screen) => [...screen.offline, 'what was typed stays in the fields']),
      },
      failed: {
        [form.valid.words]: typed(form.valid, (screen) => screen.valid),
        [form.invalid.words]: typed(form.invalid, (screen) => screen.invalid),
        [SAVE]: save,
        [CANCEL]: shows({ to: 'closed', calls: ['closed'] }, (screen) => screen.closed ?? [closed]),
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
