import { officeFormInput, officeFormMachine } from '../../../src/machines/company/officeForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

/** An office belongs to a company, needs a name, and its e-mail must read name@domain.tld. */
export default defineFormQa({
  machine: officeFormMachine,
  file: 'src/machines/company/officeForm.machine.ts',
  title: 'The add-office form',
  input: officeFormInput(null, { company: 3, name: 'Riverside' }),
  valid: { words: 'type the e-mail "riverside@north.example"', field: 'email', value: 'riverside@north.example' },
  invalid: { words: 'type the e-mail "riverside"', field: 'email', value: 'riverside', errors: { email: 'invalid_format' } },
  sendable: (fields) => fields.company !== null && String(fields.name).trim() !== '' && /^(?:[^\s@]+@[^\s@]+\.[^\s@]+)?$/.test(String(fields.email)),
  saved: { id: 9, company: 3, name: 'Riverside' },
  refusal: { words: 'the server refuses the time zone', code: 'invalid_timezone', fields: { timezone: 'invalid' } },
});
