import { Field, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { devicePowerFormMachine, devicePowerInput } from '../../machines/devices/devicePowerForm.machine.ts';
import type { DevicePower } from '../../services/power.service.ts';
import { FormDialog, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { PowerScheduleEditor } from '../company/PowerScheduleEditor.tsx';
import { powerSummary } from '../company/powerSummary.ts';

/** A device's screen hours (issue 41): its office's, always on, or its own (starting from the office's). */
export function DevicePowerDialog({ power, name, onSaved, onClose }: { power: DevicePower; name: string; onSaved: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(['company', 'devices']);
  const notify = useNotify();
  const form = useFormActor(devicePowerFormMachine, {
    input: devicePowerInput(power),
    onSaved: () => {
      notify(t('company:power.saved'), 'success');
      onSaved();
    },
    onClose,
  });
  const { fields, errors, error, change } = useFormState(form);
  const failure = error && !Object.keys(errors).length ? t(error.startsWith('power_') ? `company:power.errors.${error}` : 'company:messages.saveError') : null;
  return (
    <FormDialog form={form} title={t('company:power.title', { name })} failure={failure}>
      <Field label={t('company:power.mode')}>
        <RadioGroup value={fields.mode} onChange={(_, data) => change('mode', data.value)}>
          <Radio value="office" label={`${t('company:power.modes.office')}: ${powerSummary(power.office_schedule, t, i18n.language)}`} />
          <Radio value="always_on" label={t('company:power.modes.always_on')} />
          <Radio value="own" label={t('company:power.modes.own')} />
        </RadioGroup>
      </Field>
      {fields.mode === 'own' ? (
        <>
          <Text>{t('company:power.timezone', { zone: power.timezone })}</Text>
          <PowerScheduleEditor fields={fields} errors={errors} change={change} />
        </>
      ) : null}
    </FormDialog>
  );
}
