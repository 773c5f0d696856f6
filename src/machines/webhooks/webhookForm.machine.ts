import { createFormMachine } from '../form/form.machine.ts';
import { saveWebhook, type WebhookEndpoint } from '../../services/webhooks.service.ts';
import type { WebhookEvent } from '../../services/schemas/webhooks.ts';

export type WebhookFields = { url: string; events: WebhookEvent[]; active: boolean; regenerate_secret: boolean };

export function webhookFormInput(endpoint: WebhookEndpoint | null): { id: number | null; fields: WebhookFields } {
  return endpoint
    ? { id: endpoint.id, fields: { url: endpoint.url, events: [...endpoint.events] as WebhookEvent[], active: endpoint.active, regenerate_secret: false } }
    : { id: null, fields: { url: '', events: ['device.offline', 'device.online'], active: true, regenerate_secret: false } };
}

/** An http(s) URL and at least one event (the server also refuses private addresses: `webhook_url_refused`). */
export function webhookFieldErrors(fields: WebhookFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = fields.url.trim();
  if (!url) errors.url = 'required';
  else if (!/^https?:\/\/[^\s/]+/i.test(url) || url.length > 2048) errors.url = 'invalid_url';
  if (!fields.events.length) errors.events = 'required';
  return errors;
}

/** The endpoint editor: URL, events, active, and (editing) a new secret. */
export const webhookFormMachine = createFormMachine<WebhookFields, WebhookEndpoint>({
  id: 'webhookForm',
  validate: webhookFieldErrors,
  save: ({ id, fields }) => saveWebhook(id, { url: fields.url.trim(), events: fields.events, active: fields.active, ...(id !== null && fields.regenerate_secret ? { regenerate_secret: true } : {}) }),
});
