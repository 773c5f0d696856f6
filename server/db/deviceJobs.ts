import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './index.ts';
import { normalizeTags, tagKey } from '../../src/services/schemas/deviceTags.ts';
import { MAX_LISTED_FAILURES, type BulkAction, type BulkFailureReason, type Job, type JobStatus } from '../../src/services/schemas/deviceJobs.ts';
import { isoText } from './devices.ts';

/*
 * Bulk actions over devices (issue 41, migration 0057): a job row with its targets, claimed with a lease and run in
 * batches. Each batch acts on the next slice of the targets and moves `done` in one transaction, under the job row's
 * lock and only while this claim holds the lease, so no device is acted on twice, whichever instance goes on.
 */

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const numbers = (text: string | null) => (text ? text.split(',').map(Number) : []);

export interface JobParams {
  tags?: string[];
  office?: number;
  campaign?: number;
}

/** A claimed job, as the worker needs it. */
export interface ClaimedJob {
  id: number;
  userId: number | null;
  action: BulkAction;
  params: JobParams;
  total: number;
  leaseId: string;
}

/** The rights a batch runs with: the job's user's scope now (server/domain/scope.ts), read again for every batch. */
export interface BatchRights {
  /** The user may still edit devices (and campaigns, for add_to_campaign). */
  allowed: boolean;
  /** Companies whose devices the user reaches; null for every company. */
  companies: readonly number[] | null;
}

export async function insertJob(db: Db, values: { userId: number; action: BulkAction; params: JobParams; targets: readonly number[] }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO jobs (user_id, action, params, targets, total) VALUES (${values.userId}, ${values.action}, ${JSON.stringify(values.params)}::jsonb,
        ${idArray(values.targets)}, ${values.targets.length}) RETURNING id`,
  );
  return Number(row!.id);
}

/** Takes the oldest open job no live lease holds (another instance's that ran out included) and leases it. */
export async function claimJob(db: Db, leaseId: string, leaseSeconds: number): Promise<ClaimedJob | undefined> {
  const [row] = await rowsOf<{ id: number; user_id: number | null; action: BulkAction; params: unknown; total: number }>(
    db,
    sql`UPDATE jobs SET status = 'running', lease_id = ${leaseId}, lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        WHERE id = (SELECT id FROM jobs WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, action, params, total`,
  );
  if (!row) return undefined;
  const params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as JobParams;
  return { id: Number(row.id), userId: row.user_id === null ? null : Number(row.user_id), action: row.action, params, total: Number(row.total), leaseId };
}

/** Lets a job go without finishing it (this instance stops): the next instance that looks goes on at once. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  await db.execute(sql`UPDATE jobs SET lease_id = NULL, lease_until = NULL WHERE id = ${job.id} AND lease_id = ${job.leaseId} AND status = 'running'`);
}

/** Lets every running job go (the embedded database: this process was the only instance, so every lease was its own). */
export async function releaseAllJobs(db: Db): Promise<void> {
  await db.execute(sql`UPDATE jobs SET lease_id = NULL, lease_until = NULL WHERE status = 'running'`);
}

type DeviceState = { id: number; company_id: number | null; is_active: boolean; position: string; tags: string };

/** What a batch did: `over` when the job ended (done or cancelled) or the lease was lost; the devices it changed. */
export interface BatchOutcome {
  over: boolean;
  lost: boolean;
  changed: number[];
  commands: number[];
}

/**
 * Runs the next batch of a claimed job: the action on up to `size` devices, their failures, `done` moved and the lease
 * extended, all in one transaction that first locks the job row and checks the claim still holds it.
 */
export async function runBatch(db: Db, job: ClaimedJob, size: number, leaseSeconds: number, rights: BatchRights): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [state] = await rowsOf<{ status: JobStatus; done: number; lease_id: string | null; ids: string | null }>(
      t,
      sql`SELECT status, done, lease_id, array_to_string(targets[done + 1 : done + ${size}::int], ',') AS ids FROM jobs WHERE id = ${job.id} FOR UPDATE`,
    );
    if (!state || state.lease_id !== job.leaseId || state.status !== 'running') return { over: true, lost: state?.status === 'running', changed: [], commands: [] };
    const ids = numbers(state.ids);
    const failures = new Map<number, BulkFailureReason>();
    let changed: number[] = [];
    let commands: number[] = [];
    if (ids.length) {
      // The batch's rows are locked first, in id order, as the contact writer and the schedule store lock theirs: writers
      // that lock in one order never wait on each other in a circle (a deadlock costs PostgreSQL's deadlock_timeout).
      const found = await rowsOf<DeviceState>(
        t,
        sql`SELECT d.id, o.company_id, d.is_active, d.position, array_to_json(d.tags)::text AS tags
            FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${idArray(ids)}) ORDER BY d.id FOR NO KEY UPDATE OF d`,
      );
      const byId = new Map(found.map((row) => [Number(row.id), row]));
      const reachable: DeviceState[] = [];
      for (const id of ids) {
        const device = byId.get(id);
        const inScope = device && (rights.companies === null || (device.company_id !== null && rights.companies.includes(Number(device.company_id))));
        if (!inScope) failures.set(id, 'not_found');
        else if (!rights.allowed) failures.set(id, 'forbidden');
        else reachable.push(device);
      }
      const outcome = await applyAction(t, job, reachable, failures);
      changed = outcome.changed;
      commands = outcome.commands;
    }
    if (failures.size) {
      const list = [...failures];
      await t.execute(sql`INSERT INTO job_failures (job_id, device_id, reason)
        SELECT ${job.id}, unnest(${idArray(list.map(([id]) => id))}), unnest(${`{${list.map(([, reason]) => reason).join(',')}}`}::text[]) ON CONFLICT DO NOTHING`);
    }
    const [after] = await rowsOf<{ status: JobStatus }>(
      t,
      sql`UPDATE jobs SET done = done + ${ids.length}::int, failed = failed + ${failures.size}::int, updated_at = now(),
            lease_until = now() + make_interval(secs => ${leaseSeconds}),
            status = CASE WHEN done + ${ids.length}::int >= total THEN 'done' ELSE status END,
            finished_at = CASE WHEN done + ${ids.length}::int >= total THEN now() ELSE NULL END,
            lease_id = CASE WHEN done + ${ids.length}::int >= total THEN NULL ELSE lease_id END
          WHERE id = ${job.id} RETURNING status`,
    );
    return { over: after!.status !== 'running', lost: false, changed, commands };
  });
}

/** The action on the devices the caller reaches; what it refuses goes into `failures`. */
async function applyAction(t: Db, job: ClaimedJob, devices: DeviceState[], failures: Map<number, BulkFailureReason>): Promise<{ changed: number[]; commands: number[] }> {
  const ids = devices.map((device) => Number(device.id));
  const none = { changed: [], commands: [] };
  if (!ids.length) return none;
  switch (job.action) {
    case 'reboot':
    case 'screenshot': {
      const active = devices.filter((device) => device.is_active).map((device) => Number(device.id));
      for (const device of devices) if (!device.is_active) failures.set(Number(device.id), 'device_disabled');
      if (active.length) {
        await t.execute(sql`INSERT INTO device_commands (device_id, command, created_by)
          SELECT unnest(${idArray(active)}), ${job.action.toUpperCase()}, ${job.userId}`);
      }
      return { changed: [], commands: active };
    }
    case 'add_tags':
    case 'remove_tags': {
      const given = job.params.tags ?? [];
      const removed = new Set(given.map(tagKey));
      const rows: { id: number; tags: string[]; keys: string[] }[] = [];
      for (const device of devices) {
        const current = JSON.parse(device.tags ?? '[]') as string[];
        const next = job.action === 'add_tags' ? normalizeTags([...current, ...given]) : { ok: true as const, tags: current.filter((tag) => !removed.has(tagKey(tag))) };
        if (!next.ok) {
          failures.set(Number(device.id), 'too_many_tags');
          continue;
        }
        if (next.tags.length === current.length && next.tags.every((tag, index) => tag === current[index])) continue;
        rows.push({ id: Number(device.id), tags: next.tags, keys: next.tags.map(tagKey) });
      }
      if (rows.length) {
        await t.execute(sql`UPDATE devices SET tags = v.tags, tag_keys = v.keys, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, tags text[], keys text[]) WHERE devices.id = v.id`);
      }
      return { changed: rows.map((row) => row.id), commands: [] };
    }
    case 'move_office': {
      const [office] = await rowsOf<{ id: number }>(t, sql`SELECT id FROM offices WHERE id = ${job.params.office ?? 0}`);
      if (!office) {
        for (const id of ids) failures.set(id, 'office_not_found');
        return none;
      }
      const moved = await rowsOf<{ id: number }>(
        t,
        sql`UPDATE devices SET office_id = ${job.params.office}, updated_at = now() WHERE id = ANY(${idArray(ids)}) AND office_id IS DISTINCT FROM ${job.params.office}::int RETURNING id`,
      );
      return { changed: moved.map((row) => Number(row.id)), commands: [] };
    }
    case 'activate':
    case 'deactivate': {
      const on = job.action === 'activate';
      const switched = await rowsOf<{ id: number }>(
        t,
        sql`UPDATE devices SET is_active = ${on}, updated_at = now() WHERE id = ANY(${idArray(ids)}) AND is_active <> ${on} RETURNING id`,
      );
      // As one device's switch does (server/db/devices.ts updateDevice): switching off releases a company's hold.
      if (!on) await t.execute(sql`DELETE FROM company_held_devices WHERE device_id = ANY(${idArray(ids)})`);
      return { changed: switched.map((row) => Number(row.id)), commands: [] };
    }
    case 'add_to_campaign': {
      const [campaign] = await rowsOf<{ screen_position: string }>(t, sql`SELECT screen_position FROM campaigns WHERE id = ${job.params.campaign ?? 0} FOR UPDATE`);
      if (!campaign) {
        for (const id of ids) failures.set(id, 'campaign_not_found');
        return none;
      }
      const fitting = devices.filter((device) => device.position === campaign.screen_position).map((device) => Number(device.id));
      for (const device of devices) if (device.position !== campaign.screen_position) failures.set(Number(device.id), 'position_mismatch');
      if (!fitting.length) return none;
      // Picked by hand, as the campaign devices page picks them (one that came through a smart group becomes picked too).
      const added = await rowsOf<{ device_id: number }>(
        t,
        sql`INSERT INTO campaign_devices (campaign_id, device_id) SELECT ${job.params.campaign}, unnest(${idArray(fitting)})
            ON CONFLICT (campaign_id, device_id) DO UPDATE SET picked = true WHERE NOT campaign_devices.picked RETURNING device_id`,
      );
      await t.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${job.params.campaign}`);
      return { changed: added.map((row) => Number(row.device_id)), commands: [] };
    }
  }
}

type JobRow = {
  id: number;
  kind: string;
  user_id: number | null;
  action: BulkAction;
  status: JobStatus;
  total: number;
  done: number;
  failed: number;
  params: unknown;
  created_at: string;
  finished_at: string | null;
};

const jobColumns = sql`j.id, j.kind, j.user_id, j.action, j.status, j.total, j.done, j.failed, j.params, ${isoText(sql`j.created_at`)} AS created_at,
  CASE WHEN j.finished_at IS NULL THEN NULL ELSE ${isoText(sql`j.finished_at`)} END AS finished_at`;

function toJob(row: JobRow, failures: Job['failures']): Job & { user: number | null } {
  return {
    id: Number(row.id),
    kind: row.kind,
    user: row.user_id === null ? null : Number(row.user_id),
    action: row.action,
    status: row.status,
    total: Number(row.total),
    done: Number(row.done),
    failed: Number(row.failed),
    params: (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as JobParams,
    created_at: row.created_at,
    finished_at: row.finished_at,
    failures,
  };
}

/** One job with, once it is over, its first failures by device id (each with the device's serial and name when it still exists). */
export async function findJob(db: Db, id: number): Promise<(Job & { user: number | null }) | undefined> {
  const [row] = await rowsOf<JobRow>(db, sql`SELECT ${jobColumns} FROM jobs j WHERE j.id = ${id}`);
  if (!row) return undefined;
  const over = row.status === 'done' || row.status === 'cancelled';
  const failures = over && Number(row.failed) > 0
    ? await rowsOf<{ device: number; sn: string | null; name: string | null; reason: string }>(
        db,
        // A device out of the caller's reach is named by id alone: its serial and name are not theirs to read.
        sql`SELECT f.device_id AS device, CASE WHEN f.reason = 'not_found' THEN NULL ELSE d.sn END AS sn,
              CASE WHEN f.reason = 'not_found' THEN NULL ELSE d.name END AS name, f.reason FROM job_failures f LEFT JOIN devices d ON d.id = f.device_id
            WHERE f.job_id = ${id} ORDER BY f.device_id LIMIT ${MAX_LISTED_FAILURES}`,
      )
    : [];
  return toJob(row, failures.map((failure) => ({ ...failure, device: Number(failure.device) })));
}

/** A user's jobs, newest first (`active`: only those not over yet). */
export async function listJobs(db: Db, userId: number, active: boolean, limit: number, offset: number): Promise<{ total: number; rows: (Job & { user: number | null })[] }> {
  const where = sql`j.user_id = ${userId} ${active ? sql`AND j.status IN ('queued', 'running')` : sql``}`;
  const found = await rowsOf<JobRow & { total_rows: number }>(
    db,
    sql`SELECT ${jobColumns}, count(*) OVER ()::int AS total_rows FROM jobs j WHERE ${where} ORDER BY j.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return { total: found.length ? Number(found[0]!.total_rows) : 0, rows: found.map(({ total_rows: _total, ...row }) => toJob(row, [])) };
}

/** Stops a job that is not over: the worker holding it sees it at its next batch. Answers false when it was over already. */
export async function cancelJob(db: Db, id: number): Promise<boolean> {
  const found = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE jobs SET status = 'cancelled', finished_at = now(), lease_id = NULL, lease_until = NULL, updated_at = now()
        WHERE id = ${id} AND status IN ('queued', 'running') RETURNING id`,
  );
  return found.length > 0;
}

/** The companies of the devices among `ids` (to journal a job under its company when it has one). */
export async function companiesOfDevices(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rowsOf<{ company_id: number }>(
    db,
    sql`SELECT DISTINCT o.company_id FROM devices d JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${idArray(ids)}) LIMIT 2`,
  );
  return found.map((row) => Number(row.company_id));
}
