import { array, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, size, string, type, type Infer } from 'superstruct';
import { Id } from './common.ts';

/*
 * Webhooks and offline alerts (issue 29). See docs/api.md, "Webhooks" and "Offline alerts".
 */

export const WEBHOOK_EVENTS = [
  'device.offline',
  'device.online',
  'device.playback_errors',
  'media.processing_failed',
  'campaign.published',
  'override.started',
  'override.cleared',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** Why the server switched an endpoint off. */
export const DISABLED_REASONS = ['failing_24h'] as const;

const Url = size(string(), 1, 2048);
/** A secret the administrator chooses (else the server makes one): 16 to 200 printable characters. */
const Secret = pattern(size(string(), 16, 200), /^[\x21-\x7e]+$/);

export const WebhookCreateBody = object({
  url: Url,
  events: size(array(enums(WEBHOOK_EVENTS)), 1, WEBHOOK_EVENTS.length),
  secret: optional(Secret),
  active: optional(boolean()),
  company: optional(nullable(Id)),
});
export type WebhookCreateBody = Infer<typeof WebhookCreateBody>;

export const WebhookUpdateBody = object({
  url: optional(Url),
  events: optional(size(array(enums(WEBHOOK_EVENTS)), 1, WEBHOOK_EVENTS.length)),
  active: optional(boolean()),
  /** true: the server makes a new secret and answers it once. */
  regenerate_secret: optional(boolean()),
});
export type WebhookUpdateBody = Infer<typeof WebhookUpdateBody>;

export const WebhookEndpoint = type({
  id: Id,
  company: nullable(Id),
  url: string(),
  events: array(string()),
  active: boolean(),
  disabled_reason: nullable(string()),
  failing_since: nullable(string()),
  created_at: string(),
  updated_at: string(),
  /** Only in the answer of a create or a regeneration: the secret is shown once. */
  secret: optional(string()),
});
export type WebhookEndpoint = Infer<typeof WebhookEndpoint>;

export const WebhookAttempt = type({
  at: string(),
  status: nullable(integer()),
  answer: string(),
  error: nullable(string()),
  ms: number(),
});
export type WebhookAttempt = Infer<typeof WebhookAttempt>;

export const WebhookDelivery = type({
  id: Id,
  event_id: string(),
  event: string(),
  state: enums(['pending', 'sending', 'delivered', 'failed'] as const),
  attempts: array(WebhookAttempt),
  next_attempt_at: nullable(string()),
  created_at: string(),
  payload: type({}),
});
export type WebhookDelivery = Infer<typeof WebhookDelivery>;

/** POST /webhooks/{id}/test/: the receiver's answer to a `webhook.test` event. */
export const WebhookTestResult = type({
  delivered: boolean(),
  status: nullable(integer()),
  answer: string(),
  error: nullable(string()),
  ms: number(),
});
export type WebhookTestResult = Infer<typeof WebhookTestResult>;

const Clock = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);
const Email = pattern(size(string(), 3, 254), /^[^\s@,<>]+@[^\s@,<>]+$/);

/** PUT /alerts/settings/: a company's settings (no office) or one office's, created or replaced. */
export const AlertSettingsBody = object({
  company: Id,
  office: optional(nullable(Id)),
  enabled: optional(boolean()),
  offline_minutes: optional(max(min(integer(), 1), 10080)),
  notify_back: optional(boolean()),
  emails: optional(size(array(Email), 0, 20)),
  quiet_from: optional(nullable(Clock)),
  quiet_to: optional(nullable(Clock)),
});
export type AlertSettingsBody = Infer<typeof AlertSettingsBody>;

export const AlertSettings = type({
  id: Id,
  company: Id,
  office: nullable(Id),
  enabled: boolean(),
  offline_minutes: integer(),
  notify_back: boolean(),
  emails: array(string()),
  quiet_from: nullable(string()),
  quiet_to: nullable(string()),
  updated_at: string(),
});
export type AlertSettings = Infer<typeof AlertSettings>;
