import { apiTokenRevokeMachine } from '../../../src/machines/profile/apiTokenRevoke.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Revoking an API token on /profile (issue 40) with the confirmation; "Token revoked" / "Could not revoke the token". */
export default confirmDeleteQa({
  machine: apiTokenRevokeMachine,
  file: 'src/machines/profile/apiTokenRevoke.machine.ts',
  title: 'Revoking an API token',
  name: 'Inventory sync',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'profile',
  messages: { success: 'tokens.revoked', error: 'tokens.revokeError' },
  words: {
    ask: 'press "Revoke Inventory sync"',
    confirm: 'press "Revoke" in the confirmation',
    deleted: 'the server revokes it',
    dialog: `the confirmation ${text('profile:tokens.revokeTitle', { name: 'Inventory sync' })} ${text('profile:tokens.revokeText')} with the buttons ${text('common:actions.cancel')} and ${text('profile:tokens.revoke')}`,
    busy: `the confirmation's ${text('profile:tokens.revoke')} shows a spinner; both buttons are disabled`,
  },
  deletedScreen: [`a success toast ${text('profile:tokens.revoked')}`, 'the row Inventory sync leaves the list'],
  preconditions: { start: { route: '/profile', user: 'any signed-in user', data: 'a token "Inventory sync" (press "New token")' } },
  offScreen: { 'the server refuses it': 'revokeApiToken (src/services/apiTokens.service.ts) answers no refusal: a refused revoke (404: revoked meanwhile in another tab) fails like a lost network and shows "Could not revoke the token"' },
  refusedScreen: [`an error toast ${text('profile:tokens.revokeError')}`],
});
