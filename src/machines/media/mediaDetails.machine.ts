import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { deleteMedia, getMedia, getMediaPreview, getMediaUsage, retryMedia, type DeleteMediaResult } from '../../services/media.service.ts';
import type { MediaFile, MediaUsage } from '../../services/schemas/media.ts';

export interface MediaDetailsContext {
  id: number;
  media: MediaFile | null;
  usage: MediaUsage | null;
  preview: Blob | null;
  /** Error code of the last failed load. */
  loadError: string | null;
  /** Error code of the last refused or failed delete / retry ('media_in_use', 'network_error', ...). */
  actionError: string | null;
}

export interface LoadedDetails {
  media: MediaFile;
  usage: MediaUsage;
  preview: Blob | null;
}

export type MediaDetailsEvent =
  | { type: 'details.load' }
  | { type: 'details.refresh' }
  | { type: 'details.delete' }
  | { type: 'details.confirmDelete' }
  | { type: 'details.cancel' }
  | { type: 'details.retry' }
  | { type: 'details.saved'; media: MediaFile };

/** How often an open file that is still processing is reloaded. */
export const PROCESSING_POLL_MS = 3000;

/** GET the file, its usage and (once, when there is one) its preview image. */
export async function loadDetails(input: { id: number; preview: Blob | null }): Promise<LoadedDetails> {
  const [media, usage] = await Promise.all([getMedia(input.id), getMediaUsage(input.id)]);
  const preview = input.preview ?? (media.links.preview ? await getMediaPreview(input.id).catch(() => null) : null);
  return { media, usage, preview };
}

/**
 * The media details screen: load, reload while processing, delete with confirmation (refused with a reason
 * while the file is used), retry failed processing. Views provide `goToList` and `notify`.
 */
export const mediaDetailsMachine = setup({
  types: {
    context: {} as MediaDetailsContext,
    events: {} as MediaDetailsEvent,
    input: {} as { id: number },
  },
  actors: {
    loadDetails: fromPromise<LoadedDetails, { id: number; preview: Blob | null }>(({ input }) => loadDetails(input)),
    deleteMedia: fromPromise<DeleteMediaResult, { id: number }>(({ input }) => deleteMedia(input.id)),
    retryMedia: fromPromise<MediaFile, { id: number }>(({ input }) => retryMedia(input.id)),
  },
  guards: {
    isProcessing: ({ context }) => context.media?.status === 'processing',
    deleted: (_, params: { result: DeleteMediaResult }) => params.result.ok,
  },
  actions: {
    setLoaded: assign((_, params: { loaded: LoadedDetails }) => ({ ...params.loaded, loadError: null })),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCodeOf(params.error) })),
    setMedia: assign((_, params: { media: MediaFile }) => ({ media: params.media })),
    setActionError: assign((_, params: { code: string }) => ({ actionError: params.code })),
    clearActionError: assign({ actionError: null }),
    goToList: () => {},
    /** `message` is an i18n key of the media namespace. */
    notify: (_, _params: { message: string; intent: 'success' | 'error' }) => {},
  },
  delays: { poll: PROCESSING_POLL_MS },
}).createMachine({
  id: 'mediaDetails',
  context: ({ input }) => ({ id: input.id, media: null, usage: null, preview: null, loadError: null, actionError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        input: ({ context }) => ({ id: context.id, preview: null }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'details.load': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: { 'details.saved': { actions: { type: 'setMedia', params: ({ event }) => ({ media: event.media }) } } },
      states: {
        idle: {
          after: { poll: { guard: 'isProcessing', target: 'refreshing' } },
          on: {
            'details.refresh': 'refreshing',
            'details.delete': { target: 'confirmingDelete', actions: 'clearActionError' },
            'details.retry': { target: 'retrying', actions: 'clearActionError' },
          },
        },
        refreshing: {
          tags: ['loading'],
          invoke: {
            id: 'refreshDetails',
            src: 'loadDetails',
            input: ({ context }) => ({ id: context.id, preview: context.preview }),
            onDone: { target: 'idle', actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setActionError', params: ({ event }) => ({ code: errorCodeOf(event.error) }) } },
          },
        },
        confirmingDelete: {
          on: { 'details.cancel': 'idle', 'details.confirmDelete': 'deleting' },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteMedia',
            src: 'deleteMedia',
            input: ({ context }) => ({ id: context.id }),
            onDone: [
              {
                guard: { type: 'deleted', params: ({ event }) => ({ result: event.output }) },
                target: '#mediaDetails.deleted',
                actions: [{ type: 'notify', params: { message: 'messages.removeSuccess', intent: 'success' } }, 'goToList'],
              },
              { target: 'idle', actions: { type: 'setActionError', params: { code: 'media_in_use' } } },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'setActionError', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
                { type: 'notify', params: { message: 'messages.removeError', intent: 'error' } },
              ],
            },
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryMedia',
            src: 'retryMedia',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: { type: 'setMedia', params: ({ event }) => ({ media: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setActionError', params: ({ event }) => ({ code: errorCodeOf(event.error) }) } },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
