import fs from 'node:fs/promises';
import { parseQueryValue } from '../../src/services/schemas/directory.ts';
import { activeQueriesFor } from '../db/directory.ts';
import type { Db } from '../db/index.ts';
import { enqueueJob, findMediaFile, jobsOfMedia, probedMediaMatching, updateMediaFile } from '../db/media.ts';
import type { DirectoryQueryRow, MediaFileRow, MediaJobRow } from '../db/media.schema.ts';
import { makePreview, probe, render } from './ffmpeg.ts';
import type { MediaStore } from './storage.ts';

/**
 * Derives a file's status from its jobs. Until the file first becomes playable, any pending job keeps it
 * `processing` and a failed one makes it `failed` with that job's reason. Once playable, later renders
 * (a preset added afterwards) show on their format and do not demote the file.
 */
export async function recomputeMediaStatus(db: Db, mediaId: number): Promise<void> {
  const media = await findMediaFile(db, mediaId);
  if (!media || media.status === 'ready_to_play' || media.status === 'playing') return;
  const jobs = await jobsOfMedia(db, mediaId);
  const pending = jobs.some((j) => j.status === 'queued' || j.status === 'running');
  const failed = jobs.find((j) => j.status === 'failed');
  if (pending) {
    if (media.status !== 'processing' || media.failureReason) await updateMediaFile(db, mediaId, { status: 'processing', failureReason: null });
  } else if (failed) {
    await updateMediaFile(db, mediaId, { status: 'failed', failureReason: failed.error ?? 'Processing failed.' });
  } else {
    await updateMediaFile(db, mediaId, { status: 'ready_to_play', failureReason: null });
  }
}

async function probeDone(db: Db, mediaId: number): Promise<boolean> {
  return (await jobsOfMedia(db, mediaId)).some((j) => j.kind === 'probe' && j.status === 'done');
}

/** Queues a render for every active preset that matches the file and has none in its current value. */
export async function syncRendersForMedia(db: Db, media: MediaFileRow): Promise<number> {
  if (!(await probeDone(db, media.id))) return 0;
  const jobs = await jobsOfMedia(db, media.id);
  let queued = 0;
  for (const query of await activeQueriesFor(db, media)) {
    const existing = jobs.find((j) => j.kind === 'render' && j.queryId === query.id);
    if (existing && existing.preset === query.value) continue;
    await enqueueJob(db, { mediaId: media.id, kind: 'render', queryId: query.id, preset: query.value });
    queued += 1;
  }
  return queued;
}

/** Queues the renders an active preset still owes to the files it matches (after create, activate or an edit). */
export async function syncRendersForQuery(db: Db, query: DirectoryQueryRow): Promise<number[]> {
  if (!query.active) return [];
  const touched: number[] = [];
  for (const media of await probedMediaMatching(db, query)) {
    const existing = (await jobsOfMedia(db, media.id)).find((j) => j.kind === 'render' && j.queryId === query.id);
    if (existing && existing.preset === query.value) continue;
    await enqueueJob(db, { mediaId: media.id, kind: 'render', queryId: query.id, preset: query.value });
    touched.push(media.id);
  }
  return touched;
}

async function fileSize(file: string): Promise<number> {
  return (await fs.stat(file)).size;
}

/** Runs `make(partial)` and moves its output into place atomically; no partial file survives a failure. */
async function produce(store: MediaStore, finalPath: string, make: (partial: string) => Promise<void>): Promise<number> {
  const partial = store.partialPath(finalPath);
  try {
    await make(partial);
    const bytes = await fileSize(partial);
    if (bytes === 0) throw new Error('The tool produced an empty file.');
    await fs.rename(partial, finalPath);
    return bytes;
  } finally {
    await fs.rm(partial, { force: true });
  }
}

export interface JobOutcome {
  outputBytes: number | null;
}

/** Probe job: fills duration, resolution, codec and makes the preview. */
async function runProbe(db: Db, store: MediaStore, media: MediaFileRow, signal: AbortSignal): Promise<JobOutcome> {
  const source = store.sourcePath(media.id, media.sourceExt);
  const info = await probe(source, media.kind, signal);
  await updateMediaFile(db, media.id, { duration: info.duration, width: info.width, height: info.height, videoCodec: info.videoCodec });
  await produce(store, store.previewPath(media.id), (partial) => makePreview(source, partial, media.kind, info.duration, signal));
  await updateMediaFile(db, media.id, { hasPreview: true });
  return { outputBytes: null };
}

async function runRender(store: MediaStore, media: MediaFileRow, job: MediaJobRow, signal: AbortSignal): Promise<JobOutcome> {
  const preset = job.preset ? parseQueryValue(job.preset) : null;
  if (!preset || !job.queryId) throw new Error(`The preset "${job.preset ?? ''}" is not a valid Directory value.`);
  const source = store.sourcePath(media.id, media.sourceExt);
  const output = store.renderPath(media.id, job.queryId);
  const bytes = await produce(store, output, (partial) => render(source, partial, media.kind, preset, signal));
  return { outputBytes: bytes };
}

/** Does the work of one claimed job. Throws with a reason a person can read when it fails. */
export async function runJob(db: Db, store: MediaStore, job: MediaJobRow, signal: AbortSignal): Promise<JobOutcome> {
  const media = await findMediaFile(db, job.mediaId);
  if (!media) throw new Error('The media file no longer exists.');
  return job.kind === 'probe' ? runProbe(db, store, media, signal) : runRender(store, media, job, signal);
}
