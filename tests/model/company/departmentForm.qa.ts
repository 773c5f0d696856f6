import { departmentFormInput, departmentFormMachine } from '../../../src/machines/company/departmentForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { COMPANY_EDITOR, FORM_ERRORS } from './pages.ts';

/** A department belongs to a company and needs a name; the server refuses a parent below itself. */
export default defineFormQa({
  machine: departmentFormMachine,
  file: 'src/machines/company/departmentForm.machine.ts',
  title: 'The add-department form',
  input: departmentFormInput(null, { company: 3 }),
  valid: { words: 'type the name "Продажи"', field: 'name', value: 'Продажи' },
  invalid: { words: 'clear the name', field: 'name', value: '  ', errors: { name: 'required' } },
  sendable: (fields) => fields.company !== null && String(fields.name).trim() !== '',
  saved: { id: 8, company: 3, name: 'Продажи' },
  refusal: { words: 'the server refuses: the parent lies below the department', code: 'department_cycle', fields: { parent: 'cycle' } },
  namespace: 'company',
  preconditions: {
    start: {
      route: `/structure, then ${text('company:actions.addDepartment')} in the section of the company North`,
      user: COMPANY_EDITOR,
      data: 'a company North (id 3) without a department Продажи',
    },
  },
  howTo: {
    'the server saves it': 'wait: the server answers the save',
    'the server refuses: the parent lies below the department':
      `a new department has nothing below it, so on this dialog arrange the answer: answer POST /api/v1/departments/create/ with 400 {"code":"department_cycle","fields":{"parent":"cycle"}} (a devtools response override or a proxy); for real, it comes on ${text('company:actions.edit')} of a department given one of its own sub-departments as ${text('company:fields.parent')}`,
  },
  screen: {
    open: [
      `the dialog ${text('company:form.addDepartment')} with ${text('company:fields.company')} reading North, ${text('company:fields.parent')} reading ${text('company:form.topLevel')}, ${text('company:fields.name')} and ${text('company:fields.description')} empty`,
      `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`,
    ],
    valid: [`${text('company:fields.name')} reads Продажи`],
    invalid: [`${text('company:fields.name')} holds only spaces; no message yet`],
    fieldErrors: FORM_ERRORS,
    offline: [`the line ${text('company:messages.saveError')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('company:messages.added')}`, 'Продажи in the tree of North'],
  },
});
