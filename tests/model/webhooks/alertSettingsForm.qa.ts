import { alertFieldErrors, alertFormInput, alertSettingsFormMachine, type AlertFields } from '../../../src/machines/webhooks/alertSettingsForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

/**
 * The offline alert editor of a company (issue 29): minutes offline from 1 to 10080 (default 10), both ends of the
 * quiet hours or neither, up to 20 email addresses; the server's field errors stay beside the fields.
 */
export default defineFormQa({
  machine: alertSettingsFormMachine,
  file: 'src/machines/webhooks/alertSettingsForm.machine.ts',
  title: 'The offline alert editor',
  namespace: 'webhooks',
  input: alertFormInput(1, null, null),
  valid: { words: 'type 25 in "Minutes offline before the alert"', field: 'offline_minutes', value: '25' },
  invalid: { words: 'type 0 in "Minutes offline before the alert"', field: 'offline_minutes', value: '0', errors: { offline_minutes: 'out_of_range' } },
  sendable: (fields) => Object.keys(alertFieldErrors(fields as AlertFields)).length === 0,
  saved: {
    id: 3,
    company: 1,
    office: null,
    enabled: true,
    offline_minutes: 25,
    notify_back: true,
    emails: [],
    quiet_from: null,
    quiet_to: null,
    updated_at: '2026-11-27T04:00:00.000Z',
  },
  refusal: { words: 'the server refuses: an address is not an email', code: 'validation_error', fields: { emails: 'invalid_format' } },
});
