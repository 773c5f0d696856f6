import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { companyFormInput, companyFormMachine } from '../../machines/company/companyForm.machine.ts';
import { COMPANY_TEXT_FIELDS, type Company, type CompanyTextField } from '../../services/schemas/company.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { companyErrorKey, fieldMessageKey } from './format.ts';

const HINTS: Partial<Record<CompanyTextField, string>> = { inn: 'form.innHint', url: 'form.urlHint' };
const INPUT_TYPES: Partial<Record<CompanyTextField, 'email' | 'url' | 'tel'>> = { email: 'email', url: 'url', phone: 'tel' };

/** Add (company null) or edit a company: every text field of section 3, checked as the server checks them. */
export function CompanyFormDialog({ company, onSaved, onClose }: { company: Company | null; onSaved: (saved: Company) => void; onClose: () => void }) {
  const { t } = useTranslation('company');
  const form = useFormActor(companyFormMachine, { input: companyFormInput(company), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(fieldMessageKey(code));
  const failure = error && !Object.keys(errors).length ? t(companyErrorKey(error)) : null;

  return (
    <FormDialog form={form} title={t(company ? 'form.editCompany' : 'form.addCompany')} failure={failure}>
      <FormRow>
        {COMPANY_TEXT_FIELDS.map((field) =>
          field === 'description' ? null : (
            <Field key={field} label={t(`fields.${field}`)} required={field === 'name'} hint={HINTS[field] ? t(HINTS[field]!) : undefined} {...fieldValidation(errors, field, message)}>
              <Input type={INPUT_TYPES[field] ?? 'text'} value={fields[field]} onChange={(_, data) => change(field, data.value)} />
            </Field>
          ),
        )}
      </FormRow>
      <Field label={t('fields.description')} {...fieldValidation(errors, 'description', message)}>
        <Textarea value={fields.description} onChange={(_, data) => change('description', data.value)} />
      </Field>
    </FormDialog>
  );
}
