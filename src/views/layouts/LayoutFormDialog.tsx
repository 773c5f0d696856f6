import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { LAYOUT_NAME_MAX, layoutFormMachine, type LayoutFields } from '../../machines/layouts/layoutForm.machine.ts';
import { LAYOUT_POSITIONS, LAYOUT_TEMPLATES, type LayoutTemplate } from '../../machines/layouts/layoutTemplates.ts';
import type { Layout } from '../../services/layouts.service.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { layoutErrorKey } from './format.ts';
import { TemplateSketch } from './TemplateSketch.tsx';
import { useLayoutsStyles } from './Layouts.styles.ts';

/** A new layout: its name, screen position and the template it starts from (or the empty canvas). */
export function LayoutFormDialog({ onSaved, onClose }: { onSaved: (saved: Layout) => void; onClose: () => void }) {
  const { t } = useTranslation(['layouts', 'common']);
  const styles = useLayoutsStyles();
  const input: { id: null; fields: LayoutFields } = {
    id: null,
    fields: {
      name: '',
      screen_position: 'horizontal',
      template: 'mainSideTicker',
      zoneNames: { main: t('templates.zones.main'), side: t('templates.zones.side'), ticker: t('templates.zones.ticker'), cell: t('templates.zones.cell') },
    },
  };
  const form = useFormActor(layoutFormMachine, { input, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(`validation.${code === 'required' || code === 'too_long' ? code : 'invalid'}`, { max: LAYOUT_NAME_MAX });
  const failure = error && !Object.keys(errors).length ? t(layoutErrorKey(error)) : null;

  return (
    <FormDialog form={form} title={t('form.addTitle')} failure={failure} submitLabel={t('actions.create')}>
      <Field label={t('fields.name')} required hint={t('form.nameHint', { max: LAYOUT_NAME_MAX })} {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.screen_position')}>
        <Select value={fields.screen_position} onChange={(_, data) => change('screen_position', data.value as LayoutFields['screen_position'])}>
          {LAYOUT_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {t(`positions.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.template')}>
        <RadioGroup className={styles.templates} value={fields.template} onChange={(_, data) => change('template', data.value as LayoutTemplate)}>
          {LAYOUT_TEMPLATES.map((template) => (
            <Radio
              key={template}
              value={template}
              label={
                <span className={styles.template}>
                  <TemplateSketch template={template} position={fields.screen_position} />
                  {t(`templates.${template}`)}
                </span>
              }
            />
          ))}
        </RadioGroup>
      </Field>
    </FormDialog>
  );
}
