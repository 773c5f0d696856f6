import type { FastifyInstance } from 'fastify';
import {
  CompareQuery,
  ENTITY_PATTERN,
  ENTITY_SEARCH_LIMIT,
  EntitySearchQuery,
  MAX_COMPARE_ENTITIES,
  MAX_UNLOAD_DAYS,
  StatisticsQuery,
  UnloadQuery,
  type CompareKind,
} from '../../src/services/schemas/statistics.ts';
import { periodDays } from '../../src/services/schemas/campaigns.ts';
import type { AppContext } from '../context.ts';
import { campaignStatistics, dayStart, entityNames, entitySeries, livePlays, searchEntities, windowHours, type Totals, widgetStatistics } from '../db/plays.ts';
import { findLayout } from '../db/layouts.ts';
import { areaScope, assertVisible, isVisible, type Scope } from '../domain/scope.ts';
import { LIVE_MINUTES, statisticsTimeZone, unloadSheet } from '../domain/statistics.ts';
import { ApiError, badRequest, parse } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';

const sum = (rows: Totals[]): Totals => ({
  plays: rows.reduce((total, row) => total + row.plays, 0),
  seconds: Math.round(rows.reduce((total, row) => total + row.seconds, 0) * 1000) / 1000,
});

/** Every hour of the window, those without plays as zeros. */
function fillHours(all: string[], found: ({ hour: string } & Totals)[]) {
  const byHour = new Map(found.map((row) => [row.hour, row]));
  return all.map((hour) => byHour.get(hour) ?? { hour, plays: 0, seconds: 0 });
}

/** A required query parameter missing answers this before the field-by-field check (spec: "a date and a campaign"). */
function requireParameters(query: Record<string, unknown>, names: string[]) {
  const missing = names.filter((name) => query[name] === undefined || query[name] === '');
  if (missing.length) throw badRequest('statistics_parameters_required', 'Statistics require a date and a campaign.', Object.fromEntries(missing.map((name) => [name, 'required'])));
}

const entityLabel = (kind: CompareKind) => (kind === 'campaign' ? 'Campaign' : kind === 'device' ? 'Device' : 'Media');

/**
 * Each entity's name, or its key in `missing` when it does not exist or its owning company lies outside the caller's
 * scope: the rule every campaign, device and media route applies (server/domain/scope.ts isVisible: a campaign's or
 * media file's own company, a device's office's; no company is the administrator's alone). Plays are then counted only
 * on the caller's devices.
 */
async function scopedNames(ctx: AppContext, scope: Scope, entities: { kind: CompareKind; id: number }[]) {
  const found = await entityNames(ctx.db, entities);
  const names = new Map<string, string>();
  const missing: { kind: CompareKind; id: number; key: string }[] = [];
  for (const entity of entities) {
    const key = `${entity.kind}:${entity.id}`;
    const owner = found.get(key);
    if (owner && isVisible(scope, owner.company)) names.set(key, owner.name);
    else missing.push({ ...entity, key });
  }
  return { names, missing };
}

/** The names of the entities, or 404 for the first that does not exist or lies outside the caller's scope (alike). */
async function visibleNames(ctx: AppContext, scope: Scope, entities: { kind: CompareKind; id: number }[]): Promise<Map<string, string>> {
  const { names, missing } = await scopedNames(ctx, scope, entities);
  if (missing[0]) assertVisible(scope, undefined, entityLabel(missing[0].kind));
  return names;
}

/**
 * The names of the compared entities, or 404 `compare_entity_not_found` naming every one that does not exist or lies
 * outside the caller's scope, each as a field `<kind>:<id>` with `not_found` (the two are not told apart: another
 * company's ids leak nothing). A compare list kept in the browser may hold an entity deleted or moved since: the SPA
 * names it from the list and offers its removal.
 */
async function compareNames(ctx: AppContext, scope: Scope, entities: { kind: CompareKind; id: number }[]): Promise<Map<string, string>> {
  const { names, missing } = await scopedNames(ctx, scope, entities);
  if (missing.length) {
    const keys = missing.map((entity) => entity.key);
    throw new ApiError(404, 'compare_entity_not_found', `Not found: ${keys.join(', ')}.`, Object.fromEntries(keys.map((key) => [key, 'not_found'])));
  }
  return names;
}

export default async function statisticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  /** A layout filter (issue 36): the layout when the caller may see it, 404 otherwise. */
  async function visibleLayout(scope: Scope, id: number | undefined): Promise<number | undefined> {
    if (id === undefined) return undefined;
    const layout = await findLayout(db, id);
    assertVisible(scope, layout ? layout.company : undefined, 'Layout');
    return id;
  }

  app.get('/statistics/', async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const scope = await areaScope(ctx, request, 'statistics', 'view');
    requireParameters(raw, ['campaign', 'date']);
    const query = parse(StatisticsQuery, { period: '24', ...raw });
    const zone = statisticsTimeZone();
    const name = (await visibleNames(ctx, scope, [{ kind: 'campaign', id: query.campaign }])).get(`campaign:${query.campaign}`)!;
    const layout = await visibleLayout(scope, query.layout);
    const [found, hours, widgets] = await Promise.all([
      campaignStatistics(db, query.campaign, query.date, zone, query.period, scope.companies, layout),
      windowHours(db, query.date, zone, query.period),
      widgetStatistics(db, query.campaign, query.date, zone, query.period, scope.companies, layout),
    ]);
    return {
      campaign: { id: query.campaign, name },
      date: query.date,
      period: query.period,
      time_zone: zone,
      total: sum(found.hours),
      hours: fillHours(hours, found.hours),
      devices: found.devices,
      media: found.media,
      widgets,
    };
  });

  app.get('/statistics/compare/', async (request) => {
    const scope = await areaScope(ctx, request, 'statistics', 'view');
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const query = parse(CompareQuery, { period: '24', ...raw });
    const keys = [...new Set(query.entities.split(',').map((key) => key.trim()).filter(Boolean))];
    if (keys.length === 0) throw badRequest('validation_error', 'Name at least one entity to compare.', { entities: 'required' });
    if (keys.length > MAX_COMPARE_ENTITIES) throw badRequest('too_many_entities', `At most ${MAX_COMPARE_ENTITIES} entities can be compared.`, { entities: 'out_of_range' });
    const entities: { kind: CompareKind; id: number }[] = [];
    for (const key of keys) {
      const match = ENTITY_PATTERN.exec(key);
      const id = match ? Number(match[2]) : 0;
      if (!match || id < 1 || id > 2147483647) throw badRequest('validation_error', 'Entities are campaign:<id>, device:<id> or media:<id>.', { entities: 'invalid_format' });
      entities.push({ kind: match[1] as CompareKind, id });
    }
    const zone = statisticsTimeZone();
    const names = await compareNames(ctx, scope, entities);
    const [series, hours] = await Promise.all([
      entitySeries(db, entities, query.date, zone, query.period, scope.companies),
      windowHours(db, query.date, zone, query.period),
    ]);
    return {
      date: query.date,
      period: query.period,
      time_zone: zone,
      series: entities.map(({ kind, id }) => {
        const found = series.get(`${kind}:${id}`) ?? [];
        return { entity: `${kind}:${id}`, kind, id, name: names.get(`${kind}:${id}`)!, total: sum(found), hours: fillHours(hours, found) };
      }),
    };
  });

  app.get('/statistics/unloads/', async (request, reply) => {
    const scope = await areaScope(ctx, request, 'statistics', 'view');
    const query = parse(UnloadQuery, request.query);
    const days = periodDays(query.from, query.to);
    if (days < 1) throw badRequest('invalid_period', 'The period starts after it ends.', { from: 'after_to' });
    if (days > MAX_UNLOAD_DAYS) throw badRequest('period_too_long', `The period is longer than ${MAX_UNLOAD_DAYS} days.`, { to: 'out_of_range' });
    const filters = [
      ...(query.campaign ? [{ kind: 'campaign' as const, id: query.campaign }] : []),
      ...(query.device ? [{ kind: 'device' as const, id: query.device }] : []),
      ...(query.media ? [{ kind: 'media' as const, id: query.media }] : []),
    ];
    if (filters.length) await visibleNames(ctx, scope, filters);
    await visibleLayout(scope, query.layout);
    const zone = statisticsTimeZone();
    const [from, to] = await Promise.all([dayStart(db, query.from, zone), dayStart(db, nextDay(query.to), zone)]);
    const stream = unloadSheet(db, ctx.config.localesDir, { ...query, from, to, zone, companies: scope.companies });
    const file = `statistics-${query.granularity}-${query.from}-${query.to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  /**
   * The statistics pickers' search: campaigns, devices or media of the caller's companies whose text holds `search`,
   * read with the statistics area alone (a user may see a campaign's plays without the campaigns screen).
   */
  app.get('/statistics/entities/', async (request) => {
    const scope = await areaScope(ctx, request, 'statistics', 'view');
    const query = parse(EntitySearchQuery, request.query);
    return searchEntities(db, query.kind, query.search ?? '', scope.companies, query.limit ?? ENTITY_SEARCH_LIMIT);
  });

  app.get('/statistics/live/', async (request, reply) => {
    const scope = await areaScope(ctx, request, 'statistics', 'view');
    const until = new Date();
    const since = new Date(until.getTime() - LIVE_MINUTES * 60_000);
    const live = await livePlays(db, since, scope.companies);
    reply.header('cache-control', 'no-store');
    return { since: since.toISOString(), until: until.toISOString(), time_zone: statisticsTimeZone(), ...live };
  });
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
