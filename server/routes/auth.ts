import type { FastifyInstance } from 'fastify';
import { RefreshBody, TokenObtainBody } from '../../src/services/schemas/auth.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { findUserById, findUserByUsername } from '../db/users.ts';
import { CHALLENGE_SECONDS, challengeUser, checkUserCode, newChallenge, spendChallenge } from '../auth/twoFactor.ts';
import { SecondFactorBody } from '../../src/services/schemas/twoFactor.ts';
import { record } from '../domain/journal.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { ApiError, parse, unauthorized } from '../errors.ts';

// A fixed hash to verify against when the user does not exist, so both cases take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export default async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, tokens, config } = ctx;

  app.post('/auth/token-obtain/', async (request, reply) => {
    const limit = await hitRateLimit(db, `login:${request.ip}`, config.loginRateLimit.max, config.loginRateLimit.windowSeconds);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${limit.retryAfter} s.`);
    }
    const body = parse(TokenObtainBody, request.body);
    const user = await findUserByUsername(db, body.username);
    const valid = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid || !user.isActive) {
      throw unauthorized('invalid_credentials', 'No active account found with the given credentials.');
    }
    // An enrolled user's password opens no session: a challenge, spent with a code at /auth/token-obtain/second-factor/.
    if (user.twoFactorEnabledAt) return { challenge: await newChallenge(db, user.id), expires_in: CHALLENGE_SECONDS };
    const pair = await tokens.issue(user.id);
    await record(db, { userId: user.id, action: 'login', entity: 'session', entityId: user.id });
    return pair;
  });

  app.post('/auth/token-obtain/second-factor/', async (request, reply) => {
    // Every attempt counts, per client address (as the password's) and per account (a guess spread over addresses).
    const byAddress = await hitRateLimit(db, `second_factor:${request.ip}`, config.loginRateLimit.max, config.loginRateLimit.windowSeconds);
    if (!byAddress.allowed) {
      reply.header('Retry-After', String(byAddress.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${byAddress.retryAfter} s.`);
    }
    const body = parse(SecondFactorBody, request.body);
    const challenge = await challengeUser(db, body.challenge);
    if (!challenge) throw unauthorized('challenge_not_valid', 'The sign-in has expired: enter your username and password again.');
    const byUser = await hitRateLimit(db, `two_factor:${challenge.userId}`, config.loginRateLimit.max, config.loginRateLimit.windowSeconds);
    if (!byUser.allowed) {
      reply.header('Retry-After', String(byUser.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${byUser.retryAfter} s.`);
    }
    const user = await findUserById(db, challenge.userId);
    if (!user || !user.isActive) throw unauthorized('challenge_not_valid', 'The sign-in has expired: enter your username and password again.');
    // Reset by an administrator since the password was checked: the password alone signs in again.
    const how = user.twoFactorEnabledAt ? await checkUserCode(db, config.twoFactorKey, user, body.code) : 'none';
    if (!how) throw unauthorized('invalid_code', 'The code is not right, or was already used.');
    if (!(await spendChallenge(db, challenge.id))) throw unauthorized('challenge_not_valid', 'The sign-in has expired: enter your username and password again.');
    if (how === 'recovery') await record(db, { userId: user.id, action: 'recovery_code', entity: 'two_factor', entityId: user.id });
    const pair = await tokens.issue(user.id);
    await record(db, { userId: user.id, action: 'login', entity: 'session', entityId: user.id, detail: { second_factor: how } });
    return pair;
  });

  app.post('/auth/token/token-refresh/', async (request) => {
    const body = parse(RefreshBody, request.body);
    return tokens.rotate(body.refresh);
  });

  app.post('/auth/logout/', async (request) => {
    const body = parse(RefreshBody, request.body);
    await tokens.revoke(body.refresh);
    return {};
  });
}
