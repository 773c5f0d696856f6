import { deleteSmartGroup } from '../../services/smartGroups.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a smart group after the confirmation; one a campaign targets is refused (smartGroups.errors.smart_group_in_campaign). */
export const smartGroupDeleteMachine = createConfirmDeleteMachine('smartGroupDelete', deleteSmartGroup, {
  messages: { success: 'smartGroups.deleted', error: 'smartGroups.deleteError' },
});
