import { deleteAlertSettings } from '../../services/webhooks.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/**
 * Reset a company's offline alerts to the defaults after the confirmation: its own settings are removed (DELETE), so
 * the server's defaults apply again; its offices' overrides stay.
 */
export const alertSettingsResetMachine = createConfirmDeleteMachine('alertSettingsReset', deleteAlertSettings, {
  messages: { success: 'alerts.reset.done', error: 'alerts.reset.error' },
});
