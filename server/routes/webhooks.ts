import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import { AlertSettingsBody, WebhookCreateBody, WebhookUpdateBody, type WebhookDelivery } from '../../src/services/schemas/webhooks.ts';
import { webhookConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { areaScope, assertVisible, isVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { badRequest, notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { checkWebhookUrl, RefusedAddress } from '../webhooks/addresses.ts';
import { deleteAlertSettings, findAlertSettings, listAlertSettings, officeCompany, putAlertSettings } from '../webhooks/alertSettings.ts';
import { onEventQueued } from '../webhooks/events.ts';
import { createMailer } from '../webhooks/mail.ts';
import { detectOutages } from '../webhooks/offline.ts';
import { eventBody, sendOnce } from '../webhooks/send.ts';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  listDeliveries,
  settleAttempt,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from '../webhooks/store.ts';
import { startWebhookWorker } from '../webhooks/worker.ts';
import { sql } from 'drizzle-orm';

/*
 * Webhooks and offline alerts (issue 29): company settings, so the `company` area's edit right is needed to read or
 * change them; an endpoint belongs to a company (the administrator's may belong to none and hear every company). The
 * plugin also runs this instance's delivery worker and offline detector (both claim their work in the database).
 */

function idParam(request: FastifyRequest): number {
  return parse(type({ id: BoundedIdParam }), request.params).id!;
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The endpoint as answered: the secret only when `withSecret` (create, regeneration). */
function present(row: EndpointRow, withSecret = false) {
  const { secret, ...rest } = row;
  return withSecret ? { ...rest, secret } : rest;
}

function presentDelivery(row: DeliveryRow): WebhookDelivery {
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(row.body) as Record<string, unknown>;
  } catch {
    /* bodies are written by the server as JSON */
  }
  return {
    id: row.id,
    event_id: row.event_id,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'pending' || row.state === 'sending' ? row.next_attempt_at : null,
    created_at: row.created_at,
    payload,
  };
}

export default async function webhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  // Read at each use: a test (or an operator's hook) may change ctx.config while the server runs.
  const settings = () => webhookConfig(ctx.config);
  const config = settings();
  const asUser = { preHandler: requireUser(ctx) };
  const admin = (request: FastifyRequest) => areaScope(ctx, request, 'company', 'edit');

  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom, app.log) : null;
  let lastOfflineCheck = 0;
  const worker = startWebhookWorker(db, settings, app.log, async () => {
    const every = settings().offlineCheckMs;
    if (every <= 0 || Date.now() - lastOfflineCheck < every) return;
    lastOfflineCheck = Date.now();
    await detectOutages(db, mailer);
  });
  onEventQueued(db, worker.wake);
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer?.close();
  });

  async function checkedUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, settings().allowPrivate)).toString();
    } catch (error) {
      if (error instanceof RefusedAddress) throw badRequest('webhook_url_refused', error.message, { url: error.reason });
      throw error;
    }
  }

  async function visibleEndpoint(id: number, scope: Scope): Promise<EndpointRow> {
    const row = await findEndpoint(db, id);
    assertVisible(scope, row ? row.company : undefined, 'Webhook');
    return row!;
  }

  const journal = (request: FastifyRequest, action: string, id: number, company: number | null, changes?: Record<string, [unknown, unknown]>) =>
    record(db, { userId: currentUser(request).id, action, entity: 'webhook', entityId: id, company, ...(changes ? { changes } : {}) });

  app.get('/webhooks/', asUser, async (request) => {
    const scope = await admin(request);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listEndpoints(db, scope.companies, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map((row) => present(row)));
  });

  app.post('/webhooks/create/', asUser, async (request, reply) => {
    const scope = await admin(request);
    const body = parse(WebhookCreateBody, request.body);
    const company = await ownerCompany(ctx, scope, body.company);
    const url = await checkedUrl(body.url);
    const row = await insertEndpoint(db, { company, url, events: [...new Set(body.events)], secret: body.secret ?? newSecret(), active: body.active ?? true });
    await journal(request, 'create', row.id, company, { url: [null, url], events: [null, row.events], active: [null, row.active] });
    return reply.code(201).send(present(row, true));
  });

  app.get('/webhooks/:id', asUser, async (request) => present(await visibleEndpoint(idParam(request), await admin(request))));

  app.put('/webhooks/:id', asUser, async (request) => {
    const scope = await admin(request);
    const id = idParam(request);
    const body = parse(WebhookUpdateBody, request.body);
    const before = await visibleEndpoint(id, scope);
    const url = body.url !== undefined ? await checkedUrl(body.url) : undefined;
    const secret = body.regenerate_secret ? newSecret() : undefined;
    const row = await updateEndpoint(db, id, { url, events: body.events && [...new Set(body.events)], active: body.active, secret });
    if (!row) throw notFound('Webhook');
    const changes: Record<string, [unknown, unknown]> = {};
    if (url !== undefined && url !== before.url) changes.url = [before.url, url];
    if (body.events) changes.events = [before.events, row.events];
    if (body.active !== undefined && body.active !== before.active) changes.active = [before.active, body.active];
    if (secret) changes.secret = ['(hidden)', '(regenerated)'];
    await journal(request, 'update', id, row.company, changes);
    return present(row, Boolean(secret));
  });

  app.delete('/webhooks/:id', asUser, async (request, reply) => {
    const scope = await admin(request);
    const id = idParam(request);
    const before = await visibleEndpoint(id, scope);
    if (!(await deleteEndpoint(db, id))) throw notFound('Webhook');
    await journal(request, 'delete', id, before.company, { url: [before.url, null] });
    return reply.code(204).send();
  });

  app.get('/webhooks/:id/deliveries/', asUser, async (request) => {
    const scope = await admin(request);
    const id = idParam(request);
    await visibleEndpoint(id, scope);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listDeliveries(db, id, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(presentDelivery));
  });

  app.post('/webhooks/:id/test/', asUser, async (request) => {
    const scope = await admin(request);
    const id = idParam(request);
    const endpoint = await visibleEndpoint(id, scope);
    const event = eventBody('webhook.test', endpoint.company, { endpoint: endpoint.id });
    const attempt = await sendOnce({ url: endpoint.url, secret: endpoint.secret, eventId: event.id, event: 'webhook.test', body: event.body }, settings());
    // Kept with the endpoint's attempts, as sent once: a test is never retried.
    const [row] = (
      (await db.execute(sql`
        INSERT INTO webhook_deliveries (event_id, endpoint_id, event, body, attempt_count, state)
        VALUES (${event.id}::uuid, ${id}, 'webhook.test', ${event.body}, 1, 'sending') RETURNING id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    await settleAttempt(db, { id: Number(row!.id), endpoint_id: id, attempt_count: 1 }, attempt, null);
    const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    await journal(request, 'test', id, endpoint.company, { status: [null, attempt.status ?? attempt.error] });
    return { delivered, status: attempt.status, answer: attempt.answer, error: attempt.error, ms: attempt.ms };
  });

  app.get('/alerts/settings/', asUser, async (request) => {
    const scope = await admin(request);
    const results = await listAlertSettings(db, scope.companies);
    return { results };
  });

  app.put('/alerts/settings/', asUser, async (request) => {
    const scope = await admin(request);
    const body = parse(AlertSettingsBody, request.body);
    if (!isVisible(scope, body.company)) throw badRequest('unknown_company', 'The company does not exist.', { company: 'not_found' });
    await ownerCompany(ctx, scope, body.company);
    const office = body.office ?? null;
    if (office !== null && (await officeCompany(db, office)) !== body.company) {
      throw badRequest('unknown_office', 'The office does not exist in this company.', { office: 'not_found' });
    }
    if ((body.quiet_from == null) !== (body.quiet_to == null)) {
      throw badRequest('validation_error', 'Give both ends of the quiet hours, or neither.', { [body.quiet_from == null ? 'quiet_from' : 'quiet_to']: 'required' });
    }
    const row = await putAlertSettings(db, {
      company: body.company,
      office,
      enabled: body.enabled ?? true,
      offlineMinutes: body.offline_minutes ?? 10,
      notifyBack: body.notify_back ?? true,
      emails: [...new Set(body.emails ?? [])],
      quietFrom: body.quiet_from ?? null,
      quietTo: body.quiet_to ?? null,
    });
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'alert_settings', entityId: row.id, company: row.company, after: row });
    return row;
  });

  app.delete('/alerts/settings/:id', asUser, async (request, reply) => {
    const scope = await admin(request);
    const id = idParam(request);
    const found = await findAlertSettings(db, id);
    assertVisible(scope, found ? found.company : undefined, 'Alert settings');
    if (!(await deleteAlertSettings(db, id))) throw notFound('Alert settings');
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'alert_settings', entityId: id, company: found!.company });
    return reply.code(204).send();
  });
}
