import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveOffice } from '../../services/company.service.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, type Office } from '../../services/schemas/company.ts';

export type OfficeFields = {
  company: number | null;
  department: number | null;
  name: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  contact_person: string;
  /** IANA zone name; empty: the server's zone. */
  timezone: string;
};

/** An office needs its company and a name; email and phone have the company's formats. */
export function officeFieldErrors(fields: OfficeFields): FieldErrors {
  const errors: FieldErrors = {};
  if (fields.company === null) errors.company = 'required';
  if (!fields.name.trim()) errors.name = 'required';
  else if (fields.name.trim().length > 200) errors.name = 'too_long';
  if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = 'invalid_format';
  if (!PHONE_PATTERN.test(fields.phone.trim())) errors.phone = 'invalid_format';
  return errors;
}

export function officeFormInput(office: Office | null, defaults: Partial<OfficeFields> = {}): { id: number | null; fields: OfficeFields } {
  if (office) {
    const { id, company, department, name, description, address, phone, email, contact_person, timezone } = office;
    return { id, fields: { company, department, name, description, address, phone, email, contact_person, timezone } };
  }
  return {
    id: null,
    fields: { company: null, department: null, name: '', description: '', address: '', phone: '', email: '', contact_person: '', timezone: '', ...defaults },
  };
}

/** Add or edit a branch office: company, department, the Office fields of section 3 and its time zone. */
export const officeFormMachine = createFormMachine<OfficeFields, Office>({
  id: 'officeForm',
  validate: officeFieldErrors,
  save: ({ id, fields }) =>
    saveOffice(id, {
      company: fields.company!,
      department: fields.department,
      name: fields.name.trim(),
      description: fields.description,
      address: fields.address.trim(),
      phone: fields.phone.trim(),
      email: fields.email.trim(),
      contact_person: fields.contact_person.trim(),
      ...(fields.timezone.trim() ? { timezone: fields.timezone.trim() } : {}),
    }),
});
