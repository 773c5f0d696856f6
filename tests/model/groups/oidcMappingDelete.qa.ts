import { oidcMappingDeleteMachine } from '../../../src/machines/groups/oidcMappingDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Removing a single sign-on mapping on /groups (issue 40) with the confirmation; "Mapping removed" / "Could not remove the mapping". */
export default confirmDeleteQa({
  machine: oidcMappingDeleteMachine,
  file: 'src/machines/groups/oidcMappingDelete.machine.ts',
  title: 'Removing a single sign-on mapping',
  name: 'signage-operators',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'groups',
  messages: { success: 'sso.removed', error: 'sso.removeError' },
  words: {
    ask: 'press "Remove the mapping of signage-operators"',
    confirm: 'press "Remove" in the confirmation',
    deleted: 'the server removes it',
    dialog: `the confirmation ${text('groups:sso.removeTitle', { name: 'signage-operators' })} ${text('groups:sso.removeText')} with the buttons ${text('common:actions.cancel')} and ${text('groups:sso.remove')}`,
    busy: `the confirmation's ${text('groups:sso.remove')} shows a spinner; both buttons are disabled`,
  },
  deletedScreen: [`a success toast ${text('groups:sso.removed')}`, 'the row signage-operators leaves the mappings'],
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a mapping signage-operators -> North operators (press "Add mapping")' } },
  offScreen: { 'the server refuses it': 'deleteOidcMapping (src/services/oidc.service.ts) answers no refusal: a refused removal (404: removed meanwhile in another tab) fails like a lost network and shows "Could not remove the mapping"' },
  refusedScreen: [`an error toast ${text('groups:sso.removeError')}`],
});
