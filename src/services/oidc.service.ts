import { ApiRequestError, api, parseResponse } from './http.ts';
import { OidcExchanged, OidcGroupMapping, OidcGroupMappingList, OidcStatus, type OidcGroupMappingBody } from './schemas/oidc.ts';
import { tokenStore } from './tokenStore.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { OidcGroupMapping, OidcStatus };

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

/** GET /groups/oidc-mappings/ and GET /auth/oidc/: the mapping table, and whether single sign-on is configured. */
export async function loadOidcMappings(): Promise<{ mappings: OidcGroupMapping[]; sso: OidcStatus }> {
  const [mappings, sso] = await Promise.all([api('/groups/oidc-mappings/'), api('/auth/oidc/')]);
  return { mappings: parseResponse(OidcGroupMappingList, mappings).results, sso: parseResponse(OidcStatus, sso) };
}

/** POST /groups/oidc-mappings/: a taken pair (409 mapping_exists) or an unknown group (400) resolve refused. */
export function createOidcMapping(body: OidcGroupMappingBody): Promise<WriteOutcome<OidcGroupMapping>> {
  return writeOutcome(api('/groups/oidc-mappings/', { method: 'POST', body }).then((answer) => parseResponse(OidcGroupMapping, answer)));
}

/** DELETE /groups/oidc-mappings/{id}/: the provider group no longer gives the Vitrine group (from the next sign-in). */
export async function deleteOidcMapping(id: number): Promise<{ ok: true }> {
  await api(`/groups/oidc-mappings/${id}/`, { method: 'DELETE' });
  return { ok: true };
}
