import { deleteAlertSettings } from '../../services/webhooks.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Remove an office's override (the company's settings apply again) after the confirmation. */
export const alertSettingsDeleteMachine = createConfirmDeleteMachine('alertSettingsDelete', deleteAlertSettings);
