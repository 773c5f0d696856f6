import { revokeApiToken } from '../../services/apiTokens.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Revoke an API token after the confirmation: integrations using it are refused from then on. */
export const apiTokenRevokeMachine = createConfirmDeleteMachine('apiTokenRevoke', revokeApiToken, {
  messages: { success: 'tokens.revoked', error: 'tokens.revokeError' },
});
