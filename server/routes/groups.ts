import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GroupCreateBody, GroupUpdateBody } from '../../src/services/schemas/groups.ts';
import type { AppContext } from '../context.ts';
import { deleteGroup, findGroup, findGroupByName, insertGroup, listGroups, missingCompanies, updateGroup } from '../db/groups.ts';
import { violatedUniqueIndex } from '../db/devices.ts';
import { record } from '../domain/journal.ts';
import { forgetScopes } from '../domain/scope.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, conflict, notFound, parse, parseId } from '../errors.ts';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.ts';

const nameTaken = () => conflict('group_exists', 'A group with this name already exists.', { name: 'taken' });

/** User groups: the companies their members see and a permission per area. Only the administrator manages them. */
export default async function groupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));
  app.addHook('preHandler', requireAdmin);

  const journal = (request: FastifyRequest, action: string, id: number, before: object | null, after: object | null) =>
    record(db, { userId: currentUser(request).id, action, entity: 'group', entityId: id, before, after, fields: ['name', 'companies', 'permissions'] });

  async function assertCompanies(ids: readonly number[] | undefined) {
    if (ids && (await missingCompanies(db, ids)).length) throw badRequest('unknown_company', 'A company of the group does not exist.', { companies: 'not_found' });
  }

  async function existing(id: number) {
    const group = await findGroup(db, id);
    if (!group) throw notFound('Group');
    return group;
  }

  app.get('/groups/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, groups } = await listGroups(db, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, groups);
  });

  app.post('/groups/create/', async (request, reply) => {
    const body = parse(GroupCreateBody, request.body);
    const name = body.name.trim();
    await assertCompanies(body.companies);
    if (await findGroupByName(db, name)) throw nameTaken();
    let id: number;
    try {
      id = await insertGroup(db, { name, companies: body.companies ?? [], permissions: body.permissions ?? {} });
    } catch (error) {
      if (violatedUniqueIndex(error)) throw nameTaken();
      throw error;
    }
    forgetScopes();
    const group = await existing(id);
    await journal(request, 'create', id, null, group);
    return reply.code(201).send(group);
  });

  app.get('/groups/:id', async (request) => existing(parseId(request.params)));

  app.put('/groups/:id', async (request) => {
    const id = parseId(request.params);
    const body = parse(GroupUpdateBody, request.body);
    const name = body.name?.trim();
    const before = await existing(id);
    await assertCompanies(body.companies);
    if (name !== undefined) {
      const other = await findGroupByName(db, name);
      if (other && other.id !== id) throw nameTaken();
    }
    let updated: boolean;
    try {
      updated = await updateGroup(db, id, { name, companies: body.companies, permissions: body.permissions });
    } catch (error) {
      if (violatedUniqueIndex(error)) throw nameTaken();
      throw error;
    }
    if (!updated) throw notFound('Group');
    forgetScopes();
    const after = await existing(id);
    await journal(request, 'update', id, before, after);
    return after;
  });

  app.delete('/groups/:id', async (request, reply) => {
    const id = parseId(request.params);
    const group = await existing(id);
    if (!(await deleteGroup(db, id))) throw notFound('Group');
    forgetScopes();
    await journal(request, 'delete', id, group, null);
    return reply.code(204).send();
  });
}
