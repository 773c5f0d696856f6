import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../src/services/schemas/common.ts';
import {
  PlaylistCreateBody,
  PlaylistListQuery,
  PlaylistUpdateBody,
  TrackCreateBody,
  TrackPositionsBody,
  TrackUpdateBody,
  playlistNameError,
  type DeviceGroup,
  type Playlist,
} from '../../src/services/schemas/playlists.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { findMediaFile } from '../db/media.ts';
import {
  appendTrack,
  commitPlaylist,
  deletePlaylist,
  findPlaylist,
  findTrack,
  insertPlaylist,
  listAllTracks,
  listPlaylists,
  playlistsUsingMedia,
  removeTrack,
  reorderTracks,
  setTrackDuration,
  trackDetailsOf,
  tracksOf,
  updatePlaylist,
} from '../db/playlists.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { playlistCommitListeners, playlistDeviceGroups, playlistUsage, trackDurationFor } from '../domain/playlists.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { queueDevicesShowing } from '../db/renditions.ts';
import { wakeScheduleCompilers } from '../db/schedules.ts';
import { mediaUsageProviders } from '../media/usage.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { areaScope, assertVisible, isVisible, keepVisible, ownerCompany, visibleIds, type Scope } from '../domain/scope.ts';
import { commitTargets, warningsFor } from '../db/preflight.ts';
import type { Preflight } from '../../src/services/schemas/playback.ts';

/** Ids are PostgreSQL integers; a larger number names nothing. */
const MAX_INT4 = 2147483647;

function idParam(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string>).id ?? '';
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > MAX_INT4) throw notFound();
  return id;
}

/** The name rule of section 5 with its own codes: `required` ("Name is required") and `too_long` (over 30 characters). */
function checkName(body: unknown): void {
  const name = (body as { name?: unknown } | null)?.name;
  const error = playlistNameError(name);
  if (error) throw badRequest('validation_error', error === 'required' ? 'Name is required' : 'Name is at most 30 characters.', { name: error });
}

// A media file in a playlist (its tracks, or the version screens play) is used: its details list it, delete refuses it.
mediaUsageProviders.push(async (db, mediaId) => ({ playlists: await playlistsUsingMedia(db, mediaId) }));

export default async function playlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const asUser = { preHandler: requireUser(ctx) };
  const journal = (request: FastifyRequest, action: string, entity: string, entityId: number, detail: Record<string, unknown>) =>
    record(db, { userId: currentUser(request).id, action, entity, entityId, detail });

  /** The playlist, when it exists and the scope (when given) holds its company: 404 otherwise. */
  async function existing(id: number, scope?: Scope): Promise<Playlist> {
    const playlist = await findPlaylist(db, id);
    if (!playlist) throw notFound('Playlist');
    if (scope) assertVisible(scope, playlist.company ?? null, 'Playlist');
    return playlist;
  }
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'playlists', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'playlists', 'edit');

  /**
   * The broadcasts a scoped caller may see: only campaigns of their companies, and of those only their companies'
   * devices (a group's count drops the hidden ones it names; a count beyond the names shown stays the whole).
   */
  async function scopedDeviceGroups(scope: Scope, groups: DeviceGroup[]): Promise<DeviceGroup[]> {
    if (scope.companies === null) return groups;
    const campaigns = await visibleIds(ctx, scope, 'campaign', groups.map((group) => group.campaign.id));
    const shown = groups.filter((group) => campaigns.has(group.campaign.id));
    const devices = await visibleIds(ctx, scope, 'device', shown.flatMap((group) => group.devices.map((device) => device.id)));
    return shown.map((group) => {
      const kept = group.devices.filter((device) => devices.has(device.id));
      return { ...group, devices: kept, devices_count: group.devices_count - (group.devices.length - kept.length) };
    });
  }

  function listFilter(request: FastifyRequest) {
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const filter = parse(PlaylistListQuery, {
      search: query.search || undefined,
      screen_position: query.screen_position || undefined,
      committed: query.committed || undefined,
      ordering: query.ordering || undefined,
    });
    return { paging, filter: { ...filter, limit: paging.pageSize, offset: paging.offset } };
  }

  async function withTracks(database: Db, playlists: Playlist[]) {
    const tracks = await trackDetailsOf(database, playlists.map((p) => p.id));
    return playlists.map((p) => ({ ...p, tracks: tracks.filter((t) => t.playlist === p.id) }));
  }

  app.get('/media/play_lists/', asUser, async (request) => {
    const scope = await view(request);
    const { paging, filter } = listFilter(request);
    const { total, playlists } = await listPlaylists(db, { ...filter, companies: scope.companies });
    return pageOf(request.url, paging, total, playlists);
  });

  app.post('/media/play_lists/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    checkName(request.body);
    const body = parse(PlaylistCreateBody, request.body);
    const companyId = await ownerCompany(ctx, scope, body.company);
    const id = await insertPlaylist(db, { name: body.name.trim(), screenPosition: body.screen_position, companyId });
    await journal(request, 'create', 'playlist', id, { name: body.name.trim(), screen_position: body.screen_position });
    return reply.code(201).send(await existing(id));
  });

  app.get('/media/play_lists/:id', asUser, async (request) => existing(idParam(request), await view(request)));

  app.put('/media/play_lists/:id', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    if ((request.body as { name?: unknown } | null)?.name !== undefined) checkName(request.body);
    const body = parse(PlaylistUpdateBody, request.body);
    const previous = await findPlaylist(db, id);
    // Validity (issue 42): the bounds as they will be, checked together.
    const bound = (given: string | null | undefined, stored: string | null | undefined) => (given !== undefined ? given : (stored ?? null));
    const validFrom = bound(body.valid_from, previous?.valid_from);
    const validUntil = bound(body.valid_until, previous?.valid_until);
    if (validFrom && validUntil && Date.parse(validUntil) <= Date.parse(validFrom)) {
      throw badRequest('valid_until_before_from', '"Valid until" must come after "valid from".', { valid_until: 'valid_until_before_from' });
    }
    const outcome = await updatePlaylist(db, id, { name: body.name?.trim(), screenPosition: body.screen_position, validFrom: body.valid_from, validUntil: body.valid_until });
    if (outcome === 'missing') throw notFound('Playlist');
    if (outcome === 'has_tracks') {
      throw conflict('playlist_has_tracks', 'A playlist with tracks cannot change its screen position.', { screen_position: 'playlist_has_tracks' });
    }
    const after = await existing(id);
    await record(db, {
      userId: currentUser(request).id,
      action: 'update',
      entity: 'playlist',
      entityId: id,
      detail: { ...body },
      before: previous,
      after,
      fields: ['name', 'screen_position', 'valid_from', 'valid_until'],
    });
    // A new validity changes what its screens play: their schedules are compiled again (any instance's compiler).
    if (previous && (previous.valid_from !== after.valid_from || previous.valid_until !== after.valid_until)) {
      if (await queueDevicesShowing(db, { playlist: id })) await wakeScheduleCompilers(db);
    }
    return after;
  });

  app.delete('/media/play_lists/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const scope = await edit(request);
    const playlist = await existing(id, scope);
    const users = await playlistUsage(db, id);
    if (users.length) {
      // Still refused when only another company's events use it, but those are not named.
      const isLayout = (u: (typeof users)[number]) => (u as { kind?: string }).kind === 'layout';
      const named = [
        ...(await keepVisible(ctx, scope, 'event', users.filter((u) => !isLayout(u)))),
        ...(await keepVisible(ctx, scope, 'layout', users.filter(isLayout))).map((u) => ({ ...u, name: `layout ${u.name}` })),
      ];
      const others = users.length - named.length;
      const who = [...named.map((u) => u.name), ...(others ? [`${others} event(s) of other companies`] : [])].join(', ');
      throw conflict('playlist_in_use', `The playlist is used by ${who}; remove it from there first.`);
    }
    if (!(await deletePlaylist(db, id))) throw notFound('Playlist');
    await journal(request, 'delete', 'playlist', id, { name: playlist.name });
    return reply.code(204).send();
  });

  app.get('/media/play_lists/:id/commit/', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const result = await commitPlaylist(db, id, currentUser(request).id);
    if (!result) throw notFound('Playlist');
    await journal(request, 'commit', 'playlist', id, { ...result });
    if (result.changed) for (const listener of playlistCommitListeners) await listener(db, id, result.version);
    return result;
  });

  // Before the operator commits (issue 35): what the edited tracks would leave unplayable on the screens that play the
  // playlist, written nowhere.
  app.get('/media/play_lists/:id/commit/preview/', asUser, async (request): Promise<Preflight> => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const targets = await commitTargets(db, id);
    return { devices: new Set(targets.map((t) => t.device)).size, warnings: await warningsFor(db, targets) };
  });

  app.get('/media/play_list_detail/:id', asUser, async (request) => {
    const [detail] = await withTracks(db, [await existing(idParam(request), await view(request))]);
    return detail;
  });

  app.get('/media/play_list_with_tracks/', asUser, async (request) => {
    const scope = await view(request);
    const { paging, filter } = listFilter(request);
    const { total, playlists } = await listPlaylists(db, { ...filter, companies: scope.companies });
    return pageOf(request.url, paging, total, await withTracks(db, playlists));
  });

  app.get('/media/play_list_with_tracks/:id/device_groups/', asUser, async (request) => {
    const id = idParam(request);
    const scope = await view(request);
    await existing(id, scope);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const groups = await scopedDeviceGroups(scope, await playlistDeviceGroups(db, id));
    return pageOf(request.url, paging, groups.length, groups.slice(paging.offset, paging.offset + paging.pageSize));
  });

  app.get('/media/play_lists/:id/tracks/', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await view(request));
    return tracksOf(db, id);
  });

  app.post('/media/play_list_tracks/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    const body = parse(TrackCreateBody, request.body);
    // Another company's playlist or media file is "no such" one, as for any id outside the scope.
    const playlist = await findPlaylist(db, body.playlist);
    if (!playlist || !isVisible(scope, playlist.company ?? null)) throw badRequest('validation_error', 'No such playlist.', { playlist: 'not_found' });
    const media = await findMediaFile(db, body.media);
    if (!media || !isVisible(scope, media.companyId)) throw badRequest('validation_error', 'No such media file.', { media: 'not_found' });
    const duration = trackDurationFor(playlist, media, body.duration);
    const track = await appendTrack(db, { playlistId: playlist.id, mediaId: media.id, duration });
    if (!track) throw badRequest('validation_error', 'No such playlist.', { playlist: 'not_found' });
    await journal(request, 'create', 'playlist_track', track.id, { playlist: track.playlist, media: track.media, duration });
    return reply.code(201).send(track);
  });

  app.put('/media/play_list_tracks/:id', asUser, async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    const body = parse(TrackUpdateBody, request.body);
    const track = await findTrack(db, id);
    if (!track) throw notFound('Track');
    await existing(track.playlist, scope).catch(() => {
      throw notFound('Track');
    });
    const media = await findMediaFile(db, track.media);
    if (media?.kind === 'video') throw badRequest('video_duration_fixed', "A video track plays its media's duration.", { duration: 'video_duration_fixed' });
    await setTrackDuration(db, id, body.duration);
    await journal(request, 'update', 'playlist_track', id, { playlist: track.playlist, duration: body.duration });
    return (await findTrack(db, id)) ?? track;
  });

  app.delete('/media/play_list_tracks/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const scope = await edit(request);
    const owner = await findTrack(db, id);
    if (!owner) throw notFound('Track');
    await existing(owner.playlist, scope).catch(() => {
      throw notFound('Track');
    });
    const track = await removeTrack(db, id);
    if (!track) throw notFound('Track');
    await journal(request, 'delete', 'playlist_track', id, { playlist: track.playlist, media: track.media });
    return reply.code(204).send();
  });

  app.put('/media/play_lists/:id/change_position_tracks/', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const { positions } = parse(TrackPositionsBody, request.body);
    const outcome = await reorderTracks(db, id, positions);
    if (outcome === 'missing') throw notFound('Playlist');
    if (outcome === 'mismatch') {
      throw badRequest('positions_mismatch', "The positions must list every track of the playlist exactly once.", { positions: 'positions_mismatch' });
    }
    await journal(request, 'update', 'playlist', id, { reordered: positions.length });
    return { positions };
  });

  app.get('/media/play_list_tracks/', asUser, async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const scope = await view(request);
    const search = typeof query.search === 'string' ? query.search.slice(0, 200) : undefined;
    const { total, tracks } = await listAllTracks(db, { search, companies: scope.companies, limit: paging.pageSize, offset: paging.offset });
    return pageOf(request.url, paging, total, tracks);
  });
}
