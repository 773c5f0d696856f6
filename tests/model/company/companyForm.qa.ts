import { companyFieldErrors, companyFormInput, companyFormMachine, type CompanyFields } from '../../../src/machines/company/companyForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { FORM_ERRORS, ADMIN_ONLY } from './pages.ts';

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
  namespace: 'company',
  preconditions: {
    start: {
      route: `/organizations, press ${text('company:actions.addCompany')} and type Северный ветер in ${text('company:fields.name')}`,
      user: ADMIN_ONLY,
      data: 'no company named Северный ветер yet',
    },
  },
  howTo: {
    'the server saves it': 'wait: the server answers the save',
    'the server refuses the e-mail format':
      'the dialog checks the e-mail as the server does, so the server refuses only an e-mail its stricter rule rejects: arrange the answer as the exported browser test does, answering POST /api/v1/companies/create/ with 400 {"code":"validation_error","fields":{"email":"invalid_format"}} (a devtools response override or a proxy)',
  },
  screen: {
    open: [
      `the dialog ${text('company:form.addCompany')} with ${text('company:fields.name')} reading Северный ветер and the other fields empty (${text('company:fields.inn')} with the hint ${text('company:form.innHint')}, ${text('company:fields.email')}, ${text('company:fields.url')} with the hint ${text('company:form.urlHint')}, ...)`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('company:fields.inn')} reads 7707083893`],
    invalid: [`${text('company:fields.inn')} reads 7707083894; no message yet`],
    fieldErrors: FORM_ERRORS,
    offline: [`the line ${text('company:messages.saveError')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('company:messages.added')}`, 'the row Северный ветер in the list of companies'],
  },
});
