import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { departmentFormInput, departmentFormMachine } from '../../machines/company/departmentForm.machine.ts';
import type { Company, Department } from '../../services/schemas/company.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { companyErrorKey, fieldMessageKey } from './format.ts';

interface Props {
  department: Department | null;
  companies: Company[];
  departments: Department[];
  /** The company a new department goes to, when the screen knows it. */
  company?: number;
  onSaved: (saved: Department) => void;
  onClose: () => void;
}

/** Add or edit a department: company (fixed once created), parent department of the same company, name, description. */
export function DepartmentFormDialog({ department, companies, departments, company, onSaved, onClose }: Props) {
  const { t } = useTranslation('company');
  const form = useFormActor(departmentFormMachine, { input: departmentFormInput(department, company ? { company } : {}), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(fieldMessageKey(code));
  const failure = error && !Object.keys(errors).length ? t(companyErrorKey(error)) : null;
  const parents = departments.filter((d) => d.company === fields.company && d.id !== department?.id);

  return (
    <FormDialog form={form} title={t(department ? 'form.editDepartment' : 'form.addDepartment')} failure={failure}>
      <Field label={t('fields.company')} required {...fieldValidation(errors, 'company', message)}>
        <Select
          value={fields.company === null ? '' : String(fields.company)}
          disabled={!!department}
          onChange={(_, data) => {
            change('company', data.value ? Number(data.value) : null);
            change('parent', null);
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
      <Field label={t('fields.parent')} {...fieldValidation(errors, 'parent', message)}>
        <Select value={fields.parent === null ? '' : String(fields.parent)} onChange={(_, data) => change('parent', data.value ? Number(data.value) : null)}>
          <option value="">{t('form.topLevel')}</option>
          {parents.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.name')} required {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.description')} {...fieldValidation(errors, 'description', message)}>
        <Textarea value={fields.description} onChange={(_, data) => change('description', data.value)} />
      </Field>
    </FormDialog>
  );
}
