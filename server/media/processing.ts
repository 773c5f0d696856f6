import fs from 'node:fs/promises';
import { parseQueryValue } from '../../src/services/schemas/directory.ts';
import { activeQueriesFor } from '../db/directory.ts';
import type { Db } from '../db/index.ts';
import { enqueueJob, findMediaFile, jobsOfMedia, probedMediaMatching, setProbedPosition, updateMediaFile } from '../db/media.ts';
import type { DirectoryQueryRow, MediaFileRow, MediaJobRow } from '../db/media.schema.ts';
import { makePreview, probe, probedPosition, render } from './ffmpeg.ts';
import { fallbackKey, hashFile, renderFallback } from './fallback.ts';
import { fitsLimit, limitText } from './pictureSize.ts';
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

/**
 * Runs `make(partial)` on a local scratch file and moves its output into the store under `key` (a rename on disk, an
 * upload to S3); no partial file survives a failure.
 */
async function produce(store: MediaStore, key: string, contentType: string, make: (partial: string) => Promise<void>): Promise<number> {
  const partial = store.scratchPath(key.slice(key.lastIndexOf('.') + 1));
  try {
    await make(partial);
    const { size } = await fs.stat(partial);
    if (size === 0) throw new Error('The tool produced an empty file.');
    return await store.putFile(key, partial, contentType);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** Runs `work` on a local file holding the media's source (the stored file itself, or a copy downloaded from S3). */
async function withSource<T>(store: MediaStore, media: MediaFileRow, signal: AbortSignal, work: (source: string) => Promise<T>): Promise<T> {
  let copy;
  try {
    copy = await store.localCopy(store.sourceKey(media.id, media.sourceExt), signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('The source file is missing from the media store.');
    throw error;
  }
  try {
    return await work(copy.path);
  } finally {
    await copy.release();
  }
}

export interface JobOutcome {
  outputBytes: number | null;
  /** SHA-256 of a render's or fallback's bytes (players check their downloads against it). */
  outputSha256?: string;
}

/** Probe job: fills duration, resolution, codec and makes the preview. */
async function runProbe(db: Db, store: MediaStore, media: MediaFileRow, signal: AbortSignal): Promise<JobOutcome> {
  return withSource(store, media, signal, async (source) => {
    const info = await probe(source, media.kind, signal);
    // Stream info only so far: a picture over 8K (one stored before the limit) fails here, before the preview decodes it.
    if (info.width && info.height && !fitsLimit({ width: info.width, height: info.height }, 'media')) {
      throw new Error(`The picture is ${info.width} x ${info.height} pixels; at most ${limitText('media')} is accepted.`);
    }
    await updateMediaFile(db, media.id, { duration: info.duration, width: info.width, height: info.height, videoCodec: info.videoCodec });
    if (media.positionFromProbe) await setProbedPosition(db, media.id, probedPosition(info));
    await produce(store, store.previewKey(media.id), 'image/jpeg', (partial) => makePreview(source, partial, media.kind, info.duration, signal));
    await updateMediaFile(db, media.id, { hasPreview: true });
    return { outputBytes: null };
  });
}

async function runRender(store: MediaStore, media: MediaFileRow, job: MediaJobRow, signal: AbortSignal): Promise<JobOutcome> {
  const preset = job.preset ? parseQueryValue(job.preset) : null;
  if (!preset || !job.queryId) throw new Error(`The preset "${job.preset ?? ''}" is not a valid Directory value.`);
  const queryId = job.queryId;
  let sha256 = '';
  return withSource(store, media, signal, async (source) => {
    const bytes = await produce(store, store.renderKey(media.id, queryId), 'video/mp4', async (partial) => {
      await render(source, partial, media.kind, preset, signal);
      sha256 = await hashFile(partial);
    });
    return { outputBytes: bytes, outputSha256: sha256 };
  });
}

/** Fallback job: H.264 at the size the compile asked for (server/media/fallback.ts), stored as render-fallback-<W>x<H>.mp4. */
async function runFallback(store: MediaStore, media: MediaFileRow, job: MediaJobRow, signal: AbortSignal): Promise<JobOutcome> {
  const size = job.preset ?? '';
  let sha256 = '';
  return withSource(store, media, signal, async (source) => {
    const bytes = await produce(store, fallbackKey(store, media.id, size), 'video/mp4', async (partial) => {
      await renderFallback(source, partial, size, signal);
      sha256 = await hashFile(partial);
    });
    return { outputBytes: bytes, outputSha256: sha256 };
  });
}

/** Does the work of one claimed job. Throws with a reason a person can read when it fails. */
export async function runJob(db: Db, store: MediaStore, job: MediaJobRow, signal: AbortSignal): Promise<JobOutcome> {
  const media = await findMediaFile(db, job.mediaId);
  if (!media) throw new Error('The media file no longer exists.');
  if (job.kind === 'fallback') return runFallback(store, media, job, signal);
  return job.kind === 'probe' ? runProbe(db, store, media, signal) : runRender(store, media, job, signal);
}
