import { Radio, RadioGroup, Field, Text } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { officePowerMachine } from '../../machines/company/officePower.machine.ts';
import { officePowerFormMachine, officePowerInput } from '../../machines/company/officePowerForm.machine.ts';
import type { OfficePower } from '../../services/power.service.ts';
import type { Office } from '../../services/schemas/company.ts';
import { FormDialog, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { useFetch } from '../navigation/useFetch.ts';
import { companyErrorKey } from './format.ts';
import { PowerLoading } from './PowerLoading.tsx';
import { PowerScheduleEditor } from './PowerScheduleEditor.tsx';

/** An office's screen hours (issue 41): loaded, then edited in the power form (always on, or hours with exceptions). */
export function OfficePowerDialog({ office, onClose }: { office: Pick<Office, 'id' | 'name'>; onClose: () => void }) {
  const { t } = useTranslation('company');
  const power = useFetch(officePowerMachine, office.id);
  const title = t('power.title', { name: office.name });
  if (!power.data) return <PowerLoading title={title} error={power.error} onRetry={power.reload} onClose={onClose} />;
  return <OfficePowerForm power={power.data} title={title} onClose={onClose} />;
}

function OfficePowerForm({ power, title, onClose }: { power: OfficePower; title: string; onClose: () => void }) {
  const { t } = useTranslation('company');
  const notify = useNotify();
  const form = useFormActor(officePowerFormMachine, { input: officePowerInput(power), onSaved: () => notify(t('power.saved'), 'success'), onClose });
  const { fields, errors, error, change } = useFormState(form);
  const failure = error && !Object.keys(errors).length ? t(error.startsWith('power_') ? `power.errors.${error}` : companyErrorKey(error)) : null;
  return (
    <FormDialog form={form} title={title} failure={failure}>
      <Field label={t('power.mode')}>
        <RadioGroup value={fields.mode} onChange={(_, data) => change('mode', data.value)}>
          <Radio value="always_on" label={t('power.modes.always_on')} />
          <Radio value="hours" label={t('power.modes.hours')} />
        </RadioGroup>
      </Field>
      {fields.mode === 'hours' ? (
        <>
          <Text>{t('power.timezone', { zone: power.timezone })}</Text>
          <PowerScheduleEditor fields={fields} errors={errors} change={change} />
        </>
      ) : null}
    </FormDialog>
  );
}
