import { officeFormInput, officeFormMachine } from '../../../src/machines/company/officeForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { COMPANY_EDITOR, FORM_ERRORS } from './pages.ts';

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
  namespace: 'company',
  preconditions: {
    start: {
      route: `/branch-offices, press ${text('company:actions.addOffice')}, choose North in ${text('company:fields.company')} and type Riverside in ${text('company:fields.name')}`,
      user: COMPANY_EDITOR,
      data: 'a company North (id 3)',
    },
  },
  howTo: {
    'the server saves it': 'wait: the server answers the save',
    'the server refuses the time zone': `before pressing ${text('common:actions.save')}, type Mars/Olympus in ${text('company:fields.timezone')} (the dialog does not check zones; the server knows no such zone)`,
  },
  screen: {
    open: [
      `the dialog ${text('company:form.addOffice')} with ${text('company:fields.company')} reading North, ${text('company:fields.department')} reading ${text('company:form.noDepartment')}, ${text('company:fields.name')} reading Riverside and the other fields empty (${text('company:fields.timezone')} with the hint ${text('company:form.timezoneHint')})`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('company:fields.email')} reads riverside@north.example`],
    invalid: [`${text('company:fields.email')} reads riverside; no message yet`],
    fieldErrors: FORM_ERRORS,
    offline: [`the line ${text('company:messages.saveError')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('company:messages.added')}`, 'the row Riverside in the list of offices'],
  },
});
