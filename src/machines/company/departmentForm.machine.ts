import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveDepartment } from '../../services/company.service.ts';
import type { Department } from '../../services/schemas/company.ts';

export type DepartmentFields = { company: number | null; parent: number | null; name: string; description: string };

/** A department needs its company and a name. */
export function departmentFieldErrors(fields: DepartmentFields): FieldErrors {
  const errors: FieldErrors = {};
  if (fields.company === null) errors.company = 'required';
  if (!fields.name.trim()) errors.name = 'required';
  else if (fields.name.trim().length > 200) errors.name = 'too_long';
  return errors;
}

export function departmentFormInput(department: Department | null, defaults: Partial<DepartmentFields> = {}): { id: number | null; fields: DepartmentFields } {
  return department
    ? { id: department.id, fields: { company: department.company, parent: department.parent, name: department.name, description: department.description } }
    : { id: null, fields: { company: null, parent: null, name: '', description: '', ...defaults } };
}

/** Add or edit a department: its company (fixed once created), the parent department, name and description. */
export const departmentFormMachine = createFormMachine<DepartmentFields, Department>({
  id: 'departmentForm',
  validate: departmentFieldErrors,
  save: ({ id, fields }) => {
    const common = { parent: fields.parent, name: fields.name.trim(), description: fields.description };
    return saveDepartment(id, id === null ? { company: fields.company!, ...common } : common);
  },
});
