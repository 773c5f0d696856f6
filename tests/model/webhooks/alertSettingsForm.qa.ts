import { alertFieldErrors, alertFormInput, alertSettingsFormMachine, type AlertFields } from '../../../src/machines/webhooks/alertSettingsForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { englishText, text } from '../qa/screen.ts';

const LABELS: Record<string, string> = { offline_minutes: 'minutes', quiet_from: 'quietFrom', quiet_to: 'quietTo', emails: 'emails', office: 'office' };

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
  preconditions: { start: { route: '/webhooks', user: 'a user whose group gives Company "Edit" (or admin)', data: 'a company Acme without alert settings; press "Edit the alerts of Acme" under "Offline alerts"' } },
  offScreen: {
    'the server refuses: an address is not an email':
      'the editor checks the addresses by the server\'s own rule before it sends them (alertFieldErrors in src/machines/webhooks/alertSettingsForm.machine.ts); only an edited request (devtools: PUT /alerts/settings/ with emails ["nope"]) gets this answer',
  },
  screen: {
    open: [
      `the dialog "Offline alerts of Acme" with ${text('webhooks:alerts.fields.enabled')} on, ${text('webhooks:alerts.fields.minutes')} 10 (hint ${text('webhooks:alerts.form.minutesHint', { max: 10080, window: englishText('webhooks:alerts.minutes', 'common', { count: 2 }) })}), ${text('webhooks:alerts.fields.notifyBack')} on, ${text('webhooks:alerts.fields.quietFrom')} and ${text('webhooks:alerts.fields.quietTo')} empty, ${text('webhooks:alerts.fields.emails')} empty`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('webhooks:alerts.fields.minutes')} shows 25`],
    invalid: [`${text('webhooks:alerts.fields.minutes')} shows 0; no message yet`],
    fieldErrors: (errors) =>
      Object.entries(errors).map(([field, code]) => `under ${text(`webhooks:alerts.fields.${LABELS[field] ?? field}`)} the message ${text(`webhooks:alerts.validation.${code}`, { max: 10080 })}`),
    offline: [`the line ${text('webhooks:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('webhooks:messages.saved')}`, 'the row Acme shows the saved minutes under "Offline for" (no longer "(default)")'],
  },
});
