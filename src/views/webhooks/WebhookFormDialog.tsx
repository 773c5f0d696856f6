import { Checkbox, Field, FieldContextProvider, Input, Switch } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { webhookFormInput, webhookFormMachine } from '../../machines/webhooks/webhookForm.machine.ts';
import { WEBHOOK_EVENTS } from '../../services/schemas/webhooks.ts';
import type { WebhookEndpoint } from '../../services/webhooks.service.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { eventKey } from './WebhookPanels.tsx';
import { useWebhooksStyles } from './Webhooks.styles.ts';

const KNOWN_ERRORS = ['webhook_url_refused', 'validation_error', 'forbidden', 'network_error'];
const KNOWN_FIELDS = ['required', 'invalid_url', 'private_address', 'unsupported_scheme', 'unresolvable_host'];

/** The endpoint editor: URL, the events it hears, active, and (editing) a new secret. */
export function WebhookFormDialog({ endpoint, onSaved, onClose }: { endpoint: WebhookEndpoint | null; onSaved: (endpoint: WebhookEndpoint) => void; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const styles = useWebhooksStyles();
  const form = useFormActor(webhookFormMachine, { input: webhookFormInput(endpoint), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const failure = error && !Object.keys(errors).length ? t(`errors.${KNOWN_ERRORS.includes(error) ? error : 'generic'}`) : null;
  const message = (code: string) => t(`validation.${KNOWN_FIELDS.includes(code) ? code : 'invalid'}`);

  return (
    <FormDialog form={form} title={t(endpoint ? 'form.editTitle' : 'form.addTitle')} failure={failure}>
      <Field label={t('fields.url')} required hint={t('form.urlHint')} {...fieldValidation(errors, 'url', message)}>
        <Input type="url" value={fields.url} onChange={(_, data) => change('url', data.value)} />
      </Field>
      <Field label={t('fields.events')} {...fieldValidation(errors, 'events', message)}>
        <div role="group" aria-label={t('fields.events')} className={styles.choices}>
          <FieldContextProvider value={undefined}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                label={t(`events.${eventKey(event)}`)}
                checked={fields.events.includes(event)}
                onChange={(_, data) => change('events', data.checked ? [...fields.events, event] : fields.events.filter((one) => one !== event))}
              />
            ))}
          </FieldContextProvider>
        </div>
      </Field>
      <Switch label={t('fields.active')} checked={fields.active} onChange={(_, data) => change('active', data.checked)} />
      {endpoint ? <Checkbox label={t('fields.regenerate')} checked={fields.regenerate_secret} onChange={(_, data) => change('regenerate_secret', Boolean(data.checked))} /> : null}
    </FormDialog>
  );
}
