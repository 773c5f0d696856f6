import { smartGroupDeleteMachine } from '../../../src/machines/devices/smartGroupDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Deleting a smart group on /smart-groups (issue 41) with the confirmation; one a campaign targets is refused. */
export default confirmDeleteQa({
  machine: smartGroupDeleteMachine,
  file: 'src/machines/devices/smartGroupDelete.machine.ts',
  title: 'Deleting a smart group',
  name: 'Lobby',
  refused: 'the server refuses: a campaign targets it',
  reason: 'smart_group_in_campaign',
  namespace: 'devices',
  messages: { success: 'smartGroups.deleted', error: 'smartGroups.deleteError' },
  words: {
    ask: 'press "Delete Lobby"',
    confirm: 'press "Delete" in the confirmation',
    deleted: 'the server deletes it',
    dialog: `the confirmation ${text('devices:smartGroups.deleteTitle', { name: 'Lobby' })} ${text('devices:smartGroups.deleteText')} with the buttons ${text('common:actions.cancel')} and ${text('common:actions.delete')}`,
    busy: 'the confirmation\'s Delete shows a spinner; both buttons are disabled',
  },
  deletedScreen: [`a success toast ${text('devices:smartGroups.deleted')}`, 'the row Lobby leaves the list'],
  preconditions: { start: { route: '/smart-groups', user: 'admin (or a user with devices edit rights)', data: 'a smart group "Lobby"; for the refusal, a campaign that targets it' } },
  refusedScreen: [`an error toast ${text('devices:smartGroups.errors.smart_group_in_campaign')}`],
});
