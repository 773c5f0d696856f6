import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { TwoFactorCodeBody, type TwoFactorState } from '../../src/services/schemas/twoFactor.ts';
import type { AppContext } from '../context.ts';
import { findUserById } from '../db/users.ts';
import { checkUserCode, enrolRequirement, isHeld, newEnrolment, newRecoveryCodes, openSecret, readCode, recoveryCodesLeft, sealSecret, totpStep } from '../auth/twoFactor.ts';
import { record } from '../domain/journal.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { ApiError, badRequest, conflict, notFound, parse, parseId } from '../errors.ts';
import { currentUser, requireAdmin, requireSession, requireUser } from '../plugins/auth.ts';

/*
 * Two-factor codes on the profile (issue 40): the state, an enrolment (a secret and its otpauth URI), its confirmation
 * with a first code (then ten recovery codes, once), turning it off with a current code; and the administrator's reset
 * of another user's. A signed-in session only: an API token cannot change its user's second factor. These routes stay
 * open to a user their company requires to enrol (server/plugins/auth.ts).
 */
export default async function twoFactorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, config } = ctx;
  app.addHook('preHandler', requireUser(ctx));
  app.addHook('preHandler', requireSession);

  /** Wrong codes are limited like wrong passwords: LOGIN_RATE_LIMIT attempts per account and window. */
  async function limitAttempts(reply: FastifyReply, userId: number) {
    const limit = await hitRateLimit(db, `two_factor:${userId}`, config.loginRateLimit.max, config.loginRateLimit.windowSeconds);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many attempts. Try again in ${limit.retryAfter} s.`);
    }
  }

  const invalidCode = () => badRequest('invalid_code', 'The code is not right, or was already used.', { code: 'invalid' });

  async function stateOf(userId: number, signInMethod: string | undefined): Promise<TwoFactorState> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound('User');
    return {
      enabled: user.twoFactorEnabledAt !== null,
      enabled_at: user.twoFactorEnabledAt?.toISOString() ?? null,
      recovery_codes_left: user.twoFactorEnabledAt ? await recoveryCodesLeft(db, userId) : 0,
      // A single sign-on session is not held by its company's requirement (the provider enforces its own) unless the
      // company asks it of single sign-on too.
      required: isHeld(await enrolRequirement(db, userId), signInMethod),
    };
  }

  app.get('/profile/two-factor/', async (request) => stateOf(currentUser(request).id, currentUser(request).signInMethod));

  app.post('/profile/two-factor/enrol/', async (request) => {
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw notFound('User');
    if (user.twoFactorEnabledAt) throw conflict('two_factor_enabled', 'Two-factor codes are already on: turn them off first.');
    const enrolment = newEnrolment(user.username);
    // A new enrolment replaces one not confirmed (a QR code shown again).
    await db.execute(sql`UPDATE users SET two_factor_pending = ${sealSecret(enrolment.secret, config.twoFactorKey)} WHERE id = ${user.id}`);
    return { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri };
  });

  app.post('/profile/two-factor/confirm/', async (request, reply) => {
    const body = parse(TwoFactorCodeBody, request.body);
    const id = currentUser(request).id;
    await limitAttempts(reply, id);
    const user = await findUserById(db, id);
    if (!user) throw notFound('User');
    if (user.twoFactorEnabledAt) throw conflict('two_factor_enabled', 'Two-factor codes are already on.');
    if (!user.twoFactorPending) throw conflict('not_enrolling', 'Start an enrolment first.');
    const read = readCode(body.code);
    const step = read?.kind === 'totp' ? await totpStep(openSecret(user.twoFactorPending, config.twoFactorKey), read.code) : null;
    if (step === null) throw invalidCode();
    const codes = await db.transaction(async (tx) => {
      const turned = (await tx.execute(sql`
        UPDATE users SET two_factor_secret = two_factor_pending, two_factor_pending = NULL, two_factor_enabled_at = now(), two_factor_last_step = ${step}
        WHERE id = ${id} AND two_factor_enabled_at IS NULL AND two_factor_pending = ${user.twoFactorPending} RETURNING id
      `)) as unknown as { rows: unknown[] };
      if (turned.rows.length === 0) throw conflict('not_enrolling', 'Start an enrolment first.');
      const made = await newRecoveryCodes(tx, id);
      await record(tx, { userId: id, action: 'enable', entity: 'two_factor', entityId: id });
      return made;
    });
    ctx.activeUsers.forget(id);
    return { recovery_codes: codes };
  });

  app.post('/profile/two-factor/disable/', async (request, reply) => {
    const body = parse(TwoFactorCodeBody, request.body);
    const id = currentUser(request).id;
    await limitAttempts(reply, id);
    const user = await findUserById(db, id);
    if (!user) throw notFound('User');
    if (!user.twoFactorEnabledAt) throw conflict('two_factor_not_enabled', 'Two-factor codes are not on.');
    const how = await checkUserCode(db, config.twoFactorKey, user, body.code);
    if (!how) throw invalidCode();
    if (how === 'recovery') await record(db, { userId: id, action: 'recovery_code', entity: 'two_factor', entityId: id });
    await turnOff(id);
    await record(db, { userId: id, action: 'disable', entity: 'two_factor', entityId: id });
    ctx.activeUsers.forget(id);
    return stateOf(id, currentUser(request).signInMethod);
  });

  const turnOff = async (id: number) => {
    await db.execute(sql`
      UPDATE users SET two_factor_secret = NULL, two_factor_pending = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL WHERE id = ${id}
    `);
    await db.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${id}`);
  };

  /** The administrator's reset: the user signs in with their password alone and may enrol again (or must, by their company). */
  app.delete('/users/:id/two-factor/', { preHandler: requireAdmin }, async (request, reply) => {
    const id = parseId(request.params);
    const user = await findUserById(db, id);
    if (!user) throw notFound('User');
    if (!user.twoFactorEnabledAt && !user.twoFactorPending) throw conflict('two_factor_not_enabled', 'The user has no second factor.');
    await turnOff(id);
    await record(db, { userId: currentUser(request).id, action: 'reset', entity: 'two_factor', entityId: id, detail: { username: user.username } });
    ctx.activeUsers.forget(id);
    reply.code(204);
  });
}
