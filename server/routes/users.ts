import type { FastifyInstance } from 'fastify';
import { passwordWeakness, SetPasswordBody, SetUsernameBody, UserCreateBody, UserUpdateBody } from '../../src/services/schemas/users.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { deleteUser, findUserById, insertUser, listUsers, toUser, updateUser, findUserByUsername } from '../db/users.ts';
import { groupsOfUsers, missingGroups, setUserGroups } from '../db/groups.ts';
import { accessOf, forgetScopes, scopeOf } from '../domain/scope.ts';
import { preferencesOf } from '../domain/profile.ts';
import { enrolRequirement, isHeld } from '../auth/twoFactor.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { ApiError, badRequest, conflict, forbidden, notFound, parse, parseId } from '../errors.ts';
import { ADMIN_USER_ID, currentUser, requireAdmin, requireUser, type AuthUser } from '../plugins/auth.ts';

/** Only the administrator changes other accounts; everyone may change their own. */
function assertMayChange(actor: AuthUser, targetId: number) {
  if (!actor.isAdmin && actor.id !== targetId) throw forbidden('You may only change your own account.');
}

function assertStrong(password: string, username?: string) {
  if (passwordWeakness(password, username)) {
    throw badRequest('weak_password', 'The password is too weak: use at least two kinds of characters (letters, digits, symbols), not a common password or the username.', { password: 'weak_password' });
  }
}

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  /** A user row with their groups, as the API answers it. */
  const withGroups = async (row: Parameters<typeof toUser>[0]) => toUser(row, (await groupsOfUsers(db, [row.id])).get(row.id) ?? []);

  async function assertGroups(ids: readonly number[] | undefined) {
    if (ids && (await missingGroups(db, ids)).length) throw badRequest('unknown_group', 'A group does not exist.', { groups: 'not_found' });
  }

  app.get('/users/profile/', async (request) => {
    const row = await findUserById(db, currentUser(request).id);
    if (!row) throw notFound('User');
    const twoFactor = { enabled: row.twoFactorEnabledAt !== null, required: isHeld(await enrolRequirement(db, row.id), currentUser(request).signInMethod) };
    return { ...(await withGroups(row)), ...preferencesOf(row), access: accessOf(await scopeOf(ctx, request)), two_factor: twoFactor };
  });

  app.get('/users/', { preHandler: requireAdmin }, async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listUsers(db, paging.pageSize, paging.offset);
    const groups = await groupsOfUsers(db, rows.map((r) => r.id));
    return pageOf(request.url, paging, total, rows.map((row) => toUser(row, groups.get(row.id) ?? [])));
  });

  app.post('/users/', { preHandler: requireAdmin }, async (request, reply) => {
    const body = parse(UserCreateBody, request.body);
    assertStrong(body.password, body.username);
    await assertGroups(body.groups);
    const row = await insertUser(db, body.username, await hashPassword(body.password, ctx.config.passwordScryptCost), body.groups ?? []);
    if (!row) throw conflict('username_taken', 'A user with that username already exists.', { username: 'taken' });
    const user = await withGroups(row);
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'user', entityId: row.id, after: { username: row.username, groups: user.groups } });
    return reply.code(201).send(user);
  });

  app.put('/users/:id/', { preHandler: requireAdmin }, async (request) => {
    const id = parseId(request.params);
    const body = parse(UserUpdateBody, request.body);
    const before = await findUserById(db, id);
    if (!before) throw notFound('User');
    if (id === ADMIN_USER_ID && body.is_active === false) throw conflict('cannot_deactivate_admin', 'The administrator account cannot be deactivated.');
    await assertGroups(body.groups);
    const beforeGroups = (await groupsOfUsers(db, [id])).get(id) ?? [];
    if (body.groups) await setUserGroups(db, id, body.groups);
    forgetScopes();
    if (body.is_active === false && before.isActive) {
      // Deactivation ends every session at once: refresh tokens revoked, access tokens of older generations refused.
      await ctx.tokens.endSessions(id, null, { isActive: false });
    } else if (body.is_active === true && !before.isActive) {
      await updateUser(db, id, { isActive: true });
    }
    ctx.activeUsers.forget(id);
    const after = await withGroups((await findUserById(db, id))!);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'user', entityId: id, before: { is_active: before.isActive, groups: beforeGroups }, after: { is_active: after.is_active, groups: after.groups } });
    return after;
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
    return withGroups(row);
  });

  app.post('/users/set_password/', async (request, reply) => {
    const body = parse(SetPasswordBody, request.body);
    const actor = currentUser(request);
    assertMayChange(actor, body.id);
    const target = await findUserById(db, body.id);
    if (!target) throw notFound('User');
    assertStrong(body.password, target.username);
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
    const changed = await ctx.tokens.endSessions(body.id, keep, { passwordHash: await hashPassword(body.password, ctx.config.passwordScryptCost) });
    ctx.activeUsers.forget(body.id);
    if (!changed) throw notFound('User');
    await record(db, { userId: actor.id, action: 'update', entity: 'user', entityId: body.id, detail: { password: 'changed' } });
    return withGroups((await findUserById(db, body.id))!);
  });
}
