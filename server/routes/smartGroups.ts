import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import { SmartGroupCreateBody, SmartGroupPreviewBody, SmartGroupUpdateBody, type SmartGroupRule } from '../../src/services/schemas/smartGroups.ts';
import type { AppContext } from '../context.ts';
import { DEVICE_COUNT_AHEAD, findOffice, listDevicesJson, violatedUniqueIndex } from '../db/devices.ts';
import { deleteSmartGroup, findSmartGroup, insertSmartGroup, listSmartGroups, ruleCondition, syncSmartCampaigns, updateSmartGroup } from '../db/smartGroups.ts';
import { FOREIGN_KEY_VIOLATION, sqlError } from '../db/sqlState.ts';
import { record } from '../domain/journal.ts';
import { pageJson, pageOf, pageRequest } from '../domain/paging.ts';
import { areaScope, assertVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/*
 * Smart groups (issue 41): saved rules over a company's devices (the devices area's rights). Members are computed on
 * every read; campaigns may target groups (PUT /campaigns/{id}/devices/ smart_groups), and a rule change moves their
 * screens at once (syncSmartCampaigns).
 */

const RESTRICTED = new Set([FOREIGN_KEY_VIOLATION, '23001']);
const SWEEP_EVERY_MS = 60_000;

export default async function smartGroupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'edit');
  // What no write of this API changes (a player's reported version, an office moved to another department) is caught
  // by a sweep of every targeted group each minute; a write that changes a device syncs it at once.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => void syncSmartCampaigns(db).catch((error: Error) => app.log.warn({ err: error }, 'smart group sweep failed')), SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  const idOf = (request: FastifyRequest) => parse(type({ id: BoundedIdParam }), request.params).id!;

  const present = async (id: number, scope: Scope) => {
    const group = await findSmartGroup(db, id);
    if (!group) throw notFound('Smart group');
    assertVisible(scope, group.company, 'Smart group');
    return group;
  };
  /** The group's company: the one asked for, else the caller's first; an administrator names it. */
  const companyOf = async (scope: Scope, requested: number | null | undefined) => {
    const company = await ownerCompany(ctx, scope, requested);
    if (company === null) throw badRequest('validation_error', 'Choose the company of the group.', { company: 'required' });
    return company;
  };
  /** An office or department the rule names must be the group's company's. */
  const checkRule = async (rule: SmartGroupRule, company: number) => {
    if (rule.office && (await findOffice(db, rule.office))?.companyId !== company) {
      throw badRequest('unknown_office', 'The branch office does not exist.', { 'rule.office': 'not_found' });
    }
    if (rule.department) {
      const found = (await db.execute(sql`SELECT 1 FROM departments WHERE id = ${rule.department} AND company_id = ${company}`)) as unknown as { rows: unknown[] };
      if (!found.rows.length) throw badRequest('unknown_department', 'The department does not exist.', { 'rule.department': 'not_found' });
    }
  };
  const named = (error: unknown) => {
    if (violatedUniqueIndex(error)) return conflict('name_taken', 'The company already has a smart group with this name.', { name: 'taken' });
    return error;
  };
  /** A page of a rule's devices, as the device list writes them, with the count (stopping 1,000 past the page). */
  const sendMembers = async (request: FastifyRequest, reply: FastifyReply, rule: SmartGroupRule, company: number, scope: Scope) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, exact, size, json } = await listDevicesJson(db, { rule: ruleCondition(rule, company), companies: scope.companies }, paging.pageSize, paging.offset, app.prefix, undefined, DEVICE_COUNT_AHEAD);
    const page = pageJson(request.url, paging, total, size, json).replace(',"next":', `,"count_exact":${exact},"next":`);
    return reply.type('application/json; charset=utf-8').send(page);
  };

  app.get('/device-groups/smart/', async (request) => {
    const scope = await view(request);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listSmartGroups(db, scope.companies, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.post('/device-groups/smart/create/', async (request, reply) => {
    const scope = await edit(request);
    const body = parse(SmartGroupCreateBody, request.body);
    const company = await companyOf(scope, body.company);
    await checkRule(body.rule, company);
    let id: number;
    try {
      id = await insertSmartGroup(db, { name: body.name.trim(), companyId: company, rule: body.rule });
    } catch (error) {
      throw named(error);
    }
    const created = await present(id, scope);
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'smart_group', entityId: id, company, after: { name: created.name, rule: created.rule } });
    return reply.code(201).send(created);
  });

  // The members a rule would have, before it is saved: the count and the first page.
  app.post('/device-groups/smart/preview/', async (request, reply) => {
    const scope = await view(request);
    const body = parse(SmartGroupPreviewBody, request.body);
    const company = await companyOf(scope, body.company);
    await checkRule(body.rule, company);
    return sendMembers(request, reply, body.rule, company, scope);
  });

  app.get('/device-groups/smart/:id', async (request) => present(idOf(request), await view(request)));

  app.get('/device-groups/smart/:id/devices/', async (request, reply) => {
    const scope = await view(request);
    const group = await present(idOf(request), scope);
    return sendMembers(request, reply, group.rule as SmartGroupRule, group.company, scope);
  });

  app.put('/device-groups/smart/:id', async (request) => {
    const id = idOf(request);
    const scope = await edit(request);
    const body = parse(SmartGroupUpdateBody, request.body);
    const before = await present(id, scope);
    if (body.rule) await checkRule(body.rule, before.company);
    try {
      await updateSmartGroup(db, id, { name: body.name?.trim(), rule: body.rule });
    } catch (error) {
      throw named(error);
    }
    // The campaigns that target the group take its new members and let go of the others now.
    if (body.rule && before.campaigns > 0) await syncSmartCampaigns(db, { group: id });
    const after = await present(id, scope);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'smart_group', entityId: id, company: before.company, before: { name: before.name, rule: before.rule }, after: { name: after.name, rule: after.rule } });
    return after;
  });

  app.delete('/device-groups/smart/:id', async (request, reply) => {
    const id = idOf(request);
    const scope = await edit(request);
    const before = await present(id, scope);
    const inCampaigns = () => conflict('smart_group_in_campaign', 'Campaigns target this smart group: take it out of them first.', { campaigns: 'in_use' });
    if (before.campaigns > 0) throw inCampaigns();
    try {
      await deleteSmartGroup(db, id);
    } catch (error) {
      // A campaign that took the group meanwhile (the foreign key restricts the delete).
      if (RESTRICTED.has(sqlError(error)?.code ?? '')) throw inCampaigns();
      throw error;
    }
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'smart_group', entityId: id, company: before.company, before: { name: before.name, rule: before.rule } });
    return reply.code(204).send();
  });
}
