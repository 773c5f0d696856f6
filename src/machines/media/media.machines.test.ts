import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mediaDetailsMachine, type LoadedDetails } from './mediaDetails.machine.ts';
import { mediaEditInput, mediaEditMachine } from './mediaEdit.machine.ts';
import { isInUse, selectActionError, selectCanRetry, selectIsConfirmingDelete } from './mediaDetails.selectors.ts';
import { ApiRequestError } from '../../services/http.ts';
import type { MediaFile } from '../../services/schemas/media.ts';

const media = (patch: Partial<MediaFile> = {}): MediaFile => ({
  id: 3,
  name: 'Clip',
  description: '',
  screen_position: 'horizontal',
  device_type: 'tvpi',
  kind: 'video',
  original_name: 'clip.mp4',
  mime_type: 'video/mp4',
  duration: 2,
  resolution: '320x240',
  video_codec: 'h264',
  size: 0.01,
  uploaded: '2026-01-01T00:00:00.000Z',
  status: 'ready_to_play',
  failure_reason: null,
  formats: [],
  fallbacks: [],
  links: { source: '/api/v1/media/files/3/source', preview: null, render: [] },
  ...patch,
});
const unused = { playlists: [], campaigns: [], events: [] };

function details(overrides: { loaded?: LoadedDetails; remove?: () => Promise<{ ok: true } | { ok: false; reason: 'media_in_use' }>; retry?: () => Promise<MediaFile> }) {
  const goToList = vi.fn();
  const notify = vi.fn();
  const logic = mediaDetailsMachine.provide({
    actors: {
      loadDetails: fromPromise(async () => overrides.loaded ?? { media: media(), usage: unused, preview: null }),
      deleteMedia: fromPromise(() => (overrides.remove ?? (async () => ({ ok: true as const })))()),
      retryMedia: fromPromise(() => (overrides.retry ?? (async () => media({ status: 'processing' })))()),
    },
    actions: { goToList, notify: (_, params) => notify(params) },
  });
  return { actor: createActor(logic, { input: { id: 3 } }).start(), goToList, notify };
}

describe('media details machine', () => {
  it('deletes after confirmation, then goes to the list', async () => {
    const { actor, goToList, notify } = details({});
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'details.delete' });
    expect(selectIsConfirmingDelete(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'details.confirmDelete' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(goToList).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith({ message: 'messages.removeSuccess', intent: 'success' });
  });

  it('keeps the file and says why when the server refuses: in use', async () => {
    const { actor, goToList } = details({ remove: async () => ({ ok: false, reason: 'media_in_use' }) });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'details.delete' });
    actor.send({ type: 'details.confirmDelete' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectActionError(actor.getSnapshot())).toBe('media_in_use');
    expect(goToList).not.toHaveBeenCalled();
  });

  it('cancels the confirmation without deleting', async () => {
    const remove = vi.fn(async () => ({ ok: true as const }));
    const { actor } = details({ remove });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'details.delete' });
    actor.send({ type: 'details.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(remove).not.toHaveBeenCalled();
  });

  it('retries a failed file and shows it processing again', async () => {
    const { actor } = details({ loaded: { media: media({ status: 'failed', failure_reason: 'Reading the file failed' }), usage: unused, preview: null } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'details.retry' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.media?.status === 'processing');
  });

  it('reports a failed load with its code', async () => {
    const logic = mediaDetailsMachine.provide({
      actors: { loadDetails: fromPromise(() => Promise.reject(new ApiRequestError({ status: 404, code: 'not_found', detail: 'x' }))) },
    });
    const actor = createActor(logic, { input: { id: 9 } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.loadError).toBe('not_found');
  });

  it('tells whether a file is used', () => {
    expect(isInUse(unused)).toBe(false);
    expect(isInUse({ ...unused, events: [{ id: 1, name: 'Morning' }] })).toBe(true);
    expect(isInUse(null)).toBe(false);
  });
});

describe('media edit machine', () => {
  it('refuses a blank name before sending, then saves the trimmed fields', async () => {
    const save = vi.fn(async ({ input }: { input: { id: number; fields: object } }) => ({ ok: true as const, value: media({ name: 'New name' }) }));
    const saved = vi.fn();
    const logic = mediaEditMachine.provide({ actors: { save: fromPromise<any, any>(save) }, actions: { saved: (_, params) => saved(params.value.name) } });
    const actor = createActor(logic, { input: mediaEditInput(media()) }).start();
    actor.send({ type: 'form.change', field: 'name', value: '  ' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'required' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'form.change', field: 'name', value: 'New name' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(save.mock.calls[0]![0].input).toEqual({ id: 3, fields: { name: 'New name', description: '', screen_position: 'horizontal', device_type: 'tvpi' } });
    expect(saved).toHaveBeenCalledWith('New name');
  });

  it('stays open with the error code when saving fails', async () => {
    const logic = mediaEditMachine.provide({
      actors: { save: fromPromise(() => Promise.reject(new ApiRequestError({ status: 0, code: 'network_error', detail: '' }))) },
    });
    const actor = createActor(logic, { input: mediaEditInput(media()) }).start();
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('network_error');
  });
});
