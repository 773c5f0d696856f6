import { departmentFormInput, departmentFormMachine } from '../../../src/machines/company/departmentForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
