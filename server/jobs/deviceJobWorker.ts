import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { claimJob, releaseAllJobs, releaseJob, runBatch, type BatchRights, type ClaimedJob } from '../db/deviceJobs.ts';
import { syncSmartCampaigns } from '../db/smartGroups.ts';
import { can, loadScope } from '../domain/scope.ts';

/** How a worker paces its jobs (ServerConfig.deviceJobs; tests and the fleet bench set them). */
export interface DeviceJobOptions {
  /** Devices acted on in one transaction. */
  batchSize?: number;
  /** A pause between batches, so the API's own requests (the device list, heartbeats) keep their turn. */
  pauseMs?: number;
  /** How long a claim holds a job without a batch before another instance may take it over (s). */
  leaseSeconds?: number;
  /** How often an idle worker looks for jobs another instance made (ms). */
  pollMs?: number;
}

export interface DeviceJobWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A job was just made on this instance: look now. */
  wake(): void;
}

// A batch of 250 takes about 60 ms of the database at 100,000 devices; 150 ms between batches keeps the job to about a
// third of the time, so the device list's requests are rarely behind one (bench/fleet.bench.ts): 10,000 devices in about 8 s.
const DEFAULTS: Required<DeviceJobOptions> = { batchSize: 250, pauseMs: 150, leaseSeconds: 30, pollMs: 2000 };

/**
 * Each instance's bulk-action worker: claims one open job at a time (its own or one whose instance stopped), runs its
 * batches until it is over, and lets it go when the instance stops, so another goes on with it at once.
 */
export function createDeviceJobWorker(ctx: AppContext, log: FastifyBaseLogger, options: DeviceJobOptions = {}): DeviceJobWorker {
  const { batchSize, pauseMs, leaseSeconds, pollMs } = { ...DEFAULTS, ...options };
  const { db } = ctx;
  const instance = randomUUID();
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  let woken = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  async function rightsOf(job: ClaimedJob): Promise<BatchRights> {
    if (job.userId === null) return { allowed: false, companies: [] };
    const scope = await loadScope(ctx, job.userId);
    const allowed = can(scope, 'devices', 'edit') && (job.action !== 'add_to_campaign' || can(scope, 'campaigns', 'edit'));
    return { allowed, companies: scope.companies };
  }

  async function execute(job: ClaimedJob) {
    while (running) {
      const outcome = await runBatch(db, job, batchSize, leaseSeconds, await rightsOf(job));
      for (const id of outcome.changed) ctx.players.forgetDevice(id);
      for (const id of outcome.commands) ctx.players.commandQueued(id);
      // Tags and offices decide smart groups' members: the campaigns that target them take or let go of the devices.
      if (outcome.changed.length && (job.action === 'add_tags' || job.action === 'remove_tags' || job.action === 'move_office')) {
        await syncSmartCampaigns(db, { devices: outcome.changed });
      }
      if (outcome.over) {
        if (outcome.lost) log.warn({ job: job.id }, 'bulk job: the lease went to another instance');
        return;
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    await releaseJob(db, job);
  }

  async function loop() {
    while (running) {
      try {
        const job = await claimJob(db, `${instance}:${Date.now()}`, leaseSeconds);
        if (job) await execute(job);
        else await sleep(pollMs);
      } catch (error) {
        if (!running) break;
        log.error({ err: error }, 'bulk job worker error');
        await sleep(pollMs);
      }
    }
  }

  return {
    async start() {
      if (running) return;
      // With the embedded database this process is the only instance: a job running when it stopped was its own.
      if (ctx.database.kind === 'pglite') await releaseAllJobs(db);
      running = true;
      loopDone = loop();
    },
    async stop() {
      if (!running) return;
      running = false;
      wakeUp?.();
      await loopDone;
    },
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
  };
}
