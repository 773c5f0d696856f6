import type { FastifyInstance } from 'fastify';
import { RefreshBody, TokenObtainBody } from '../../src/services/schemas/auth.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { findUserByUsername } from '../db/users.ts';
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
    const pair = await tokens.issue(user.id);
    await record(db, { userId: user.id, action: 'login', entity: 'session', entityId: user.id });
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
