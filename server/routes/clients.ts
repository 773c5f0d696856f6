import type { FastifyInstance } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import { deletePendingClient, listPendingClients } from '../db/devices.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { areaScope } from '../domain/scope.ts';

/** Players that said hello and wait on /clients; adopting one is POST /tvpi/devices/create/ with its serial. */
export default async function clientRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  // Waiting players belong to no company yet: whoever may add devices sees them, and adopting one puts it in an office
  // of their scope (POST /tvpi/devices/create/ checks the office).
  app.get('/clients/', async (request) => {
    await areaScope(ctx, request, 'devices', 'edit');
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listPendingClients(db, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.delete('/clients/:id', async (request, reply) => {
    await areaScope(ctx, request, 'devices', 'edit');
    const { id } = parse(type({ id: BoundedIdParam }), request.params);
    if (!(await deletePendingClient(db, id))) throw notFound('Client');
    await record(db, { userId: currentUser(request).id, action: 'dismiss', entity: 'pending_client', entityId: id });
    return reply.code(204).send();
  });
}
