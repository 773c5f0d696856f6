import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type } from 'superstruct';
import { ApiTokenCreateBody, MAX_API_TOKENS, type ApiToken } from '../../src/services/schemas/apiTokens.ts';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { newApiToken } from '../auth/apiTokens.ts';
import { record } from '../domain/journal.ts';
import { AREAS, can, scopeOf, type Level } from '../domain/scope.ts';
import { isoText } from '../db/devices.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { currentUser, requireSession, requireUser } from '../plugins/auth.ts';

/*
 * A user's API tokens (issue 40), on their profile: made with a name, an expiry and a subset of the user's own rights,
 * shown once, listed without their value, revoked. Only a signed-in session manages them (an API token cannot make
 * or see tokens: 403 session_required). Checked on every request by requireUser (server/auth/apiTokens.ts).
 */

type Row = { id: number; name: string; prefix: string; permissions: unknown; created_at: string; expires_at: string | null; last_used_at: string | null };

function present(row: Row): ApiToken {
  const stored = (typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions) as Partial<Record<string, Level>>;
  const permissions = Object.fromEntries(AREAS.map((area) => [area, stored[area] ?? 'none'])) as ApiToken['permissions'];
  return { id: row.id, name: row.name, prefix: row.prefix, permissions, created_at: row.created_at, expires_at: row.expires_at, last_used_at: row.last_used_at };
}

const columns = sql`id, name, prefix, permissions, ${isoText(sql`created_at`)} AS created_at, ${isoText(sql`expires_at`)} AS expires_at, ${isoText(sql`last_used_at`)} AS last_used_at`;

export default async function apiTokenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));
  app.addHook('preHandler', requireSession);

  const liveTokens = async (userId: number) =>
    ((await db.execute(sql`SELECT ${columns} FROM api_tokens WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY id DESC`)) as unknown as { rows: Row[] }).rows;

  app.get('/profile/api-tokens/', async (request) => ({ results: (await liveTokens(currentUser(request).id)).map(present) }));

  app.post('/profile/api-tokens/', async (request, reply) => {
    const body = parse(ApiTokenCreateBody, request.body);
    const user = currentUser(request);
    const name = body.name.trim();
    const scope = await scopeOf(ctx, request);
    // A token carries at most its user's rights, area by area; it never carries none at all.
    const given = Object.entries(body.permissions).filter(([, level]) => level !== 'none') as [(typeof AREAS)[number], 'view' | 'edit'][];
    const exceeding = Object.fromEntries(given.filter(([area, level]) => !can(scope, area, level)).map(([area]) => [`permissions.${area}`, 'out_of_range']));
    if (Object.keys(exceeding).length > 0) throw badRequest('permission_exceeds', 'A token cannot have rights its user does not have.', exceeding);
    if (given.length === 0) throw badRequest('validation_error', 'Give the token view or edit rights in at least one area.', { permissions: 'required' });
    const permissions = Object.fromEntries(given);
    const secret = newApiToken();
    const created = await db.transaction(async (tx) => {
      // One decision at a time per user: the name and the count are checked against every other create.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(74203, ${user.id})`);
      const live = (await tx.execute(sql`
        SELECT count(*)::int AS count, count(*) FILTER (WHERE lower(name) = lower(${name}))::int AS same
        FROM api_tokens WHERE user_id = ${user.id} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
      `)) as unknown as { rows: { count: number; same: number }[] };
      if (live.rows[0]!.same > 0) throw conflict('name_taken', 'You already have a token with this name.', { name: 'taken' });
      if (live.rows[0]!.count >= MAX_API_TOKENS) throw conflict('too_many_tokens', `You may keep at most ${MAX_API_TOKENS} tokens: revoke one first.`);
      const expires = body.expires_days == null ? sql`NULL` : sql`now() + make_interval(days => ${body.expires_days}::int)`;
      const inserted = (await tx.execute(sql`
        INSERT INTO api_tokens (user_id, name, prefix, token_hash, permissions, expires_at)
        VALUES (${user.id}, ${name}, ${secret.prefix}, ${secret.hash}, ${JSON.stringify(permissions)}::jsonb, ${expires})
        RETURNING ${columns}
      `)) as unknown as { rows: Row[] };
      const token = present(inserted.rows[0]!);
      await record(tx, { userId: user.id, action: 'create', entity: 'api_token', entityId: token.id, after: { name: token.name, permissions, expires_at: token.expires_at } });
      return token;
    });
    reply.code(201);
    return { ...created, token: secret.value };
  });

  app.delete('/profile/api-tokens/:id/', async (request: FastifyRequest, reply) => {
    const { id } = parse(type({ id: BoundedIdParam }), request.params);
    const user = currentUser(request);
    const revoked = (await db.execute(sql`
      UPDATE api_tokens SET revoked_at = now() WHERE id = ${id!} AND user_id = ${user.id} AND revoked_at IS NULL RETURNING name
    `)) as unknown as { rows: { name: string }[] };
    if (revoked.rows.length === 0) throw notFound('Token');
    ctx.activeUsers.forgetApiTokens();
    await record(db, { userId: user.id, action: 'delete', entity: 'api_token', entityId: id!, before: { name: revoked.rows[0]!.name } });
    reply.code(204);
  });
}
