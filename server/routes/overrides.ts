import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import { OverrideCreateBody, OverrideListQuery, type Override, type OverrideTargetKind } from '../../src/services/schemas/overrides.ts';
import type { AppContext } from '../context.ts';
import { findMediaFile } from '../db/media.ts';
import {
  clearOverride,
  deviceLocation,
  findOverride,
  insertOverride,
  listRunningOverrides,
  overrideDevices,
  playlistVersion,
  layoutVersionOf,
  targetCompanies,
} from '../db/overrides.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { compileQueued } from '../domain/schedules.ts';
import { queueOverrideDevices } from '../db/schedules.ts';
import type { Db } from '../db/index.ts';
import { areaScope, assertVisible, isVisible, type Scope } from '../domain/scope.ts';
import { badRequest, conflict, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { emitQuietly } from '../webhooks/events.ts';

/*
 * Emergency overrides (issue 25): scoped like the devices routes (devices edit to start or clear, devices view to
 * read; another company's targets and overrides answer 404 like absent ones). Starting and clearing queue the reached
 * devices in the transaction that writes the change, each owing its player the `override` notice; up to
 * INLINE_COMPILE_MAX are compiled before the answer, more by the compilers of every instance after it (issue 35.20).
 * Each compile raises the schedule_version (what players follow) and writes the notice with it.
 */

function idParam(request: FastifyRequest): number {
  return parse(type({ id: BoundedIdParam }), request.params).id!;
}

const ENTITY_OF: Record<OverrideTargetKind, string> = { devices: 'Device', offices: 'Office', company: 'Company' };

export default async function overrideRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const asUser = { preHandler: requireUser(ctx) };
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'edit');

  async function visibleOverride(id: number, scope: Scope): Promise<Override> {
    const found = await findOverride(db, id);
    assertVisible(scope, found ? found.company : undefined, 'Override');
    return found!;
  }

  /** The targets' one company; 404 for a target absent or outside the scope, 400 when they span companies. */
  async function companyOfTargets(scope: Scope, kind: OverrideTargetKind, ids: readonly number[]): Promise<number | null> {
    const found = await targetCompanies(db, kind, ids);
    for (const id of ids) assertVisible(scope, found.has(id) ? found.get(id) : undefined, ENTITY_OF[kind]);
    const companies = new Set(found.values());
    if (companies.size > 1) throw badRequest('override_mixed_companies', 'The targets of one override must belong to one company.', { [kind]: 'mixed_companies' });
    return [...companies][0] ?? null;
  }

  app.post('/overrides/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    const body = parse(OverrideCreateBody, request.body);
    const chosen = (['devices', 'offices', 'company'] as const).filter((kind) => body[kind] != null);
    if (chosen.length !== 1) {
      throw badRequest('override_target_required', 'Name the devices, the offices or the company (exactly one of them).', { targets: 'required' });
    }
    const kind = chosen[0]!;
    const ids = kind === 'company' ? [body.company!] : [...new Set(body[kind]!)];
    const companyId = await companyOfTargets(scope, kind, ids);
    if ([body.media, body.playlist, body.layout].filter((content) => content != null).length !== 1) {
      throw badRequest('media_or_playlist_required', 'You must select media or playlist', { media: 'required' });
    }
    if (body.layout != null) {
      const layout = await layoutVersionOf(db, body.layout);
      if (!layout || !isVisible(scope, layout.companyId)) throw badRequest('unknown_layout', 'The layout does not exist.', { layout: 'not_found' });
      if (layout.version < 1) throw badRequest('layout_not_committed', 'Commit the layout before an override plays it.', { layout: 'not_committed' });
    } else if (body.media != null) {
      const file = await findMediaFile(db, body.media);
      if (!file || !isVisible(scope, file.companyId)) throw badRequest('unknown_media', 'The media file does not exist.', { media: 'not_found' });
    } else {
      const playlist = await playlistVersion(db, body.playlist!);
      if (!playlist || !isVisible(scope, playlist.companyId)) throw badRequest('unknown_playlist', 'The playlist does not exist.', { playlist: 'not_found' });
      if (playlist.version < 1) throw badRequest('playlist_not_committed', 'Commit the playlist before an override plays it.', { playlist: 'not_committed' });
    }
    if (body.ends_at != null && Date.parse(body.ends_at) <= Date.now()) {
      throw badRequest('override_end_in_past', 'The end time must lie in the future.', { ends_at: 'in_past' });
    }
    const userId = currentUser(request).id;
    const { id, devices } = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const inserted = await insertOverride(t, {
        companyId,
        kind,
        ids,
        mediaId: body.media ?? null,
        playlistId: body.playlist ?? null,
        layoutId: body.layout ?? null,
        endsAt: body.ends_at ?? null,
        userId,
      });
      const reached = await overrideDevices(t, inserted);
      await queueOverrideDevices(t, reached, false);
      return { id: inserted, devices: reached };
    });
    const compiled = await compileQueued(db, devices, request.log);
    await record(db, {
      userId,
      action: 'start',
      entity: 'override',
      entityId: id,
      company: companyId,
      detail: { targets: { kind, ids }, devices: devices.length, changed: compiled.changed.length, queued: compiled.queued },
      changes: { media: [null, body.media ?? null], playlist: [null, body.playlist ?? null], layout: [null, body.layout ?? null], ends_at: [null, body.ends_at ?? null] },
    });
    const started = await findOverride(db, id);
    await emitQuietly(db, request.log, 'override.started', companyId, { override: started });
    return reply.code(201).send(started);
  });

  app.get('/overrides/', asUser, async (request) => {
    const scope = await view(request);
    const query = parse(OverrideListQuery, request.query);
    const paging = pageRequest(request.query as Record<string, unknown>);
    let device: { id: number; office: number | null; company: number | null } | undefined;
    if (query.device !== undefined) {
      device = await deviceLocation(db, query.device);
      assertVisible(scope, device ? device.company : undefined, 'Device');
    }
    const { total, results } = await listRunningOverrides(db, { companies: scope.companies, device }, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, results);
  });

  app.get('/overrides/:id', asUser, async (request) => visibleOverride(idParam(request), await view(request)));

  app.post('/overrides/:id/clear/', asUser, async (request) => {
    const scope = await edit(request);
    const id = idParam(request);
    const found = await visibleOverride(id, scope);
    const userId = currentUser(request).id;
    const devices = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      if (!(await clearOverride(t, id, userId))) return null;
      const reached = await overrideDevices(t, id);
      await queueOverrideDevices(t, reached, false);
      return reached;
    });
    if (!devices) throw conflict('override_not_active', 'The override was already cleared or has ended.');
    const compiled = await compileQueued(db, devices, request.log);
    await record(db, {
      userId,
      action: 'clear',
      entity: 'override',
      entityId: id,
      company: found.company,
      detail: { devices: devices.length, changed: compiled.changed.length, queued: compiled.queued },
      changes: { active: [true, false] },
    });
    const cleared = await findOverride(db, id);
    await emitQuietly(db, request.log, 'override.cleared', found.company, { override: cleared, reason: 'cleared' });
    return cleared;
  });
}
