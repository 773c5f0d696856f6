import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveCompany } from '../../services/company.service.ts';
import { COMPANY_TEXT_FIELDS, EMAIL_PATTERN, isValidInn, PHONE_PATTERN, URL_PATTERN, type Company, type CompanyTextField } from '../../services/schemas/company.ts';

export type CompanyFields = Record<CompanyTextField, string>;

/** The company rules of the shared schema: a name; INN of 10 or 12 digits with its check digits; email, url and phone formats. */
export function companyFieldErrors(fields: CompanyFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.name.trim()) errors.name = 'required';
  else if (fields.name.trim().length > 200) errors.name = 'too_long';
  const inn = fields.inn.trim();
  if (!/^(?:\d{10}|\d{12})?$/.test(inn)) errors.inn = 'invalid_format';
  else if (!isValidInn(inn)) errors.inn = 'invalid_checksum';
  if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = 'invalid_format';
  if (!URL_PATTERN.test(fields.url.trim())) errors.url = 'invalid_format';
  if (!PHONE_PATTERN.test(fields.phone.trim())) errors.phone = 'invalid_format';
  return errors;
}

export function companyFormInput(company: Company | null): { id: number | null; fields: CompanyFields } {
  const fields = Object.fromEntries(COMPANY_TEXT_FIELDS.map((field) => [field, company ? company[field] : ''])) as CompanyFields;
  return { id: company?.id ?? null, fields };
}

/** Add or edit a company: every text field of section 3 (the active and video-upload flags have their own buttons). */
export const companyFormMachine = createFormMachine<CompanyFields, Company>({
  id: 'companyForm',
  validate: companyFieldErrors,
  save: ({ id, fields }) => saveCompany(id, Object.fromEntries(COMPANY_TEXT_FIELDS.map((field) => [field, fields[field].trim()]))),
});
