import type { FastifyInstance } from 'fastify';
import { SetPasswordBody, SetUsernameBody, UserCreateBody } from '../../src/services/schemas/users.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { deleteUser, findUserById, insertUser, listUsers, toUser, updateUser, findUserByUsername } from '../db/users.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { ApiError, badRequest, conflict, forbidden, notFound, parse, parseId } from '../errors.ts';
import { ADMIN_USER_ID, currentUser, requireAdmin, requireUser, type AuthUser } from '../plugins/auth.ts';

/** Only the administrator changes other accounts; everyone may change their own. */
function assertMayChange(actor: AuthUser, targetId: number) {
  if (!actor.isAdmin && actor.id !== targetId) throw forbidden('You may only change your own account.');
}

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  app.get('/users/profile/', async (request) => {
    const row = await findUserById(db, currentUser(request).id);
    if (!row) throw notFound('User');
    return toUser(row);
  });

  app.get('/users/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listUsers(db, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(toUser));
  });

  app.post('/users/', { preHandler: requireAdmin }, async (request, reply) => {
    const body = parse(UserCreateBody, request.body);
    const row = await insertUser(db, body.username, await hashPassword(body.password));
    if (!row) throw conflict('username_taken', 'A user with that username already exists.', { username: 'taken' });
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'user', entityId: row.id, detail: { username: row.username } });
    return reply.code(201).send(toUser(row));
  });

  app.delete('/users/:id/', { preHandler: requireAdmin }, async (request, reply) => {
    const id = parseId(request.params);
    if (id === ADMIN_USER_ID) throw conflict('cannot_delete_admin', 'The administrator account cannot be deleted.');
    const deleted = await deleteUser(db, id);
    ctx.activeUsers.forget(id);
    if (!deleted) throw notFound('User');
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'user', entityId: id });
    return reply.code(204).send();
  });

  app.post('/users/set_username/', async (request) => {
    const body = parse(SetUsernameBody, request.body);
    const actor = currentUser(request);
    assertMayChange(actor, body.id);
    const other = await findUserByUsername(db, body.username);
    if (other && other.id !== body.id) throw conflict('username_taken', 'A user with that username already exists.', { username: 'taken' });
    const row = await updateUser(db, body.id, { username: body.username });
    if (!row) throw notFound('User');
    await record(db, { userId: actor.id, action: 'update', entity: 'user', entityId: row.id, detail: { username: row.username } });
    return toUser(row);
  });

  app.post('/users/set_password/', async (request, reply) => {
    const body = parse(SetPasswordBody, request.body);
    const actor = currentUser(request);
    assertMayChange(actor, body.id);
    const target = await findUserById(db, body.id);
    if (!target) throw notFound('User');
    if (actor.id === body.id) {
      if (!body.current_password) throw badRequest('validation_error', 'The current password is required.', { current_password: 'required' });
      // Guesses of the current password are limited like sign-in attempts, per account (a stolen session must not
      // find the password it does not know).
      const limit = await hitRateLimit(db, `set_password:${actor.id}`, ctx.config.loginRateLimit.max, ctx.config.loginRateLimit.windowSeconds);
      if (!limit.allowed) {
        reply.header('Retry-After', String(limit.retryAfter));
        throw new ApiError(429, 'rate_limited', `Too many password attempts. Try again in ${limit.retryAfter} s.`);
      }
      if (!(await verifyPassword(body.current_password, target.passwordHash))) {
        throw badRequest('wrong_password', 'The current password is wrong.', { current_password: 'wrong' });
      }
    }
    // Every other session of the user ends with the old password; the one making the change (their own) goes on.
    const keep = actor.id === body.id ? (actor.family ?? null) : null;
    const changed = await ctx.tokens.endSessions(body.id, keep, { passwordHash: await hashPassword(body.password) });
    ctx.activeUsers.forget(body.id);
    if (!changed) throw notFound('User');
    await record(db, { userId: actor.id, action: 'update', entity: 'user', entityId: body.id, detail: { password: 'changed' } });
    return toUser((await findUserById(db, body.id))!);
  });
}
