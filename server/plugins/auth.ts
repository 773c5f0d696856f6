import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { ApiError, forbidden, unauthorized } from '../errors.ts';
import { familyIsOpen } from '../auth/tokens.ts';
import { tokenIsCurrent, type CachedApiToken } from '../caches.ts';
import { API_TOKEN_PREFIX, verifyApiToken } from '../auth/apiTokens.ts';
import { requestContext } from '../requestContext.ts';
import { enrolRequirementSql, isHeld } from '../auth/twoFactor.ts';
import type { AppContext } from '../context.ts';

export interface AuthUser {
  id: number;
  isAdmin: boolean;
  /** The refresh family (session) of the access token; absent in tokens older than migration 0008. */
  family?: string;
  /** The API token the request presented instead of a session's access token (issue 40): its rights bound the user's. */
  apiToken?: CachedApiToken;
  /** How the session began (the access token's `sim`): 'oidc' sessions are exempt from a company's two-factor requirement. */
  signInMethod?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The administrator is user 1: the only one who gets the Directory and manages other accounts. */
export const ADMIN_USER_ID = 1;

/** preHandler: requires `Authorization: JWT <access>` of an active user, or `Token <API token>` (Bearer for either). */
export function requireUser(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^(JWT|Bearer|Token)\s+(\S+)$/.exec(header);
    if (!match) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
    if (match[1] === 'Token' || (match[1] === 'Bearer' && match[2]!.startsWith(API_TOKEN_PREFIX))) {
      // An API token (issue 40): never the administrator's powers (users, Directory), only the areas it was given.
      const apiToken = await verifyApiToken(ctx.db, ctx.activeUsers, match[2]!);
      // A user their company holds until they enrol: their tokens are refused the same way (never a way around it).
      if (apiToken.held) throw twoFactorRequired();
      request.user = { id: apiToken.userId, isAdmin: false, apiToken };
      const store = requestContext.getStore();
      if (store) store.apiToken = { id: apiToken.id, name: apiToken.name };
      return;
    }
    const payload = await ctx.tokens.verifyAccess(match[2]!);
    const generation = payload.gen ?? 0;
    // The user was found active at most CACHE_TTL_MS ago (a change through this instance drops the entry at once).
    let current = ctx.activeUsers.accepts(payload.user_id, generation, payload.fid);
    let enrol = ctx.activeUsers.enrolRequirement(payload.user_id);
    if (current === undefined) {
      const read = ctx.activeUsers.begin();
      const [row] = await ctx.db
        .select({ id: users.id, isActive: users.isActive, generation: users.tokenGeneration, keptFamily: users.keptFamily, enrol: enrolRequirementSql(sql`"users"."id"`) })
        .from(users)
        .where(eq(users.id, payload.user_id));
      if (!row || !row.isActive) throw unauthorized('user_inactive', 'User is inactive or deleted.');
      const session = { generation: row.generation, keptFamily: row.keptFamily, enrol: row.enrol ?? 'none' };
      ctx.activeUsers.confirm(row.id, read, session);
      enrol = session.enrol;
      current = tokenIsCurrent(session, generation, payload.fid);
    }
    // A password change or deactivation since the token was minted ended its session.
    if (!current) throw unauthorized('token_revoked', 'The session has ended: sign in again.');
    // So did a logout or a refresh-token reuse: its refresh family is revoked.
    if (payload.fid !== undefined && !ctx.activeUsers.familyOpen(payload.fid)) {
      const read = ctx.activeUsers.beginFamily();
      if (!(await familyIsOpen(ctx.db, payload.fid))) throw unauthorized('token_revoked', 'The session has ended: sign in again.');
      ctx.activeUsers.confirmFamily(payload.fid, read);
    }
    // A company requiring two-factor codes: a user without one may only enrol, read their profile and sign out (a
    // session opened through single sign-on is exempt, the provider enforcing its own, unless the company says otherwise).
    if (isHeld(enrol, payload.sim) && !openToUnenrolled(request)) throw twoFactorRequired();
    request.user = { id: payload.user_id, isAdmin: payload.user_id === ADMIN_USER_ID, family: payload.fid, signInMethod: payload.sim };
  };
}

const twoFactorRequired = () => new ApiError(403, 'two_factor_required', 'Your company requires two-factor codes: set them up on your profile first.');

/** The routes a user who must enrol may still call: their profile (read), the two-factor routes. Logout takes no access token. */
function openToUnenrolled(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return url.includes('/profile/two-factor/') || (request.method === 'GET' && url.endsWith('/users/profile/'));
}

/** preHandler to chain after requireUser: only user 1. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user?.isAdmin) throw forbidden();
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
  return request.user;
}

/** preHandler to chain after requireUser: a signed-in session, not an API token (tokens cannot make or see tokens). */
export async function requireSession(request: FastifyRequest) {
  if (request.user?.apiToken) throw new ApiError(403, 'session_required', 'This needs a signed-in session, not an API token.');
}
