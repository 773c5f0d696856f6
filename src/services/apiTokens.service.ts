import { api, parseResponse } from './http.ts';
import { ApiTokenCreated, ApiTokenList, type ApiToken, type ApiTokenCreateBody } from './schemas/apiTokens.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { ApiToken, ApiTokenCreateBody, ApiTokenCreated };

/** GET /profile/api-tokens/: the signed-in user's tokens, newest first, without their values. */
export async function listApiTokens(): Promise<ApiToken[]> {
  return parseResponse(ApiTokenList, await api('/profile/api-tokens/')).results;
}

/** POST /profile/api-tokens/: refusals (400 fields, permission_exceeds, 409 name_taken) resolve, others reject. */
export function createApiToken(body: ApiTokenCreateBody): Promise<WriteOutcome<ApiTokenCreated>> {
  return writeOutcome(api('/profile/api-tokens/', { method: 'POST', body }).then((answer) => parseResponse(ApiTokenCreated, answer)));
}

/** DELETE /profile/api-tokens/{id}/: the token is refused from now on. */
export async function revokeApiToken(id: number): Promise<{ ok: true }> {
  await api(`/profile/api-tokens/${id}/`, { method: 'DELETE' });
  return { ok: true };
}
