import { deleteOidcMapping } from '../../services/oidc.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Remove a single sign-on mapping after the confirmation: the provider group no longer gives the group from the next sign-in. */
export const oidcMappingDeleteMachine = createConfirmDeleteMachine('oidcMappingDelete', deleteOidcMapping, {
  messages: { success: 'sso.removed', error: 'sso.removeError' },
});
