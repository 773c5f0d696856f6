import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type } from 'superstruct';
import { OidcExchangeBody, OidcGroupMappingBody, type OidcGroupMapping } from '../../src/services/schemas/oidc.ts';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import { finishSignIn, startSignIn, takeHandoff } from '../auth/oidc.ts';
import { record } from '../domain/journal.ts';
import { forgetScopes } from '../domain/scope.ts';
import { ApiError, badRequest, conflict, notFound, parse, unauthorized } from '../errors.ts';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.ts';

/** The SPA's page that finishes a single sign-on: it reads the fragment (#code=... or #error=...), which no server sees. */
export const SSO_LANDING = '/login/sso';

const disabled = () => new ApiError(404, 'oidc_disabled', 'Single sign-on is not configured on this server.');

/**
 * Single sign-on with OpenID Connect (issue 40): whether it is on, the start and the provider's callback (browser
 * navigations: they answer redirects), and the exchange of the callback's one-time code for the session's tokens.
 */
export async function oidcAuthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, tokens, config } = ctx;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/auth/oidc/', async (_request, reply) => {
    noStore(reply);
    return { enabled: !!config.oidc, name: config.oidc?.name ?? null };
  });

  app.get('/auth/oidc/start/', async (request: FastifyRequest, reply) => {
    if (!config.oidc) throw disabled();
    let target: URL;
    try {
      target = await startSignIn(db, config.oidc, (request.query as Record<string, unknown>).next);
    } catch (error) {
      request.log.warn({ err: error }, 'single sign-on: the provider cannot be reached');
      throw new ApiError(503, 'oidc_unavailable', 'The identity provider cannot be reached. Try again later.');
    }
    noStore(reply);
    return reply.redirect(target.href, 302);
  });

  app.get('/auth/oidc/callback/', async (request, reply) => {
    if (!config.oidc) throw disabled();
    const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
    const outcome = await finishSignIn(db, config.oidc, query, (reason) => request.log.info(reason));
    noStore(reply);
    const fragment = outcome.signedIn ? `code=${outcome.code}` : `error=${outcome.refusal}`;
    return reply.redirect(`${SSO_LANDING}#${fragment}`, 303);
  });

  app.post('/auth/oidc/exchange/', async (request, reply) => {
    const body = parse(OidcExchangeBody, request.body);
    const handoff = await takeHandoff(db, body.code);
    if (!handoff) throw unauthorized('code_invalid', 'The sign-in code is unknown, used or expired: sign in again.');
    const pair = await tokens.issue(handoff.userId, undefined, 'oidc');
    await record(db, { userId: handoff.userId, action: 'login', entity: 'session', entityId: handoff.userId, detail: { method: 'oidc' } });
    noStore(reply);
    return { ...pair, next: handoff.next };
  });
}

type MappingRow = { id: number; provider_group: string; group_id: number; group_name: string };
const present = (row: MappingRow): OidcGroupMapping => ({ id: row.id, provider_group: row.provider_group, group: row.group_id, group_name: row.group_name });

/** The table that maps the provider's groups to Vitrine groups, edited on /groups: the administrator's, like the groups. */
export async function oidcMappingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));
  app.addHook('preHandler', requireAdmin);

  const select = sql`SELECT m.id, m.provider_group, m.group_id, g.name AS group_name FROM oidc_group_mappings m JOIN user_groups g ON g.id = m.group_id`;

  app.get('/groups/oidc-mappings/', async () => {
    const rows = (await db.execute(sql`${select} ORDER BY lower(m.provider_group), g.name, m.id`)) as unknown as { rows: MappingRow[] };
    return { results: rows.rows.map(present) };
  });

  app.post('/groups/oidc-mappings/', async (request, reply) => {
    const body = parse(OidcGroupMappingBody, request.body);
    const providerGroup = body.provider_group.trim();
    const inserted = (await db.execute(sql`
      INSERT INTO oidc_group_mappings (provider_group, group_id)
      SELECT ${providerGroup}, id FROM user_groups WHERE id = ${body.group}
      ON CONFLICT (provider_group, group_id) DO NOTHING
      RETURNING id
    `)) as unknown as { rows: { id: number }[] };
    if (inserted.rows.length === 0) {
      const group = (await db.execute(sql`SELECT 1 FROM user_groups WHERE id = ${body.group}`)) as unknown as { rows: unknown[] };
      if (group.rows.length === 0) throw badRequest('unknown_group', 'The group does not exist.', { group: 'not_found' });
      throw conflict('mapping_exists', 'This provider group already gives this group.', { provider_group: 'taken' });
    }
    const row = ((await db.execute(sql`${select} WHERE m.id = ${inserted.rows[0]!.id}`)) as unknown as { rows: MappingRow[] }).rows[0]!;
    const mapping = present(row);
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'oidc_group_mapping', entityId: mapping.id, after: { provider_group: mapping.provider_group, group: mapping.group } });
    forgetScopes();
    reply.code(201);
    return mapping;
  });

  app.delete('/groups/oidc-mappings/:id/', async (request, reply) => {
    const { id } = parse(type({ id: BoundedIdParam }), request.params);
    const deleted = (await db.execute(sql`DELETE FROM oidc_group_mappings WHERE id = ${id!} RETURNING provider_group, group_id`)) as unknown as { rows: { provider_group: string; group_id: number }[] };
    if (deleted.rows.length === 0) throw notFound('Mapping');
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'oidc_group_mapping', entityId: id!, before: { provider_group: deleted.rows[0]!.provider_group, group: deleted.rows[0]!.group_id } });
    reply.code(204);
  });
}
