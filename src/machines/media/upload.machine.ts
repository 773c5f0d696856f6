import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { isTooLarge, uploadMediaFile } from '../../services/media.service.ts';
import { MediaFileInfo, type MediaFile, type ScreenPosition } from '../../services/schemas/media.ts';
import type { DeviceType } from '../../services/schemas/devices.ts';
import { is } from 'superstruct';

/** What the machine needs of a picked file (a browser File in the app). */
export type UploadFile = Pick<File, 'name' | 'size'>;

/**
 * Where one file of the batch is: `ready` (described, waiting for start), `rejected` (over 250 MB, never sent),
 * `queued`, `uploading`, `done`, `failed` (with an error code), `cancelled`.
 */
export type UploadItemStatus = 'ready' | 'rejected' | 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  file: UploadFile;
  info: MediaFileInfo;
  status: UploadItemStatus;
  loaded: number;
  total: number;
  /** API error code of a failure or refusal ('file_too_large', 'invalid_content_format', 'network_error', ...). */
  error: string | null;
  media: MediaFile | null;
}

export interface UploadDefaults {
  /** Absent: the server takes it from the probed picture (a vertical video is vertical), still editable. */
  screen_position?: ScreenPosition;
  device_type: DeviceType;
}

export interface UploadContext {
  items: UploadItem[];
  currentId: string | null;
  nextId: number;
  defaults: UploadDefaults;
}

export type UploadEvent =
  | { type: 'upload.add'; files: UploadFile[] }
  | { type: 'upload.remove'; id: string }
  | { type: 'upload.describe'; id: string; info: Partial<MediaFileInfo> }
  | { type: 'upload.start' }
  | { type: 'upload.progress'; id: string; loaded: number; total: number }
  | { type: 'upload.cancel'; id: string }
  | { type: 'upload.cancelAll' }
  | { type: 'upload.retry'; id: string }
  | { type: 'upload.reset' };

export type UploadProgressEvent = Extract<UploadEvent, { type: 'upload.progress' }>;

export interface UploadFileInput {
  id: string;
  file: UploadFile;
  info: MediaFileInfo;
  /** Receives `upload.progress` while the file is on the wire. */
  parent: { send(event: UploadProgressEvent): void };
}

export interface BatchSummary {
  done: number;
  failed: number;
  cancelled: number;
}

/**
 * The name a new upload starts with: the file's own name, extension included, so image.png and image.jpg stay apart
 * everywhere the name shows (editable before sending). Past 255 characters the base is cut, not the extension.
 */
export function defaultMediaName(file: Pick<UploadFile, 'name'>): string {
  const name = file.name.trim();
  if (name.length <= 255) return name;
  const extension = /\.[^.]{1,16}$/.exec(name)?.[0] ?? '';
  return name.slice(0, 255 - extension.length) + extension;
}

function update(items: UploadItem[], id: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

const describedWell = (item: UploadItem) => is(item.info, MediaFileInfo);

/**
 * One upload batch of the add-media form: pick files (over 250 MB refused at once), describe each,
 * then send them one request per file, one at a time, with per-file progress; cancel one or all,
 * retry a failed or cancelled file without sending the others again.
 * The view provides `uploaded` (a file was stored) and `batchFinished` (toast with the summary).
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as Partial<UploadDefaults> | undefined,
  },
  actors: {
    uploadFile: fromPromise<MediaFile, UploadFileInput>(({ input, signal }) =>
      uploadMediaFile({
        file: input.file as File,
        info: input.info,
        signal,
        onProgress: ({ loaded, total }) => input.parent.send({ type: 'upload.progress', id: input.id, loaded, total }),
      }),
    ),
  },
  guards: {
    canStart: ({ context }) => {
      const sendable = context.items.filter((item) => item.status === 'ready');
      return sendable.length > 0 && sendable.every(describedWell);
    },
    hasQueued: ({ context }) => context.items.some((item) => item.status === 'queued'),
    isCurrent: ({ context }, params: { id: string }) => context.currentId === params.id,
    isQueued: ({ context }, params: { id: string }) => context.items.some((item) => item.id === params.id && item.status === 'queued'),
    canRetry: ({ context }, params: { id: string }) =>
      context.items.some((item) => item.id === params.id && (item.status === 'failed' || item.status === 'cancelled')),
  },
  actions: {
    addFiles: assign(({ context }, params: { files: UploadFile[] }) => {
      let nextId = context.nextId;
      const added = params.files.map((file): UploadItem => {
        const tooLarge = isTooLarge(file);
        return {
          id: String(nextId++),
          file,
          info: { name: defaultMediaName(file), description: '', ...context.defaults },
          status: tooLarge ? 'rejected' : 'ready',
          loaded: 0,
          total: file.size,
          error: tooLarge ? 'file_too_large' : null,
          media: null,
        };
      });
      return { items: [...context.items, ...added], nextId };
    }),
    removeItem: assign(({ context }, params: { id: string }) => ({ items: context.items.filter((item) => item.id !== params.id) })),
    describeItem: assign(({ context }, params: { id: string; info: Partial<MediaFileInfo> }) => ({
      items: context.items.map((item) => (item.id === params.id ? { ...item, info: { ...item.info, ...params.info } } : item)),
    })),
    queueReady: assign(({ context }) => ({
      items: context.items.map((item) => (item.status === 'ready' ? { ...item, status: 'queued' as const } : item)),
    })),
    startNext: assign(({ context }) => {
      const next = context.items.find((item) => item.status === 'queued')!;
      return { currentId: next.id, items: update(context.items, next.id, { status: 'uploading', loaded: 0, error: null }) };
    }),
    setProgress: assign(({ context }, params: { id: string; loaded: number; total: number }) => ({
      items: update(context.items, params.id, { loaded: params.loaded, total: params.total }),
    })),
    markDone: assign(({ context }, params: { media: MediaFile }) => {
      const item = context.items.find((i) => i.id === context.currentId)!;
      return { currentId: null, items: update(context.items, item.id, { status: 'done', loaded: item.total, media: params.media }) };
    }),
    markFailed: assign(({ context }, params: { error: unknown }) => ({
      currentId: null,
      items: update(context.items, context.currentId!, { status: 'failed', error: errorCodeOf(params.error) }),
    })),
    cancelItem: assign(({ context }, params: { id: string }) => ({
      currentId: context.currentId === params.id ? null : context.currentId,
      items: update(context.items, params.id, { status: 'cancelled', loaded: 0 }),
    })),
    cancelAll: assign(({ context }) => ({
      currentId: null,
      items: context.items.map((item) =>
        item.status === 'queued' || item.status === 'uploading' ? { ...item, status: 'cancelled' as const, loaded: 0 } : item,
      ),
    })),
    requeue: assign(({ context }, params: { id: string }) => ({
      items: update(context.items, params.id, { status: 'queued', error: null, loaded: 0 }),
    })),
    clear: assign({ items: [], currentId: null, nextId: 1 }),
    uploaded: (_, _params: { media: MediaFile }) => {},
    batchFinished: (_, _params: BatchSummary) => {},
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    items: [],
    currentId: null,
    nextId: 1,
    defaults: { ...(input?.screen_position ? { screen_position: input.screen_position } : {}), device_type: input?.device_type ?? 'tvpi' },
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'upload.add': { actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) } },
        'upload.remove': { actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) } },
        'upload.describe': { actions: { type: 'describeItem', params: ({ event }) => ({ id: event.id, info: event.info }) } },
        'upload.start': { guard: 'canStart', target: 'uploading', actions: 'queueReady' },
      },
    },
    uploading: {
      tags: ['busy'],
      initial: 'next',
      on: {
        'upload.cancelAll': { target: 'finished', actions: 'cancelAll' },
        'upload.retry': {
          guard: { type: 'canRetry', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'requeue', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        next: {
          always: [{ guard: 'hasQueued', target: 'sending', actions: 'startNext' }, { target: '#upload.finished' }],
        },
        sending: {
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context, self }) => {
              const item = context.items.find((i) => i.id === context.currentId)!;
              return { id: item.id, file: item.file, info: item.info, parent: self };
            },
            onDone: {
              target: 'next',
              actions: [
                { type: 'markDone', params: ({ event }) => ({ media: event.output }) },
                { type: 'uploaded', params: ({ event }) => ({ media: event.output }) },
              ],
            },
            onError: { target: 'next', actions: { type: 'markFailed', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'upload.progress': {
              guard: { type: 'isCurrent', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'setProgress', params: ({ event }) => ({ id: event.id, loaded: event.loaded, total: event.total }) },
            },
            'upload.cancel': [
              {
                guard: { type: 'isCurrent', params: ({ event }) => ({ id: event.id }) },
                target: 'next',
                actions: { type: 'cancelItem', params: ({ event }) => ({ id: event.id }) },
              },
              {
                guard: { type: 'isQueued', params: ({ event }) => ({ id: event.id }) },
                actions: { type: 'cancelItem', params: ({ event }) => ({ id: event.id }) },
              },
            ],
          },
        },
      },
    },
    finished: {
      entry: {
        type: 'batchFinished',
        params: ({ context }) => ({
          done: context.items.filter((i) => i.status === 'done').length,
          failed: context.items.filter((i) => i.status === 'failed').length,
          cancelled: context.items.filter((i) => i.status === 'cancelled').length,
        }),
      },
      on: {
        'upload.retry': {
          guard: { type: 'canRetry', params: ({ event }) => ({ id: event.id }) },
          target: 'uploading',
          actions: { type: 'requeue', params: ({ event }) => ({ id: event.id }) },
        },
        'upload.reset': { target: 'editing', actions: 'clear' },
      },
    },
  },
});

export type UploadMachine = typeof uploadMachine;
