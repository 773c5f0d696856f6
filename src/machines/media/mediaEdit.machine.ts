import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { updateMedia, type MediaWriteResult } from '../../services/media.service.ts';
import { MediaUpdateBody, type MediaFile } from '../../services/schemas/media.ts';
import { StructError, create } from 'superstruct';

export type MediaEditFields = Required<Pick<MediaUpdateBody, 'name' | 'description' | 'screen_position' | 'device_type'>>;

export interface MediaEditContext {
  id: number;
  fields: MediaEditFields;
  /** Field -> error code ('required', 'invalid', ...). */
  fieldErrors: Record<string, string>;
  /** Error code of a failed save. */
  error: string | null;
}

export type MediaEditEvent =
  | { type: 'edit.change'; field: keyof MediaEditFields; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' };

function fieldErrorsOf(fields: MediaEditFields): Record<string, string> {
  try {
    create({ ...fields, name: fields.name.trim() }, MediaUpdateBody);
    return {};
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const errors: Record<string, string> = {};
    for (const failure of error.failures()) errors[String(failure.path[0])] = failure.type === 'requiredString' ? 'required' : 'invalid';
    return errors;
  }
}

/** The edit-media form: name, description, screen position, device type; saved with PUT /media/files/{id}. */
export const mediaEditMachine = setup({
  types: {
    context: {} as MediaEditContext,
    events: {} as MediaEditEvent,
    input: {} as { media: MediaFile },
  },
  actors: {
    saveMedia: fromPromise<MediaWriteResult, { id: number; fields: MediaEditFields }>(({ input }) =>
      updateMedia(input.id, { ...input.fields, name: input.fields.name.trim() }),
    ),
  },
  guards: {
    valid: ({ context }) => Object.keys(fieldErrorsOf(context.fields)).length === 0,
    saved: (_, params: { result: MediaWriteResult }) => params.result.ok,
  },
  actions: {
    change: assign(({ context }, params: { field: keyof MediaEditFields; value: string }) => {
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[params.field];
      return { fields: { ...context.fields, [params.field]: params.value }, fieldErrors, error: null };
    }),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: fieldErrorsOf(context.fields) })),
    setRefusal: assign((_, params: { result: MediaWriteResult }) => ({ fieldErrors: params.result.ok ? {} : params.result.fields })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    /** Provided by the view: close the form and show the saved file. */
    saved: (_, _params: { media: MediaFile }) => {},
    closed: () => {},
  },
}).createMachine({
  id: 'mediaEdit',
  context: ({ input }) => ({
    id: input.media.id,
    fields: {
      name: input.media.name,
      description: input.media.description,
      screen_position: input.media.screen_position,
      device_type: input.media.device_type,
    },
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'edit.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'edit.save': [{ guard: 'valid', target: 'saving' }, { actions: 'showFieldErrors' }],
        'edit.cancel': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveMedia',
        src: 'saveMedia',
        input: ({ context }) => ({ id: context.id, fields: context.fields }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ result: event.output }) },
            target: 'closed',
            actions: { type: 'saved', params: ({ event }) => ({ media: (event.output as Extract<MediaWriteResult, { ok: true }>).media }) },
          },
          { target: 'editing', actions: { type: 'setRefusal', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    closed: { type: 'final', entry: 'closed' },
  },
});
