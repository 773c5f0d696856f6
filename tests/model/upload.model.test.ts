import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { uploadMachine, type UploadEvent, type UploadFileInput } from '../../src/machines/media/upload.machine.ts';
import { selectIsBusy } from '../../src/machines/media/upload.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { MAX_MEDIA_FILE_BYTES } from '../../src/services/schemas/media.ts';
import { controlledActors, describePath, executePath } from './executePath.ts';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

const media = { id: 7, name: 'clip' };
const HUGE = { name: 'huge.mp4', size: MAX_MEDIA_FILE_BYTES + 1 };

const ev = {
  addTwo: { type: 'upload.add', files: [{ name: 'clip.mp4', size: 1000 }, { name: 'poster.png', size: 500 }] },
  addHuge: { type: 'upload.add', files: [HUGE] },
  blankName: { type: 'upload.describe', id: '1', info: { name: '' } },
  rename: { type: 'upload.describe', id: '1', info: { name: 'Clip' } },
  start: { type: 'upload.start' },
  progress: { type: 'upload.progress', id: '1', loaded: 500, total: 1000 },
  done: { type: 'xstate.done.actor.uploadFile', output: media },
  fail: { type: 'xstate.error.actor.uploadFile', error: new ApiRequestError({ status: 400, code: 'invalid_content_format', detail: 'Invalid content format!' }) },
  cancel1: { type: 'upload.cancel', id: '1' },
  cancel2: { type: 'upload.cancel', id: '2' },
  cancelAll: { type: 'upload.cancelAll' },
  retry1: { type: 'upload.retry', id: '1' },
  retry2: { type: 'upload.retry', id: '2' },
  reset: { type: 'upload.reset' },
} as unknown as Record<string, UploadEvent>;

function machineWithFakes() {
  const controlled = controlledActors(['uploadFile'] as const);
  return { machine: uploadMachine.provide({ actors: controlled.actors }), ...controlled };
}

/** The rules a batch keeps in every state it can reach. */
function uploadInvariant(snapshot: UploadSnapshot) {
  const { items, currentId } = snapshot.context;
  const onTheWire = items.filter((item) => item.status === 'uploading');
  if (snapshot.matches({ uploading: 'sending' })) {
    expect(onTheWire.map((item) => item.id)).toEqual([currentId]);
  } else {
    expect(onTheWire).toEqual([]);
    expect(currentId).toBeNull();
  }
  expect(selectIsBusy(snapshot)).toBe(snapshot.matches('uploading'));
  for (const item of items) {
    // A file over 250 MB is refused in the browser and never leaves it.
    if (item.file.size > MAX_MEDIA_FILE_BYTES) expect([item.status, item.error]).toEqual(['rejected', 'file_too_large']);
    if (item.status === 'failed') expect(item.error).toBe('invalid_content_format');
    if (item.status === 'done') expect(item.media).toEqual(media);
  }
  if (snapshot.matches('finished')) expect(items.filter((item) => item.status === 'queued')).toEqual([]);
}

const serializeState = (snapshot: UploadSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** One batch of two files (plus, in the full exploration, one file over the limit): adding stops there. */
function eventsFor(all: UploadEvent[]) {
  return (snapshot: UploadSnapshot) => {
    const count = snapshot.context.items.length;
    return all.filter((event) => {
      if (event === ev.addTwo) return count === 0;
      if (event === ev.addHuge) return count === 2;
      return true;
    });
  };
}

const shortest = getShortestPaths(uploadMachine, { events: eventsFor(Object.values(ev)), serializeState });
// Retrying and cancelling around one failure, with the two files of one batch.
const simple = getSimplePaths(uploadMachine, {
  events: eventsFor([ev.addTwo!, ev.start!, ev.done!, ev.fail!, ev.cancel2!, ev.retry1!]),
  serializeState,
  toState: (snapshot) => snapshot.matches('finished'),
});

async function run(path: (typeof shortest)[number]) {
  const { machine, settle, inputs } = machineWithFakes();
  await executePath(machine, path, settle, uploadInvariant);
  // Only files that were described and started went to the server, and never the one over the limit.
  for (const [, input] of inputs) expect((input as UploadFileInput).file.size).toBeLessThanOrEqual(MAX_MEDIA_FILE_BYTES);
}

describe('upload machine model', () => {
  it('reaches editing, sending and finished, with every file status', () => {
    expect(new Set(shortest.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"editing"', '{"uploading":"sending"}', '"finished"']),
    );
    const statuses = new Set(shortest.flatMap((path) => path.state.context.items.map((item) => item.status)));
    expect(statuses).toEqual(new Set(['ready', 'rejected', 'uploading', 'queued', 'done', 'failed', 'cancelled']));
  });

  it('retries a failed file without sending the others again', async () => {
    // File 1 fails, file 2 goes on, then file 1 alone is sent again.
    const wanted = [ev.addTwo, ev.start, ev.fail, ev.retry1, ev.done, ev.done];
    const path = simple.find((p) => p.steps.length === wanted.length + 1 && wanted.every((event, i) => JSON.stringify(p.steps[i + 1]!.event) === JSON.stringify(event)));
    expect(path).toBeDefined();
    const { machine, settle, inputs } = machineWithFakes();
    await executePath(machine, path!, settle, uploadInvariant);
    expect(inputs.map(([, input]) => (input as UploadFileInput).id)).toEqual(['1', '2', '1']);
  });

  describe('shortest paths', () => {
    it.each(shortest.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => run(path));
  });

  describe('simple paths to a finished batch', () => {
    it.each(simple.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => run(path));
  });
});
