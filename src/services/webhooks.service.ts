import { api, parseResponse } from './http.ts';
import { Page, type PageOf } from './schemas/common.ts';
import { WebhookDelivery, WebhookEndpoint, WebhookTestResult, type WebhookEvent } from './schemas/webhooks.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { WebhookDelivery, WebhookEndpoint, WebhookTestResult };

const EndpointPage = Page(WebhookEndpoint);
const DeliveryPage = Page(WebhookDelivery);

/** GET /webhooks/: the endpoints of the caller's companies. */
export async function listWebhooks(): Promise<PageOf<WebhookEndpoint>> {
  return parseResponse(EndpointPage, await api('/webhooks/', { query: { page_size: 500 } }));
}

export interface WebhookBody {
  url: string;
  events: WebhookEvent[];
  active: boolean;
  /** Edits only: a new secret, shown once in the answer. */
  regenerate_secret?: boolean;
}

/** POST /webhooks/create/ or PUT /webhooks/{id}: refusals (400 fields, webhook_url_refused) resolve, others reject. */
export function saveWebhook(id: number | null, body: WebhookBody): Promise<WriteOutcome<WebhookEndpoint>> {
  const request = id === null ? api('/webhooks/create/', { method: 'POST', body: { url: body.url, events: body.events, active: body.active } }) : api(`/webhooks/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(WebhookEndpoint, answer)));
}

/** DELETE /webhooks/{id}. */
export async function deleteWebhook(id: number): Promise<{ ok: true }> {
  await api(`/webhooks/${id}`, { method: 'DELETE' });
  return { ok: true };
}

/** POST /webhooks/{id}/test/: the receiver's status and the start of its answer. */
export async function testWebhook(id: number): Promise<WebhookTestResult> {
  return parseResponse(WebhookTestResult, await api(`/webhooks/${id}/test/`, { method: 'POST' }));
}

/** GET /webhooks/{id}/deliveries/: the latest deliveries, each with its attempts. */
export async function listWebhookDeliveries(id: number): Promise<WebhookDelivery[]> {
  return parseResponse(DeliveryPage, await api(`/webhooks/${id}/deliveries/`, { query: { page_size: 20 } })).results;
}
