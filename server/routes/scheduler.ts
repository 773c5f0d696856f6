import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import {
  DEFAULT_EVENT_COLOR,
  EventCreateBody,
  EventListQuery,
  EVENT_OPTIONS_PAGE,
  EventOptionsBody,
  eventProblems,
  EventUpdateBody,
  repeatsWeekly,
  type Event,
  type EventDraft,
  type PublishResult,
  type ScheduleItem,
} from '../../src/services/schemas/scheduler.ts';
import type { AppContext } from '../context.ts';
import {
  createEvent,
  deleteEvent,
  devicesOutsideCampaign,
  devicesPlayingLayout,
  devicesPlayingPlaylist,
  devicesPlayingPlaylistInLayouts,
  eventsUsingLayout,
  eventsUsingPlaylist,
  findEvent,
  listEvents,
  mediaExists,
  mediaUsageOfSchedules,
  playlistExists,
  playlistDeviceGroupsOf,
  publishCampaign,
  uncommittedLayouts,
  uncommittedPlaylists,
  updateEvent,
  type EventValues,
} from '../db/events.ts';
import { batcher } from '../db/batcher.ts';
import { SCHEDULE_QUEUE_CHANNEL, scheduleItems, storedPointers, storedSchedule, storedSchedules, type StoredSchedule } from '../db/schedules.ts';
import { findCampaign } from '../db/campaigns.ts';
import { listDevices } from '../db/devices.ts';
import { TimelineQuery, type TimelineRow } from '../../src/services/schemas/timeline.ts';
import { campaignCompany, campaignPosition, campaignScreens } from '../db/campaigns.ts';
import { syncSmartCampaigns } from '../db/smartGroups.ts';
import { eventOptions } from '../db/eventOptions.ts';
import { findMediaFile } from '../db/media.ts';
import { record } from '../domain/journal.ts';
import { serverTimeZone } from '../domain/occurrences.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { playlistCommitListeners, playlistDeviceGroupProviders, playlistUsageProviders } from '../domain/playlists.ts';
import { layoutCommitListeners, layoutUsageProviders } from '../domain/layouts.ts';
import { findLayout } from '../db/layouts.ts';
import { COMPILE_BATCH, COMPILE_BATCH_POSTGRES, compileIfQueued, compileQueued, compileSchedules, startScheduleCompiler } from '../domain/schedules.ts';
import type { Db } from '../db/index.ts';
import type { Listening } from '../db/listen.ts';
import { ApiError, badRequest, notFound, parse } from '../errors.ts';
import { mediaUsageProviders } from '../media/usage.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { areaScope, assertVisible, isVisible, visibleIds, type Scope } from '../domain/scope.ts';
import { campaignWaits } from '../db/renditions.ts';
import { campaignTargets, publishedTargets, warningsFor } from '../db/preflight.ts';
import type { Preflight } from '../../src/services/schemas/playback.ts';
import { authenticatePlayerOrUser } from './player.ts';
import { emitQuietly } from '../webhooks/events.ts';

/** A page of the calendar: a month view holds a few hundred events, so the list answers up to 500 by default. */
const EVENT_PAGE_SIZE = 500;
/** Distinct schedule contents one instance keeps in memory for dev2 (a few hundred KB each at most). */
const ITEMS_CACHE_ENTRIES = 256;

function idParam(request: FastifyRequest, name = 'id'): number {
  const params = request.params as Record<string, unknown>;
  return parse(type({ [name]: BoundedIdParam }), { [name]: params[name] })[name] as number;
}

/* Where the scheduler uses other features' objects (module scope: registered once per process). */

// Media details list the campaigns and events that show a file through a playlist or a published copy.
mediaUsageProviders.push(mediaUsageOfSchedules);
// A playlist an event uses (edited or published) cannot be deleted.
playlistUsageProviders.push(eventsUsingPlaylist);
// The playlist page's broadcasts: the campaigns whose events show it, with their devices.
playlistDeviceGroupProviders.push(playlistDeviceGroupsOf);
// A new committed version of a playlist reaches the screens that play it.
playlistCommitListeners.push(async (db: Db, playlistId: number) => {
  const devices = new Set([...(await devicesPlayingPlaylist(db, playlistId)), ...(await devicesPlayingPlaylistInLayouts(db, playlistId))]);
  await compileSchedules(db, [...devices].sort((x, y) => x - y));
});
// The same for layouts (issue 36): one an event uses cannot be deleted, and a new version reaches its screens.
layoutUsageProviders.push(async (db: Db, layoutId: number) => eventsUsingLayout(db, layoutId));
layoutCommitListeners.push(async (db: Db, layoutId: number) => {
  await compileSchedules(db, await devicesPlayingLayout(db, layoutId));
});

/** The date part of a range bound (`2026-11-01T00:00:00+01:00` -> `2026-11-01`). */
const dateOf = (bound: string | undefined) => bound?.slice(0, 10);

/** The fields of the draft as stored, or a 400 naming every problem (the event form shows the same ones). */
function valuesOf(draft: EventDraft & { color?: string; duration?: number | null; priority?: number }): EventValues {
  const problems = eventProblems(draft);
  if (problems) throw badRequest(problems.code, EVENT_MESSAGES[problems.code], problems.fields);
  const repeats = repeatsWeekly(draft);
  return {
    title: draft.title!.trim(),
    mediaId: draft.media ?? null,
    playlistId: draft.playlist ?? null,
    layoutId: draft.layout ?? null,
    startDate: draft.start_date!,
    startTime: draft.all_day ? null : draft.start_time!,
    endDate: draft.end_date!,
    endTime: draft.all_day ? null : draft.end_time!,
    allDay: draft.all_day ?? false,
    color: draft.color ?? DEFAULT_EVENT_COLOR,
    duration: draft.duration ?? null,
    weekdays: repeats ? [...new Set(draft.weekdays ?? [])].sort((a, b) => a - b) : [],
    priority: draft.priority ?? 0,
    devices: [...new Set(draft.devices ?? [])],
    validFrom: draft.valid_from ?? null,
    validUntil: draft.valid_until ?? null,
  };
}

/** The spec's messages (section 8) as the answers' `detail`; the SPA translates the code. */
const EVENT_MESSAGES = {
  title_required: 'You must select event title',
  media_or_playlist_required: 'You must select media or playlist',
  devices_required: 'Device selection is required',
  weekdays_required: 'A weekly repeat needs at least one day per week.',
  time_required: 'A start and an end time are required unless the event lasts all day.',
  end_before_start: 'The event must end after it starts.',
  valid_until_before_from: '"Valid until" must come after "valid from".',
} as const;

export default async function schedulerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const asUser = { preHandler: requireUser(ctx) };
  const compiler = startScheduleCompiler(db, app.log, ctx.config.scheduleCompileMs ?? 1000, ctx.database.kind === 'pglite' ? COMPILE_BATCH : COMPILE_BATCH_POSTGRES);
  // A request that queued many devices (a publish, an override) wakes the compilers of every instance (issue 35.20).
  let woken: Listening | undefined;
  app.addHook('onReady', async () => {
    woken = await ctx.database
      .listen(SCHEDULE_QUEUE_CHANNEL, () => compiler.wake(), (error) => app.log.warn({ err: error }, 'Listening for the schedule queue failed'))
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'Listening for the schedule queue failed');
        return undefined;
      });
  });
  app.addHook('onClose', async () => {
    await woken?.close().catch(() => undefined);
    await compiler.stop();
  });

  /*
   * Items by content hash: a hash always names the same items (sha-256 of the zone and the items), so this instance
   * may keep the most used ones (devices of one zone and campaign share them) without asking which is current.
   */
  const itemsCache = new Map<string, string>();
  /** Reads under way by hash: the screens that ask together for a new schedule share one read of its items. */
  const itemsReading = new Map<string, Promise<string | undefined>>();
  async function itemsOf(hash: string): Promise<string | undefined> {
    const cached = itemsCache.get(hash);
    if (cached !== undefined) return cached;
    let reading = itemsReading.get(hash);
    if (!reading) {
      reading = scheduleItems(db, hash).finally(() => itemsReading.delete(hash));
      itemsReading.set(hash, reading);
    }
    const items = await reading;
    // Gone since the device row was read: the device was compiled again meanwhile (the caller reads it again).
    if (items === undefined) return undefined;
    keepItems(hash, items);
    return items;
  }
  function keepItems(hash: string, items: string): void {
    if (itemsCache.size >= ITEMS_CACHE_ENTRIES) itemsCache.delete(itemsCache.keys().next().value!);
    itemsCache.set(hash, items);
  }

  const journal = (request: FastifyRequest, action: string, entity: string, entityId: number, detail: Record<string, unknown>) =>
    record(db, { userId: currentUser(request).id, action, entity, entityId, detail });

  async function existing(id: number, scope?: Scope): Promise<Event> {
    const event = await findEvent(db, id);
    if (!event) throw notFound('Event');
    // An event is its campaign's: another company's event answers 404 like an absent one.
    if (scope && scope.companies !== null) assertVisible(scope, await campaignCompany(db, event.campaign), 'Event');
    return event;
  }
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'campaigns', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'campaigns', 'edit');

  /** The campaign exists and lies in the scope (400 `unknown_campaign` otherwise, for a body naming it). */
  async function checkCampaign(scope: Scope, campaignId: number): Promise<void> {
    const company = await campaignCompany(db, campaignId);
    if (company === undefined || !isVisible(scope, company)) {
      throw badRequest('unknown_campaign', 'The campaign does not exist.', { campaign: 'not_found' });
    }
  }

  /** Campaign, media, playlist and devices the values name must exist (and the devices take part in the campaign). */
  async function checkReferences(scope: Scope, campaignId: number, values: EventValues): Promise<void> {
    if (values.mediaId) {
      // Another company's file is as unknown to the caller as an absent one.
      const file = scope.companies === null ? undefined : await findMediaFile(db, values.mediaId);
      const known = scope.companies === null ? await mediaExists(db, values.mediaId) : !!file && isVisible(scope, file.companyId);
      if (!known) throw badRequest('unknown_media', 'The media file does not exist.', { media: 'not_found' });
    }
    if (values.playlistId) {
      const known = (await playlistExists(db, values.playlistId)) && (await visibleIds(ctx, scope, 'playlist', [values.playlistId])).has(values.playlistId);
      if (!known) throw badRequest('unknown_playlist', 'The playlist does not exist.', { playlist: 'not_found' });
    }
    if (values.layoutId) {
      const layout = await findLayout(db, values.layoutId);
      if (!layout || !isVisible(scope, layout.company)) throw badRequest('unknown_layout', 'The layout does not exist.', { layout: 'not_found' });
    }
    const outside = await devicesOutsideCampaign(db, campaignId, values.devices);
    if (outside.length) {
      throw badRequest(
        'devices_not_in_campaign',
        'Every device of an event must take part in its campaign.',
        Object.fromEntries(outside.map((id) => [`devices.${id}`, 'not_in_campaign'])),
      );
    }
  }

  app.get('/scheduler/events/', asUser, async (request) => {
    const query = parse(EventListQuery, request.query);
    const raw = request.query as Record<string, unknown>;
    const paging = pageRequest({ ...raw, page_size: raw.page_size ?? String(EVENT_PAGE_SIZE) });
    const scope = await view(request);
    if (query.campaign && scope.companies !== null) assertVisible(scope, await campaignCompany(db, query.campaign), 'Campaign');
    const filter = { campaign: query.campaign, start: dateOf(query.start), end: dateOf(query.end), companies: scope.companies };
    const { total, events } = await listEvents(db, filter, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, events);
  });

  app.post('/scheduler/events/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    const body = parse(EventCreateBody, request.body);
    await checkCampaign(scope, body.campaign);
    const values = valuesOf(body);
    await checkReferences(scope, body.campaign, values);
    const id = await createEvent(db, body.campaign, values);
    await journal(request, 'create', 'event', id, { campaign: body.campaign, title: values.title });
    return reply.code(201).send(await existing(id));
  });

  app.get('/scheduler/events/:id', asUser, async (request) => existing(idParam(request), await view(request)));

  app.put('/scheduler/events/:id', asUser, async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    const body = parse(EventUpdateBody, request.body);
    const before = await existing(id, scope);
    const merged: EventDraft & { color?: string; duration?: number | null; priority?: number } = {
      title: before.title,
      media: before.media,
      playlist: before.playlist,
      layout: before.layout ?? null,
      start_date: before.start_date,
      start_time: before.all_day ? null : before.start_time,
      end_date: before.end_date,
      end_time: before.all_day ? null : before.end_time,
      all_day: before.all_day,
      color: before.color,
      duration: before.duration,
      repeat: before.repeat,
      weekdays: before.weekdays,
      devices: before.devices,
      priority: before.priority,
      valid_from: before.valid_from ?? null,
      valid_until: before.valid_until ?? null,
      ...Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'user')),
    };
    // Naming one of media, playlist and layout clears the others, unless the body names them too.
    if (body.media != null || body.playlist != null || body.layout != null) {
      if (body.media === undefined) merged.media = null;
      if (body.playlist === undefined) merged.playlist = null;
      if (body.layout === undefined) merged.layout = null;
    }
    // Naming weekdays alone turns the repeat on (or off when empty), as on create.
    if (body.weekdays !== undefined && body.repeat === undefined) merged.repeat = body.weekdays.length > 0;
    const values = valuesOf(merged);
    await checkReferences(scope, before.campaign, values);
    await updateEvent(db, id, before.campaign, values);
    const fields = Object.keys(body).filter((key) => key !== 'user');
    await journal(request, 'update', 'event', id, { campaign: before.campaign, fields });
    return existing(id);
  });

  app.delete('/scheduler/events/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const before = await existing(id, await edit(request));
    if (!(await deleteEvent(db, id))) throw notFound('Event');
    await journal(request, 'delete', 'event', id, { campaign: before.campaign, title: before.title });
    return reply.code(204).send();
  });

  app.post('/scheduler/publish/:campaignId/', asUser, async (request, reply) => {
    const campaignId = idParam(request, 'campaignId');
    const scope = await edit(request);
    const company = await campaignCompany(db, campaignId);
    if (company === undefined || !isVisible(scope, company)) throw notFound('Campaign');
    const uncommitted = await uncommittedPlaylists(db, campaignId);
    const layouts = await uncommittedLayouts(db, campaignId);
    if (uncommitted.length) {
      // `layouts` only when some are uncommitted too: the answer is otherwise as it always was.
      return reply.code(409).send({ detail: 'Uncommited playlists found!', code: 'uncommitted_playlists', playlists: uncommitted, ...(layouts.length ? { layouts } : {}) });
    }
    if (layouts.length) {
      return reply.code(409).send({ detail: 'Uncommitted layouts found!', code: 'uncommitted_layouts', playlists: [], layouts });
    }
    // The screens that come through smart groups are brought up to date first (issue 41).
    await syncSmartCampaigns(db, { campaign: campaignId });
    const published = await publishCampaign(db, campaignId);
    const compiled = await compileQueued(db, published.devices, request.log);
    const { screens, via_smart_groups } = await campaignScreens(db, campaignId);
    await journal(request, 'publish', 'campaign', campaignId, { events: published.events, devices: compiled.devices, changed: compiled.changed.length, queued: compiled.queued });
    await emitQuietly(db, request.log, 'campaign.published', company, { campaign: campaignId, events: published.events, devices: compiled.devices, published_at: published.publishedAt });
    const result: PublishResult = {
      campaign: campaignId,
      events: published.events,
      devices: compiled.devices,
      changed: compiled.changed.length,
      queued: compiled.queued,
      published_at: published.publishedAt,
      screens,
      via_smart_groups,
      warnings: compiled.queued
        ? // Compiled after the answer (issue 35.20): what its compile will find, reckoned now as the preview does.
          (await warningsFor(db, await publishedTargets(db, campaignId))).map(({ screens: _, ...w }) => w)
        : [
            ...(await campaignWaits(db, campaignId)),
            // A file every screen of it failed to decode is flagged too (issue 35): it plays nowhere, though nothing waits;
            // and one past its end or ending before an event that shows it (issue 42).
            ...(await warningsFor(db, await publishedTargets(db, campaignId)))
              .filter((w) => w.reason === 'decode_failed' || w.reason === 'expired' || w.reason === 'expires')
              .map(({ screens: _, ...w }) => w),
          ],
    };
    return result;
  });

  // Before the operator confirms (issue 35): what publishing the campaign as it is now would leave unplayable, written nowhere.
  app.get('/scheduler/publish/:campaignId/preview/', asUser, async (request): Promise<Preflight> => {
    const campaignId = idParam(request, 'campaignId');
    const scope = await edit(request);
    const company = await campaignCompany(db, campaignId);
    if (company === undefined || !isVisible(scope, company)) throw notFound('Campaign');
    const targets = await campaignTargets(db, campaignId);
    return {
      devices: new Set(targets.map((t) => t.device)).size,
      warnings: await warningsFor(db, targets),
      uncommitted: await uncommittedPlaylists(db, campaignId),
      uncommitted_layouts: await uncommittedLayouts(db, campaignId),
    };
  });

  /*
   * The timeline: many devices' compiled items for one day in one request. Items are parsed once per content hash (the
   * same cache key as dev2's text) and cut to the day per request.
   */
  const parsedCache = new Map<string, ScheduleItem[]>();
  async function parsedItems(hash: string): Promise<ScheduleItem[]> {
    const cached = parsedCache.get(hash);
    if (cached) return cached;
    const text = await itemsOf(hash);
    // Gone meanwhile (compiled again): the row shows nothing until the next read.
    if (text === undefined) return [];
    const items = JSON.parse(text) as ScheduleItem[];
    if (parsedCache.size >= ITEMS_CACHE_ENTRIES) parsedCache.delete(parsedCache.keys().next().value!);
    parsedCache.set(hash, items);
    return items;
  }

  // The event form's pickers, searched here instead of a first page listed in the browser (a campaign may hold 10,000
  // devices). POST: the chosen ids travel in the body, listed first (or alone with only_chosen).
  app.post('/scheduler/options/:campaignId/', asUser, async (request) => {
    const campaignId = idParam(request, 'campaignId');
    const scope = await areaScope(ctx, request, 'campaigns', 'view');
    const body = parse(EventOptionsBody, request.body);
    const company = await campaignCompany(db, campaignId);
    if (company === undefined || !isVisible(scope, company)) throw notFound('Campaign');
    const position = (await campaignPosition(db, campaignId))!;
    return eventOptions(db, {
      kind: body.kind,
      campaign: campaignId,
      position,
      search: body.search,
      chosen: body.chosen ?? [],
      onlyChosen: body.only_chosen ?? false,
      matchIds: body.match_ids ?? false,
      limit: body.page_size ?? EVENT_OPTIONS_PAGE,
      companies: scope.companies,
    });
  });

  app.get('/scheduler/timeline/', asUser, async (request) => {
    const query = parse(TimelineQuery, request.query);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const scope = await areaScope(ctx, request, 'devices', 'view');
    if (query.campaign) {
      const campaign = await findCampaign(db, query.campaign);
      assertVisible(scope, campaign ? (campaign.company ?? null) : undefined, 'Campaign');
    }
    // Status comes from last_connection: heartbeats this instance answered but has not written yet go first.
    await ctx.contacts.flush();
    const { total, rows } = await listDevices(
      db,
      { office: query.office, status: query.status, campaign: query.campaign ? { id: query.campaign, member: true } : undefined, companies: scope.companies },
      paging.pageSize,
      paging.offset,
    );
    const pointers = await storedPointers(db, rows.map((row) => row.device.id));
    const dayStart = `${query.date}T00:00`;
    const dayEnd = `${query.date}T24:00`;
    const results: TimelineRow[] = [];
    for (const row of rows) {
      const pointer = pointers.get(row.device.id);
      const items = pointer?.hash ? await parsedItems(pointer.hash) : [];
      results.push({
        device: { id: row.device.id, name: row.device.name, sn: row.device.sn, office_name: row.officeName, status: row.status },
        version: pointer?.version ?? 0,
        timezone: pointer?.timezone ?? serverTimeZone(),
        items: items.filter((item) => item.local_start < dayEnd && item.local_end > dayStart),
      });
    }
    return pageOf(request.url, paging, total, results);
  });

  // The stored schedules of the dev2 requests that arrive together, read in one statement (each read begins after its
  // request asked): after a publish or an override every screen it reaches asks at once.
  const readStored = batcher(
    async (ids: number[]) => {
      const found = await storedSchedules(db, ids);
      return ids.map((id) => found.get(id));
    },
    String,
    256,
  );
  /**
   * The compiled schedule: for a signed-in user, or for the device's own player (`X-Device-Serial` and
   * `X-Device-Key` headers). Read from storage; a device queued for compiling is compiled first. Never an older version
   * than a read before (versions only move up, the pointer with them in one transaction), never the items of another
   * version than the one answered, and never the empty schedule of a device whose first schedule is being compiled.
   */
  app.get('/scheduler/dev2/:id', { preHandler: authenticatePlayerOrUser(ctx) }, async (request: FastifyRequest, reply: FastifyReply) => {
    const id = idParam(request);
    // A user reads the schedule of a device of their scope only (404 otherwise); a player its own (the preHandler).
    // The device's company comes with the stored schedule (one read): the full device row cost about 9 ms a request.
    const scope = request.user ? await areaScope(ctx, request, 'devices', 'view') : undefined;
    let stored: StoredSchedule | undefined = await readStored(id);
    if (scope) assertVisible(scope, stored?.companyId, 'Device');
    if (stored?.queued) {
      // Another compile (an instance's compiler) may hold the device: this one stores over it, being the later.
      const heldElsewhere = stored.taken;
      const compiled = await compileIfQueued(db, id, request.log);
      stored = await readStored(id);
      // Its first schedule is on its way but this compile failed (issue 35.21): nothing stored is not "nothing to
      // play", so no empty schedule; the player asks again (a device with a stored schedule gets that one).
      if (!compiled && heldElsewhere && stored && stored.hash === null) {
        reply.header('Retry-After', '1');
        throw new ApiError(503, 'schedule_compiling', "The device's first schedule is being compiled. Try again in a second.");
      }
    }
    if (!stored) throw notFound('Device');
    let items = stored.hash ? await itemsOf(stored.hash) : '[]';
    if (items === undefined) {
      // Compiled again since the read, its items gone: the pointer and its items in one statement (never '[]' for them).
      stored = await storedSchedule(db, id, true);
      if (!stored) throw notFound('Device');
      items = stored.items ?? '[]';
      if (stored.hash && stored.items) keepItems(stored.hash, stored.items);
    }
    const timezone = stored.timezone ?? stored.officeTimezone ?? serverTimeZone();
    const head = JSON.stringify({ device: id, version: stored.version, timezone, generated_at: stored.generatedAt, valid_until: stored.validUntil });
    // The items are stored as the JSON text they are answered with.
    // `power` (issue 41): the screen's on spans in the window as stored with the items' hash (null: always on).
    return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"power":${stored.power ?? 'null'},"items":${items}}`);
  });
}
