import { Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { campaignFormInput, campaignFormMachine } from '../../machines/campaigns/campaignForm.machine.ts';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { DEVICE_POSITIONS, type DevicePosition } from '../../services/schemas/devices.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';

/** Add / edit campaign: name ("Name is required!") and screen position (locked while the campaign has devices). */
export function CampaignFormDialog({ campaign, onSaved, onClose }: { campaign: Campaign | null; onSaved: (campaign: Campaign, created: boolean) => void; onClose: () => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const form = useFormActor(campaignFormMachine, { input: campaignFormInput(campaign), onSaved: (saved) => onSaved(saved, campaign === null), onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) =>
    code === 'required' ? t('form.nameRequired') : code === 'too_long' || code === 'out_of_range' ? t('form.tooLong') : code === 'campaign_has_devices' ? t('form.positionLocked') : t('common:errors.validation_error');
  const failure = error && !Object.keys(errors).length ? `${t('form.saveError')}: ${t(`common:${errorMessageKey(error)}`)}` : null;
  const locked = campaign !== null && campaign.active_devices + campaign.deactivated_devices > 0;

  return (
    <FormDialog form={form} title={campaign ? t('form.editTitle') : t('form.addTitle')} failure={failure}>
      <Field label={t('fields.name')} required {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} maxLength={200} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.screen_position')} hint={locked ? t('form.positionLocked') : undefined} {...fieldValidation(errors, 'screen_position', message)}>
        <Select value={fields.screen_position} disabled={locked} onChange={(_, data) => change('screen_position', data.value as DevicePosition)}>
          {DEVICE_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {t(`positions.${position}`)}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
