import { ApiRequestError, api, parseResponse } from './http.ts';
import { OidcExchanged, OidcGroupMapping, OidcGroupMappingList, type OidcGroupMappingBody } from './schemas/oidc.ts';
import { tokenStore } from './tokenStore.ts';

export type { OidcGroupMapping };

/** The codes the server's callback puts in the landing's fragment (#error=...), which the landing page explains. */
export const SSO_ERRORS = ['no_access', 'state_invalid', 'provider_error', 'id_token_invalid', 'user_inactive'] as const;

/**
 * Reads the landing page's fragment (#code=... or #error=...): the one-time code to exchange, or the server's refusal
 * (an unknown or missing one counts as `code_invalid`).
 */
export function readSsoFragment(hash: string): { code: string } | { error: string } {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const code = fragment.get('code');
  if (code) return { code };
  const error = fragment.get('error') ?? '';
  return { error: (SSO_ERRORS as readonly string[]).includes(error) ? error : 'code_invalid' };
}

/**
 * POST /auth/oidc/exchange/: the one-time code for the session's tokens, stored as a sign-in with "Remember me" stores
 * them; answers where the user was going. A refusal carried in the fragment is thrown as the server's code.
 */
export async function finishSsoSignIn(fragment: { code: string } | { error: string }): Promise<string> {
  if ('error' in fragment) throw new ApiRequestError({ status: fragment.error === 'no_access' ? 403 : 401, code: fragment.error, detail: fragment.error });
  const answer = parseResponse(OidcExchanged, await api('/auth/oidc/exchange/', { method: 'POST', body: { code: fragment.code } }));
  tokenStore.setTokens({ access: answer.access, refresh: answer.refresh }, true);
  return answer.next;
}

/** GET /groups/oidc-mappings/. */
export async function listOidcMappings(): Promise<OidcGroupMapping[]> {
  return parseResponse(OidcGroupMappingList, await api('/groups/oidc-mappings/')).results;
}

/** POST /groups/oidc-mappings/. */
export async function createOidcMapping(body: OidcGroupMappingBody): Promise<OidcGroupMapping> {
  return parseResponse(OidcGroupMapping, await api('/groups/oidc-mappings/', { method: 'POST', body }));
}

/** DELETE /groups/oidc-mappings/{id}/. */
export async function deleteOidcMapping(id: number): Promise<void> {
  await api(`/groups/oidc-mappings/${id}/`, { method: 'DELETE' });
}
