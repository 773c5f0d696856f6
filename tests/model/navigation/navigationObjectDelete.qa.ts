import { navigationObjectDeleteMachine } from '../../../src/machines/navigation/navigationObjectDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Section 8: delete a navigation object (a layout) with the confirmation; "Successfully removed" / "Error while removing". */
export default confirmDeleteQa({
  machine: navigationObjectDeleteMachine,
  file: 'src/machines/navigation/navigationObjectDelete.machine.ts',
  title: 'Deleting a navigation object',
  name: 'Floor 1',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'common',
  req: { 'press "Delete" on "Floor 1"': ['S8.2-23'] },
  preconditions: {
    start: {
      route: `/navigation, choose the company and the office; "Delete" is the bin button ${text('navigation:objects.deleteNamed', { name: 'Floor 1' })} on the object's card (the confirmation's title says the same)`,
      user: 'admin (or a user whose group gives Devices "Edit")',
      data: `an object "Floor 1" in that office (press ${text('navigation:objects.add')})`,
    },
  },
  // The navigation screen says one message for any failure (src/views/navigation/NavigationScreen.tsx).
  offScreen: { 'the server refuses it': 'deleteObject (src/services/navigation.service.ts) answers no refusal: a refused delete (403, 404) fails like a lost network and shows "Error while removing"' },
  refusedScreen: [`an error toast ${text('common:messages.removeError')}`],
  deletedScreen: ['"Floor 1" is gone from the objects; if it was open, its map closes'],
});
