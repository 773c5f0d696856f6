import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { layoutDuplicateMachine } from '../../machines/layouts/layoutDuplicate.machine.ts';
import { LAYOUT_NAME_MAX } from '../../machines/layouts/layoutForm.machine.ts';
import type { Layout } from '../../services/layouts.service.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { layoutErrorKey } from './format.ts';

/** "Duplicate": a copy of the layout (its size, background and zones) as a new draft under the name typed here. */
export function LayoutDuplicateDialog({ layout, onSaved, onClose }: { layout: Layout; onSaved: (saved: Layout) => void; onClose: () => void }) {
  const { t } = useTranslation(['layouts', 'common']);
  const name = [...t('form.copyName', { name: layout.name })].slice(0, LAYOUT_NAME_MAX).join('');
  const form = useFormActor(layoutDuplicateMachine, { input: { id: layout.id, fields: { name } }, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(`validation.${code === 'required' || code === 'too_long' ? code : 'invalid'}`, { max: LAYOUT_NAME_MAX });
  const failure = error && !Object.keys(errors).length ? t(layoutErrorKey(error)) : null;

  return (
    <FormDialog form={form} title={t('form.duplicateTitle', { name: layout.name })} failure={failure} submitLabel={t('actions.duplicate')}>
      <Field label={t('fields.name')} required hint={t('form.nameHint', { max: LAYOUT_NAME_MAX })} {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
    </FormDialog>
  );
}
