import { webhookFieldErrors, webhookFormInput, webhookFormMachine, type WebhookFields } from '../../../src/machines/webhooks/webhookForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
