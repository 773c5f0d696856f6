import { resetTwoFactor } from '../../services/twoFactor.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** The administrator's "Reset two-factor codes" of a user, after the confirmation (journaled by the server). */
export const twoFactorResetMachine = createConfirmDeleteMachine('twoFactorReset', resetTwoFactor, {
  messages: { success: 'messages.twoFactorReset', error: 'messages.twoFactorResetError' },
});
