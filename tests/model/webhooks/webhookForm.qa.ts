import { webhookFieldErrors, webhookFormInput, webhookFormMachine, type WebhookFields } from '../../../src/machines/webhooks/webhookForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** The webhook endpoint editor (issue 29): an http(s) URL (required), at least one event, active. */
export default defineFormQa({
  machine: webhookFormMachine,
  file: 'src/machines/webhooks/webhookForm.machine.ts',
  title: 'The webhook endpoint editor',
  input: webhookFormInput(null),
  valid: { words: 'type the URL "https://hooks.example.com/vitrine"', field: 'url', value: 'https://hooks.example.com/vitrine' },
  invalid: { words: 'type a blank URL', field: 'url', value: '   ', errors: { url: 'required' } },
  sendable: (fields) => Object.keys(webhookFieldErrors(fields as WebhookFields)).length === 0,
  saved: {
    id: 4,
    company: null,
    url: 'https://hooks.example.com/vitrine',
    events: ['device.offline', 'device.online'],
    active: true,
    disabled_reason: null,
    failing_since: null,
    created_at: '2026-11-27T02:00:00.000Z',
    updated_at: '2026-11-27T02:00:00.000Z',
    secret: 'whsec_example',
  },
  refusal: { words: 'the server refuses: the URL points at a private address', code: 'webhook_url_refused', fields: { url: 'private_address' } },
  namespace: 'webhooks',
  preconditions: { start: { route: '/webhooks', user: 'a user whose group gives Company "Edit" (or admin)', data: 'press "Add endpoint"' } },
  howTo: { 'the server refuses: the URL points at a private address': 'type http://192.168.1.10/hook instead of the example URL' },
  screen: {
    open: [
      `the dialog ${text('webhooks:form.addTitle')} with ${text('webhooks:fields.url')} empty (hint ${text('webhooks:form.urlHint')}), the events ${text('webhooks:events.device_offline')} and ${text('webhooks:events.device_online')} ticked, ${text('webhooks:fields.active')} on`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('webhooks:fields.url')} shows https://hooks.example.com/vitrine`],
    invalid: [`${text('webhooks:fields.url')} shows only spaces; no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`webhooks:fields.${field}`)} the message ${text(`webhooks:validation.${code}`)}`),
    offline: [`the line ${text('webhooks:errors.network_error')} above the buttons`],
    saved: [
      `the dialog closes; a success toast ${text('webhooks:messages.added')}`,
      `above the list ${text('webhooks:secret.title')} ${text('webhooks:secret.body')} with the secret and the buttons ${text('webhooks:actions.copy')} and ${text('webhooks:secret.dismiss')}`,
      'the row https://hooks.example.com/vitrine in the list',
    ],
  },
});
