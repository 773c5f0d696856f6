import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../src/services/schemas/common.ts';
import type { Preflight } from '../../src/services/schemas/playback.ts';
import {
  LayoutCreateBody,
  LayoutListQuery,
  LayoutUpdateBody,
  defaultCanvas,
  layoutNameError,
  type Layout,
} from '../../src/services/schemas/layouts.ts';
import type { AppContext } from '../context.ts';
import { commitLayout, deleteLayout, findLayout, insertLayout, layoutsUsingMedia, layoutsUsingPlaylist, listLayouts, listLayoutVersions, updateLayout } from '../db/layouts.ts';
import { layoutCommitTargets, warningsFor } from '../db/preflight.ts';
import { record } from '../domain/journal.ts';
import { backgroundOf, checkContent, checkGeometry, layoutCommitListeners, layoutDetail, layoutUsage, zoneWrites } from '../domain/layouts.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { playlistUsageProviders } from '../domain/playlists.ts';
import { areaScope, assertVisible, keepVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { mediaUsageProviders } from '../media/usage.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/*
 * Layouts (issue 36): several zones on one screen. The house style of playlists: a draft edited in place, a commit
 * that snapshots it into an immutable version, the company scope of the `playlists` area (layouts are content as
 * playlists are: whoever may see or edit playlists may see or edit layouts).
 */

/** Ids are PostgreSQL integers; a larger number names nothing. */
const MAX_INT4 = 2147483647;

function idParam(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string>).id ?? '';
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > MAX_INT4) throw notFound('Layout');
  return id;
}

/** The name rule with its own codes: `required` and `too_long` (over 60 characters), as playlists answer theirs. */
function checkName(body: unknown): void {
  const name = (body as { name?: unknown } | null)?.name;
  const error = layoutNameError(name);
  if (error) throw badRequest('validation_error', error === 'required' ? 'Name is required' : 'Name is at most 60 characters.', { name: error });
}

// A media file a layout shows (a zone, the background; the draft or the version screens play) is used: its details
// list it, delete refuses it. A playlist a zone plays cannot be deleted either.
mediaUsageProviders.push(async (db, mediaId) => ({ layouts: await layoutsUsingMedia(db, mediaId) }));
playlistUsageProviders.push(async (db, playlistId) => (await layoutsUsingPlaylist(db, playlistId)).map((layout) => ({ ...layout, kind: 'layout' as const })));

/** What the journal compares on an edit. */
const JOURNAL_FIELDS = ['name', 'screen_position', 'width', 'height', 'background', 'zones'];

export default async function layoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const asUser = { preHandler: requireUser(ctx) };
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'playlists', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'playlists', 'edit');

  /** The layout, when it exists and the scope (when given) holds its company: 404 otherwise. */
  async function existing(id: number, scope?: Scope): Promise<Layout> {
    const layout = await findLayout(db, id);
    if (!layout) throw notFound('Layout');
    if (scope) assertVisible(scope, layout.company, 'Layout');
    return layout;
  }

  app.get('/layouts/', asUser, async (request) => {
    const scope = await view(request);
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const filter = parse(LayoutListQuery, {
      search: query.search || undefined,
      screen_position: query.screen_position || undefined,
      committed: query.committed || undefined,
      ordering: query.ordering || undefined,
    });
    const { total, layouts } = await listLayouts(db, { ...filter, companies: scope.companies, limit: paging.pageSize, offset: paging.offset });
    return pageOf(request.url, paging, total, layouts);
  });

  app.post('/layouts/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    checkName(request.body);
    const body = parse(LayoutCreateBody, request.body);
    const canvas = defaultCanvas(body.screen_position);
    const width = body.width ?? canvas.width;
    const height = body.height ?? canvas.height;
    const zones = zoneWrites(body.zones ?? []);
    checkGeometry({ width, height, zones });
    const companyId = await ownerCompany(ctx, scope, body.company);
    const background = backgroundOf(body.background);
    await checkContent(db, companyId, zones, background);
    const name = body.name.trim();
    const id = await insertLayout(db, { name, screenPosition: body.screen_position, width, height, background, zones, companyId });
    const layout = await existing(id);
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'layout', entityId: id, detail: { name, screen_position: body.screen_position, zones: zones.length } });
    return reply.code(201).send(layout);
  });

  app.get('/layouts/:id', asUser, async (request) => existing(idParam(request), await view(request)));

  app.get('/layouts/:id/detail/', asUser, async (request) => layoutDetail(db, await existing(idParam(request), await view(request))));

  app.put('/layouts/:id', asUser, async (request) => {
    const id = idParam(request);
    const before = await existing(id, await edit(request));
    if ((request.body as { name?: unknown } | null)?.name !== undefined) checkName(request.body);
    const body = parse(LayoutUpdateBody, request.body);
    const zones = body.zones && zoneWrites(body.zones);
    checkGeometry({ width: body.width ?? before.width, height: body.height ?? before.height, zones: zones ?? before.zones });
    const background = body.background && backgroundOf(body.background);
    await checkContent(db, before.company, zones, background);
    const outcome = await updateLayout(db, id, {
      name: body.name?.trim(),
      screenPosition: body.screen_position,
      width: body.width,
      height: body.height,
      background,
      zones,
    });
    if (outcome === 'missing') throw notFound('Layout');
    if (typeof outcome === 'object') {
      throw badRequest('zone_not_found', 'No such zone in this layout.', { [`zones.${outcome.unknownZone}.id`]: 'zone_not_found' });
    }
    const after = await existing(id);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'layout', entityId: id, detail: { name: after.name }, before, after, fields: JOURNAL_FIELDS });
    return after;
  });

  app.delete('/layouts/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const scope = await edit(request);
    const layout = await existing(id, scope);
    const users = await layoutUsage(db, id);
    if (users.length) {
      // Still refused when only another company's events use it, but those are not named.
      const named = await keepVisible(ctx, scope, 'event', users);
      const others = users.length - named.length;
      const who = [...named.map((u) => u.name), ...(others ? [`${others} event(s) of other companies`] : [])].join(', ');
      throw conflict('layout_in_use', `The layout is used by ${who}; remove it from there first.`);
    }
    if (!(await deleteLayout(db, id))) throw notFound('Layout');
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'layout', entityId: id, detail: { name: layout.name }, company: layout.company });
    return reply.code(204).send();
  });

  app.post('/layouts/:id/commit/', asUser, async (request, reply) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const result = await commitLayout(db, id, currentUser(request).id);
    if (!result) throw notFound('Layout');
    if ('refused' in result) {
      const { empty, uncommitted } = result.refused;
      const fields: Record<string, string> = {};
      for (const index of empty) fields[`zones.${index}.content`] = 'zone_empty';
      for (const zone of uncommitted) fields[`zones.${zone.zone}.content`] = 'uncommitted_playlist';
      // The answer of a publish refused for the same reason, with the zones named in fields.
      if (uncommitted.length) {
        const playlists = uncommitted.filter((zone, index) => uncommitted.findIndex((other) => other.id === zone.id) === index).map(({ id: playlist, name }) => ({ id: playlist, name }));
        return reply.code(409).send({ detail: 'Uncommited playlists found!', code: 'uncommitted_playlists', fields, playlists });
      }
      throw conflict('zone_empty', 'Every zone needs a playlist or a media file before a commit.', fields);
    }
    await record(db, { userId: currentUser(request).id, action: 'commit', entity: 'layout', entityId: id, detail: { ...result } });
    if (result.changed) for (const listener of layoutCommitListeners) await listener(db, id, result.version);
    return result;
  });

  // Before the operator commits (as for playlists, issue 35): what the layout as saved would leave unplayable on the
  // screens its published events reach, written nowhere.
  app.get('/layouts/:id/commit/preview/', asUser, async (request): Promise<Preflight> => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const targets = await layoutCommitTargets(db, id);
    return { devices: new Set(targets.map((t) => t.device)).size, warnings: await warningsFor(db, targets) };
  });

  app.get('/layouts/:id/versions/', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await view(request));
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, versions } = await listLayoutVersions(db, id, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, versions);
  });
}
