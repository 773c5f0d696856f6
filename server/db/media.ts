import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MediaOrdering, MediaStatus } from '../../src/services/schemas/media.ts';
import type { Db } from './index.ts';
import { directoryQueries, mediaFiles, mediaJobs, type DirectoryQueryRow, type JobKind, type MediaFileRow, type MediaJobRow } from './media.schema.ts';

export type NewMediaFile = typeof mediaFiles.$inferInsert;

/** A render job with the name of its preset, as the file's formats list shows it. */
export type RenderJob = MediaJobRow & { queryName: string | null };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const ORDER_COLUMNS = {
  uploaded: mediaFiles.uploadedAt,
  name: mediaFiles.name,
  size: mediaFiles.sizeBytes,
  duration: mediaFiles.duration,
  status: mediaFiles.status,
} as const;

export interface MediaListFilter {
  search?: string;
  status?: MediaStatus;
  ordering?: MediaOrdering;
  /** The caller's scope: only files of these companies; absent or null for all. */
  companies?: readonly number[] | null;
  limit: number;
  offset: number;
}

export async function listMediaFiles(db: Db, filter: MediaListFilter): Promise<{ total: number; rows: MediaFileRow[] }> {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(mediaFiles.name, like), ilike(mediaFiles.description, like), ilike(mediaFiles.originalName, like))!);
  }
  if (filter.status) conditions.push(eq(mediaFiles.status, filter.status));
  if (filter.companies) conditions.push(filter.companies.length ? inArray(mediaFiles.companyId, [...filter.companies]) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const ordering = filter.ordering ?? '-uploaded';
  const column = ORDER_COLUMNS[ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const descending = ordering.startsWith('-');
  const [{ total }] = (await db.select({ total: count() }).from(mediaFiles).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(where)
    .orderBy(descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`, descending ? desc(mediaFiles.id) : asc(mediaFiles.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { total: Number(total), rows };
}

export async function findMediaFile(db: Db, id: number): Promise<MediaFileRow | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}

export async function insertMediaFiles(db: Db, values: NewMediaFile[]): Promise<MediaFileRow[]> {
  return db.insert(mediaFiles).values(values).returning();
}

type MediaPatch = Partial<
  Pick<
    MediaFileRow,
    | 'name'
    | 'description'
    | 'screenPosition'
    | 'positionFromProbe'
    | 'deviceType'
    | 'duration'
    | 'width'
    | 'height'
    | 'videoCodec'
    | 'hasPreview'
    | 'status'
    | 'failureReason'
    | 'validFrom'
    | 'validUntil'
  >
>;

export async function updateMediaFile(db: Db, id: number, patch: MediaPatch): Promise<MediaFileRow | undefined> {
  const [row] = await db
    .update(mediaFiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(mediaFiles.id, id))
    .returning();
  return row;
}

/** The probe's screen position, for a file uploaded without one that nobody has positioned since (issue 24). */
export async function setProbedPosition(db: Db, id: number, position: 'horizontal' | 'vertical'): Promise<void> {
  await db
    .update(mediaFiles)
    .set({ screenPosition: position, positionFromProbe: false, updatedAt: sql`now()` })
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.positionFromProbe, true)));
}

export async function deleteMediaFile(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(mediaFiles).where(eq(mediaFiles.id, id)).returning({ id: mediaFiles.id });
  return rows.length > 0;
}

/**
 * Render jobs of the given files, oldest preset first, then their fallback renders (issue 35: the media page lists
 * what screens really download), by id.
 */
export async function renderJobsOf(db: Db, mediaIds: number[]): Promise<RenderJob[]> {
  if (!mediaIds.length) return [];
  const rows = await db
    .select({ job: mediaJobs, queryName: directoryQueries.name })
    .from(mediaJobs)
    .leftJoin(directoryQueries, eq(directoryQueries.id, mediaJobs.queryId))
    .where(and(inArray(mediaJobs.mediaId, mediaIds), inArray(mediaJobs.kind, ['render', 'fallback'])))
    .orderBy(asc(mediaJobs.kind), asc(mediaJobs.queryId), asc(mediaJobs.id));
  return rows.map((r) => ({ ...r.job, queryName: r.queryName }));
}

export async function jobsOfMedia(db: Db, mediaId: number): Promise<MediaJobRow[]> {
  return db.select().from(mediaJobs).where(eq(mediaJobs.mediaId, mediaId)).orderBy(asc(mediaJobs.id));
}

export async function renderJobsOfQuery(db: Db, queryId: number): Promise<MediaJobRow[]> {
  return db.select().from(mediaJobs).where(eq(mediaJobs.queryId, queryId));
}

/**
 * Queues one unit of work; when it exists already (a retry, a changed preset) the same row goes back to the queue.
 * A worker still running the old row notices at finish time (its started_at no longer matches) and drops its result.
 */
export async function enqueueJob(db: Db, job: { mediaId: number; kind: JobKind; queryId?: number | null; preset?: string | null }): Promise<void> {
  await db.execute(sql`
    INSERT INTO media_jobs (media_id, kind, query_id, preset)
    VALUES (${job.mediaId}, ${job.kind}, ${job.queryId ?? null}, ${job.preset ?? null})
    ON CONFLICT (media_id, kind, COALESCE(query_id, 0)) WHERE kind <> 'fallback' DO UPDATE SET
      status = 'queued', preset = EXCLUDED.preset, attempts = 0, error = NULL, output_bytes = NULL, output_sha256 = NULL,
      started_at = NULL, finished_at = NULL, heartbeat_at = NULL
  `);
}

/** Takes the oldest queued job (skipping rows another instance holds) and marks it running. */
export async function claimNextJob(db: Db): Promise<MediaJobRow | undefined> {
  const [row] = await db
    .update(mediaJobs)
    // started_at identifies this claim (stillMine): set it from JavaScript so it has the millisecond precision a Date
    // read back from PostgreSQL has; now() would carry microseconds and never compare equal.
    .set({ status: 'running', attempts: sql`${mediaJobs.attempts} + 1`, startedAt: new Date(), heartbeatAt: sql`now()`, error: null })
    .where(
      eq(
        mediaJobs.id,
        sql`(SELECT id FROM media_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning();
  return row;
}

function stillMine(job: MediaJobRow): SQL {
  return and(eq(mediaJobs.id, job.id), eq(mediaJobs.status, 'running'), eq(mediaJobs.startedAt, job.startedAt!))!;
}

export async function heartbeatJob(db: Db, job: MediaJobRow): Promise<void> {
  await db.update(mediaJobs).set({ heartbeatAt: sql`now()` }).where(stillMine(job));
}

/** Answers false when the job was re-queued or removed meanwhile (its result is stale). */
export async function finishJob(db: Db, job: MediaJobRow, outputBytes: number | null): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({ status: 'done', finishedAt: sql`now()`, outputBytes, error: null })
    .where(stillMine(job))
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

export async function failJob(db: Db, job: MediaJobRow, error: string): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({ status: 'failed', finishedAt: sql`now()`, error })
    .where(stillMine(job))
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

/** Puts a job this instance stopped (shutdown, file deleted) back in the queue without counting the attempt. */
export async function releaseJob(db: Db, job: MediaJobRow): Promise<void> {
  await db
    .update(mediaJobs)
    .set({ status: 'queued', attempts: sql`GREATEST(${mediaJobs.attempts} - 1, 0)`, startedAt: null, heartbeatAt: null })
    .where(stillMine(job));
}

/**
 * Running jobs whose worker stopped beating for `staleSeconds` (0: every running job, for a single-instance restart)
 * go back to the queue; a job interrupted `maxAttempts` times fails instead. Answers the media ids touched.
 */
export async function requeueAbandonedJobs(db: Db, staleSeconds: number, maxAttempts: number): Promise<number[]> {
  const stale = staleSeconds > 0 ? lt(mediaJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`) : undefined;
  const rows = await db
    .update(mediaJobs)
    .set({
      status: sql`CASE WHEN ${mediaJobs.attempts} >= ${maxAttempts} THEN 'failed' ELSE 'queued' END`,
      error: sql`CASE WHEN ${mediaJobs.attempts} >= ${maxAttempts} THEN ${`Processing was interrupted ${maxAttempts} times.`} ELSE NULL END`,
      startedAt: null,
      heartbeatAt: null,
    })
    .where(and(eq(mediaJobs.status, 'running'), stale))
    .returning({ mediaId: mediaJobs.mediaId });
  return [...new Set(rows.map((r) => r.mediaId))];
}

/** Re-queues the failed jobs of a file; answers how many. */
export async function retryFailedJobs(db: Db, mediaId: number): Promise<number> {
  const rows = await db
    .update(mediaJobs)
    .set({ status: 'queued', attempts: 0, error: null, startedAt: null, finishedAt: null, heartbeatAt: null })
    .where(and(eq(mediaJobs.mediaId, mediaId), eq(mediaJobs.status, 'failed')))
    .returning({ id: mediaJobs.id });
  return rows.length;
}

/** Drops queued renders of a preset that was switched off; answers the media ids touched. */
export async function dropQueuedRenders(db: Db, queryId: number): Promise<number[]> {
  const rows = await db
    .delete(mediaJobs)
    .where(and(eq(mediaJobs.queryId, queryId), eq(mediaJobs.status, 'queued')))
    .returning({ mediaId: mediaJobs.mediaId });
  return [...new Set(rows.map((r) => r.mediaId))];
}

/** Files whose probe is done: the ones a preset can be rendered for. */
export async function probedMediaMatching(
  db: Db,
  match: Pick<DirectoryQueryRow, 'type' | 'screen' | 'device'>,
): Promise<MediaFileRow[]> {
  const rows = await db
    .select({ media: mediaFiles })
    .from(mediaFiles)
    .innerJoin(mediaJobs, and(eq(mediaJobs.mediaId, mediaFiles.id), eq(mediaJobs.kind, 'probe'), eq(mediaJobs.status, 'done')))
    .where(
      and(
        eq(mediaFiles.kind, match.type),
        eq(mediaFiles.screenPosition, match.screen),
        eq(mediaFiles.deviceType, match.device),
      ),
    );
  return rows.map((r) => r.media);
}
