import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boolean, coerce, enums, optional, string, type } from 'superstruct';
import writeXlsxFile from 'write-excel-file/node';
import {
  CAMPAIGN_SIDES,
  CampaignCreateBody,
  CampaignDevicesBody,
  CampaignListQuery,
  CampaignMatchBody,
  CampaignReportQuery,
  CampaignUpdateBody,
  MAX_REPORT_DAYS,
  MultiplyBody,
  periodDays,
  REPORT_HEADERS,
  REPORT_SHEET,
  REPORT_WIDTHS,
  type CampaignSide,
} from '../../src/services/schemas/campaigns.ts';
import { BoundedIdParam, DeviceListQuery, normalizeMac } from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import {
  campaignDeviceCounts,
  campaignDeviceSources,
  campaignPosition,
  campaignScreens,
  campaignReport,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  listCampaigns,
  matchDevices,
  mediaUsageOfCampaigns,
  multiplyCampaign,
  analyzeAfterLargeChange,
  saveCampaignDevices,
  updateCampaign,
} from '../db/campaigns.ts';
import { devicesOutside, listDevicesJson } from '../db/devices.ts';
import { campaignSmartGroups, findSmartGroup, setCampaignSmartGroups, syncSmartCampaigns } from '../db/smartGroups.ts';
import type { SmartGroupRule } from '../../src/services/schemas/smartGroups.ts';
import { campaignPlaysByDay } from '../db/plays.ts';
import { statisticsTimeZone, withPlays } from '../domain/statistics.ts';
import { areaScope, assertVisible, isVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { mediaUsageProviders } from '../media/usage.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

const CampaignSideParam = optional(enums(CAMPAIGN_SIDES));
const WithIdsParam = optional(coerce(boolean(), string(), (value) => value === '1' || value === 'true'));
const SIDE_FILTERS = ['search', 'status', 'schedule', 'type', 'company', 'office', 'page', 'page_size'] as const;

function idParam(request: FastifyRequest): number {
  return parse(type({ id: BoundedIdParam }), request.params).id;
}

const positionMismatch = (ids: number[]) =>
  badRequest('position_mismatch', 'Device and campaign screen position must match.', Object.fromEntries(ids.map((id) => [`devices.${id}`, 'position_mismatch'])));

/** The query of one side: its prefixed parameters (`available_search`) over the shared ones (`search`). */
function sideQuery(query: Record<string, unknown>, side: CampaignSide): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const key of SIDE_FILTERS) {
    const value = query[`${side}_${key}`] ?? query[key];
    if (value !== undefined) own[key] = value;
  }
  return own;
}

/** A page link that moves only this side's page. */
function sideLink(url: string, side: CampaignSide, page: number, pageSize: number): string {
  const target = new URL(url, 'http://local');
  target.searchParams.set(`${side}_page`, String(page));
  target.searchParams.set(`${side}_page_size`, String(pageSize));
  return `${target.pathname}${target.search}`;
}

export default async function campaignRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  if (!mediaUsageProviders.includes(mediaUsageOfCampaigns)) mediaUsageProviders.push(mediaUsageOfCampaigns);

  app.addHook('preHandler', requireUser(ctx));
  // Device status comes from last_connection: heartbeats this instance answered but has not written yet go first.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && request.url.includes('/devices')) await ctx.contacts.flush();
  });

  /** The campaign, when it exists and the scope (when given) holds its company: 404 otherwise. */
  const answer = async (id: number, scope?: Scope) => {
    const campaign = await findCampaign(db, id);
    if (!campaign) throw notFound('Campaign');
    if (scope) assertVisible(scope, campaign.company ?? null, 'Campaign');
    return campaign;
  };
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'campaigns', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'campaigns', 'edit');
  const userOf = (request: FastifyRequest) => currentUser(request).id;

  app.get('/campaigns/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const scope = await view(request);
    const filter = parse(CampaignListQuery, request.query);
    const { total, rows } = await listCampaigns(db, { ...filter, companies: scope.companies }, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.post('/campaigns/create/', async (request, reply) => {
    const scope = await edit(request);
    const body = parse(CampaignCreateBody, request.body);
    const companyId = await ownerCompany(ctx, scope, body.company);
    const id = await insertCampaign(db, { name: body.name.trim(), screenPosition: body.screen_position ?? 'unknown', companyId });
    await record(db, { userId: userOf(request), action: 'create', entity: 'campaign', entityId: id, detail: { name: body.name.trim() } });
    return reply.code(201).send(await answer(id));
  });

  app.get('/campaigns/:id', async (request) => answer(idParam(request), await view(request)));

  app.put('/campaigns/:id', async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    const body = parse(CampaignUpdateBody, request.body);
    const previous = await answer(id, scope);
    const outcome = await updateCampaign(db, id, { name: body.name?.trim(), screenPosition: body.screen_position });
    if (outcome === 'not_found') throw notFound('Campaign');
    if (outcome === 'has_devices') {
      throw conflict('campaign_has_devices', 'A campaign with devices cannot change its screen position.', { screen_position: 'campaign_has_devices' });
    }
    const fields = Object.keys(body).filter((key) => key !== 'user');
    const after = await answer(id);
    await record(db, { userId: userOf(request), action: 'update', entity: 'campaign', entityId: id, detail: { fields }, before: previous, after, fields: ['name', 'screen_position'] });
    return after;
  });

  app.delete('/campaigns/:id', async (request, reply) => {
    const id = idParam(request);
    await answer(id, await edit(request));
    if (!(await deleteCampaign(db, id))) throw notFound('Campaign');
    await record(db, { userId: userOf(request), action: 'delete', entity: 'campaign', entityId: id });
    return reply.code(204).send();
  });

  // Both sides of the campaign-devices page, each a page of the device list with its own filters (see sideQuery).
  app.get('/campaigns/:id/devices/', async (request, reply) => {
    const id = idParam(request);
    const scope = await view(request);
    // The administrator's page needs no extra read: the counts below answer 404 for an absent campaign.
    if (scope.companies) await answer(id, scope);
    const query = request.query as Record<string, unknown>;
    const side = parse(type({ side: CampaignSideParam, with_ids: WithIdsParam }), query);
    const sides = side.side ? [side.side] : CAMPAIGN_SIDES;
    const requests = sides.map((name) => {
      const own = sideQuery(query, name);
      const filter = parse(DeviceListQuery, own);
      const unfiltered = Object.entries(filter).every(([key, value]) => key === 'page' || key === 'page_size' || value === undefined || value === '');
      return { name, paging: pageRequest(own), filter, unfiltered };
    });
    // Without filters, a side's size comes from index counts (see campaignDeviceCounts); the page still from the devices.
    const counts = await campaignDeviceCounts(db, id, {
      withIds: side.with_ids ?? false,
      withAvailable: requests.some((request) => request.name === 'available' && request.unfiltered),
    });
    if (!counts) throw notFound('Campaign');
    const parts: string[] = [];
    for (const { name, paging, filter, unfiltered } of requests) {
      const member = name === 'participating';
      const known = !unfiltered ? undefined : member ? counts.participating : counts.available!;
      const { total, size, json } = await listDevicesJson(
        db,
        { ...filter, campaign: { id, member }, companies: scope.companies, ...(member ? {} : { position: counts.position }) },
        paging.pageSize,
        paging.offset,
        app.prefix,
        known,
      );
      const next = paging.offset + size < total ? sideLink(request.url, name, paging.page + 1, paging.pageSize) : null;
      const previous = paging.page > 1 ? sideLink(request.url, name, paging.page - 1, paging.pageSize) : null;
      parts.push(`"${name}":{"count":${total},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${json}}`);
    }
    if (counts.ids) parts.push(`"participating_ids":${JSON.stringify(counts.ids)}`);
    // Issue 41: the smart groups the campaign targets, and for the participating page's devices how each takes part.
    const participating = parts.find((part) => part.startsWith('"participating":'));
    if (participating) {
      const pageIds = [...participating.matchAll(/\{"id" ?: ?(\d+),/g)].map((match) => Number(match[1]));
      parts.push(`"smart_groups":${JSON.stringify(await campaignSmartGroups(db, id))}`);
      parts.push(`"sources":${JSON.stringify(await campaignDeviceSources(db, id, pageIds))}`);
    }
    return reply.type('application/json; charset=utf-8').send(`{${parts.join(',')}}`);
  });

  app.put('/campaigns/:id/devices/', async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    await answer(id, scope);
    const body = parse(CampaignDevicesBody, request.body);
    // Another company's device is "unknown", like an absent one.
    const foreign = await devicesOutside(db, body.devices, scope.companies);
    if (foreign.length) throw badRequest('unknown_device', 'Some devices do not exist.', Object.fromEntries(foreign.map((device) => [`devices.${device}`, 'not_found'])));
    const groups = body.smart_groups === undefined ? undefined : [...new Set(body.smart_groups)];
    for (const [index, group] of (groups ?? []).entries()) {
      const found = await findSmartGroup(db, group);
      if (!found || !isVisible(scope, found.company)) throw badRequest('unknown_smart_group', 'Some smart groups do not exist.', { [`smart_groups.${index}`]: 'not_found' });
      // Online status changes with every heartbeat: a campaign's screens (and their schedules) would follow it.
      if ((found.rule as SmartGroupRule).status) {
        throw badRequest('smart_group_status_rule', 'A campaign cannot target a smart group with an online status rule.', { [`smart_groups.${index}`]: 'status_rule' });
      }
    }
    const outcome = await saveCampaignDevices(db, id, body.devices);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound('Campaign');
      if (outcome.reason === 'position_mismatch') throw positionMismatch(outcome.ids);
      throw badRequest('unknown_device', 'Some devices do not exist.', Object.fromEntries(outcome.ids.map((device) => [`devices.${device}`, 'not_found'])));
    }
    if (groups) await setCampaignSmartGroups(db, id, groups);
    const synced = await syncSmartCampaigns(db, { campaign: id });
    const { ok: _ok, ...picked } = outcome;
    const saved = { ...picked, added: picked.added + synced.joined, removed: picked.removed + synced.left };
    const targeted = (await campaignSmartGroups(db, id)).map((group) => group.id);
    const { screens } = await campaignScreens(db, id);
    analyzeAfterLargeChange(db, saved.added + saved.removed, (error) => request.log.warn({ err: error }, 'ANALYZE of campaign_devices failed'));
    await record(db, { userId: userOf(request), action: 'update_devices', entity: 'campaign', entityId: id, detail: { ...saved, smart_groups: targeted, screens } });
    return { campaign: id, ...saved, smart_groups: targeted, screens };
  });

  // Spreadsheet import: which devices the cells name (by serial number or MAC address). Reads only.
  app.post('/campaigns/:id/devices/match/', async (request) => {
    const id = idParam(request);
    const scope = await view(request);
    await answer(id, scope);
    const body = parse(CampaignMatchBody, request.body);
    const position = await campaignPosition(db, id);
    if (!position) throw notFound('Campaign');
    const serials = body.values.map((value) => value.trim());
    const matched = await matchDevices(db, serials, serials.map(normalizeMac));
    // Devices outside the scope are not found, as if absent.
    const outside = new Set(await devicesOutside(db, [...new Set(matched.flatMap((device) => (device ? [device.id] : [])))], scope.companies));
    const found = matched.map((device) => (device && outside.has(device.id) ? null : device));
    const devices = new Map<number, NonNullable<(typeof found)[number]>>();
    const unmatched: number[] = [];
    const mismatched: number[] = [];
    found.forEach((device, index) => {
      if (!device) unmatched.push(index);
      else if (device.position !== position) mismatched.push(index);
      else devices.set(device.id, device);
    });
    return { devices: [...devices.values()], unmatched, mismatched };
  });

  app.post('/campaigns/:id/multiply/', async (request) => {
    const id = idParam(request);
    const scope = await edit(request);
    await answer(id, scope);
    const body = parse(MultiplyBody, request.body);
    // Target campaigns outside the scope are unknown, as if absent.
    for (const target of new Set(body.campaigns)) {
      const campaign = target === id ? true : await findCampaign(db, target);
      if (campaign !== true && campaign && !isVisible(scope, campaign.company ?? null)) {
        throw badRequest('unknown_campaign', 'Some target campaigns do not exist.', { campaigns: 'not_found' });
      }
    }
    const outcome = await multiplyCampaign(db, id, body.campaigns);
    if (!outcome.ok) {
      if (outcome.reason === 'same_campaign') throw badRequest('same_campaign', 'A campaign cannot be multiplied into itself.', { campaigns: 'same_campaign' });
      if (outcome.reason === 'position_mismatch') {
        throw badRequest('position_mismatch', 'Device and campaign screen position must match.', { campaigns: 'position_mismatch' });
      }
      if (outcome.ids.includes(id)) throw notFound('Campaign');
      throw badRequest('unknown_campaign', 'Some target campaigns do not exist.', { campaigns: 'not_found' });
    }
    analyzeAfterLargeChange(db, outcome.results.reduce((sum, result) => sum + result.added, 0), (error) => request.log.warn({ err: error }, 'ANALYZE of campaign_devices failed'));
    await record(db, { userId: userOf(request), action: 'multiply', entity: 'campaign', entityId: id, detail: { results: outcome.results } });
    return { results: outcome.results };
  });

  app.get('/campaigns/:id/report/', async (request, reply) => {
    const id = idParam(request);
    const query = parse(CampaignReportQuery, request.query);
    const days = periodDays(query.from, query.to);
    if (days < 1) throw badRequest('invalid_period', 'The period starts after it ends.', { from: 'after_to' });
    if (days > MAX_REPORT_DAYS) throw badRequest('period_too_long', `The period is longer than ${MAX_REPORT_DAYS} days.`, { to: 'out_of_range' });
    const scope = await view(request);
    const campaign = await answer(id, scope);
    const rows = withPlays(await campaignReport(db, id, query.from, query.to, scope.companies), await campaignPlaysByDay(db, id, query.from, query.to, statisticsTimeZone(), scope.companies));
    const lang = query.lang ?? 'en';
    // Like every export: a bold header row kept in view (frozen), real dates, the sheet named in the reader's language.
    const data = [
      REPORT_HEADERS[lang].map((value) => ({ value, fontWeight: 'bold' as const })),
      ...rows.map((row) => [
        row.sn,
        row.name,
        row.office ?? '',
        { value: new Date(`${row.day}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' },
        Number(row.events),
        row.titles,
        Number(row.minutes),
        row.plays,
        row.playedMinutes,
      ]),
    ];
    const columns = REPORT_WIDTHS.map((width) => ({ width }));
    const buffer = await writeXlsxFile(data as never, { sheet: REPORT_SHEET[lang], columns, stickyRowsCount: 1 }).toBuffer();
    const file = `campaign-${campaign.id}-${query.from}-${query.to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(buffer);
  });
}
