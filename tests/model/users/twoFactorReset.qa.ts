import { twoFactorResetMachine } from '../../../src/machines/users/twoFactorReset.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** The administrator resets a user's two-factor codes on /users (issue 40), with the confirmation; journaled by the server. */
export default confirmDeleteQa({
  machine: twoFactorResetMachine,
  file: 'src/machines/users/twoFactorReset.machine.ts',
  title: "Resetting a user's two-factor codes",
  name: 'Оператор',
  refused: 'the server refuses it',
  reason: 'forbidden',
  namespace: 'users',
  messages: { success: 'messages.twoFactorReset', error: 'messages.twoFactorResetError' },
  words: {
    ask: 'press "Reset the two-factor codes of Оператор"',
    confirm: 'press "Reset" in the confirmation',
    deleted: 'the server resets them',
    dialog: `the confirmation ${text('users:twoFactor.resetTitle', { name: 'Оператор' })} ${text('users:twoFactor.resetText')} with the buttons ${text('common:actions.cancel')} and ${text('users:twoFactor.reset')}`,
    busy: `the confirmation's ${text('users:twoFactor.reset')} shows a spinner; both buttons are disabled`,
  },
  deletedScreen: [`a success toast ${text('users:messages.twoFactorReset')}`, 'the row Оператор no longer offers the reset'],
  preconditions: { start: { route: '/users', user: 'admin (the administrator)', data: 'a user Оператор who has turned two-factor codes on (on their /profile)' } },
  offScreen: { 'the server refuses it': 'resetTwoFactor (src/services/twoFactor.service.ts) answers no refusal: a refused reset (409: reset meanwhile in another tab) fails like a lost network and shows the error toast' },
  refusedScreen: [`an error toast ${text('users:messages.twoFactorResetError')}`],
});
