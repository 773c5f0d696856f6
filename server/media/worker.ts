import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { claimNextJob, failJob, findMediaFile, finishJob, heartbeatJob, releaseJob, requeueAbandonedJobs } from '../db/media.ts';
import type { MediaJobRow } from '../db/media.schema.ts';
import { recomputeMediaStatus, runJob, syncRendersForMedia } from './processing.ts';
import { renditionReady } from './renditionReady.ts';
import { emitMediaFailed } from '../webhooks/sources.ts';
import type { MediaStore } from './storage.ts';

export interface MediaWorkerOptions {
  /** How often an idle worker looks for queued jobs another instance (or a missed wake) left. */
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job without a heartbeat for this long is taken back (PostgreSQL, several instances). */
  staleSeconds?: number;
  /** A job interrupted this many times fails instead of looping forever. */
  maxAttempts?: number;
}

/**
 * The processing worker: takes one queued job at a time from the media_jobs table and runs it through
 * ffprobe/ffmpeg child processes (niced), so the API process only coordinates and stays responsive.
 */
export interface MediaWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Look at the queue now (a job was just queued). */
  wake(): void;
  /** Stops the running job of this file, if any (the file is being deleted). */
  abortMedia(mediaId: number): void;
}

const workers = new WeakMap<AppContext, MediaWorker>();

/** The worker running for this server context, if its plugin started one. */
export function mediaWorkerOf(ctx: AppContext): MediaWorker | undefined {
  return workers.get(ctx);
}

const SHUTDOWN = 'shutdown';
const MEDIA_DELETED = 'media deleted';

export function createMediaWorker(ctx: AppContext, store: MediaStore, log: FastifyBaseLogger, options: MediaWorkerOptions = {}): MediaWorker {
  const { pollMs = 1000, heartbeatMs = 10_000, staleSeconds = 60, maxAttempts = 3 } = options;
  const { db } = ctx;
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let current: { job: MediaJobRow; controller: AbortController } | null = null;
  let lastSweep = 0;

  function pause(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function takeBackAbandoned(stale: number) {
    lastSweep = Date.now();
    const mediaIds = await requeueAbandonedJobs(db, stale, maxAttempts);
    for (const id of mediaIds) await recomputeMediaStatus(db, id);
    if (mediaIds.length) log.info({ mediaIds }, 'media: resumed unfinished processing');
  }

  async function execute(job: MediaJobRow) {
    const controller = new AbortController();
    current = { job, controller };
    const beat = setInterval(() => void heartbeatJob(db, job).catch(() => undefined), heartbeatMs);
    try {
      const outcome = await runJob(db, store, job, controller.signal);
      if (controller.signal.aborted) throw new Error(String(controller.signal.reason));
      const mine = await finishJob(db, job, outcome.outputBytes);
      if (mine && job.kind === 'probe') {
        const media = await findMediaFile(db, job.mediaId);
        if (media) await syncRendersForMedia(db, media);
      }
      // A new rendition (or a probed codec) may change what devices download: their schedules are compiled again.
      if (mine) await renditionReady(db, job, outcome.outputSha256);
    } catch (error) {
      if (controller.signal.aborted) {
        if (controller.signal.reason === SHUTDOWN) await releaseJob(db, job);
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ jobId: job.id, mediaId: job.mediaId, kind: job.kind, reason }, 'media: job failed');
        if (await failJob(db, job, reason)) {
          await emitMediaFailed(db, job).catch((failure: unknown) => log.warn({ err: failure }, 'queuing media.processing_failed failed'));
        }
      }
    } finally {
      clearInterval(beat);
      current = null;
    }
    await recomputeMediaStatus(db, job.mediaId);
  }

  async function loop() {
    while (running) {
      try {
        if (Date.now() - lastSweep > staleSeconds * 500) await takeBackAbandoned(staleSeconds);
        const job = await claimNextJob(db);
        if (job) await execute(job);
        else await pause();
      } catch (error) {
        if (!running) break;
        log.error({ err: error }, 'media: worker error');
        await pause();
      }
    }
  }

  const worker: MediaWorker = {
    async start() {
      if (running) return;
      await store.ensure();
      // With the embedded database this process is the only instance, so every running job was ours.
      await takeBackAbandoned(ctx.database.kind === 'pglite' ? 0 : staleSeconds);
      running = true;
      workers.set(ctx, worker);
      loopDone = loop();
    },
    async stop() {
      if (!running) return;
      running = false;
      current?.controller.abort(SHUTDOWN);
      wakeUp?.();
      await loopDone;
      workers.delete(ctx);
    },
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
    abortMedia(mediaId) {
      if (current?.job.mediaId === mediaId) current.controller.abort(MEDIA_DELETED);
    },
  };
  return worker;
}
