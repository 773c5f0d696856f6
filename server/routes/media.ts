import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../src/services/schemas/common.ts';
import { MediaListQuery, MediaUpdateBody } from '../../src/services/schemas/media.ts';
import type { AppContext } from '../context.ts';
import { deleteMediaFile, findMediaFile, listMediaFiles, renderJobsOf, retryFailedJobs, updateMediaFile } from '../db/media.ts';
import type { MediaFileRow } from '../db/media.schema.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { commitUpload } from '../media/commit.ts';
import { toMediaFile } from '../media/present.ts';
import { recomputeMediaStatus, syncRendersForMedia } from '../media/processing.ts';
import { sendStoredFile } from '../media/serve.ts';
import { receiveUpload, UPLOAD_BUFFERS, UPLOAD_LIMITS } from '../media/upload.ts';
import { isUsed, mediaUsage } from '../media/usage.ts';
import { backfillChecksums } from '../media/checksums.ts';
import { createMediaWorker } from '../media/worker.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { assertPlayerMayRead, requireUserOrPlayer } from '../media/access.ts';
import { assertVideoUpload } from '../domain/companies.ts';
import { areaScope, assertVisible, keepVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { fallbackReady, queueDevicesShowing } from '../db/renditions.ts';
import { wakeScheduleCompilers } from '../db/schedules.ts';
import { fallbackKey, isFallbackSize } from '../media/fallback.ts';
import { discardTemps } from '../media/upload.ts';

/** Upload leftovers older than this are from a crashed process (a live upload writes continuously). */
const STALE_TEMP_MS = 10 * 60_000;

/** Ids are PostgreSQL integers; a larger number names nothing. */
const MAX_INT4 = 2147483647;

function idParam(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string>)[name] ?? '';
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > MAX_INT4) throw notFound();
  return id;
}

export default async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const store = ctx.media;
  // A running job beats four times per stale period (at most every 10 s), so a live one is never taken for dead.
  const staleSeconds = ctx.config.mediaJobStaleSeconds ?? 60;
  const worker = createMediaWorker(ctx, store, app.log, { staleSeconds, heartbeatMs: Math.min(10_000, staleSeconds * 250) });

  // Encapsulated: only this plugin's routes parse multipart bodies.
  // throwFileSizeLimit off: the handler sees the truncation itself, removes the partial file and answers 413.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false, ...UPLOAD_BUFFERS });
  const asUser = { preHandler: requireUser(ctx) };
  const asUserOrPlayer = { preHandler: requireUserOrPlayer(ctx) };
  app.addHook('onReady', async () => {
    await store.ensure();
    await store.sweepTemp(STALE_TEMP_MS);
    await worker.start();
    // Files stored before checksums were kept get theirs in the background (the schedule sends the SHA-256).
    checksums = backfillChecksums(db, store, app.log, () => closing).catch((error: unknown) => {
      app.log.warn({ err: error }, 'The media checksum backfill stopped');
      return 0;
    });
  });
  let closing = false;
  let checksums: Promise<number> = Promise.resolve(0);
  app.addHook('onClose', async () => {
    closing = true;
    await checksums;
    await worker.stop();
  });

  async function present(row: MediaFileRow) {
    return toMediaFile(row, await renderJobsOf(db, [row.id]));
  }

  /** The file, when it exists and (for a user) the scope holds its company: 404 otherwise. */
  async function existing(id: number, scope?: Scope): Promise<MediaFileRow> {
    const row = await findMediaFile(db, id);
    if (!row) throw notFound('Media file');
    if (scope) assertVisible(scope, row.companyId, 'Media file');
    return row;
  }
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'media', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'media', 'edit');
  /** Downloads: a user within their scope; a player only the files assertPlayerMayRead allows it (404 otherwise). */
  const downloadable = async (request: FastifyRequest) => {
    const id = idParam(request);
    if (request.user) return existing(id, await view(request));
    await assertPlayerMayRead(db, request, id);
    return existing(id);
  };
  /** A player's download of a large file may answer a short-lived presigned redirect to the bucket (S3_PRESIGN_MIN_BYTES). */
  const s3 = ctx.config.mediaStore.kind === 's3' ? ctx.config.mediaStore : null;
  const download = (request: FastifyRequest, downloadName?: string) =>
    s3 && !request.user ? { downloadName, presignMinBytes: s3.presignMinBytes, presignSeconds: s3.presignSeconds } : { downloadName };

  app.post('/media/files/create/', asUser, async (request, reply) => {
    const user = currentUser(request);
    const scope = await edit(request);
    const upload = await receiveUpload(request, store);
    let owners: (number | null)[];
    try {
      owners = [];
      for (const info of upload.info) owners.push(await ownerCompany(ctx, scope, info.company));
      await assertVideoUpload(db, owners);
    } catch (error) {
      await discardTemps(store, upload.files.map((file) => file.tempKey));
      throw error;
    }
    const rows = await commitUpload(db, store, upload, user.id, owners);
    worker.wake();
    const renders = await renderJobsOf(db, rows.map((r) => r.id));
    return reply.code(201).send(rows.map((row) => toMediaFile(row, renders)));
  });

  app.get('/media/files/', asUser, async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const filter = parse(MediaListQuery, {
      search: query.search || undefined,
      status: query.status || undefined,
      ordering: query.ordering || undefined,
    });
    const scope = await view(request);
    const { total, rows } = await listMediaFiles(db, { ...filter, companies: scope.companies, limit: paging.pageSize, offset: paging.offset });
    const renders = await renderJobsOf(db, rows.map((r) => r.id));
    return pageOf(request.url, paging, total, rows.map((row) => toMediaFile(row, renders)));
  });

  app.get('/media/files/:id', asUser, async (request) => present(await existing(idParam(request), await view(request))));

  app.put('/media/files/:id', asUser, async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    const body = parse(MediaUpdateBody, request.body);
    const before = await existing(id, scope);
    // Validity (issue 42): the bounds as they will be, checked together (a new start after the stored end is refused).
    const validFrom = body.valid_from !== undefined ? (body.valid_from === null ? null : new Date(body.valid_from)) : before.validFrom;
    const validUntil = body.valid_until !== undefined ? (body.valid_until === null ? null : new Date(body.valid_until)) : before.validUntil;
    if (validFrom && validUntil && validUntil.getTime() <= validFrom.getTime()) {
      throw badRequest('valid_until_before_from', '"Valid until" must come after "valid from".', { valid_until: 'valid_until_before_from' });
    }
    const row = await updateMediaFile(db, id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.screen_position !== undefined ? { screenPosition: body.screen_position, positionFromProbe: false } : {}),
      ...(body.device_type !== undefined ? { deviceType: body.device_type } : {}),
      ...(body.valid_from !== undefined ? { validFrom } : {}),
      ...(body.valid_until !== undefined ? { validUntil } : {}),
    });
    if (!row) throw notFound('Media file');
    const iso = (value: Date | null) => (value ? value.toISOString() : null);
    const was = { name: before.name, description: before.description, screen_position: before.screenPosition, device_type: before.deviceType, valid_from: iso(before.validFrom), valid_until: iso(before.validUntil) };
    const now = { name: row.name, description: row.description, screen_position: row.screenPosition, device_type: row.deviceType, valid_from: iso(row.validFrom), valid_until: iso(row.validUntil) };
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'media_file', entityId: id, detail: { ...body }, before: was, after: now });
    if (row.screenPosition !== before.screenPosition || row.deviceType !== before.deviceType) {
      if (await syncRendersForMedia(db, row)) worker.wake();
    }
    // A new validity changes what its screens play: their schedules are compiled again (any instance's compiler).
    if (was.valid_from !== now.valid_from || was.valid_until !== now.valid_until) {
      if (await queueDevicesShowing(db, { media: id })) await wakeScheduleCompilers(db);
    }
    return present(row);
  });

  app.delete('/media/files/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const row = await existing(id, await edit(request));
    if (isUsed(await mediaUsage(db, id))) {
      throw conflict('media_in_use', 'The media file is used by a playlist, layout, campaign or event; remove it from there first.');
    }
    worker.abortMedia(id);
    if (!(await deleteMediaFile(db, id))) throw notFound('Media file');
    await store.removePrefix(store.mediaPrefix(id));
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'media_file', entityId: id, detail: { name: row.name } });
    return reply.code(204).send();
  });

  app.get('/media/file/:id/details/', asUser, async (request) => {
    const id = idParam(request);
    const scope = await view(request);
    await existing(id, scope);
    // A file of the caller's company may be used by another company's playlists or campaigns: those are not named.
    const usage = await mediaUsage(db, id);
    return {
      playlists: await keepVisible(ctx, scope, 'playlist', usage.playlists),
      campaigns: await keepVisible(ctx, scope, 'campaign', usage.campaigns),
      events: await keepVisible(ctx, scope, 'event', usage.events),
      layouts: await keepVisible(ctx, scope, 'layout', usage.layouts ?? []),
    };
  });

  app.post('/media/files/:id/retry/', asUser, async (request, reply) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const retried = await retryFailedJobs(db, id);
    if (!retried) throw conflict('nothing_to_retry', 'Nothing failed for this media file.');
    await recomputeMediaStatus(db, id);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'media_file', entityId: id, detail: { retry: retried } });
    worker.wake();
    return reply.code(202).send(await present(await existing(id)));
  });

  app.get('/media/files/:id/source', asUserOrPlayer, async (request, reply) => {
    const row = await downloadable(request);
    return sendStoredFile(request, reply, store, store.sourceKey(row.id, row.sourceExt), row.mimeType, download(request, row.originalName));
  });

  app.get('/media/files/:id/preview', asUserOrPlayer, async (request, reply) => {
    const row = await downloadable(request);
    if (!row.hasPreview) throw notFound('Preview');
    return sendStoredFile(request, reply, store, store.previewKey(row.id), 'image/jpeg');
  });

  app.get('/media/files/:id/render/:queryId', asUserOrPlayer, async (request, reply) => {
    const row = await downloadable(request);
    const queryId = idParam(request, 'queryId');
    const job = (await renderJobsOf(db, [row.id])).find((r) => r.queryId === queryId && r.status === 'done');
    if (!job) throw notFound('Render');
    return sendStoredFile(request, reply, store, store.renderKey(row.id, queryId), 'video/mp4', download(request));
  });

  // A fallback render (H.264 at a device's largest video size; docs/api.md, "Renditions"): read like a render, by the same rule.
  app.get('/media/files/:id/fallback/:size', asUserOrPlayer, async (request, reply) => {
    const row = await downloadable(request);
    const { size } = request.params as { size: string };
    if (!isFallbackSize(size) || !(await fallbackReady(db, row.id, size))) throw notFound('Render');
    return sendStoredFile(request, reply, store, fallbackKey(store, row.id, size), 'video/mp4', download(request));
  });
}

