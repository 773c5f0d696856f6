import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { AppContext } from '../context.ts';

export interface AuthUser {
  id: number;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The administrator is user 1: the only one who gets the Directory and manages other accounts. */
export const ADMIN_USER_ID = 1;

/** preHandler: requires `Authorization: JWT <access>` of an active user. */
export function requireUser(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^(?:JWT|Bearer)\s+(\S+)$/.exec(header);
    if (!match) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
    const payload = await ctx.tokens.verifyAccess(match[1]!);
    // The user was found active at most CACHE_TTL_MS ago (a deletion through this instance drops the entry at once).
    if (!ctx.activeUsers.isActive(payload.user_id)) {
      const read = ctx.activeUsers.begin();
      const [row] = await ctx.db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, payload.user_id));
      if (!row || !row.isActive) throw unauthorized('user_inactive', 'User is inactive or deleted.');
      ctx.activeUsers.confirm(row.id, read);
    }
    request.user = { id: payload.user_id, isAdmin: payload.user_id === ADMIN_USER_ID };
  };
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
