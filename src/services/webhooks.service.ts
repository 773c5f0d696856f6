import { array, type } from 'superstruct';
import { api, parseResponse } from './http.ts';
import { Page, type PageOf } from './schemas/common.ts';
import { AlertSettings, WebhookDelivery, WebhookEndpoint, WebhookTestResult, type AlertSettingsBody, type WebhookEvent } from './schemas/webhooks.ts';
import { listAllCompanies, listAllOffices } from './company.service.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { AlertSettings, AlertSettingsBody, WebhookDelivery, WebhookEndpoint, WebhookTestResult };

const EndpointPage = Page(WebhookEndpoint);
const DeliveryPage = Page(WebhookDelivery);
const AlertSettingsList = type({ results: array(AlertSettings) });

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

/** GET /alerts/settings/: the offline alert settings of the caller's companies (company rows and office overrides). */
export async function listAlertSettings(): Promise<AlertSettings[]> {
  return parseResponse(AlertSettingsList, await api('/alerts/settings/')).results;
}

/** What the alert settings panel shows: the stored settings with the companies and offices they can be set for. */
export interface AlertOverview {
  settings: AlertSettings[];
  companies: { id: number; name: string }[];
  offices: { id: number; name: string; company: number; timezone: string }[];
}

export async function loadAlertOverview(): Promise<AlertOverview> {
  const [settings, companies, offices] = await Promise.all([listAlertSettings(), listAllCompanies(), listAllOffices()]);
  return {
    settings,
    companies: companies.map(({ id, name }) => ({ id, name })),
    offices: offices.map(({ id, name, company, timezone }) => ({ id, name, company, timezone })),
  };
}

/**
 * PUT /alerts/settings/ (created or replaced): refusals resolve with their field errors, an address's own error
 * (`emails.2`) under the field that shows it (`emails`); other failures reject.
 */
export async function saveAlertSettings(body: AlertSettingsBody): Promise<WriteOutcome<AlertSettings>> {
  const outcome = await writeOutcome(api('/alerts/settings/', { method: 'PUT', body }).then((answer) => parseResponse(AlertSettings, answer)));
  if (outcome.ok) return outcome;
  const fields: Record<string, string> = {};
  for (const [field, code] of Object.entries(outcome.fields)) fields[field.replace(/\.\d+$/, '')] ??= code;
  return { ...outcome, fields };
}

/** DELETE /alerts/settings/{id}: an office's override goes (the company's settings apply again), or a company's (the defaults). */
export async function deleteAlertSettings(id: number): Promise<{ ok: true }> {
  await api(`/alerts/settings/${id}`, { method: 'DELETE' });
  return { ok: true };
}
