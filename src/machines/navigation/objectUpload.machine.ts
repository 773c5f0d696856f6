import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { isLayoutTooLarge, writeObject, type NavigationObject } from '../../services/navigation.service.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

/** What the machine needs of a picked file (a browser File in the app). */
export type LayoutFile = Pick<File, 'name' | 'size'>;

export interface ObjectUploadInput {
  office: number;
  /** The object renamed or given a new image; absent to create one. */
  object?: { id: number; name: string };
}

export interface ObjectUploadContext {
  office: number;
  objectId: number | null;
  name: string;
  file: LayoutFile | null;
  loaded: number;
  total: number;
  /** Error code of the whole form ('file_too_large', 'network_error', ...); views translate it. */
  error: string | null;
  /** Field -> error code ('required', 'taken', 'too_large', 'not_an_image'). */
  fields: Record<string, string>;
}

export type ObjectUploadEvent =
  | { type: 'upload.name'; name: string }
  | { type: 'upload.file'; file: LayoutFile }
  | { type: 'upload.submit' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.cancel' };

interface WriteInput {
  office: number;
  objectId: number | null;
  name: string;
  file: LayoutFile | null;
  parent: { send(event: ObjectUploadEvent): void };
}

/**
 * The add / edit form of a navigation object: a name and a layout image (required to create; to edit, a new one is
 * optional), a layout over 25 MB refused before anything is sent, the upload with its progress, cancel while sending,
 * and the server's refusals mapped onto the fields ("Object with this name already exists"). The view provides `saved`.
 */
export const objectUploadMachine = setup({
  types: { context: {} as ObjectUploadContext, events: {} as ObjectUploadEvent, input: {} as ObjectUploadInput },
  actors: {
    writeObject: fromPromise<WriteOutcome<NavigationObject>, WriteInput>(({ input, signal }) =>
      writeObject({
        office: input.office,
        ...(input.objectId ? { id: input.objectId } : {}),
        name: input.name.trim(),
        file: input.file as File | null,
        signal,
        onProgress: ({ loaded, total }) => input.parent.send({ type: 'upload.progress', loaded, total }),
      }),
    ),
  },
  guards: {
    tooLarge: (_, params: { file: LayoutFile }) => isLayoutTooLarge(params.file),
    complete: ({ context }) => context.name.trim() !== '' && (context.file !== null || context.objectId !== null),
    accepted: (_, params: { outcome: WriteOutcome<NavigationObject> }) => params.outcome.ok,
  },
  actions: {
    setName: assign(({ context }, params: { name: string }) => ({ name: params.name, fields: { ...context.fields, name: '' } })),
    setFile: assign(({ context }, params: { file: LayoutFile }) => ({ file: params.file, error: null, fields: { ...context.fields, layout: '' } })),
    refuseFile: assign(({ context }) => ({ file: null, error: 'file_too_large', fields: { ...context.fields, layout: 'too_large' } })),
    markMissing: assign(({ context }) => ({
      fields: { ...context.fields, ...(context.name.trim() ? {} : { name: 'required' }), ...(context.file || context.objectId ? {} : { layout: 'required' }) },
    })),
    startSending: assign(({ context }) => ({ loaded: 0, total: context.file?.size ?? 0, error: null, fields: {} })),
    setProgress: assign((_, params: { loaded: number; total: number }) => ({ loaded: params.loaded, total: params.total })),
    takeRefusal: assign((_, params: { outcome: WriteOutcome<NavigationObject> }) =>
      params.outcome.ok ? {} : { error: params.outcome.code, fields: params.outcome.fields },
    ),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    saved: (_, _params: { object: NavigationObject }) => undefined,
  },
}).createMachine({
  id: 'objectUpload',
  context: ({ input }) => ({
    office: input.office,
    objectId: input.object?.id ?? null,
    name: input.object?.name ?? '',
    file: null,
    loaded: 0,
    total: 0,
    error: null,
    fields: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'upload.name': { actions: { type: 'setName', params: ({ event }) => event } },
        'upload.file': [
          { guard: { type: 'tooLarge', params: ({ event }) => event }, actions: 'refuseFile' },
          { actions: { type: 'setFile', params: ({ event }) => event } },
        ],
        'upload.submit': [{ guard: 'complete', target: 'sending', actions: 'startSending' }, { actions: 'markMissing' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'writeObject',
        src: 'writeObject',
        input: ({ context, self }) => ({ office: context.office, objectId: context.objectId, name: context.name, file: context.file, parent: self }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'saved',
            actions: { type: 'saved', params: ({ event }) => ({ object: (event.output as { ok: true; value: NavigationObject }).value }) },
          },
          { target: 'editing', actions: { type: 'takeRefusal', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'upload.progress': { actions: { type: 'setProgress', params: ({ event }) => event } },
        'upload.cancel': { target: 'editing' },
      },
    },
    saved: { type: 'final' },
  },
});
