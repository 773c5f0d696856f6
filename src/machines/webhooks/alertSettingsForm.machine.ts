import { createFormMachine } from '../form/form.machine.ts';
import { saveAlertSettings, type AlertSettings } from '../../services/webhooks.service.ts';

/** The alert settings editor's fields as typed: minutes and addresses as text, quiet hours as HH:MM or empty. */
export type AlertFields = {
  company: number;
  /** null: the company's own settings; else the office whose settings override them. */
  office: number | null;
  enabled: boolean;
  offline_minutes: string;
  notify_back: boolean;
  emails: string;
  quiet_from: string;
  quiet_to: string;
};

/** The server's default threshold (docs/api.md, "Offline alerts"). */
export const DEFAULT_OFFLINE_MINUTES = 10;
export const MAX_OFFLINE_MINUTES = 10080;
/** A screen counts as offline this long after its last contact (the server's ONLINE_WINDOW_SECONDS, 120 s). */
export const OFFLINE_AFTER_MINUTES = 2;
export const MAX_EMAILS = 20;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+$/;

/** The addresses of the emails field: separated by commas, semicolons, spaces or lines. */
export const emailsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The form of a company's settings (office null) or an office's: the stored row, or what applies until one is stored
 * (an office starts from its company's settings, a company from the defaults).
 */
export function alertFormInput(
  company: number,
  office: number | null,
  stored: AlertSettings | null,
  inherited: AlertSettings | null = null,
): { id: number | null; fields: AlertFields } {
  const from = stored ?? inherited;
  return {
    id: stored?.id ?? null,
    fields: {
      company,
      office,
      enabled: from?.enabled ?? true,
      offline_minutes: String(from?.offline_minutes ?? DEFAULT_OFFLINE_MINUTES),
      notify_back: from?.notify_back ?? true,
      emails: (from?.emails ?? []).join(', '),
      quiet_from: from?.quiet_from ?? '',
      quiet_to: from?.quiet_to ?? '',
    },
  };
}

/** The rules of PUT /alerts/settings/: minutes 1 to 10080, both ends of the quiet hours or neither, up to 20 addresses. */
export function alertFieldErrors(fields: AlertFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const minutes = fields.offline_minutes.trim();
  if (!minutes) errors.offline_minutes = 'required';
  else if (!/^\d+$/.test(minutes) || Number(minutes) < 1 || Number(minutes) > MAX_OFFLINE_MINUTES) errors.offline_minutes = 'out_of_range';
  const from = fields.quiet_from.trim();
  const to = fields.quiet_to.trim();
  if (from && !CLOCK.test(from)) errors.quiet_from = 'invalid_format';
  if (to && !CLOCK.test(to)) errors.quiet_to = 'invalid_format';
  if (from && !to) errors.quiet_to = 'required';
  if (to && !from) errors.quiet_from = 'required';
  const emails = emailsOf(fields.emails);
  if (emails.length > MAX_EMAILS) errors.emails = 'too_many';
  else if (emails.some((email) => !EMAIL.test(email) || email.length > 254)) errors.emails = 'invalid_format';
  return errors;
}

/** The body sent for the fields (checked by alertFieldErrors). */
export function alertSettingsBody(fields: AlertFields) {
  return {
    company: fields.company,
    office: fields.office,
    enabled: fields.enabled,
    offline_minutes: Number(fields.offline_minutes.trim()),
    notify_back: fields.notify_back,
    emails: [...new Set(emailsOf(fields.emails))],
    quiet_from: fields.quiet_from.trim() || null,
    quiet_to: fields.quiet_to.trim() || null,
  };
}

/** Whether the fields differ from those the form opened with (the leave guard asks then). */
export function alertFieldsChanged(opened: AlertFields, fields: AlertFields): boolean {
  return JSON.stringify(alertSettingsBody(opened)) !== JSON.stringify(alertSettingsBody(fields));
}

/** The offline alert editor of a company or an office (issue 29). */
export const alertSettingsFormMachine = createFormMachine<AlertFields, AlertSettings>({
  id: 'alertSettingsForm',
  validate: alertFieldErrors,
  save: ({ fields }) => saveAlertSettings(alertSettingsBody(fields)),
  // Both ends of the quiet hours answer for each other: a change of one clears the other's "required" too.
  errorFieldsOf: (field) => (field === 'quiet_from' || field === 'quiet_to' ? ['quiet_from', 'quiet_to'] : [field]),
});
