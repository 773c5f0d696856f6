import { officeDeleteMachine } from '../../../src/machines/company/hierarchyDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

const REFUSED = 'the server refuses: devices stand in the office';

/** Section 8: delete an office with the confirmation; "Successfully removed" / "Error while removing", refused while devices stand in it. */
export default confirmDeleteQa({
  machine: officeDeleteMachine,
  file: 'src/machines/company/hierarchyDelete.machine.ts',
  title: 'Deleting an office (the hierarchy screens)',
  name: 'North',
  refused: REFUSED,
  reason: 'office_has_devices',
  namespace: 'company',
  req: { 'press "Delete" on "North"': ['S8.2-23'], 'the server deletes it': ['S8.2-19'] },
  preconditions: {
    start: {
      route: '/branch-offices; "Delete" is the bin button "Delete: North" on the office\'s row',
      user: 'admin (or a user whose group gives Company "Edit")',
      data: 'an office "North" with no device in it (press "Add office")',
    },
  },
  howTo: { [REFUSED]: 'add a device in "North" first (/devices, "Add", with that office), then delete "North"' },
  refusedScreen: [`an error toast ${text('company:errors.office_has_devices')}`],
  reloadsAfterFailure: true,
  reloadedScreen: ['the offices load again'],
  deletedScreen: ['"North" is gone from the offices (the list loads again)'],
});
