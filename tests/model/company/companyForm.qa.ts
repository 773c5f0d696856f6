import { companyFieldErrors, companyFormInput, companyFormMachine, type CompanyFields } from '../../../src/machines/company/companyForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

/** Section 3 and issue 12: a company needs a name; its INN is 10 or 12 digits whose check digits match. */
export default defineFormQa({
  machine: companyFormMachine,
  file: 'src/machines/company/companyForm.machine.ts',
  title: 'The add-company form',
  input: { id: null, fields: { ...companyFormInput(null).fields, name: 'Северный ветер' } },
  valid: { words: 'type the INN "7707083893" (its check digit matches)', field: 'inn', value: '7707083893' },
  invalid: { words: 'type the INN "7707083894" (a wrong check digit)', field: 'inn', value: '7707083894', errors: { inn: 'invalid_checksum' } },
  // Written from the rule, not from companyFieldErrors: the 10-digit INN's check digit is the weighted sum mod 11 mod 10.
  sendable: (fields) => {
    const inn = String(fields.inn);
    if (inn === '') return String(fields.name).trim() !== '';
    const d = [...inn].map(Number);
    const check = ([2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;
    return String(fields.name).trim() !== '' && inn.length === 10 && check === d[9] && Object.keys(companyFieldErrors(fields as CompanyFields)).length === 0;
  },
  saved: { id: 4, name: 'Северный ветер' },
  refusal: { words: 'the server refuses the e-mail format', code: 'validation_error', fields: { email: 'invalid_format' } },
});
