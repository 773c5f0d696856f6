import { Caption1, Field, Input, Select, Switch, Textarea } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { AlertOffice } from '../../machines/webhooks/alertSettings.selectors.ts';
import { alertFieldsChanged, alertSettingsFormMachine, MAX_EMAILS, MAX_OFFLINE_MINUTES, OFFLINE_AFTER_MINUTES, type AlertFields } from '../../machines/webhooks/alertSettingsForm.machine.ts';
import type { AlertSettings } from '../../services/webhooks.service.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { useWebhooksStyles } from './Webhooks.styles.ts';

const KNOWN_ERRORS = ['validation_error', 'unknown_office', 'unknown_company', 'forbidden', 'network_error'];
const KNOWN_FIELDS = ['required', 'out_of_range', 'invalid_format', 'too_many', 'not_found'];

export interface AlertSettingsDialogProps {
  /** What the form opens with (alertFormInput). */
  input: { id: number | null; fields: AlertFields };
  companyName: string;
  /** Adding an office's override: the offices to choose from; else null (the office, if any, is fixed). */
  offices: AlertOffice[] | null;
  /** The office being edited (its name and time zone), when not choosing one. */
  office: AlertOffice | null;
  onSaved: (settings: AlertSettings) => void;
  onClose: () => void;
}

/** The offline alert settings of a company, or of one office overriding them. */
export function AlertSettingsDialog({ input, companyName, offices, office, onSaved, onClose }: AlertSettingsDialogProps) {
  const { t } = useTranslation('webhooks');
  const styles = useWebhooksStyles();
  const form = useFormActor(alertSettingsFormMachine, { input, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const changed = useSelector(form, (s) => s.status === 'active' && alertFieldsChanged(input.fields, s.context.fields));
  const failure = error && !Object.keys(errors).length ? t(`errors.${KNOWN_ERRORS.includes(error) ? error : 'generic'}`) : null;
  const message = (code: string) => t(`alerts.validation.${KNOWN_FIELDS.includes(code) ? code : 'invalid'}`, { max: MAX_OFFLINE_MINUTES, count: MAX_EMAILS });
  const zone = (offices ?? []).find((one) => one.id === fields.office)?.timezone ?? office?.timezone;
  const title = office ? t('alerts.form.officeTitle', { office: office.name }) : offices ? t('alerts.form.addTitle', { company: companyName }) : t('alerts.form.companyTitle', { company: companyName });

  return (
    <FormDialog form={form} title={title} failure={failure}>
      <LeaveGuard when={changed} texts={{ title: t('alerts.leave.title'), text: t('alerts.leave.text'), stay: t('alerts.leave.stay'), leave: t('alerts.leave.leave') }} />
      {offices ? (
        <Field label={t('alerts.fields.office')} required {...fieldValidation(errors, 'office', message)}>
          <Select value={fields.office === null ? '' : String(fields.office)} onChange={(_, data) => change('office', data.value ? Number(data.value) : null)}>
            {offices.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Switch label={t('alerts.fields.enabled')} checked={fields.enabled} onChange={(_, data) => change('enabled', data.checked)} />
      <Field label={t('alerts.fields.minutes')} required hint={t('alerts.form.minutesHint', { max: MAX_OFFLINE_MINUTES, window: t('alerts.minutes', { count: OFFLINE_AFTER_MINUTES }) })} {...fieldValidation(errors, 'offline_minutes', message)}>
        <Input inputMode="numeric" value={fields.offline_minutes} onChange={(_, data) => change('offline_minutes', data.value)} />
      </Field>
      <Switch label={t('alerts.fields.notifyBack')} checked={fields.notify_back} onChange={(_, data) => change('notify_back', data.checked)} />
      <FormRow>
        <Field label={t('alerts.fields.quietFrom')} {...fieldValidation(errors, 'quiet_from', message)}>
          <Input type="time" aria-describedby="alert-quiet-zone" value={fields.quiet_from} onChange={(_, data) => change('quiet_from', data.value)} />
        </Field>
        <Field label={t('alerts.fields.quietTo')} {...fieldValidation(errors, 'quiet_to', message)}>
          <Input type="time" aria-describedby="alert-quiet-zone" value={fields.quiet_to} onChange={(_, data) => change('quiet_to', data.value)} />
        </Field>
      </FormRow>
      <Caption1 id="alert-quiet-zone" className={styles.muted}>{zone ? t('alerts.form.zoneHint', { zone }) : t('alerts.form.companyZoneHint')}</Caption1>
      <Field label={t('alerts.fields.emails')} hint={t('alerts.form.emailsHint', { count: MAX_EMAILS })} {...fieldValidation(errors, 'emails', message)}>
        <Textarea value={fields.emails} onChange={(_, data) => change('emails', data.value)} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
