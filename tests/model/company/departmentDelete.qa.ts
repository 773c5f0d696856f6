import { departmentDeleteMachine } from '../../../src/machines/company/hierarchyDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

const REFUSED = 'the server refuses: the department has sub-departments';

/** Section 8: delete a department with the confirmation; "Successfully removed" / "Error while removing", refused while it has sub-departments. */
export default confirmDeleteQa({
  machine: departmentDeleteMachine,
  file: 'src/machines/company/hierarchyDelete.machine.ts',
  title: 'Deleting a department (the hierarchy screens)',
  name: 'Sales',
  refused: REFUSED,
  reason: 'department_has_children',
  namespace: 'company',
  req: { 'press "Delete" on "Sales"': ['S8.2-23'], 'the server deletes it': ['S8.2-19'] },
  preconditions: {
    start: {
      route: '/structure; "Delete" is the bin button "Delete: Sales" on the department\'s row',
      user: 'admin (or a user whose group gives Company "Edit")',
      data: 'a company with a department "Sales" that has no sub-department (press "Add department")',
    },
  },
  howTo: { [REFUSED]: `add a department with ${text('company:fields.parent')} "Sales" first, then delete "Sales"` },
  refusedScreen: [`an error toast ${text('company:errors.department_has_children')}`],
  reloadsAfterFailure: true,
  reloadedScreen: ['the departments load again'],
  deletedScreen: ['"Sales" is gone from the departments (the list loads again); its offices stay, outside any department'],
});
