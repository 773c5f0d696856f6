import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { officeFormInput, officeFormMachine, type OfficeFields } from '../../machines/company/officeForm.machine.ts';
import type { Company, Department, Office } from '../../services/schemas/company.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { companyErrorKey, fieldMessageKey } from './format.ts';

interface Props {
  office: Office | null;
  companies: Company[];
  departments: Department[];
  company?: number;
  onSaved: (saved: Office) => void;
  onClose: () => void;
}

const TEXT_FIELDS = ['name', 'address', 'phone', 'email', 'contact_person', 'timezone'] as const satisfies readonly (keyof OfficeFields)[];
const INPUT_TYPES: Partial<Record<(typeof TEXT_FIELDS)[number], 'email' | 'tel'>> = { email: 'email', phone: 'tel' };

/** Add or edit a branch office: company, department, the Office fields of section 3 and its time zone. */
export function OfficeFormDialog({ office, companies, departments, company, onSaved, onClose }: Props) {
  const { t } = useTranslation('company');
  const form = useFormActor(officeFormMachine, { input: officeFormInput(office, company ? { company } : {}), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(fieldMessageKey(code));
  const failure = error && !Object.keys(errors).length ? t(companyErrorKey(error)) : null;

  return (
    <FormDialog form={form} title={t(office ? 'form.editOffice' : 'form.addOffice')} failure={failure}>
      <FormRow>
        <Field label={t('fields.company')} required {...fieldValidation(errors, 'company', message)}>
          <Select
            value={fields.company === null ? '' : String(fields.company)}
            onChange={(_, data) => {
              change('company', data.value ? Number(data.value) : null);
              change('department', null);
            }}
          >
            <option value="">{t('form.chooseCompany')}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('fields.department')} {...fieldValidation(errors, 'department', message)}>
          <Select value={fields.department === null ? '' : String(fields.department)} onChange={(_, data) => change('department', data.value ? Number(data.value) : null)}>
            <option value="">{t('form.noDepartment')}</option>
            {departments
              .filter((d) => d.company === fields.company)
              .map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
          </Select>
        </Field>
        {TEXT_FIELDS.map((field) => (
          <Field
            key={field}
            label={t(`fields.${field}`)}
            required={field === 'name'}
            hint={field === 'timezone' ? t('form.timezoneHint') : undefined}
            {...fieldValidation(errors, field, message)}
          >
            <Input type={INPUT_TYPES[field] ?? 'text'} value={fields[field]} onChange={(_, data) => change(field, data.value)} />
          </Field>
        ))}
      </FormRow>
      <Field label={t('fields.description')} {...fieldValidation(errors, 'description', message)}>
        <Textarea value={fields.description} onChange={(_, data) => change('description', data.value)} />
      </Field>
    </FormDialog>
  );
}
