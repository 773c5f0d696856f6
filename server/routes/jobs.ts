import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import { DeviceBulkBody, JobListQuery, MAX_BULK_DEVICES, type BulkAction } from '../../src/services/schemas/deviceJobs.ts';
import { normalizeTags } from '../../src/services/schemas/deviceTags.ts';
import type { SmartGroupRule } from '../../src/services/schemas/smartGroups.ts';
import type { AppContext } from '../context.ts';
import { cancelJob, companiesOfDevices, findJob, insertJob, listJobs, type JobParams } from '../db/deviceJobs.ts';
import { deviceIdsMatching, findOffice, type DeviceFilter } from '../db/devices.ts';
import { findCampaign } from '../db/campaigns.ts';
import { findSmartGroup, ruleCondition } from '../db/smartGroups.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { areaScope, can, isVisible, type Scope } from '../domain/scope.ts';
import { badRequest, forbidden, notFound, parse } from '../errors.ts';
import { createDeviceJobWorker } from '../jobs/deviceJobWorker.ts';
import { ADMIN_USER_ID, currentUser, requireUser } from '../plugins/auth.ts';

/*
 * Bulk actions over devices (issue 41): POST /tvpi/devices/bulk/ makes a job of the devices ticked, all matching the
 * list's filter, or a smart group's members, and answers at once (202); each instance's worker runs open jobs in
 * batches (server/jobs/deviceJobWorker.ts). GET /jobs/{id}/ answers its progress and, at the end, its failures.
 */

const idOf = (request: FastifyRequest) => parse(type({ id: BoundedIdParam }), request.params).id!;

export default async function jobRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const worker = createDeviceJobWorker(ctx, app.log, ctx.config.deviceJobs);
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', () => worker.stop());
  app.addHook('preHandler', requireUser(ctx));

  /** The parameters the action needs, checked as the single-device routes check them (400 with the field named). */
  const paramsOf = async (body: DeviceBulkBody, scope: Scope): Promise<JobParams> => {
    const needs: Record<BulkAction, keyof JobParams | null> = {
      reboot: null, screenshot: null, activate: null, deactivate: null, add_tags: 'tags', remove_tags: 'tags', move_office: 'office', add_to_campaign: 'campaign',
    };
    const need = needs[body.action];
    if (need && body[need] === undefined) throw badRequest('validation_error', 'The request has invalid fields.', { [need]: 'required' });
    if (need === 'tags') {
      const outcome = normalizeTags(body.tags!);
      if (!outcome.ok) throw badRequest(outcome.reason, 'The tags break the tag rules.', { tags: outcome.reason });
      if (!outcome.tags.length) throw badRequest('validation_error', 'The request has invalid fields.', { tags: 'required' });
      return { tags: outcome.tags };
    }
    if (need === 'office') {
      const office = await findOffice(db, body.office!);
      if (!office || !isVisible(scope, office.companyId)) throw badRequest('unknown_office', 'The branch office does not exist.', { office: 'not_found' });
      return { office: body.office };
    }
    if (need === 'campaign') {
      if (!can(scope, 'campaigns', 'edit')) throw forbidden('You may not change campaigns data.');
      const campaign = await findCampaign(db, body.campaign!);
      if (!campaign || !isVisible(scope, campaign.company ?? null)) throw badRequest('unknown_campaign', 'The campaign does not exist.', { campaign: 'not_found' });
      return { campaign: body.campaign };
    }
    return {};
  };

  /** The devices the job acts on, in id order: ticked (as given: one out of reach fails on its own), a filter's or a group's within the scope. */
  const targetsOf = async (body: DeviceBulkBody, scope: Scope): Promise<number[]> => {
    const ways = [body.devices, body.filter, body.smart_group].filter((way) => way !== undefined).length;
    if (ways !== 1) throw badRequest('validation_error', 'Choose the devices one way: devices, filter or smart_group.', { devices: ways ? 'one_way' : 'required' });
    if (body.devices) return [...new Set(body.devices)].sort((a, b) => a - b);
    let filter: DeviceFilter;
    if (body.smart_group !== undefined) {
      const group = await findSmartGroup(db, body.smart_group);
      if (!group || !isVisible(scope, group.company)) throw badRequest('unknown_smart_group', 'The smart group does not exist.', { smart_group: 'not_found' });
      filter = { rule: ruleCondition(group.rule as SmartGroupRule, group.company), companies: scope.companies };
    } else {
      filter = { ...(body.filter as DeviceFilter), companies: scope.companies };
    }
    const ids = await deviceIdsMatching(db, filter, MAX_BULK_DEVICES + 1);
    if (ids.length > MAX_BULK_DEVICES) throw badRequest('too_many_devices', `A bulk action takes at most ${MAX_BULK_DEVICES} devices.`, { devices: 'out_of_range' });
    return ids;
  };

  /** A job is its user's (and the administrator's): another's id answers 404 like an absent one. */
  const visibleJob = async (id: number, user: number) => {
    const job = await findJob(db, id);
    if (!job || (job.user !== user && user !== ADMIN_USER_ID)) throw notFound('Job');
    const { user: _user, ...answer } = job;
    return answer;
  };

  app.post('/tvpi/devices/bulk/', async (request, reply) => {
    const scope = await areaScope(ctx, request, 'devices', 'edit');
    const body = parse(DeviceBulkBody, request.body);
    const params = await paramsOf(body, scope);
    const targets = await targetsOf(body, scope);
    if (!targets.length) throw badRequest('no_devices', 'No device matches the selection.', { devices: 'empty' });
    const userId = currentUser(request).id;
    const id = await insertJob(db, { userId, action: body.action, params, targets });
    worker.wake();
    const companies = await companiesOfDevices(db, targets.slice(0, 1000));
    await record(db, {
      userId,
      action: `bulk_${body.action}`,
      entity: 'device',
      detail: { job: id, devices: targets.length, ...params },
      changes: { devices: [null, targets.length] },
      company: companies.length === 1 ? companies[0] : null,
    });
    return reply.code(202).send(await visibleJob(id, userId));
  });

  app.get('/jobs/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { active } = parse(JobListQuery, request.query);
    const { total, rows } = await listJobs(db, currentUser(request).id, active === '1' || active === 'true', paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(({ user: _user, ...job }) => job));
  });

  app.get('/jobs/:id', async (request) => visibleJob(idOf(request), currentUser(request).id));

  app.post('/jobs/:id/cancel/', async (request) => {
    const job = await visibleJob(idOf(request), currentUser(request).id);
    await cancelJob(db, job.id);
    return visibleJob(job.id, currentUser(request).id);
  });
}
