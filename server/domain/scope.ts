/*
 * Access scopes (issue 12): which companies' data a signed-in user sees, and what they may do in each area.
 *
 * User 1 (the administrator) sees every company and may do everything. Anyone else gets the union of their groups:
 * the companies of all their groups, and per area the highest permission any of their groups grants
 * (none < view < edit). A user without groups sees nothing. The server enforces it on every route; the SPA only
 * hides what a user may not use (GET /users/profile/ answers `access`).
 *
 * How a route applies it (copy this for a new route):
 *
 *   import { areaScope, assertVisible, companyCondition, ownerCompany } from '../domain/scope.ts';
 *
 *   // 1. Load the caller's scope and check the area: 403 `forbidden` when the permission is below what the route
 *   //    needs ('view' for reads, 'edit' for writes). Call it first in the handler (after requireUser).
 *   const scope = await areaScope(ctx, request, 'campaigns', 'edit');
 *
 *   // 2. Lists: add the company condition to the SQL (undefined for the administrator: no filter).
 *   const where = and(filters, companyCondition(scope, campaigns.companyId));
 *   //    (or scope.companies: null for every company, else the ids, for hand-written SQL)
 *
 *   // 3. One object by id: load it, then assertVisible with its owning company (null = no company: only the
 *   //    administrator sees it). Another company's id answers 404 exactly like an absent one, so ids leak nothing.
 *   const row = await findCampaign(db, id);
 *   assertVisible(scope, row?.companyId, 'Campaign');           // 404 when absent or foreign
 *
 *   // 4. Creates: the owning company is the caller's (their only or lowest-numbered company); the administrator,
 *   //    or a user with several companies, may name one in the body (`company`); a company outside the scope is 400.
 *   const companyId = await ownerCompany(ctx, scope, body.company);
 *
 *   // 5. References in a body (a device in a campaign, a media file in a playlist): load and assertVisible each, or
 *   //    filter the ids with companyCondition, so a foreign id is treated as absent.
 *
 * Statistics and reports read the 'statistics' area and filter by company like lists. Player routes (a device's
 * serial and key) have no user scope.
 */
import type { FastifyRequest } from 'fastify';
import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AREAS, LEVELS, type Area, type Level, type Permissions } from '../../src/services/schemas/groups.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { ADMIN_USER_ID, currentUser } from '../plugins/auth.ts';
import { CACHE_TTL_MS } from '../caches.ts';

export { AREAS, type Area, type Level };

export interface Scope {
  userId: number;
  /** The administrator: every company, every area. */
  admin: boolean;
  /** Companies whose data the user sees, ascending; null for every company (the administrator). */
  companies: readonly number[] | null;
  permissions: Permissions;
}

const rank = (level: Level) => LEVELS.indexOf(level);
const EDIT_ALL: Permissions = { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'edit', company: 'edit' };
const NONE: Permissions = { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' };

/** The union of groups: every company of any group, and the highest level per area. */
export function unionOfGroups(userId: number, groups: { companies: readonly number[]; permissions: Permissions }[]): Scope {
  if (userId === ADMIN_USER_ID) return { userId, admin: true, companies: null, permissions: EDIT_ALL };
  const companies = new Set<number>();
  const permissions: Permissions = { ...NONE };
  for (const group of groups) {
    for (const id of group.companies) companies.add(id);
    for (const area of AREAS) if (rank(group.permissions[area]) > rank(permissions[area])) permissions[area] = group.permissions[area];
  }
  return { userId, admin: false, companies: [...companies].sort((a, b) => a - b), permissions };
}

type ScopeRow = { devices: Level; media: Level; playlists: Level; campaigns: Level; statistics: Level; company: Level; companies: number[] | string };

/** Reads a user's groups (one statement) and unites them. */
export async function loadScope(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Scope> {
  if (userId === ADMIN_USER_ID) return unionOfGroups(userId, []);
  const result = (await ctx.db.execute(sql`
    SELECT g.perm_devices AS devices, g.perm_media AS media, g.perm_playlists AS playlists, g.perm_campaigns AS campaigns,
           g.perm_statistics AS statistics, g.perm_company AS company,
           ARRAY(SELECT c.company_id FROM user_group_companies c WHERE c.group_id = g.id) AS companies
    FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
    WHERE m.user_id = ${userId}
  `)) as unknown as { rows: ScopeRow[] };
  return unionOfGroups(
    userId,
    result.rows.map((row) => ({
      companies: parseIntArray(row.companies),
      permissions: { devices: row.devices, media: row.media, playlists: row.playlists, campaigns: row.campaigns, statistics: row.statistics, company: row.company },
    })),
  );
}

/** node-postgres and PGlite both parse int[]; a text form ("{1,2}") is read too. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

const SCOPE = Symbol('scope');
type ScopedRequest = FastifyRequest & { [SCOPE]?: Promise<Scope> };

/**
 * Scopes read from the database, per database handle (one per server instance), each trusted for CACHE_TTL_MS like
 * the active-user cache (server/caches.ts): a change of groups or memberships through this instance drops them all at
 * once (forgetScopes); one made through another instance is seen here within that bound. It saves the device list of a
 * scoped user a round trip per page.
 */
const cachedScopes = new WeakMap<object, Map<number, { until: number; scope: Promise<Scope> }>>();
let scopeGeneration = 0;

/** Groups or a user's memberships changed: every cached scope of this process is dropped. */
export function forgetScopes(): void {
  scopeGeneration += 1;
}

function cachedScope(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Scope> {
  let cache = cachedScopes.get(ctx.db);
  if (!cache) cachedScopes.set(ctx.db, (cache = new Map()));
  const now = Date.now();
  const entry = cache.get(userId);
  if (entry && entry.until > now && (entry as { generation?: number }).generation === scopeGeneration) return entry.scope;
  const scope = loadScope(ctx, userId);
  const generation = scopeGeneration;
  const fresh = { until: now + CACHE_TTL_MS, scope, generation };
  cache.set(userId, fresh);
  scope.catch(() => cache.delete(userId));
  if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  return scope;
}

/** The caller's scope, read once per request (and shared for CACHE_TTL_MS between requests, see cachedScopes). */
export function scopeOf(ctx: Pick<AppContext, 'db'>, request: FastifyRequest): Promise<Scope> {
  const scoped = request as ScopedRequest;
  const userId = currentUser(request).id;
  const apiToken = request.user?.apiToken;
  scoped[SCOPE] ??= (userId === ADMIN_USER_ID ? Promise.resolve(unionOfGroups(userId, [])) : cachedScope(ctx, userId)).then((scope) =>
    apiToken ? boundedBy(scope, apiToken.permissions) : scope,
  );
  return scoped[SCOPE];
}

/** A scope whose rights are at most `permissions` per area (an API token's, issue 40): the lower of the two levels. */
export function boundedBy(scope: Scope, permissions: Partial<Record<string, Level>>): Scope {
  const bounded = { ...scope.permissions };
  for (const area of AREAS) if (rank(permissions[area] ?? 'none') < rank(bounded[area])) bounded[area] = permissions[area] ?? 'none';
  return { ...scope, permissions: bounded };
}

export function can(scope: Scope, area: Area, needed: Exclude<Level, 'none'>): boolean {
  return rank(scope.permissions[area]) >= rank(needed);
}

/** The caller's scope, after checking they hold at least `needed` in `area` (else 403 `forbidden`). */
export async function areaScope(ctx: Pick<AppContext, 'db'>, request: FastifyRequest, area: Area, needed: Exclude<Level, 'none'>): Promise<Scope> {
  const scope = await scopeOf(ctx, request);
  if (!can(scope, area, needed)) {
    throw forbidden(needed === 'edit' ? `You may not change ${area} data.` : `You may not see ${area} data.`);
  }
  return scope;
}

/** Whether an object owned by `companyId` (null: no company) is inside the scope. */
export function isVisible(scope: Scope, companyId: number | null | undefined): boolean {
  if (scope.companies === null) return true;
  return companyId != null && scope.companies.includes(companyId);
}

/** 404 for an absent object (undefined) and for one outside the scope alike: ids of other companies leak nothing. */
export function assertVisible(scope: Scope, companyId: number | null | undefined, entity = 'Object'): void {
  if (companyId === undefined || !isVisible(scope, companyId)) throw notFound(entity);
}

/** The SQL condition "owned by a company of the scope" on a company column; undefined (no condition) for the administrator. */
export function companyCondition(scope: Scope, column: SQLWrapper): SQL | undefined {
  if (scope.companies === null) return undefined;
  if (scope.companies.length === 0) return sql`false`;
  return inArray(column as Parameters<typeof inArray>[0], scope.companies as number[]);
}

/** The same for hand-written SQL: `column` in `companies`, or true when `companies` is null or absent (every company). */
export function inCompanies(column: SQL, companies: readonly number[] | null | undefined): SQL {
  if (!companies) return sql`true`;
  if (!companies.length) return sql`false`;
  return sql`${column} IN (${sql.join(companies.map((id) => sql`${id}`), sql`, `)})`;
}

/**
 * The owning company of a new object: the one named (it must be in the scope and exist), else the caller's lowest
 * company; the administrator's objects without a named company belong to no company (null).
 */
export async function ownerCompany(ctx: Pick<AppContext, 'db'>, scope: Scope, requested: number | null | undefined): Promise<number | null> {
  if (requested != null) {
    if (!isVisible(scope, requested) || !(await companyExists(ctx, requested))) {
      throw badRequest('unknown_company', 'The company does not exist.', { company: 'not_found' });
    }
    return requested;
  }
  if (scope.companies === null) return null;
  const first = scope.companies[0];
  if (first === undefined) throw forbidden('You belong to no company.');
  return first;
}

async function companyExists(ctx: Pick<AppContext, 'db'>, id: number): Promise<boolean> {
  const result = (await ctx.db.execute(sql`SELECT 1 FROM companies WHERE id = ${id}`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** What GET /users/profile/ answers in `access`. */
export function accessOf(scope: Scope) {
  return { admin: scope.admin, companies: scope.companies === null ? null : [...scope.companies], permissions: { ...scope.permissions } };
}

/** Objects whose owning company can be looked up by id, for filtering lists that other features build (usage, broadcasts). */
export type OwnedKind = 'playlist' | 'campaign' | 'event' | 'device' | 'layout';

const ownedIdsSql: Record<OwnedKind, (ids: SQL, companies: SQL) => SQL> = {
  playlist: (ids, companies) => sql`SELECT id FROM playlists WHERE id IN (${ids}) AND company_id IN (${companies})`,
  campaign: (ids, companies) => sql`SELECT id FROM campaigns WHERE id IN (${ids}) AND company_id IN (${companies})`,
  layout: (ids, companies) => sql`SELECT id FROM layouts WHERE id IN (${ids}) AND company_id IN (${companies})`,
  // An event is its campaign's; a published copy whose event is gone still names its campaign.
  event: (ids, companies) => sql`
    SELECT ev.id FROM events ev JOIN campaigns c ON c.id = ev.campaign_id WHERE ev.id IN (${ids}) AND c.company_id IN (${companies})
    UNION SELECT pe.id FROM published_events pe JOIN campaigns c ON c.id = pe.campaign_id WHERE pe.id IN (${ids}) AND c.company_id IN (${companies})`,
  device: (ids, companies) => sql`SELECT d.id FROM devices d JOIN offices o ON o.id = d.office_id WHERE d.id IN (${ids}) AND o.company_id IN (${companies})`,
};

/**
 * Of `ids` (of one kind), the ones inside the scope, in one statement. The administrator's scope keeps every id without
 * reading anything; a scope without companies keeps none.
 */
export async function visibleIds(ctx: Pick<AppContext, 'db'>, scope: Scope, kind: OwnedKind, ids: readonly number[]): Promise<Set<number>> {
  if (scope.companies === null) return new Set(ids);
  const wanted = [...new Set(ids)];
  if (!wanted.length || !scope.companies.length) return new Set();
  const list = (values: readonly number[]) => sql.join(values.map((id) => sql`${id}`), sql`, `);
  const result = (await ctx.db.execute(ownedIdsSql[kind](list(wanted), list(scope.companies)))) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** Keeps the references (`{id}`) of one kind that lie inside the scope, in their order. */
export async function keepVisible<T extends { id: number }>(ctx: Pick<AppContext, 'db'>, scope: Scope, kind: OwnedKind, refs: readonly T[]): Promise<T[]> {
  if (scope.companies === null) return [...refs];
  const visible = await visibleIds(ctx, scope, kind, refs.map((ref) => ref.id));
  return refs.filter((ref) => visible.has(ref.id));
}
