import { companyDeleteMachine } from '../../../src/machines/company/hierarchyDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

const REFUSED = 'the server refuses: the company still has devices';

/** Section 8: delete a company with the confirmation; "Successfully removed" / "Error while removing", refused while it has devices. */
export default confirmDeleteQa({
  machine: companyDeleteMachine,
  file: 'src/machines/company/hierarchyDelete.machine.ts',
  title: 'Deleting a company (the hierarchy screens)',
  name: 'Acme',
  refused: REFUSED,
  reason: 'company_has_devices',
  namespace: 'company',
  req: { 'press "Delete" on "Acme"': ['S8.2-23'], 'the server deletes it': ['S8.2-19'], 'the network is down during the delete': ['S8.2-19'] },
  preconditions: {
    start: {
      route: `/organizations; "Delete" is in the row's menu ${text('company:actions.actionsOf', { name: 'Acme' })}`,
      user: 'admin (only the administrator sees "Delete" on a company)',
      data: 'a company "Acme" with no device in its offices (press "Add company")',
    },
  },
  howTo: { [REFUSED]: 'add a device to an office of "Acme" first (/devices, "Add", with that office), then delete "Acme"' },
  refusedScreen: [`an error toast ${text('company:errors.company_has_devices')}`],
  reloadsAfterFailure: true,
  reloadedScreen: ['the companies load again'],
  deletedScreen: ['"Acme" is gone from the companies (the list loads again)'],
});
